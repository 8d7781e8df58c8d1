import { and, eq, gt, isNull, or, type Placeholder, type SQL, sql, type WithSubquery } from 'drizzle-orm';
import { alias, type PgSelect } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { employees, sessions, users } from '../db/schema';
import type { AuthContext } from './auth-context';
import { delegatorsToday } from './delegations';
import { domainError } from './errors';
import { preferSavedLanguage } from './language';
import { officeToday } from './office-clock';
import { preparedOnce } from './prepared';
import { sha256 } from './tokens';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
    /** The route answers without a bearer token. */
    public?: boolean;
  }
}

/** How often a session's last use is written: at most once a minute. */
const LAST_SEEN_EVERY = sql.raw(`interval '1 minute'`);

/**
 * The session of a token, with its user (one prepared statement: it runs on
 * every call). The same statement moves the session's `last_seen_at` on when
 * it is a minute old or more (a data-modifying WITH, which runs whether or
 * not the select reads it), so keeping it current adds no statement.
 */
export async function findSession(db: Db, token: string): Promise<AuthContext | null> {
  const statement = preparedOnce(db, 'session', (name) => {
    const hash = sql.placeholder('hash');
    const now = sql`${sql.placeholder('now')}::timestamptz`;
    const lastSeen = sql.identifier('last_seen_at');
    const touched = db.$with('touched', { id: sql<number>`id` }).as(sql`
      update ${sessions} set ${lastSeen} = ${now}
      where ${sessions.tokenHash} = ${hash} and ${sessions.revokedAt} is null
        and (${sessions.lastSeenAt} is null or ${sessions.lastSeenAt} <= ${now} - ${LAST_SEEN_EVERY})
      returning ${sessions.id}`);
    return sessionQuery(db, eq(sessions.tokenHash, hash), touched).prepare(name);
  });
  const now = new Date();
  const [row] = await statement.execute({
    hash: sha256(token),
    now: now.toISOString(),
    today: officeToday(now),
  });
  return row ?? null;
}

/**
 * The session of an id, with its user, when it holds by the same rules as a
 * bearer token's (a realtime stream names its session by id).
 */
export async function findSessionById(db: Db, sessionId: number): Promise<AuthContext | null> {
  const statement = preparedOnce(db, 'session-by-id', (name) =>
    sessionQuery(db, eq(sessions.id, sql.placeholder('id'))).prepare(name),
  );
  const now = new Date();
  const [row] = await statement.execute({ id: sessionId, now: now.toISOString(), today: officeToday(now) });
  return row ?? null;
}

/** The administrator's session an impersonation session was opened from. */
const parent = alias(sessions, 'parent');

/**
 * The rules a session holds by, written once. A login session holds until it
 * expires or is revoked, while its employee is enabled. An impersonation
 * session holds only while the administrator's session it was opened from
 * does: it ends with the administrator's logout, expiry or disabling.
 */
function holds(now: Placeholder | Date) {
  return and(
    isNull(sessions.revokedAt),
    gt(sessions.expiresAt, now),
    eq(employees.enabled, true),
    or(eq(sessions.kind, 'login'), and(isNull(parent.revokedAt), gt(parent.expiresAt, now))),
  );
}

/** Joins a select from `sessions` to what `holds` reads: the user, the employee and the parent session. */
function joined<T extends PgSelect>(query: T) {
  return query
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(employees, eq(employees.id, users.employeeId))
    .leftJoin(parent, eq(parent.id, sessions.parentSessionId));
}

/**
 * An HR administrator's rights hold in their own session only: signed in as
 * someone else (even another administrator) they have none (docs/decisions.md).
 */
const adminRights = sql<boolean>`(${users.isAdmin} and ${sessions.kind} = 'login')`;

function sessionQuery(db: Db, which: SQL, before?: WithSubquery) {
  const query = (before ? db.with(before) : db)
    .select({
      sessionId: sessions.id,
      userId: users.id,
      username: users.username,
      employeeId: users.employeeId,
      lineManagerId: employees.parentId,
      isAdmin: adminRights,
      language: users.language,
      kind: sessions.kind,
      impersonatorUserId: sessions.impersonatorUserId,
      expiresAt: sessions.expiresAt,
      delegators: delegatorsToday(users.employeeId, sql.placeholder('today')),
    })
    .from(sessions)
    .$dynamic();
  return joined(query)
    .where(and(which, holds(sql.placeholder('now'))))
    .limit(1);
}

/**
 * Every session that holds at `now`, as a subquery (`id`, `isAdmin`) for a
 * statement that checks many at once (lib/realtime.ts: the open streams).
 */
export function heldSessions(db: Db, now: Date) {
  const query = db
    .select({ id: sessions.id, isAdmin: adminRights.as('is_admin') })
    .from(sessions)
    .$dynamic();
  return joined(query).where(holds(now)).as('held_sessions');
}

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+([A-Za-z0-9_\-.~+/=]{16,200})$/i.exec(header.trim());
  return match?.[1] ?? null;
}

/**
 * Every route in the scope needs a valid bearer token unless its config says
 * `public: true`. An expired, revoked or unknown token is a 401.
 */
export function registerAuthentication(app: FastifyInstance, db: Db) {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config?.public) return;
    // Unknown routes fall through to the JSON 404.
    if (!request.routeOptions.url) return;
    const token = bearer(request);
    if (!token) throw domainError('unauthorized');
    const auth = await findSession(db, token);
    if (!auth) throw domainError('session_invalid');
    request.auth = auth;
    preferSavedLanguage(auth.language);
  });
}

/** The caller, on a route that is not public. */
export function caller(request: FastifyRequest): AuthContext {
  if (!request.auth) throw domainError('unauthorized');
  return request.auth;
}

export function requireAdmin(request: FastifyRequest): AuthContext {
  const auth = caller(request);
  if (!auth.isAdmin) throw domainError('admin_only');
  return auth;
}

import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { employees, sessions, users } from '../db/schema';
import type { AuthContext } from './auth-context';
import { forbidden, unauthorized } from './errors';
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

export async function findSession(db: Db, token: string): Promise<AuthContext | null> {
  const [row] = await db
    .select({
      sessionId: sessions.id,
      userId: users.id,
      username: users.username,
      employeeId: users.employeeId,
      isAdmin: users.isAdmin,
      kind: sessions.kind,
      impersonatorUserId: sessions.impersonatorUserId,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(employees, eq(employees.id, users.employeeId))
    .where(
      and(
        eq(sessions.tokenHash, sha256(token)),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date()),
        eq(employees.enabled, true),
      ),
    )
    .limit(1);
  return row ?? null;
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
    if (!token) throw unauthorized();
    const auth = await findSession(db, token);
    if (!auth) throw unauthorized('Your session has ended or is not valid. Please sign in again.');
    request.auth = auth;
  });
}

/** The caller, on a route that is not public. */
export function caller(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

export function requireAdmin(request: FastifyRequest): AuthContext {
  const auth = caller(request);
  if (!auth.isAdmin) throw forbidden('Only an HR administrator may do this.');
  return auth;
}

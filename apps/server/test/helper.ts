import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { LoginRequest, SessionUser } from '@hr/contracts/auth';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import { type Database, type Db, openPglite, openPostgres } from '../src/db/client';
import { companies, designations, employees, offices, users } from '../src/db/schema';
import { hashPassword } from '../src/lib/passwords';
import { isShapeStatementName } from '../src/lib/prepared';

export const dbKind = (process.env.TEST_DB ?? 'pglite') as 'pglite' | 'postgres';

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** A migrated, empty database of its own for one test file. */
export async function createTestDatabase(poolSize = 5): Promise<Database> {
  if (dbKind === 'postgres') {
    const url = process.env.DATABASE_URL!;
    const name = `${inject('postgresTemplate').replace(/_template$/, '')}_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database "${name}" template "${inject('postgresTemplate')}"`);
    await admin.end();
    const database = await openPostgres(withDatabase(url, name), poolSize);
    const close = database.close;
    return {
      ...database,
      close: async () => {
        await close();
        const a = new pg.Client({ connectionString: url });
        await a.connect();
        await a.query(`drop database if exists "${name}" with (force)`);
        await a.end();
      },
    };
  }
  const snapshot = fs.readFileSync(inject('pgliteSnapshot'));
  return openPglite({ loadDataDir: new Blob([snapshot]) });
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({ DATA_DIR: '/tmp/unused', PUBLIC_URL: 'http://portal.test', SECOND_FACTOR: 'optional' }),
    ...overrides,
  };
}

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  db: Db;
  config: Config;
  factory: Factory;
  /** Calls the API with an optional bearer token. */
  call(options: InjectOptions & { token?: string | null }): Promise<LightMyRequestResponse>;
}

/** What the test file running now has opened; `closeOpened` (after each file, setup-client-use.ts) closes it. */
const opened: Array<() => Promise<void>> = [];

/** Something the test file opened, to close after it (with its app and database, the last opened first). */
export function whenClosing(close: () => Promise<void>): void {
  opened.push(close);
}

/** Closes the apps and databases the file opened, the last opened first. */
export async function closeOpened(): Promise<void> {
  for (const close of opened.splice(0).reverse()) await close();
}

/**
 * One app and one database per test file, closed after the file. Files call it
 * in `beforeAll`, where an `afterAll` would never run (vitest takes no hook
 * registered inside another): the closing is kept for `closeOpened`.
 */
export async function setupApi(
  overrides: Partial<Config> = {},
  options: { poolSize?: number } = {},
): Promise<TestContext> {
  const database = await createTestDatabase(options.poolSize);
  const config = testConfig(overrides);
  const app = await buildApp({ config, database });
  await app.ready();
  const factory = new Factory(database.db, app);
  opened.push(async () => {
    await app.close();
    await database.close();
  });
  return {
    app,
    database,
    db: database.db,
    config,
    factory,
    call: ({ token, headers, ...rest }) =>
      app.inject({
        ...rest,
        headers: { ...(headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      }),
  };
}

/**
 * Another app on the file's database with another configuration (a proxy, a
 * second factor, the metrics' token...), closed with the file's apps.
 */
export async function appBeside(ctx: TestContext, overrides: Partial<Config>): Promise<FastifyInstance> {
  const app = await buildApp({ config: testConfig(overrides), database: ctx.database });
  await app.ready();
  opened.push(() => app.close());
  return app;
}

let passwordHashCache: Promise<string> | null = null;
/**
 * Test accounts are hashed at a low scrypt cost: every sign-in of a test
 * verifies one, and at the portal's cost they were a good part of the suite's
 * time. The accounts the portal makes itself (reset, seeds) keep its cost.
 */
const TEST_HASH_COST = { N: 1024, r: 8, p: 1 };
export const TEST_PASSWORD = 'secret123';

export interface MadeEmployee {
  id: number;
  eid: string;
  name: string;
  userId: number | null;
  password: string;
}

export const CAST_ROLES = ['employee', 'lm', 'oo', 'admin', 'peer', 'stranger'] as const;
export type CastRole = (typeof CAST_ROLES)[number];
export type Cast = Record<CastRole, MadeEmployee> & { tokens: Record<CastRole, string> };

/** Small builders for test data; every test makes what it needs. */
export class Factory {
  private seq = 0;
  private companyId: number | null = null;
  private officeId: number | null = null;
  private designationId: number | null = null;

  constructor(
    private readonly db: Db,
    private readonly app: FastifyInstance,
  ) {}

  nextEid(): string {
    this.seq += 1;
    return `T${String(this.seq).padStart(4, '0')}${randomBytes(2).toString('hex')}`;
  }

  async company(): Promise<{ companyId: number; officeId: number; designationId: number }> {
    if (this.companyId === null) {
      const [c] = await this.db
        .insert(companies)
        .values({ name: `Test Company ${randomBytes(3).toString('hex')}` })
        .returning();
      const [o] = await this.db.insert(offices).values({ companyId: c!.id, name: 'Main Office' }).returning();
      const [d] = await this.db
        .insert(designations)
        .values({ name: `Engineer ${randomBytes(3).toString('hex')}` })
        .returning();
      this.companyId = c!.id;
      this.officeId = o!.id;
      this.designationId = d!.id;
    }
    return { companyId: this.companyId!, officeId: this.officeId!, designationId: this.designationId! };
  }

  async employee(
    options: {
      parentId?: number | null;
      admin?: boolean;
      withUser?: boolean;
      enabled?: boolean;
      mobile?: string | null;
      email?: string | null;
      name?: string;
      password?: string;
    } = {},
  ): Promise<MadeEmployee> {
    const { companyId, officeId, designationId } = await this.company();
    const eid = this.nextEid();
    const name = options.name ?? `Employee ${eid}`;
    const [e] = await this.db
      .insert(employees)
      .values({
        eid,
        name,
        mobile: options.mobile === undefined ? '01712345678' : options.mobile,
        email: options.email === undefined ? `${eid.toLowerCase()}@portal.test` : options.email,
        companyId,
        officeId,
        designationId,
        parentId: options.parentId ?? null,
        enabled: options.enabled ?? true,
      })
      .returning();
    let userId: number | null = null;
    const password = options.password ?? TEST_PASSWORD;
    if (options.withUser !== false) {
      passwordHashCache ??= hashPassword(TEST_PASSWORD, TEST_HASH_COST);
      const hash =
        password === TEST_PASSWORD ? await passwordHashCache : await hashPassword(password, TEST_HASH_COST);
      const [u] = await this.db
        .insert(users)
        .values({ employeeId: e!.id, username: eid, passwordHash: hash, isAdmin: options.admin ?? false })
        .returning();
      userId = u!.id;
    }
    return { id: e!.id, eid, name, userId, password };
  }

  /** An employee with a line manager and an O&O above. */
  async chain(
    options: { name?: string } = {},
  ): Promise<{ oo: MadeEmployee; lm: MadeEmployee; employee: MadeEmployee }> {
    const oo = await this.employee();
    const lm = await this.employee({ parentId: oo.id });
    const employee = await this.employee({
      parentId: lm.id,
      ...(options.name ? { name: options.name } : {}),
    });
    return { oo, lm, employee };
  }

  /**
   * Everyone a permission table asks about, each signed in: the employee
   * (named as given), their line manager and O&O, a peer under the same
   * manager, an HR administrator and a stranger.
   */
  async cast(options: { name?: string } = {}): Promise<Cast> {
    const { oo, lm, employee } = await this.chain(options);
    const peer = await this.employee({ parentId: lm.id });
    const admin = await this.employee({ admin: true });
    const stranger = await this.employee();
    const people = { employee, lm, oo, peer, admin, stranger };
    const tokens = {} as Record<CastRole, string>;
    for (const who of CAST_ROLES) tokens[who] = await this.token(people[who]);
    return { ...people, tokens };
  }

  /** Signs in through the API and returns the session user. */
  async login(who: { eid: string; password: string }, remoteAddress?: string): Promise<SessionUser> {
    const body: LoginRequest = { username: who.eid, password: who.password, app_id: 3 };
    const res = await this.app.inject({
      method: 'POST',
      url: '/api/v1/login_check',
      payload: body,
      ...(remoteAddress ? { remoteAddress } : {}),
    });
    if (res.statusCode !== 200) throw new Error(`login failed for ${who.eid}: ${res.statusCode} ${res.body}`);
    return res.json() as SessionUser;
  }

  async token(who: { eid: string; password: string }): Promise<string> {
    return (await this.login(who)).token;
  }

  async setEnabled(employeeId: number, enabled: boolean) {
    await this.db.update(employees).set({ enabled }).where(eq(employees.id, employeeId));
  }
}

/** A fresh address per test, so limits per address do not leak between tests. */
export function randomAddress(): string {
  const b = randomBytes(3);
  return `10.${b[0]}.${b[1]}.${b[2]}`;
}

/**
 * The statements the database was sent while `run` ran: every query call on
 * any connection (PostgreSQL) or on the embedded database (PGlite).
 */
export async function statementsDuring(ctx: TestContext, run: () => Promise<unknown>): Promise<string[]> {
  return (await sentDuring(ctx, run, false)).map((s) => s.text);
}

/**
 * The statements the app sends while `run` runs, each with whether it is one
 * of the portal's prepared shapes (`preparedOnce`: built once and kept with
 * its plan), as against a statement built on each call. On PostgreSQL every
 * statement with parameters also goes by a name of the connection's
 * (db/statement-cache.ts); only the shapes' names count here.
 */
export async function preparedDuring(
  ctx: TestContext,
  run: () => Promise<unknown>,
): Promise<{ text: string; prepared: boolean }[]> {
  return sentDuring(ctx, run, true);
}

async function sentDuring(
  ctx: TestContext,
  run: () => Promise<unknown>,
  withPrepared: boolean,
): Promise<{ text: string; prepared: boolean }[]> {
  const sent: { text: string; prepared: boolean }[] = [];
  const text = (q: unknown) => (typeof q === 'string' ? q : ((q as { text?: string })?.text ?? '?'));
  if (ctx.database.pglite) {
    const client = ctx.database.pglite;
    const original = client.query.bind(client);
    const originalTransaction = client.transaction.bind(client);
    const add = (t: string) => sent.push({ text: t, prepared: false });
    client.query = ((query: string, ...rest: unknown[]) => {
      add(text(query));
      return (original as (...a: unknown[]) => unknown)(query, ...rest);
    }) as typeof client.query;
    // A transaction's statements go through its own handle: BEGIN, each of them, COMMIT.
    client.transaction = (async (callback: (tx: { query: (...a: unknown[]) => unknown }) => unknown) =>
      originalTransaction(async (tx) => {
        add('begin');
        const txQuery = tx.query.bind(tx) as (...a: unknown[]) => unknown;
        const counted = Object.assign(Object.create(tx), {
          query: (...a: unknown[]) => {
            add(text(a[0]));
            return txQuery(...a);
          },
        });
        const result = await callback(counted);
        add('commit');
        return result;
      })) as typeof client.transaction;
    try {
      await run();
    } finally {
      client.query = original;
      client.transaction = originalTransaction;
    }
    if (withPrepared) {
      // The embedded database keeps the shapes' statements by name (db/pglite-statements.ts).
      const kept = new Set(
        (await original<{ statement: string }>('select statement from pg_prepared_statements')).rows.map(
          (r) => r.statement,
        ),
      );
      for (const s of sent) s.prepared = kept.has(s.text);
    }
    return sent;
  }
  const proto = pg.Client.prototype as unknown as { query: (...a: unknown[]) => unknown };
  const original = proto.query;
  proto.query = function (this: unknown, ...args: unknown[]) {
    const name = (args[0] as { name?: unknown } | null)?.name;
    sent.push({ text: text(args[0]), prepared: typeof name === 'string' && isShapeStatementName(name) });
    return original.apply(this, args);
  };
  try {
    await run();
  } finally {
    proto.query = original;
  }
  return sent;
}

import http from 'node:http';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStream } from '../sse';
import {
  ApiProcess,
  call,
  cannotRun,
  emptyDatabase,
  freePort,
  Nginx,
  openChat,
  processEnv,
  signIn,
  sleep,
  submittedSheet,
} from './cluster';

/**
 * Three API processes of the built server, started at once on an empty
 * PostgreSQL database, behind nginx with docs/deploy/nginx.conf: they
 * behave as one portal (DESIGN.md §14).
 */
describe.skipIf(cannotRun)('three API processes on one database, behind nginx', () => {
  let database: Awaited<ReturnType<typeof emptyDatabase>>;
  let nginx: Nginx;
  let processes: ApiProcess[] = [];
  let client: pg.Client;
  /** The messages the processes handed to the gateway (MESSAGE_TRANSPORT=webhook), by outbox id. */
  const delivered: number[] = [];
  let gateway: http.Server;

  const employeeId = async (eid: string) =>
    (await client.query<{ id: number }>('select id from employees where eid = $1', [eid])).rows[0]!.id;

  beforeAll(async () => {
    database = await emptyDatabase('processes');
    gateway = http.createServer((req, res) => {
      let body = '';
      req.on('data', (d) => (body += d));
      req.on('end', () => {
        delivered.push((JSON.parse(body) as { id: number }).id);
        res.end('{}');
      });
    });
    await new Promise<void>((r) => gateway.listen(0, '127.0.0.1', r));
    const gatewayPort = (gateway.address() as { port: number }).port;
    const ports = [await freePort(), await freePort(), await freePort()];
    nginx = await new Nginx(await freePort(), ports).start();
    const env = processEnv(database.url, nginx.base, {
      MESSAGE_TRANSPORT: 'webhook',
      MESSAGE_WEBHOOK_URL: `http://127.0.0.1:${gatewayPort}/messages`,
    });
    // All three at once, on an empty database.
    processes = ports.map((port) => new ApiProcess(port, env).start());
    await Promise.all(processes.map((p) => p.ready()));
    client = new pg.Client({ connectionString: database.url });
    await client.connect();
  });

  afterAll(async () => {
    await client?.end();
    await Promise.all(processes.map((p) => p.stop()));
    await nginx?.stop();
    await new Promise((r) => gateway?.close(r));
    await database?.drop();
  });

  it('started at once on an empty database, one of them migrates and seeds it, and all three serve', async () => {
    const seeded = processes.flatMap((p) => p.logged('Seeded the demo company'));
    expect(seeded).toHaveLength(1);
    const journal = await import('../../drizzle/meta/_journal.json', { with: { type: 'json' } });
    const applied = await client.query<{ n: number }>(
      'select count(*)::int as n from drizzle.__drizzle_migrations',
    );
    expect(applied.rows[0]!.n).toBe(journal.default.entries.length);
    for (const p of processes) expect((await call(p.base, 'GET', '/api/health/ready')).status).toBe(200);
    // No process logged an error while starting beside the others.
    for (const p of processes) expect(p.lines.filter((l) => /"level":(50|60)/.test(l))).toEqual([]);
  });

  it('a session made on one process works on the others, and signing out on one ends it on all', async () => {
    const [a, b, c] = processes as [ApiProcess, ApiProcess, ApiProcess];
    const token = await signIn(a.base, '1016');
    for (const p of [a, b, c]) expect((await call(p.base, 'GET', '/api/v1/me', { token })).status).toBe(200);
    expect((await call(b.base, 'POST', '/api/v1/logout', { token })).status).toBe(200);
    for (const p of [a, b, c]) expect((await call(p.base, 'GET', '/api/v1/me', { token })).status).toBe(401);
  });

  it('failed sign-ins count across the processes: the sixth from one address is refused wherever it lands', async () => {
    const from = { 'x-forwarded-for': '198.51.100.23' };
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const p = processes[i % processes.length]!;
      const res = await call(p.base, 'POST', '/api/v1/login_check', {
        body: { username: '1017', password: 'not-the-password', app_id: 3 },
        headers: from,
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    // The right password from that address is refused too, on each process; from another it is let in.
    for (const p of processes)
      expect(
        (
          await call(p.base, 'POST', '/api/v1/login_check', {
            body: { username: '1017', password: 'demo123', app_id: 3 },
            headers: from,
          })
        ).status,
      ).toBe(429);
    expect(await signIn(processes[2]!.base, '1017', { 'x-forwarded-for': '198.51.100.24' })).toBeTruthy();
  });

  it('a comment written on one process reaches a chat open on another, and the bell of the sheet’s owner on a third', async () => {
    const [a, b, c] = processes as [ApiProcess, ApiProcess, ApiProcess];
    const sheet = await submittedSheet(client, '1014');
    const manager = await signIn(a.base, '1003');
    const owner = await signIn(a.base, '1014');
    const chat = await openChat(a.base, owner, sheet);
    const bellToken = (await call(c.base, 'GET', '/api/v1/discovery/employee', { token: owner })).json.token;
    const bell = await openStream(`${c.base}/api/v1/notifications/stream?token=${bellToken}`);
    try {
      const first = await bell.next(5000);
      expect(first.event).toBe('unread');
      const before = JSON.parse(first.data).unread as number;
      const sent = await call(b.base, 'POST', `/api/v1/kpis/${sheet}/comments`, {
        token: manager,
        body: { comment: 'Written on the second process' },
      });
      expect(sent.status, sent.text).toBe(201);
      const event = await chat.next(3000);
      expect(JSON.parse(event.data)).toMatchObject({
        id: sent.json.id,
        comment: 'Written on the second process',
      });
      const unread = await bell.next(3000);
      expect(unread.event).toBe('unread');
      expect(JSON.parse(unread.data).unread).toBe(before + 1);
    } finally {
      chat.close();
      bell.close();
    }
  });

  it('a file uploaded through one process is read whole through the others', async () => {
    const [a, b, c] = processes as [ApiProcess, ApiProcess, ApiProcess];
    const id = await employeeId('1018');
    const token = await signIn(a.base, '1018');
    const bytes = Buffer.from(`%PDF-1.4\n% a letter uploaded on one process ${Date.now()}\n%%EOF\n`);
    const up = await call(a.base, 'POST', `/api/v1/employees/${id}/files`, {
      token,
      body: { name: 'Letter', file_name: 'letter.pdf', file: bytes.toString('base64') },
    });
    expect(up.status, up.text).toBe(201);
    const fileId = (up.json.id ?? up.json.files?.at(-1)?.id) as number;
    for (const p of [b, c]) {
      const down = await fetch(`${p.base}/api/v1/employees/${id}/files/${fileId}`, {
        headers: { authorization: `Bearer ${token}`, connection: 'close' },
      });
      expect(down.status).toBe(200);
      expect(Buffer.from(await down.arrayBuffer()).equals(bytes)).toBe(true);
    }
  });

  it('an employee disabled on one process is refused on the others at their next call', async () => {
    const [a, b, c] = processes as [ApiProcess, ApiProcess, ApiProcess];
    const hr = await signIn(a.base, '1001');
    const token = await signIn(b.base, '1019');
    expect((await call(c.base, 'GET', '/api/v1/me', { token })).status).toBe(200);
    const off = await call(a.base, 'PATCH', '/api/v1/employees/disable', {
      token: hr,
      body: { employee_id: await employeeId('1019') },
    });
    expect(off.status, off.text).toBe(200);
    expect((await call(b.base, 'GET', '/api/v1/me', { token })).status).toBe(401);
    expect((await call(c.base, 'GET', '/api/v1/me', { token })).status).toBe(401);
  });

  it('each queued message is handed to the gateway once, though three processes send', async () => {
    const eids = ['1015', '1016', '1018', '1020'];
    const last = (await client.query<{ id: number }>('select coalesce(max(id), 0)::int as id from outbox'))
      .rows[0]!.id;
    for (const [i, eid] of eids.entries()) {
      const res = await call(processes[i % 3]!.base, 'POST', '/api/v1/reset/password/otp/request', {
        body: { eid },
        headers: { 'x-forwarded-for': `198.51.100.${40 + i}` },
      });
      expect(res.status, res.text).toBe(200);
    }
    const queued = (
      await client.query<{ id: number }>('select id::int as id from outbox where id > $1 order by id', [last])
    ).rows.map((r) => r.id);
    expect(queued.length).toBeGreaterThanOrEqual(eids.length);
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline && !queued.every((id) => delivered.includes(id))) await sleep(200);
    // A little longer: a second delivery would come now.
    await sleep(1500);
    for (const id of queued) expect(delivered.filter((d) => d === id)).toHaveLength(1);
  });

  it('the audit trail written through all three is one sealed chain', async () => {
    // Sign-ins above wrote audit rows on every process; each process's sealer runs every 5 s.
    const deadline = Date.now() + 20_000;
    let unsealed = 1;
    while (Date.now() < deadline && unsealed > 0) {
      unsealed = (
        await client.query<{ n: number }>('select count(*)::int as n from audit_log where hash is null')
      ).rows[0]!.n;
      if (unsealed > 0) await sleep(500);
    }
    expect(unsealed).toBe(0);
    const { verifyAuditChain } = await import('../../src/lib/audit-chain');
    const { openPostgres } = await import('../../src/db/client');
    const db = await openPostgres(database.url, 1);
    try {
      const result = await verifyAuditChain(db.db);
      expect(result.ok, JSON.stringify(result)).toBe(true);
    } finally {
      await db.close();
    }
  });

  describe('through nginx', () => {
    it('spreads calls over the processes, keeps the caller’s request id and address, and streams events as they come', async () => {
      const agent = new http.Agent({ keepAlive: true });
      try {
        const token = await signIn(nginx.base, '1020', { 'x-forwarded-for': '203.0.113.9' });
        const me = await call(nginx.base, 'GET', '/api/v1/me', {
          token,
          agent,
          headers: { 'x-request-id': 'trace-42' },
        });
        expect(me.status).toBe(200);
        expect(me.headers['x-request-id']).toBe('trace-42');
        // Without one, nginx makes the id (32 hex digits), the same in its log and the answer.
        const plain = await call(nginx.base, 'GET', '/api/v1/me', { token, agent });
        expect(plain.headers['x-request-id']).toMatch(/^[0-9a-f]{32}$/);
        await sleep(100);
        expect(nginx.accessLog().some((l) => l.endsWith(` ${plain.headers['x-request-id']}`))).toBe(true);

        // The session's address is the caller's (X-Forwarded-For, TRUST_PROXY), not nginx's.
        const sessions = await call(nginx.base, 'GET', '/api/v1/account/sessions', { token, agent });
        expect(sessions.status).toBe(200);
        const current = (sessions.json.items ?? sessions.json).find((s: { current: boolean }) => s.current);
        expect(current.address ?? current.ip).toBe('203.0.113.9');

        for (let i = 0; i < 12; i++) await call(nginx.base, 'GET', '/api/v1/me', { token, agent });
        const used = new Set(
          nginx
            .accessLog()
            .map((l) => /127\.0\.0\.1:(\d+) \d{3} /.exec(l)?.[1])
            .filter(Boolean),
        );
        expect(used).toEqual(new Set(processes.map((p) => String(p.port))));

        // A comment reaches a stream opened through nginx at once: nothing is buffered.
        const sheet = await submittedSheet(client, '1014');
        const owner = await signIn(nginx.base, '1014');
        const manager = await signIn(nginx.base, '1003');
        const chat = await openChat(nginx.base, owner, sheet);
        try {
          const at = Date.now();
          const sent = await call(nginx.base, 'POST', `/api/v1/kpis/${sheet}/comments`, {
            token: manager,
            body: { comment: 'Through the proxy' },
          });
          expect(sent.status).toBe(201);
          const event = await chat.next(3000);
          expect(JSON.parse(event.data).id).toBe(sent.json.id);
          expect(Date.now() - at).toBeLessThan(1500);
        } finally {
          chat.close();
        }
      } finally {
        agent.destroy();
      }
    });
  });
});

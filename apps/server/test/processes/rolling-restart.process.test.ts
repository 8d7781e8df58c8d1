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
  processEnv,
  signIn,
  sleep,
  submittedSheet,
} from './cluster';

/**
 * A rolling restart (docs/deploy/README.md): two API processes behind nginx
 * with docs/deploy/nginx.conf, restarted one after the other with SIGTERM
 * while callers write and read through nginx and a chat window follows a
 * thread. Nothing may be lost: no call fails, every acknowledged write is in
 * the database, and the window sees every comment.
 */
describe.skipIf(cannotRun)('a rolling restart of two processes behind nginx', () => {
  let database: Awaited<ReturnType<typeof emptyDatabase>>;
  let nginx: Nginx;
  let env: Record<string, string>;
  let processes: ApiProcess[] = [];
  const retired: ApiProcess[] = [];
  let client: pg.Client;

  beforeAll(async () => {
    database = await emptyDatabase('rolling');
    const ports = [await freePort(), await freePort()];
    nginx = await new Nginx(await freePort(), ports).start();
    env = processEnv(database.url, nginx.base, { SHUTDOWN_GRACE_SECONDS: '10' });
    processes = ports.map((port) => new ApiProcess(port, env).start());
    await Promise.all(processes.map((p) => p.ready()));
    client = new pg.Client({ connectionString: database.url });
    await client.connect();
  });

  afterAll(async () => {
    await client?.end();
    await Promise.all([...processes, ...retired].map((p) => p.stop()));
    await nginx?.stop();
    await database?.drop();
  });

  it('loses no call, no write and no comment while each process is restarted in turn', async () => {
    const sheet = await submittedSheet(client, '1014');
    const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
    const manager = await signIn(nginx.base, '1003');
    const owner = await signIn(nginx.base, '1014');
    const readers = [manager, owner, await signIn(nginx.base, '1004'), await signIn(nginx.base, '1015')];

    let stopped = false;
    let following = true;
    let requests = 0;
    const failures: string[] = [];
    const written: number[] = [];
    /** One call through nginx; anything but 2xx (or a lost connection) is a failure. */
    const send = async (method: string, url: string, token: string, body?: unknown) => {
      requests++;
      try {
        const res = await call(nginx.base, method, url, { token, body, agent });
        if (res.status >= 300) failures.push(`${method} ${url}: ${res.status} ${res.text.slice(0, 200)}`);
        return res;
      } catch (err) {
        failures.push(`${method} ${url}: ${(err as Error).message}`);
        return null;
      }
    };

    // Callers: one write in four (a comment on the sheet), the rest reads.
    const caller = async (n: number) => {
      for (let i = 0; !stopped; i++) {
        const token = readers[(n + i) % readers.length]!;
        switch (i % 4) {
          case 0: {
            const author = i % 8 === 0 ? manager : owner;
            const res = await send('POST', `/api/v1/kpis/${sheet}/comments`, author, {
              comment: `Caller ${n}, call ${i}`,
            });
            if (res?.status === 201) written.push(res.json.id as number);
            break;
          }
          case 1:
            await send('GET', '/api/v1/me', token);
            break;
          case 2:
            await send('GET', `/api/v1/kpis/${sheet}/comments`, manager);
            break;
          default:
            await send('GET', '/api/v1/notifications/unread-count', token);
        }
      }
    };

    // The manager's chat window: opened again whenever it drops, from the last comment it saw.
    const seen: number[] = [];
    let openings = 0;
    const follow = async () => {
      let last: string | undefined;
      while (following) {
        const discovery = await send('GET', '/api/v1/discovery/employee', manager);
        if (discovery?.status !== 200) {
          await sleep(200);
          continue;
        }
        requests++;
        let stream: Awaited<ReturnType<typeof openStream>>;
        try {
          stream = await openStream(
            `${nginx.base}/api/v1/realtime/comments?token=${discovery.json.token}&threads=kpi:${sheet}`,
            last,
          );
        } catch (err) {
          failures.push(`stream: ${(err as Error).message}`);
          await sleep(200);
          continue;
        }
        openings++;
        try {
          while (following) {
            const event = await stream.next(500).catch((err: Error) => {
              if (err.message === 'no event within the time') return null;
              throw err;
            });
            if (event?.event === 'comment') {
              seen.push(Number(event.id));
              last = event.id ?? last;
            } else if (event?.event === 'end') break;
          }
        } catch {
          // The stream ended (its process closed): open it again at once.
        } finally {
          stream.close();
        }
      }
    };

    // The window is open before the first comment is written.
    const window = follow();
    while (openings === 0) await sleep(50);
    const callers = Array.from({ length: 6 }, (_, n) => caller(n));
    await sleep(2000);

    const exits: { port: number; code: number | null; ms: number }[] = [];
    for (const index of [0, 1]) {
      const old = processes[index]!;
      const exit = await old.stop('SIGTERM');
      exits.push({ port: old.port, code: exit.code, ms: exit.ms });
      retired.push(old);
      processes[index] = new ApiProcess(old.port, env).start();
      await processes[index]!.ready();
      // Ready, and past nginx's fail_timeout (2 s) for it, before the next one goes.
      await sleep(3000);
    }
    await sleep(1000);
    const writtenBeforeStop = written.length;
    stopped = true;
    await Promise.all(callers);
    // The window reads on until it has the last comments written (or 5 s).
    const deadline = Date.now() + 5000;
    while (Date.now() < deadline && !written.every((id) => seen.includes(id))) await sleep(100);
    following = false;
    await window;
    agent.destroy();

    // Both processes closed cleanly, each well within its grace (10 s) and nginx's idle timeout (5 s).
    for (const exit of exits) {
      expect(exit.code).toBe(0);
      expect(exit.ms).toBeLessThan(10_000);
    }
    for (const old of retired) expect(old.logged('SIGTERM: closed')).toHaveLength(1);

    expect(failures).toEqual([]);
    expect(requests).toBeGreaterThan(300);
    expect(writtenBeforeStop).toBeGreaterThan(30);

    // Every acknowledged write is in the database.
    const stored = await client.query<{ n: number }>(
      'select count(*)::int as n from comments where id = any($1::int[])',
      [written],
    );
    expect(stored.rows[0]!.n).toBe(written.length);

    // The window was opened again when its process restarted (once or twice: it was on one of the
    // two when the first restart came), and saw every comment, each once.
    expect(openings).toBeGreaterThanOrEqual(2);
    const missing = written.filter((id) => !seen.includes(id));
    process.stdout.write(
      `Rolling restart: ${requests} calls, ${failures.length} failed, ${written.length} comments written, ` +
        `${seen.length} seen by the window (opened ${openings} times); closes took ${exits.map((e) => `${e.ms} ms`).join(' and ')}\n`,
    );
    expect(missing).toEqual([]);
    expect(new Set(seen).size).toBe(seen.length);
  });
});

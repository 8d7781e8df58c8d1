import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keepPrepared, usePreparedStatements } from './pglite-statements';

/** Two embedded databases alike: one as PGlite answers by itself, one running statements as the portal does. */
let plain: PGlite;
let portal: PGlite;

const SCHEMA = `
  create table things (
    id serial primary key,
    name text not null unique,
    at timestamptz,
    day date,
    tags text[],
    doc jsonb,
    ok boolean,
    n numeric(10, 2),
    big bigint
  );
  insert into things (name, at, day, tags, doc, ok, n, big) values
    ('one', '2026-01-02T03:04:05Z', '2026-01-02', '{a,b}', '{"x": [1, "y"]}', true, 12.5, 9007199254740993),
    ('two', null, null, null, null, null, null, null);
`;

// Two embedded databases start here, each an initdb of its own: on a busy two-core machine that took
// longer than the default 10 s of a hook (the tests' own checks keep their limits).
beforeAll(async () => {
  plain = await PGlite.create();
  portal = await PGlite.create();
  usePreparedStatements(portal);
  for (const db of [plain, portal]) await db.exec(SCHEMA);
}, 60_000);

afterAll(async () => {
  await plain.close();
  await portal.close();
});

const prepared = async (db: PGlite) =>
  (
    await db.query<{ statement: string }>('select statement from pg_prepared_statements order by statement')
  ).rows.map((r) => r.statement);

describe('statements on the embedded database', () => {
  it('keeps a statement prepared by name as a named prepared statement, parsed once; others are not kept', async () => {
    const text = 'select id, name from things where name = $1 and id > $2';
    keepPrepared(text);
    for (let i = 0; i < 3; i++) {
      expect((await portal.query(text, ['one', 0])).rows).toEqual([{ id: 1, name: 'one' }]);
    }
    const other = 'select count(*)::int as n from things where id > $1';
    expect((await portal.query(other, [0])).rows).toEqual([{ n: 2 }]);
    const kept = await prepared(portal);
    expect(kept).toEqual([text]);
    expect(await prepared(plain)).toEqual([]);
  });

  it('answers what PGlite answers: values both ways, array rows, fields and counts', async () => {
    const text = `select id, name, at, day, tags, doc, ok, n, big, $1::timestamptz as given_at, $2::jsonb as given_doc,
        $3::int[] as given_ints, $4::text as given_null, $5::boolean as given_bool
      from things order by id`;
    const params = [new Date('2026-05-06T07:08:09.123Z'), { a: [1, 2], b: null }, [1, 2, 3], null, false];
    keepPrepared(text);
    for (const rowMode of ['object', 'array'] as const) {
      const want = await plain.query(text, params, { rowMode });
      for (let i = 0; i < 2; i++) {
        const got = await portal.query(text, params, { rowMode });
        expect(got.rows).toEqual(want.rows);
        expect(got.fields).toEqual(want.fields);
      }
    }
    const write = 'update things set ok = $1 where id = $2';
    keepPrepared(write);
    const done = await portal.query(write, [false, 2]);
    expect(done.affectedRows).toBe((await plain.query(write, [false, 2])).affectedRows);
    expect(done.affectedRows).toBe(1);
  });

  it("throws PGlite's error with the query and its parameters on it, and goes on answering", async () => {
    const text = 'insert into things (name) values ($1)';
    keepPrepared(text);
    const fail = (db: PGlite) => db.query(text, ['one']).catch((err: unknown) => err);
    const [want, got] = [await fail(plain), await fail(portal)];
    expect(got).toBeInstanceOf(Error);
    expect(got).toMatchObject({ code: '23505', query: text, params: ['one'] });
    expect((got as Error).message).toBe((want as Error).message);
    const syntax = await portal.query('select from where', []).catch((err: unknown) => err);
    expect(syntax).toMatchObject({ code: '42601', query: 'select from where' });
    expect((await portal.query(text, ['three'])).affectedRows).toBe(1);
  });

  it('runs a transaction through the same path, commits and rolls back; no statement runs inside another caller’s transaction', async () => {
    const insert = 'insert into things (name) values ($1) returning id';
    keepPrepared(insert);
    const count = async () =>
      (await portal.query<{ n: number }>("select count(*)::int as n from things where name like 'tx%'"))
        .rows[0]?.n;
    await portal.transaction(async (tx) => {
      await tx.query(insert, ['tx-kept']);
    });
    await expect(
      portal.transaction(async (tx) => {
        await tx.query(insert, ['tx-dropped']);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    let seenOutside: number | undefined;
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const open = portal.transaction(async (tx) => {
      await tx.query(insert, ['tx-pending']);
      await held;
    });
    // Sent while the transaction is open: it waits for the commit and sees its row.
    const outside = count().then((n) => {
      seenOutside = n;
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(seenOutside).toBeUndefined();
    release();
    await open;
    await outside;
    expect(seenOutside).toBe(2);
    expect(await count()).toBe(2);
  });
});

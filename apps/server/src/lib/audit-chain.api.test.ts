import { sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setupApi, type TestContext } from '../../test/helper';
import type { Db } from '../db/client';
import { audit } from './audit';
import { ERASED, redactAudit, sealAuditChain, verifyAuditChain } from './audit-chain';

let ctx: TestContext;
let db: Db;
beforeAll(async () => {
  ctx = await setupApi();
  db = ctx.db;
  // These tests play the part of someone changing the table behind the portal's back, past its guard.
  await db.execute(sql`alter table audit_log disable trigger user`);
});

function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

async function write(n: number, data: (i: number) => Record<string, unknown> = (i) => ({ n: i })) {
  const ids: number[] = [];
  for (let i = 0; i < n; i++)
    ids.push(await audit(db, null, { action: 'test', entity: 'thing', entityId: i, data: data(i) }));
  return ids;
}

interface Raw {
  id: string;
  data: string | null;
  action: string;
  entity: string;
  entity_id: string | null;
  content_hash: string | null;
  prev_hash: string | null;
  hash: string | null;
  created_at: string;
  redacted_by: string | null;
}
const rawRow = async (id: number): Promise<Raw> =>
  rowsOf<Raw>(
    await db.execute(
      sql`select id::text as id, data::text as data, action, entity, entity_id::text as entity_id, content_hash, prev_hash, hash, created_at::text as created_at, redacted_by::text as redacted_by from audit_log where id = ${id}`,
    ),
  )[0] as Raw;

/** Puts a row back as it was (its content and hashes). */
async function restore(row: Raw) {
  await db.execute(sql`insert into audit_log (id, action, entity, entity_id, data, content_hash, prev_hash, hash, created_at, redacted_by)
    overriding system value
    values (${Number(row.id)}, ${row.action}, ${row.entity}, ${row.entity_id === null ? null : Number(row.entity_id)}, ${row.data}::jsonb, ${row.content_hash}, ${row.prev_hash}, ${row.hash}, ${row.created_at}::timestamptz, ${row.redacted_by === null ? null : Number(row.redacted_by)})
    on conflict (id) do update set action = excluded.action, entity = excluded.entity, entity_id = excluded.entity_id, data = excluded.data,
      content_hash = excluded.content_hash, prev_hash = excluded.prev_hash, hash = excluded.hash,
      created_at = excluded.created_at, redacted_by = excluded.redacted_by`);
}

async function expectIntact() {
  const report = await verifyAuditChain(db);
  expect(report.problem).toBeNull();
  expect(report.ok).toBe(true);
  return report;
}

beforeEach(async () => {
  await sealAuditChain(db);
  await expectIntact();
});

describe('the audit hash chain', () => {
  it('seals every row in id order and verifies; sealing again changes nothing', async () => {
    const ids = await write(5);
    const before = await verifyAuditChain(db);
    expect(before.unsealed).toBeGreaterThanOrEqual(5);
    const sealed = await sealAuditChain(db, { batch: 2 });
    expect(sealed.complete).toBe(true);
    expect(sealed.sealed).toBeGreaterThanOrEqual(5);
    const report = await expectIntact();
    expect(report.unsealed).toBe(0);
    expect(report.lastId).toBe(ids[4]);
    const again = await sealAuditChain(db);
    expect(again).toEqual({ sealed: 0, complete: true });
    const rows = await Promise.all(ids.map(rawRow));
    for (let i = 1; i < rows.length; i++) expect(rows[i]?.prev_hash).toBe(rows[i - 1]?.hash);
  });

  it('names the row whose data was edited', async () => {
    const ids = await write(4);
    await sealAuditChain(db);
    const target = ids[1] as number;
    const original = await rawRow(target);
    await db.execute(sql`update audit_log set data = '{"n": 99}'::jsonb where id = ${target}`);
    const report = await verifyAuditChain(db);
    expect(report.ok).toBe(false);
    expect(report.problem).toMatchObject({ id: target, kind: 'edited' });
    await restore(original);
    await expectIntact();
  });

  it('names the row whose time or stored hash was changed', async () => {
    const ids = await write(3);
    await sealAuditChain(db);
    const target = ids[2] as number;
    const original = await rawRow(target);
    // A microsecond later is another content.
    await db.execute(
      sql`update audit_log set created_at = created_at + interval '1 microsecond' where id = ${target}`,
    );
    expect((await verifyAuditChain(db)).problem).toMatchObject({ id: target, kind: 'edited' });
    await restore(original);
    await db.execute(sql`update audit_log set hash = ${'f'.repeat(64)} where id = ${target}`);
    expect((await verifyAuditChain(db)).problem).toMatchObject({ id: target, kind: 'edited' });
    await restore(original);
    await expectIntact();
  });

  it('finds a middle row deleted: the row after it no longer links', async () => {
    const ids = await write(4);
    await sealAuditChain(db);
    const gone = await rawRow(ids[1] as number);
    await db.execute(sql`delete from audit_log where id = ${ids[1]}`);
    const report = await verifyAuditChain(db);
    expect(report.problem).toMatchObject({ id: ids[2], kind: 'deleted_before' });
    await restore(gone);
    await expectIntact();
  });

  it('finds the last rows deleted by the head', async () => {
    const ids = await write(3);
    await sealAuditChain(db);
    const last = await rawRow(ids[2] as number);
    const before = await rawRow(ids[1] as number);
    await db.execute(sql`delete from audit_log where id >= ${ids[1]}`);
    const report = await verifyAuditChain(db);
    expect(report.problem).toMatchObject({ id: ids[2], kind: 'head_mismatch' });
    await restore(before);
    await restore(last);
    await expectIntact();
  });

  it('finds two rows whose contents were swapped (reordered)', async () => {
    const ids = await write(3, (i) => ({ step: `step ${i}` }));
    await sealAuditChain(db);
    const a = await rawRow(ids[0] as number);
    const b = await rawRow(ids[1] as number);
    // Every column but the id trades places, hashes included.
    await db.execute(sql`update audit_log set data = ${b.data}::jsonb, entity_id = 1, created_at = ${b.created_at}::timestamptz,
      content_hash = ${b.content_hash}, prev_hash = ${b.prev_hash}, hash = ${b.hash} where id = ${a.id}`);
    await db.execute(sql`update audit_log set data = ${a.data}::jsonb, entity_id = 0, created_at = ${a.created_at}::timestamptz,
      content_hash = ${a.content_hash}, prev_hash = ${a.prev_hash}, hash = ${a.hash} where id = ${b.id}`);
    const report = await verifyAuditChain(db);
    expect(report.problem).toMatchObject({ id: ids[0], kind: 'reordered' });
    // Contents alone swapped (the hashes left in place): still the first of them, holding the other's content.
    await db.execute(
      sql`update audit_log set content_hash = ${a.content_hash}, prev_hash = ${a.prev_hash}, hash = ${a.hash} where id = ${a.id}`,
    );
    await db.execute(
      sql`update audit_log set content_hash = ${b.content_hash}, prev_hash = ${b.prev_hash}, hash = ${b.hash} where id = ${b.id}`,
    );
    expect((await verifyAuditChain(db)).problem).toMatchObject({ id: ids[0], kind: 'reordered' });
    await db.execute(sql`update audit_log set entity_id = 0 where id = ${a.id}`);
    await db.execute(sql`update audit_log set entity_id = 1 where id = ${b.id}`);
    await restore(a);
    await restore(b);
    await expectIntact();
  });

  it('finds a row un-sealed or inserted inside the chain', async () => {
    const ids = await write(3);
    await sealAuditChain(db);
    const original = await rawRow(ids[1] as number);
    await db.execute(
      sql`update audit_log set content_hash = null, prev_hash = null, hash = null where id = ${ids[1]}`,
    );
    const report = await verifyAuditChain(db);
    expect(report.ok).toBe(false);
    expect(report.problem).toMatchObject({ id: ids[1], kind: 'unsealed_inside' });
    await restore(original);
    await expectIntact();
    await db.execute(sql`delete from audit_log where id = ${ids[1]}`);
    await db.execute(sql`insert into audit_log (id, action, entity, data, created_at) overriding system value
      values (${ids[1]}, 'test', 'thing', '{}'::jsonb, now())`);
    await db.execute(
      sql`update audit_log set hash = null, prev_hash = null, content_hash = null where id = ${ids[1]}`,
    );
    expect((await verifyAuditChain(db)).problem).toMatchObject({ id: ids[1], kind: 'unsealed_inside' });
    await restore(original);
    await expectIntact();
  });
});

describe('the redaction of an erased person', () => {
  it('rewrites the rows about the person and those naming them; the chain still verifies', async () => {
    const person = await ctx.factory.employee();
    const other = await ctx.factory.employee();
    const aboutId = await audit(db, null, {
      action: 'profile.update',
      entity: 'employee',
      entityId: person.id,
      data: {
        section: 'contact',
        changes: { mobile: { before: '01711', after: '01899' } },
        fields: ['mobile'],
      },
    });
    const namingId = await audit(db, null, {
      action: 'note',
      entity: 'employee',
      entityId: other.id,
      data: { note: `Covered for ${person.name.toUpperCase()} today`, by: person.eid },
    });
    const untouchedId = await audit(db, null, {
      action: 'note',
      entity: 'employee',
      entityId: other.id,
      data: { a: 1 },
    });
    await sealAuditChain(db);
    // An unsealed row mentioning the person, too.
    const unsealedId = await audit(db, null, { action: 'note', entity: 'thing', data: { who: person.name } });

    const result = await db.transaction(async (tx) => {
      const erasureRowId = await audit(tx, null, {
        action: 'erase',
        entity: 'employee',
        entityId: person.id,
        data: {},
      });
      return redactAudit(tx, {
        erasureRowId,
        employeeId: person.id,
        userId: person.userId,
        secrets: [person.name, person.eid],
      });
    });
    expect(result.rows).toBeGreaterThanOrEqual(3);

    const about = await rawRow(aboutId);
    expect(JSON.parse(about.data ?? 'null').changes.mobile).toEqual({ before: ERASED, after: ERASED });
    const naming = JSON.parse((await rawRow(namingId)).data ?? 'null');
    expect(naming).toEqual({ note: `Covered for ${ERASED} today`, by: ERASED });
    expect((await rawRow(untouchedId)).redacted_by).toBeNull();
    expect(JSON.parse((await rawRow(unsealedId)).data ?? 'null')).toEqual({ who: ERASED });
    const everything = rowsOf<{ t: string }>(await db.execute(sql`select data::text as t from audit_log`));
    expect(everything.some((r) => r.t?.toLowerCase().includes(person.name.toLowerCase()))).toBe(false);

    // Before and after the erasure row is sealed.
    await expectIntact();
    await sealAuditChain(db);
    await expectIntact();

    // Editing a redacted row afterwards is found.
    const original = await rawRow(namingId);
    await db.execute(
      sql`update audit_log set data = '{"note": "something else"}'::jsonb where id = ${namingId}`,
    );
    const report = await verifyAuditChain(db);
    expect(report.problem).toMatchObject({ kind: 'redaction_mismatch' });
    await restore(original);
    await expectIntact();
    // So is marking another row as redacted to hide an edit.
    await db.execute(
      sql`update audit_log set redacted_by = ${about.redacted_by === null ? null : Number(about.redacted_by)}, data = '{"a": 2}'::jsonb where id = ${untouchedId}`,
    );
    expect((await verifyAuditChain(db)).problem).toMatchObject({ kind: 'redaction_mismatch' });
    await db.execute(
      sql`update audit_log set redacted_by = null, data = '{"a": 1}'::jsonb where id = ${untouchedId}`,
    );
    await expectIntact();
  });

  it('a row redacted by two erasures still verifies for both', async () => {
    const a = await ctx.factory.employee();
    const b = await ctx.factory.employee();
    const both = await audit(db, null, { action: 'note', entity: 'thing', data: { who: [a.name, b.name] } });
    await sealAuditChain(db);
    for (const person of [a, b]) {
      await db.transaction(async (tx) => {
        const erasureRowId = await audit(tx, null, {
          action: 'erase',
          entity: 'employee',
          entityId: person.id,
        });
        await redactAudit(tx, {
          erasureRowId,
          employeeId: person.id,
          userId: person.userId,
          secrets: [person.name],
        });
      });
      await expectIntact();
      await sealAuditChain(db);
      await expectIntact();
    }
    expect(JSON.parse((await rawRow(both)).data ?? 'null')).toEqual({ who: [ERASED, ERASED] });
  });

  it('refuses an erasure row that is already sealed', async () => {
    const person = await ctx.factory.employee();
    const id = await audit(db, null, { action: 'erase', entity: 'employee', entityId: person.id });
    await sealAuditChain(db);
    await expect(
      db.transaction((tx) =>
        redactAudit(tx, { erasureRowId: id, employeeId: person.id, userId: null, secrets: [] }),
      ),
    ).rejects.toThrow(/sealed/);
  });
});

describe('the append-only guard of the table', () => {
  it('refuses deleting a row, emptying the table, changing what a row records and unsealing a sealed row', async () => {
    await db.execute(sql`alter table audit_log enable trigger user`);
    try {
      const [id] = await write(1);
      const refused = async (statement: ReturnType<typeof sql>) => {
        await expect(db.execute(statement)).rejects.toMatchObject({ cause: { code: '42501' } });
      };
      // Unsealed: what it records is fixed already.
      await refused(sql`update audit_log set action = 'forged' where id = ${id}`);
      await sealAuditChain(db);
      await refused(sql`delete from audit_log where id = ${id}`);
      await refused(sql`truncate audit_log`);
      await refused(sql`update audit_log set data = '{"n": 5}'::jsonb where id = ${id}`);
      await refused(
        sql`update audit_log set hash = null, prev_hash = null, content_hash = null where id = ${id}`,
      );
      await refused(sql`update audit_log set created_at = now() where id = ${id}`);
      await expectIntact();
      // What the portal does itself still goes through: writing, sealing and redacting.
      const person = await ctx.factory.employee();
      await audit(db, null, { action: 'note', entity: 'thing', data: { who: person.name } });
      await sealAuditChain(db);
      await db.transaction(async (tx) => {
        const erasureRowId = await audit(tx, null, {
          action: 'erase',
          entity: 'employee',
          entityId: person.id,
        });
        await redactAudit(tx, {
          erasureRowId,
          employeeId: person.id,
          userId: person.userId,
          secrets: [person.name],
        });
      });
      await sealAuditChain(db);
      await expectIntact();
    } finally {
      await db.execute(sql`alter table audit_log disable trigger user`);
    }
  });
});

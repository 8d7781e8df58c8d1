import fs from 'node:fs';
import path from 'node:path';
import { inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupApi, type TestContext } from '../../test/helper';
import { migrationsFolder } from './client';
import { auditLog } from './schema';

/**
 * Migration 0015 rewrites the audit rows of a change written in the shapes of
 * before into the one shape of lib/audit.ts: `changes: { field: { before,
 * after } }` with `fields`. The test database is migrated already: rows of
 * the old shapes are written as the old code wrote them, and the migration's
 * statements run again over them.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await setupApi();
});

const statements = fs
  .readFileSync(path.join(migrationsFolder(), '0015_audit_change_shape.sql'), 'utf8')
  .split('--> statement-breakpoint')
  .map((s) => s.trim())
  .filter((s) => s.length > 0);

async function migrate() {
  for (const statement of statements) await ctx.db.execute(sql.raw(statement));
}

type Row = { action: string; entity: string; data: Record<string, unknown> | null };

async function write(rows: Row[]): Promise<number[]> {
  const made = await ctx.db
    .insert(auditLog)
    .values(rows.map((r) => ({ ...r, entityId: 1 })))
    .returning({ id: auditLog.id });
  return made.map((r) => r.id);
}

async function read(ids: number[]) {
  const rows = await ctx.db
    .select({ id: auditLog.id, data: auditLog.data })
    .from(auditLog)
    .where(inArray(auditLog.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r.data]));
  return ids.map((id) => byId.get(id));
}

describe('migration 0015: one shape for the changes of audit rows', () => {
  it('rewrites { from, to } changes of reference data, lists and objects kept as their JSON text', async () => {
    const ids = await write([
      {
        action: 'update',
        entity: 'company',
        data: { changes: { name: { from: 'Old', to: 'New' }, code: { from: 'OLD', to: null } } },
      },
      {
        action: 'update',
        entity: 'shift',
        data: { changes: { weekdays: { from: [5, 6], to: [5] }, description: { from: '', to: 'Day' } } },
      },
    ]);
    await migrate();
    const [company, shift] = await read(ids);
    expect(company).toEqual({
      changes: { name: { before: 'Old', after: 'New' }, code: { before: 'OLD', after: null } },
      // The order of the old row's changes is not known: the database's order of the keys.
      fields: ['code', 'name'],
    });
    expect(shift).toEqual({
      changes: {
        weekdays: { before: '[5, 6]', after: '[5]' },
        description: { before: null, after: 'Day' },
      },
      fields: ['weekdays', 'description'],
    });
  });

  it('rewrites a KPI item written whole before and after into the fields that changed', async () => {
    const ids = await write([
      {
        action: 'update',
        entity: 'kpi_objective',
        data: {
          before: { name: 'Grow revenue', weight: 60, perspective_id: 1 },
          after: { name: 'Grow revenue', weight: 70, perspective_id: 2 },
        },
      },
      {
        action: 'update',
        entity: 'kpi_objective_kpi',
        data: {
          before: { name: 'MRR', weight: 50, objective_id: 3 },
          after: { name: 'ARR', weight: 50, objective_id: 3, time: 'Quarterly', budget: null },
        },
      },
    ]);
    await migrate();
    const [objective, kpi] = await read(ids);
    expect(objective).toEqual({
      changes: { weight: { before: 60, after: 70 }, perspective_id: { before: 1, after: 2 } },
      fields: ['weight', 'perspective_id'],
    });
    // A field the old row kept only after the change counts as null before it.
    expect(kpi).toEqual({
      changes: { name: { before: 'MRR', after: 'ARR' }, time: { before: null, after: 'Quarterly' } },
      fields: ['name', 'time'],
    });
  });

  it("rewrites the ids of a person's move, with or without the changes of the names", async () => {
    const ids = await write([
      { action: 'assign_company', entity: 'employee', data: { from: 4, to: 7, office_cleared: true } },
      {
        action: 'assign_office',
        entity: 'employee',
        data: {
          from: null,
          to: 9,
          section: 'office',
          changes: { office: { before: null, after: 'Hub' } },
          fields: ['office'],
        },
      },
    ]);
    await migrate();
    const [company, office] = await read(ids);
    expect(company).toEqual({ ids: { company: { before: 4, after: 7 } }, office_cleared: true });
    expect(office).toEqual({
      section: 'office',
      changes: { office: { before: null, after: 'Hub' } },
      fields: ['office'],
      ids: { office: { before: null, after: 9 } },
    });
  });

  it('leaves rows of the one shape, rows without a change and rows without data as they are', async () => {
    const rows: Row[] = [
      {
        action: 'item_update',
        entity: 'employee',
        data: {
          section: 'salary',
          item_id: 5,
          kind: 'basic',
          changes: { basic: { before: '100.00', after: '120.00' } },
          fields: ['basic'],
        },
      },
      { action: 'create', entity: 'epr', data: { cycle_id: 3 } },
      { action: 'launch', entity: 'epr_cycle', data: { created: 10, adopted: 2 } },
      { action: 'submit', entity: 'leave', data: null },
    ];
    const ids = await write(rows);
    await migrate();
    await migrate();
    expect(await read(ids)).toEqual(rows.map((r) => r.data));
  });
});

import type { EmployeeImport } from '@hr/contracts/employee-import';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ALL_COLUMNS,
  employeeFile,
  employeesByEid,
  importEmployees,
  makeOrganisation,
  newEid,
} from '../../../test/factories/employee-import';
import { setupApi, type TestContext } from '../../../test/helper';

/**
 * Employee imports at the same moment, on PostgreSQL where the requests
 * really run side by side on several connections: imports take turns, so
 * each decides on what the one before it wrote — an E-ID is added once, and
 * two files that each look fine alone cannot make a circle of line managers
 * together.
 */
let ctx: TestContext;
let adminToken: string;
let company: string;
beforeAll(async () => {
  ctx = await setupApi({}, { poolSize: 10 });
  adminToken = await ctx.factory.token(await ctx.factory.employee({ admin: true }));
  company = (await makeOrganisation(ctx.db)).acme.name;
});

const row = (eid: string, manager = '') =>
  `${eid},Person ${eid},01712345678,,${company},,,${manager},2024-01-01`;

async function importAll(files: string[][]) {
  const answers = await Promise.all(
    files.map((lines, i) =>
      importEmployees(ctx, adminToken, employeeFile(lines), { fileName: `race-${i}.csv` }),
    ),
  );
  for (const a of answers) expect(a.status, a.raw.body).toBe(201);
  return answers.map((a) => a.body as EmployeeImport);
}

describe('employee imports at once (PostgreSQL)', () => {
  it('the same file four times at once: each employee added once, the other imports find them unchanged', async () => {
    const eids = Array.from({ length: 300 }, () => newEid('RACE'));
    const lines = [ALL_COLUMNS, ...eids.map((eid, i) => row(eid, eids[i + 1] ?? ''))];
    const results = await importAll([lines, lines, lines, lines]);
    for (const r of results) expect(r).toMatchObject({ status: 'done', total: 300, updated: 0, refused: 0 });
    expect(results.map((r) => r.added).sort((a, b) => a - b)).toEqual([0, 0, 0, 300]);
    expect(results.map((r) => r.duplicates).sort((a, b) => a - b)).toEqual([0, 300, 300, 300]);
    const made = await employeesByEid(ctx.db, eids);
    expect(made.size).toBe(300);
    expect(made.get(eids[0]!)!.parentId).toBe(made.get(eids[1]!)!.id);
  });

  it('two files each fine alone, a circle together: the one that comes second is refused', async () => {
    const [a, b] = [newEid('RACE'), newEid('RACE')];
    await importAll([[ALL_COLUMNS, row(a), row(b)]]);
    // One makes b report to a; the other makes a report to b.
    const results = await importAll([
      [ALL_COLUMNS, row(b, a)],
      [ALL_COLUMNS, row(a, b)],
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['done', 'refused']);
    const refused = results.find((r) => r.status === 'refused')!;
    expect(refused.errors).toEqual([expect.objectContaining({ line: 2, reason: 'line_manager_cycle' })]);
    const now = await employeesByEid(ctx.db, [a, b]);
    const parents = [now.get(a)!.parentId, now.get(b)!.parentId];
    // Exactly one of them has a manager: the other's.
    expect(parents.filter((p) => p !== null)).toHaveLength(1);
  });
});

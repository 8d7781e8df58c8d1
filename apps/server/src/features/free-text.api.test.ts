import { TEXT_MESSAGES } from '@hr/contracts/text';
import { and, count, eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  employeeCount,
  employeeFile,
  importEmployees,
  makeOrganisation,
  newEid,
} from '../../test/factories/employee-import';
import { certificateBody, serviceCount } from '../../test/factories/hr-services';
import { customSheetBody, setKpiStatus } from '../../test/factories/kpi';
import { leaveBody } from '../../test/factories/requests';
import { type Cast, setupApi, type TestContext } from '../../test/helper';
import { comments, designations, employees, leaves } from '../db/schema';

/**
 * Text one person types and others read (names, reference names in every
 * language, reasons, addresses, comments, imported names) refuses control
 * characters and the marks that override the text's direction; names also
 * refuse line breaks (packages/contracts text.ts; lib/input-check.ts refuses
 * the overrides in any field again). Each attack is a 422 on its field with
 * the contracts' text, and nothing is saved.
 */
const M = TEXT_MESSAGES;
let ctx: TestContext;
let c: Cast;
beforeAll(async () => {
  ctx = await setupApi();
  c = await ctx.factory.cast();
});

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, token: string, payload?: object) =>
  ctx.call({ method, url: `/api/v1/${url}`, token, ...(payload ? { payload } : {}) });

/** The field errors of a 422 at a path of `errors.children`. */
function fieldErrors(body: { errors?: unknown }, ...path: string[]): unknown {
  let node = body.errors as { children?: Record<string, unknown> } | undefined;
  for (const key of path) node = node?.children?.[key] as typeof node;
  return (node as { errors?: unknown } | undefined)?.errors;
}

async function employeeRow(id: number) {
  const [row] = await ctx.db.select().from(employees).where(eq(employees.id, id));
  return row!;
}

describe('the profile', () => {
  it('a name with a right-to-left override (U+202E) is refused, and the name stays', async () => {
    const before = await employeeRow(c.employee.id);
    const res = await call('PATCH', `employees/${c.employee.id}`, c.tokens.admin, {
      name: 'RTL\u202eeman Khan',
      eid: before.eid,
      mobile: '01812345678',
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject({ code: 422, error: 'validation_failed' });
    expect(fieldErrors(res.json(), 'name')).toEqual([M.textDirection]);
    const after = await employeeRow(c.employee.id);
    expect(after.name).toBe(before.name);
    expect(after.mobile).toBe(before.mobile);
  });

  it('a family name with a line break is refused, and the family stays', async () => {
    const before = await employeeRow(c.employee.id);
    const res = await call('PATCH', `employees/${c.employee.id}/family`, c.tokens.employee, {
      father_name: 'Abdul\nAhmed',
      mother_name: 'Rahima Khatun',
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(fieldErrors(res.json(), 'father_name')).toEqual([M.textOneLine]);
    const after = await employeeRow(c.employee.id);
    expect([after.fatherName, after.motherName]).toEqual([before.fatherName, before.motherName]);
  });

  it('names in Arabic and Persian keep their joiners and direction marks; an address keeps its lines', async () => {
    const father = 'عبد\u200cالله\u200f';
    const family = await call('PATCH', `employees/${c.peer.id}/family`, c.tokens.peer, {
      father_name: father,
    });
    expect(family.statusCode, family.body).toBe(200);
    expect((await employeeRow(c.peer.id)).fatherName).toBe(father);
    const address = await call('PATCH', `employees/${c.peer.id}/address`, c.tokens.peer, {
      present: 'House 7\r\nRoad 3\r\nDhaka',
    });
    expect(address.statusCode, address.body).toBe(200);
    expect(address.json().present).toBe('House 7\nRoad 3\nDhaka');
  });
});

describe('requests and comments', () => {
  it('a leave address with a control character (U+0007) is refused, and no leave is made', async () => {
    const leavesOf = async () =>
      (await ctx.db.select({ n: count() }).from(leaves).where(eq(leaves.employeeId, c.employee.id)))[0]!.n;
    const before = await leavesOf();
    const res = await call(
      'POST',
      'leave',
      c.tokens.employee,
      leaveBody(c.peer.id, { leave_address: 'Home\u0007, Road 2' }),
    );
    expect(res.statusCode, res.body).toBe(422);
    expect(fieldErrors(res.json(), 'leave_address')).toEqual([M.textControl]);
    expect(await leavesOf()).toBe(before);
  });

  it('an HR service reason with a control character (U+0007) is refused, and no request is made', async () => {
    const before = await serviceCount(ctx.db, c.employee.id);
    const res = await call(
      'POST',
      'employee/service-requests',
      c.tokens.employee,
      certificateBody({ reason: 'Bank\u0007 loan' }),
    );
    expect(res.statusCode, res.body).toBe(422);
    expect(fieldErrors(res.json(), 'reason')).toEqual([M.textControl]);
    expect(await serviceCount(ctx.db, c.employee.id)).toBe(before);
  });

  it('a comment with a left-to-right isolate (U+2066) is refused; one of several lines is kept', async () => {
    const sheet = await call('POST', 'kpis', c.tokens.employee, customSheetBody());
    expect(sheet.statusCode, sheet.body).toBe(201);
    const kpiId = sheet.json().id as number;
    await setKpiStatus(ctx.db, kpiId, 2);
    const stored = async () =>
      ctx.db
        .select({ text: comments.body })
        .from(comments)
        .where(and(eq(comments.rootKind, 'kpi'), eq(comments.rootId, kpiId)));

    const res = await call('POST', `kpis/${kpiId}/comments`, c.tokens.lm, { comment: 'Looks \u2066good' });
    expect(res.statusCode, res.body).toBe(422);
    expect(fieldErrors(res.json(), 'comment')).toEqual([M.textDirection]);
    expect(await stored()).toEqual([]);

    const ok = await call('POST', `kpis/${kpiId}/comments`, c.tokens.lm, {
      comment: 'First point\r\nSecond point',
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(await stored()).toEqual([{ text: 'First point\nSecond point' }]);
  });
});

describe('reference data HR types in every language', () => {
  it('a name in Arabic with a left-to-right override (U+202D) is refused, and nothing is made', async () => {
    const name = `Engineer ${newEid()}`;
    const res = await call('POST', 'designations', c.tokens.admin, {
      name,
      name_translations: { ar: 'مهندس\u202d 3' },
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(fieldErrors(res.json(), 'name_translations', 'ar')).toEqual([M.textDirection]);
    expect(await ctx.db.select().from(designations).where(eq(designations.name, name))).toEqual([]);
  });

  it('an English name with a tab is refused as not one line', async () => {
    const name = `Engineer\t${newEid()}`;
    const res = await call('POST', 'designations', c.tokens.admin, { name });
    expect(res.statusCode, res.body).toBe(422);
    expect(fieldErrors(res.json(), 'name')).toEqual([M.textOneLine]);
    expect(await ctx.db.select().from(designations).where(like(designations.name, 'Engineer\t%'))).toEqual(
      [],
    );
  });
});

describe('the employee import', () => {
  it('refuses rows whose names override the direction or break the line, by line and reason, and imports nothing', async () => {
    const org = await makeOrganisation(ctx.db);
    const eids = [newEid(), newEid(), newEid(), newEid()];
    const row = (eid: string, name: string, office = '') =>
      [eid, name, '01712345678', '', org.acme.name, office].join(',');
    const res = await importEmployees(
      ctx,
      c.tokens.admin,
      employeeFile([
        'eid,name,mobile,email,company,office',
        row(eids[0]!, 'Good Person'),
        row(eids[1]!, 'RTL\u202eeman Khan'),
        row(eids[2]!, '"Two\nLines"'),
        row(eids[3]!, 'Good Again', 'Head\u0007 office'),
      ]),
      { fileName: 'text-checks.csv' },
    );
    expect(res.status, res.raw.body).toBe(201);
    expect(res.body.status).toBe('refused');
    expect(res.body.errors).toEqual([
      { line: 3, reason: 'name_invalid', value: 'RTL\u202eeman Khan', detail: M.textDirection },
      { line: 5, reason: 'name_invalid', value: 'Two\nLines', detail: M.textOneLine },
      { line: 6, reason: 'office_invalid', value: 'Head\u0007 office', detail: M.textControl },
    ]);
    expect(await employeeCount(ctx.db, eids)).toBe(0);
  });
});

import { errorText } from '@hr/contracts/error-codes';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { changeRows, lastAuditId, recordSalaryChange } from '../../../test/factories/changes';
import { employeeRow, makeCompany, makeOffice } from '../../../test/factories/directory';
import {
  educationBody,
  languageBody,
  lookupId,
  makeAsset,
  makeContact,
  makeEducation,
  makeGroupTree,
  makeMember,
  png,
} from '../../../test/factories/profile';
import { type MadeEmployee, setupApi, type TestContext } from '../../../test/helper';
import { companies, designations, offices } from '../../db/schema';

/**
 * Every change to a person's record is audited with the fields before and
 * after (DESIGN.md §9), and GET employees/{id}/changes reads it back to the
 * employee, their managers and HR, with the values a reader may not see
 * masked.
 */

let ctx: TestContext;
let admin: MadeEmployee;
let adminToken: string;

beforeAll(async () => {
  ctx = await setupApi();
  admin = await ctx.factory.employee({
    admin: true,
    name: `Admin ${Math.random().toString(36).slice(2, 8)}`,
  });
  adminToken = await ctx.factory.token(admin);
});

const url = (id: number, path = '') => `/api/v1/employees/${id}${path ? `/${path}` : ''}`;

async function designationOf(employeeId: number) {
  const row = await employeeRow(ctx.db, employeeId);
  const [d] = await ctx.db.select().from(designations).where(eq(designations.id, row!.designationId!));
  return d!.name;
}
async function companyOf(employeeId: number) {
  const row = await employeeRow(ctx.db, employeeId);
  const [c] = await ctx.db.select().from(companies).where(eq(companies.id, row!.companyId!));
  const [o] = await ctx.db.select().from(offices).where(eq(offices.id, row!.officeId!));
  return { company: c!, office: o! };
}

/** What a write path is given: the employee, the setup's facts. */
interface Given {
  person: MadeEmployee;
  facts: Record<string, unknown>;
}
interface WriteCase {
  name: string;
  by: 'admin' | 'self';
  /** Made before the call, outside what is checked (its own audit rows do not count). */
  setup?: (person: MadeEmployee) => Promise<Record<string, unknown>>;
  withUser?: boolean;
  enabled?: boolean;
  call: (g: Given) => Promise<{ method: 'POST' | 'PATCH' | 'DELETE'; url: string; payload?: object }>;
  action: string;
  section: string;
  /** The item the row names (from the answer or the setup). */
  itemId?: (g: Given, answer: Record<string, unknown>) => unknown;
  changes: (g: Given) => Promise<object> | object;
}

const change = (before: unknown, after: unknown) => ({ before, after });

const CASES: WriteCase[] = [
  {
    name: 'main details',
    by: 'admin',
    setup: async (p) => ({ designation: await designationOf(p.id), eid: p.eid }),
    call: async ({ person, facts }) => ({
      method: 'PATCH',
      url: url(person.id),
      payload: {
        name: 'Tanvir Ahmed Khan',
        eid: facts.eid,
        mobile: '01812345678',
        email: `${String(facts.eid).toLowerCase()}@portal.test`,
        blood_group: 'B+',
        designation: 'Senior Engineer',
      },
    }),
    action: 'profile_update',
    section: 'basic',
    changes: ({ person, facts }) => ({
      name: change(person.name, 'Tanvir Ahmed Khan'),
      mobile: change('01712345678', '01812345678'),
      blood_group: change(null, 'B+'),
      designation: change(facts.designation, 'Senior Engineer'),
    }),
  },
  {
    name: 'general',
    by: 'admin',
    call: async ({ person }) => ({
      method: 'PATCH',
      url: url(person.id, 'general'),
      payload: {
        nationality: 'Bangladeshi',
        dob: '1994-03-21',
        religion_id: await lookupId(ctx.db, 'religion', 'Islam'),
      },
    }),
    action: 'profile_update',
    section: 'general',
    changes: () => ({
      dob: change(null, '1994-03-21'),
      religion: change(null, 'Islam'),
      nationality: change(null, 'Bangladeshi'),
    }),
  },
  {
    name: 'address',
    by: 'self',
    call: async ({ person }) => ({
      method: 'PATCH',
      url: url(person.id, 'address'),
      payload: { present: 'House 7, Road 3, Dhanmondi, Dhaka', permanent: 'Comilla Sadar' },
    }),
    action: 'profile_update',
    section: 'address',
    changes: () => ({
      present: change(null, 'House 7, Road 3, Dhanmondi, Dhaka'),
      permanent: change(null, 'Comilla Sadar'),
    }),
  },
  {
    name: 'family',
    by: 'self',
    call: async ({ person }) => ({
      method: 'PATCH',
      url: url(person.id, 'family'),
      payload: {
        father_name: 'Abdul Ahmed',
        marital_status_id: await lookupId(ctx.db, 'marital_status', 'Married'),
      },
    }),
    action: 'profile_update',
    section: 'family',
    changes: () => ({
      father_name: change(null, 'Abdul Ahmed'),
      marital_status: change(null, 'Married'),
    }),
  },
  {
    name: 'family member added',
    by: 'self',
    call: async ({ person }) => ({
      method: 'POST',
      url: url(person.id, 'family/members'),
      payload: { name: 'Ayesha Siddika', relation: 'Spouse' },
    }),
    action: 'item_add',
    section: 'members',
    itemId: (_g, answer) => answer.id,
    changes: () => ({ name: change(null, 'Ayesha Siddika'), relation: change(null, 'Spouse') }),
  },
  {
    name: 'family member changed',
    by: 'self',
    setup: async (p) => ({ item: (await makeMember(ctx.db, p.id)).id }),
    call: async ({ person, facts }) => ({
      method: 'PATCH',
      url: url(person.id, `family/members/${facts.item}`),
      payload: { name: 'Rahima Sultana', relation: 'Mother' },
    }),
    action: 'item_update',
    section: 'members',
    itemId: ({ facts }) => facts.item,
    changes: () => ({ name: change('Rahima Begum', 'Rahima Sultana') }),
  },
  {
    name: 'family member removed',
    by: 'admin',
    setup: async (p) => ({ item: (await makeMember(ctx.db, p.id)).id }),
    call: async ({ person, facts }) => ({
      method: 'DELETE',
      url: url(person.id, 'family/members'),
      payload: { id: facts.item },
    }),
    action: 'item_delete',
    section: 'members',
    itemId: ({ facts }) => facts.item,
    changes: () => ({ name: change('Rahima Begum', null), relation: change('Mother', null) }),
  },
  {
    name: 'reference added',
    by: 'self',
    call: async ({ person }) => ({
      method: 'POST',
      url: url(person.id, 'references'),
      payload: { name: 'Professor Rafiqul Islam', mobile: '01911223344' },
    }),
    action: 'item_add',
    section: 'references',
    itemId: (_g, answer) => answer.id,
    changes: () => ({
      name: change(null, 'Professor Rafiqul Islam'),
      mobile: change(null, '01911223344'),
      emergency: change(null, false),
      grantor: change(null, false),
    }),
  },
  {
    name: 'contact changed (id in the body)',
    by: 'self',
    setup: async (p) => ({ item: (await makeContact(ctx.db, p.id, 'contact')).id }),
    call: async ({ person, facts }) => ({
      method: 'PATCH',
      url: url(person.id, 'contacts'),
      payload: { id: facts.item, name: 'Abdul Karim', mobile: '01711999999', emergency: true },
    }),
    action: 'item_update',
    section: 'contacts',
    itemId: ({ facts }) => facts.item,
    changes: () => ({ mobile: change('01711000000', '01711999999') }),
  },
  {
    name: 'employment history added',
    by: 'admin',
    call: async ({ person }) => ({
      method: 'POST',
      url: url(person.id, 'histories'),
      payload: { company: 'Brain Station 23', designation: 'Engineer', from: '2016-01-01', to: '2019-06-30' },
    }),
    action: 'item_add',
    section: 'histories',
    itemId: (_g, answer) => answer.id,
    changes: () => ({
      company: change(null, 'Brain Station 23'),
      designation: change(null, 'Engineer'),
      from: change(null, '2016-01-01'),
      to: change(null, '2019-06-30'),
    }),
  },
  {
    name: 'achievement added',
    by: 'self',
    call: async ({ person }) => ({
      method: 'POST',
      url: url(person.id, 'achievements'),
      payload: { name: 'Employee of the year', date: '2023-12-20' },
    }),
    action: 'item_add',
    section: 'achievements',
    itemId: (_g, answer) => answer.id,
    changes: () => ({ name: change(null, 'Employee of the year'), date: change(null, '2023-12-20') }),
  },
  {
    name: 'training added',
    by: 'self',
    call: async ({ person }) => ({
      method: 'POST',
      url: url(person.id, 'trainings'),
      payload: { name: 'AWS Cloud Practitioner', type: 'Online' },
    }),
    action: 'item_add',
    section: 'trainings',
    itemId: (_g, answer) => answer.id,
    changes: () => ({ name: change(null, 'AWS Cloud Practitioner'), type: change(null, 'Online') }),
  },
  {
    name: 'skill added',
    by: 'self',
    call: async ({ person }) => ({
      method: 'POST',
      url: url(person.id, 'skills'),
      payload: { name: 'TypeScript', efficiency: 4 },
    }),
    action: 'item_add',
    section: 'skills',
    itemId: (_g, answer) => answer.id,
    changes: () => ({ name: change(null, 'TypeScript'), efficiency: change(null, 4) }),
  },
  {
    name: 'education added',
    by: 'self',
    call: async ({ person }) => ({
      method: 'POST',
      url: url(person.id, 'educations'),
      payload: await educationBody(ctx.db),
    }),
    action: 'item_add',
    section: 'educations',
    itemId: (_g, answer) => answer.id,
    changes: () => ({
      institute: change(null, 'University of Dhaka'),
      exam: change(null, 'BSc'),
      type: change(null, 'Bachelor'),
      passing_year: change(null, 2015),
      duration: change(null, 4),
      duration_unit: change(null, 'Year'),
      subject: change(null, expect.any(String)),
      certificate_no: change(null, 'DU-2015-0042'),
      result: change(null, 'CGPA 3.61'),
    }),
  },
  {
    name: 'education changed',
    by: 'admin',
    setup: async (p) => ({ item: (await makeEducation(ctx.db, p.id)).id }),
    call: async ({ person, facts }) => ({
      method: 'PATCH',
      url: url(person.id, `educations/${facts.item}`),
      payload: { ...(await educationBody(ctx.db)), result: 'CGPA 3.80' },
    }),
    action: 'item_update',
    section: 'educations',
    itemId: ({ facts }) => facts.item,
    changes: () => ({ result: change('CGPA 3.61', 'CGPA 3.80') }),
  },
  {
    name: 'education removed',
    by: 'self',
    setup: async (p) => ({ item: (await makeEducation(ctx.db, p.id)).id }),
    call: async ({ person, facts }) => ({
      method: 'DELETE',
      url: url(person.id, `educations/${facts.item}`),
    }),
    action: 'item_delete',
    section: 'educations',
    itemId: ({ facts }) => facts.item,
    changes: () => expect.objectContaining({ exam: change('BSc', null), result: change('CGPA 3.61', null) }),
  },
  {
    name: 'language added',
    by: 'self',
    call: async ({ person }) => ({
      method: 'POST',
      url: url(person.id, 'languages'),
      payload: await languageBody(ctx.db),
    }),
    action: 'item_add',
    section: 'languages',
    itemId: (_g, answer) => answer.id,
    changes: () => ({
      name: change(null, 'English'),
      writing: change(null, 'Fluent'),
      reading: change(null, 'Fluent'),
      speaking: change(null, 'Intermediate'),
    }),
  },
  {
    name: 'separation',
    by: 'admin',
    call: async ({ person }) => ({
      method: 'PATCH',
      url: url(person.id, 'separation'),
      payload: {
        resign_date: '2025-01-05',
        cert_issued: false,
        type_id: await lookupId(ctx.db, 'separation_type', 'Resignation'),
      },
    }),
    action: 'profile_update',
    section: 'separation',
    changes: () => ({
      resign_date: change(null, '2025-01-05'),
      cert_issued: change(null, false),
      type: change(null, 'Resignation'),
    }),
  },
  {
    name: 'photo',
    by: 'self',
    call: async ({ person }) => ({
      method: 'PATCH',
      url: `/api/v1/employees/photo/${person.id}`,
      payload: { photo: (await png()).toString('base64') },
    }),
    action: 'photo_upload',
    section: 'photo',
    changes: () => ({ photo: change(null, 1) }),
  },
  {
    name: 'document uploaded',
    by: 'self',
    call: async ({ person }) => ({
      method: 'POST',
      url: url(person.id, 'files'),
      payload: { name: 'NID copy', file_name: 'nid.txt', file: Buffer.from('NID 1994').toString('base64') },
    }),
    action: 'document_upload',
    section: 'files',
    itemId: (_g, answer) => answer.id,
    changes: () => ({ document: change(null, 'NID copy'), file_name: change(null, 'nid.txt') }),
  },
  {
    name: 'document renamed',
    by: 'admin',
    setup: (p) => uploadDocument(p),
    call: async ({ person, facts }) => ({
      method: 'PATCH',
      url: url(person.id, `files/${facts.item}`),
      payload: { name: 'Passport copy' },
    }),
    action: 'document_rename',
    section: 'files',
    itemId: ({ facts }) => facts.item,
    changes: () => ({ document: change('NID copy', 'Passport copy') }),
  },
  {
    name: 'document removed',
    by: 'self',
    setup: (p) => uploadDocument(p),
    call: async ({ person, facts }) => ({ method: 'DELETE', url: url(person.id, `files/${facts.item}`) }),
    action: 'document_delete',
    section: 'files',
    itemId: ({ facts }) => facts.item,
    changes: () => ({ document: change('NID copy', null) }),
  },
  {
    name: 'asset handed over',
    by: 'admin',
    setup: async () => {
      const asset = await makeAsset(ctx.db);
      return { item: asset.id, name: asset.name };
    },
    call: async ({ person, facts }) => ({
      method: 'PATCH',
      url: '/api/v1/employees/assets/assign',
      payload: { employee_id: person.id, asset_id: facts.item },
    }),
    action: 'assign_asset',
    section: 'assets',
    itemId: ({ facts }) => facts.item,
    changes: ({ facts }) => ({ asset: change(null, facts.name) }),
  },
  {
    name: 'asset taken back',
    by: 'admin',
    setup: async (p) => {
      const asset = await makeAsset(ctx.db);
      await adminCall('PATCH', '/api/v1/employees/assets/assign', { employee_id: p.id, asset_id: asset.id });
      return { item: asset.id, name: asset.name };
    },
    call: async ({ person, facts }) => ({
      method: 'PATCH',
      url: '/api/v1/employees/assets/remove',
      payload: { employee_id: person.id, asset_id: facts.item },
    }),
    action: 'remove_asset',
    section: 'assets',
    itemId: ({ facts }) => facts.item,
    changes: ({ facts }) => ({ asset: change(facts.name, null) }),
  },
  {
    name: 'company (the office of the old one is cleared)',
    by: 'admin',
    setup: async (p) => {
      const { company, office } = await companyOf(p.id);
      const next = await makeCompany(ctx.db);
      return { was: company.name, office: office.name, next: next.id, nextName: next.name };
    },
    call: async ({ person, facts }) => ({
      method: 'PATCH',
      url: '/api/v1/employees/assign/company',
      payload: { employee_id: person.id, company_id: facts.next },
    }),
    action: 'assign_company',
    section: 'company',
    changes: ({ facts }) => ({
      company: change(facts.was, facts.nextName),
      office: change(facts.office, null),
    }),
  },
  {
    name: 'office',
    by: 'admin',
    setup: async (p) => {
      const { company, office } = await companyOf(p.id);
      const next = await makeOffice(ctx.db, company.id);
      return { was: office.name, next: next.id, nextName: next.name };
    },
    call: async ({ person, facts }) => ({
      method: 'PATCH',
      url: '/api/v1/employees/assign/office',
      payload: { employee_id: person.id, office_id: facts.next },
    }),
    action: 'assign_office',
    section: 'office',
    changes: ({ facts }) => ({ office: change(facts.was, facts.nextName) }),
  },
  {
    name: 'group joined',
    by: 'admin',
    setup: async () => ({ item: (await makeGroupTree(ctx.db)).id }),
    call: async ({ person, facts }) => ({
      method: 'PATCH',
      url: '/api/v1/employees/assign/group',
      payload: { employee_id: person.id, group_tree_id: facts.item },
    }),
    action: 'assign_group',
    section: 'groups',
    itemId: ({ facts }) => facts.item,
    changes: () => ({ group: change(null, 'Payroll revamp') }),
  },
  {
    name: 'group left',
    by: 'admin',
    setup: async (p) => {
      const tree = await makeGroupTree(ctx.db);
      await adminCall('PATCH', '/api/v1/employees/assign/group', {
        employee_id: p.id,
        group_tree_id: tree.id,
      });
      return { item: tree.id };
    },
    call: async ({ person, facts }) => ({
      method: 'PATCH',
      url: '/api/v1/employees/remove/group',
      payload: { employee_id: person.id, group_tree_id: facts.item },
    }),
    action: 'remove_group',
    section: 'groups',
    itemId: ({ facts }) => facts.item,
    changes: () => ({ group: change('Payroll revamp', null) }),
  },
  {
    name: 'disabled',
    by: 'admin',
    call: async ({ person }) => ({
      method: 'PATCH',
      url: '/api/v1/employees/disable',
      payload: { employee_id: person.id },
    }),
    action: 'disable',
    section: 'account',
    changes: () => ({ enabled: change(true, false) }),
  },
  {
    name: 'enabled',
    by: 'admin',
    enabled: false,
    call: async ({ person }) => ({
      method: 'PATCH',
      url: '/api/v1/employees/enable',
      payload: { employee_id: person.id },
    }),
    action: 'enable',
    section: 'account',
    changes: () => ({ enabled: change(false, true) }),
  },
  {
    name: 'user created',
    by: 'admin',
    withUser: false,
    call: async ({ person }) => ({
      method: 'POST',
      url: '/api/v1/users/employees',
      payload: { employee_id: person.id },
    }),
    action: 'create_user',
    section: 'account',
    changes: ({ person }) => ({ user: change(null, person.eid) }),
  },
];

async function adminCall(method: 'POST' | 'PATCH' | 'DELETE', path: string, payload: object) {
  const res = await ctx.call({ method, url: path, payload, token: adminToken });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json();
}

async function uploadDocument(p: MadeEmployee) {
  const doc = await adminCall('POST', url(p.id, 'files'), {
    name: 'NID copy',
    file_name: 'nid.txt',
    file: Buffer.from('NID 1994').toString('base64'),
  });
  return { item: doc.id };
}

describe('every write to a record leaves one audit row with each changed field before and after', () => {
  it.each(CASES.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const person = await ctx.factory.employee({ withUser: c.withUser ?? true, enabled: c.enabled ?? true });
    const facts = c.setup ? await c.setup(person) : {};
    const given = { person, facts };
    const token = c.by === 'admin' ? adminToken : await ctx.factory.token(person);
    const actor = c.by === 'admin' ? admin : person;
    const since = await lastAuditId(ctx.db);

    const { method, url: path, payload } = await c.call(given);
    const res = await ctx.call({ method, url: path, token, ...(payload ? { payload } : {}) });
    expect(res.statusCode, res.body).toBeLessThan(300);

    const rows = await changeRows(ctx.db, person.id, since);
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row).toMatchObject({ action: c.action, actorEmployeeId: actor.id, actorUserId: actor.userId });
    expect(row!.data).toMatchObject({ section: c.section });
    expect(row!.data!.changes).toEqual(await c.changes(given));
    if (c.itemId) expect(row!.data!.item_id).toBe(c.itemId(given, res.json()));
  });

  it('writes no row when a call changes nothing', async () => {
    const person = await ctx.factory.employee();
    const token = await ctx.factory.token(person);
    const body = { present: 'Banani, Dhaka', permanent: 'Sylhet' };
    await ctx.call({ method: 'PATCH', url: url(person.id, 'address'), payload: body, token });
    const since = await lastAuditId(ctx.db);
    const again = await ctx.call({ method: 'PATCH', url: url(person.id, 'address'), payload: body, token });
    expect(again.statusCode).toBe(200);
    expect(await changeRows(ctx.db, person.id, since)).toEqual([]);
  });

  it('writes no row when the call is refused', async () => {
    const { employee, lm } = await ctx.factory.chain();
    const since = await lastAuditId(ctx.db);
    const res = await ctx.call({
      method: 'PATCH',
      url: url(employee.id, 'address'),
      payload: { present: 'Somewhere' },
      token: await ctx.factory.token(lm),
    });
    expect(res.statusCode).toBe(403);
    expect(await changeRows(ctx.db, employee.id, since)).toEqual([]);
  });
});

describe('GET employees/{id}/changes', () => {
  type Role = 'self' | 'line manager' | 'O&O' | 'manager above' | 'admin' | 'unrelated employee' | 'no token';
  let people: { top: MadeEmployee; oo: MadeEmployee; lm: MadeEmployee; employee: MadeEmployee };
  let tokens: Record<Role, string | null>;

  beforeAll(async () => {
    const f = ctx.factory;
    const top = await f.employee();
    const oo = await f.employee({ parentId: top.id });
    const lm = await f.employee({ parentId: oo.id });
    const employee = await f.employee({ parentId: lm.id });
    people = { top, oo, lm, employee };
    tokens = {
      self: await f.token(employee),
      'line manager': await f.token(lm),
      'O&O': await f.token(oo),
      'manager above': await f.token(top),
      admin: adminToken,
      'unrelated employee': await f.token(await f.employee()),
      'no token': null,
    };
    // A personal change by HR, and a compensation change.
    await adminCall('PATCH', url(employee.id, 'address'), {
      present: 'Road 12, Gulshan',
      permanent: 'Bogura',
    });
    await adminCall('PATCH', url(employee.id, 'general'), {
      religion_id: await lookupId(ctx.db, 'religion', 'Hinduism'),
    });
    await recordSalaryChange(ctx.db, employee.id, { basic: 50000 }, { basic: 55000 });
  });

  const read = (role: Role, id = people.employee.id, query = '') =>
    ctx.call({ method: 'GET', url: `${url(id, 'changes')}${query}`, token: tokens[role] });

  // reader, status, sees salary values
  it.each<[Role, number, boolean | null]>([
    ['self', 200, true],
    ['line manager', 200, false],
    ['O&O', 200, false],
    ['manager above', 200, false],
    ['admin', 200, true],
    ['unrelated employee', 403, null],
    ['no token', 401, null],
  ])('%s: %i', async (role, status, seesSalary) => {
    const res = await read(role);
    expect(res.statusCode, res.body).toBe(status);
    if (status === 403) {
      expect(res.json()).toMatchObject({ error: 'changes_hidden', message: errorText('changes_hidden') });
      return;
    }
    if (status !== 200) return;
    const body = res.json();
    expect(body).toMatchObject({ count: 3, total: 3, pagination: { page: 1, limit: 10, pages: 1 } });
    const [salary, general, address] = body.items;
    // Personal data: every reader of the log may see it.
    expect(address).toMatchObject({
      action: 'profile_update',
      section: 'address',
      actor: { id: admin.id, name: admin.name },
      impersonated_by: null,
      changes: [
        { field: 'present', before: null, after: 'Road 12, Gulshan', masked: false },
        { field: 'permanent', before: null, after: 'Bogura', masked: false },
      ],
    });
    expect(general.changes).toEqual([{ field: 'religion', before: null, after: 'Hinduism', masked: false }]);
    // Compensation: the employee and HR only; the managers see that it changed, not the values.
    expect(salary).toMatchObject({ action: 'salary_update', section: 'salary', actor: null });
    expect(salary.changes).toEqual([
      seesSalary
        ? { field: 'basic', before: 50000, after: 55000, masked: false }
        : { field: 'basic', before: null, after: null, masked: true },
    ]);
    expect(Date.parse(address.created)).not.toBeNaN();
  });

  it("lists a row's fields in the record's order", async () => {
    const person = await ctx.factory.employee();
    await adminCall('PATCH', url(person.id, 'separation'), {
      resign_date: '2026-02-01',
      last_working_date: '2026-03-01',
      cert_issued: true,
    });
    const log = await ctx.call({ method: 'GET', url: url(person.id, 'changes'), token: adminToken });
    expect(log.json().items[0].changes.map((c: { field: string }) => c.field)).toEqual([
      'resign_date',
      'last_working_date',
      'cert_issued',
    ]);
  });

  it('is a 404 for an employee who does not exist', async () => {
    expect((await read('admin', 99_999_999)).statusCode).toBe(404);
  });

  it('pages with links, sorts, and refuses an unknown sort field', async () => {
    const person = await ctx.factory.employee();
    for (let i = 1; i <= 12; i++)
      await adminCall('PATCH', url(person.id, 'address'), { present: `House ${i}`, permanent: 'Dhaka' });
    const first = await ctx.call({ method: 'GET', url: url(person.id, 'changes'), token: adminToken });
    expect(first.json()).toMatchObject({
      count: 10,
      total: 12,
      pagination: { page: 1, pages: 2, prev: null },
    });
    expect(first.json().items[0].changes[0]).toMatchObject({ before: 'House 11', after: 'House 12' });
    expect(first.json().pagination.next).toBe(`/api/v1/employees/${person.id}/changes?page=2`);
    const second = await ctx.call({ method: 'GET', url: first.json().pagination.next, token: adminToken });
    expect(second.json()).toMatchObject({ count: 2, pagination: { page: 2, next: null } });
    const oldest = await ctx.call({
      method: 'GET',
      url: `${url(person.id, 'changes')}?sort=created,asc&limit=20`,
      token: adminToken,
    });
    expect(oldest.json().items[0].changes[0]).toMatchObject({ before: null, after: 'House 1' });
    expect(oldest.json().count).toBe(12);
    const bad = await ctx.call({
      method: 'GET',
      url: `${url(person.id, 'changes')}?sort=actor,asc`,
      token: adminToken,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('sort_unknown');
  });

  it('names the HR administrator who was signed in as the employee', async () => {
    const person = await ctx.factory.employee();
    const session = await ctx.call({
      method: 'POST',
      url: '/api/v1/impersonate',
      payload: { employee_id: person.id },
      token: adminToken,
    });
    expect(session.statusCode, session.body).toBe(200);
    const res = await ctx.call({
      method: 'PATCH',
      url: url(person.id, 'address'),
      payload: { present: 'Mirpur 10' },
      token: session.json().token,
    });
    expect(res.statusCode, res.body).toBe(200);
    const log = await ctx.call({ method: 'GET', url: url(person.id, 'changes'), token: adminToken });
    // Only changes: the impersonation itself is no change to the record.
    expect(log.json().items).toEqual([
      expect.objectContaining({
        action: 'profile_update',
        actor: expect.objectContaining({ id: person.id }),
        impersonated_by: admin.name,
      }),
    ]);
  });

  it('tells the profile screen who may read it', async () => {
    const permissions = async (role: Role) =>
      (await ctx.call({ method: 'GET', url: url(people.employee.id), token: tokens[role] })).json()
        .permissions;
    for (const role of ['self', 'line manager', 'O&O', 'manager above', 'admin'] as const)
      expect((await permissions(role)).changes, role).toBe(true);
    expect((await permissions('unrelated employee')).changes).toBe(false);
    // A manager above the O&O reads the whole profile, as the line manager does.
    expect(await permissions('manager above')).toMatchObject({ relation: 'above', view: 'full' });
  });
});

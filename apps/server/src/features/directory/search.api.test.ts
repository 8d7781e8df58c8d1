import { AGE_MAX, FULL_TEXT_MAX, SEARCH_MESSAGES, unknownSearchField } from '@hr/contracts/employee-search';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  addEducation,
  addSeparation,
  addToGroup,
  examId,
  lookupId,
  makeCompany,
  makeGroup,
  makeOffice,
  makeTreeItem,
  setEmployee,
  tag,
  yearsAgo,
} from '../../../test/factories/directory';
import { type MadeEmployee, setupApi, type TestContext } from '../../../test/helper';

let ctx: TestContext;
let adminToken: string;
let employeeToken: string;

beforeAll(async () => {
  ctx = await setupApi();
  adminToken = await ctx.factory.token(await ctx.factory.employee({ admin: true }));
  employeeToken = await ctx.factory.token(await ctx.factory.employee());
});

const search = (token: string | null, body: unknown, query = '') =>
  ctx.call({ method: 'POST', url: `/api/v1/employees/search${query}`, token, payload: body as object });

async function namesFound(body: object, token = adminToken, query = '?limit=50'): Promise<string[]> {
  const res = await search(token, body, query);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().items as { name: string }[]).map((i) => i.name).sort();
}

/** Four people who differ in every filter; `ids` keeps each search to them. */
describe('each filter narrows the search to exactly the matching employees', () => {
  const p: Record<'one' | 'two' | 'three' | 'four', MadeEmployee> = {} as never;
  let ids: number[];
  const lk: Record<string, number> = {};
  const place: Record<string, number> = {};
  const trees: Record<string, number> = {};
  const exam: Record<string, number> = {};

  beforeAll(async () => {
    const f = ctx.factory;
    p.one = await f.employee({ name: `One ${tag()}` });
    p.two = await f.employee({ name: `Two ${tag()}` });
    p.three = await f.employee({ name: `Three ${tag()}` });
    p.four = await f.employee({ name: `Four ${tag()}` });
    ids = Object.values(p).map((e) => e.id);

    for (const [key, kind, name] of [
      ['male', 'gender', 'Male'],
      ['female', 'gender', 'Female'],
      ['islam', 'religion', 'Islam'],
      ['hinduism', 'religion', 'Hinduism'],
      ['single', 'marital_status', 'Single'],
      ['married', 'marital_status', 'Married'],
      ['permanent', 'employee_status', 'Permanent'],
      ['probation', 'employee_status', 'Probation'],
      ['junior', 'level', 'Junior'],
      ['senior', 'level', 'Senior'],
      ['gradeA', 'grade', 'Grade A'],
      ['gradeC', 'grade', 'Grade C'],
      ['bachelor', 'education_type', 'Bachelor'],
      ['master', 'education_type', 'Master'],
      ['resignation', 'separation_type', 'Resignation'],
      ['retirement', 'separation_type', 'Retirement'],
      ['initiated', 'separation_status', 'Initiated'],
      ['completed', 'separation_status', 'Completed'],
    ] as const)
      lk[key] = await lookupId(ctx.db, kind, name);
    exam.bsc = await examId(ctx.db, 'BSc');
    exam.mba = await examId(ctx.db, 'MBA');
    exam.ssc = await examId(ctx.db, 'SSC');

    const c1 = await makeCompany(ctx.db);
    const c2 = await makeCompany(ctx.db);
    place.c1 = c1.id;
    place.c2 = c2.id;
    place.o1 = (await makeOffice(ctx.db, c1.id)).id;
    place.o2 = (await makeOffice(ctx.db, c2.id)).id;

    const g = await makeGroup(ctx.db);
    trees.root = (await makeTreeItem(ctx.db, g.id, 'Engineering')).id;
    trees.child = (await makeTreeItem(ctx.db, g.id, 'Platform', trees.root)).id;
    trees.other = (await makeTreeItem(ctx.db, g.id, 'Sales')).id;

    await setEmployee(ctx.db, p.one.id, {
      genderId: lk.male,
      bloodGroup: 'A+',
      religionId: lk.islam,
      maritalStatusId: lk.single,
      statusId: lk.permanent,
      levelId: lk.junior,
      gradeId: lk.gradeA,
      companyId: place.c1,
      officeId: place.o1,
      dob: yearsAgo(25, 10),
      joiningDate: yearsAgo(2, 10),
      confirmationDate: '2024-06-01',
    });
    await setEmployee(ctx.db, p.two.id, {
      genderId: lk.female,
      bloodGroup: 'B+',
      religionId: lk.hinduism,
      maritalStatusId: lk.married,
      statusId: lk.probation,
      levelId: lk.senior,
      gradeId: lk.gradeC,
      companyId: place.c2,
      officeId: place.o2,
      dob: yearsAgo(40, 40),
      joiningDate: yearsAgo(10, 40),
      confirmationDate: '2020-01-10',
    });
    await setEmployee(ctx.db, p.three.id, {
      genderId: lk.male,
      bloodGroup: 'O+',
      religionId: lk.islam,
      maritalStatusId: lk.married,
      levelId: lk.senior,
      gradeId: lk.gradeA,
      companyId: place.c1,
      officeId: place.o1,
      dob: yearsAgo(55, 100),
      joiningDate: yearsAgo(30, 100),
    });
    // four has none of these fields set.

    await addEducation(ctx.db, p.one.id, 'BSc');
    await addEducation(ctx.db, p.two.id, 'BSc');
    await addEducation(ctx.db, p.two.id, 'MBA');
    await addEducation(ctx.db, p.three.id, 'SSC');
    await addSeparation(ctx.db, p.two.id, 'Resignation', 'Initiated');
    await addSeparation(ctx.db, p.three.id, 'Retirement', 'Completed');
    await addToGroup(ctx.db, p.one.id, trees.child!);
    await addToGroup(ctx.db, p.two.id, trees.root!);
    await addToGroup(ctx.db, p.three.id, trees.other!);
  });

  const who = (...keys: (keyof typeof p)[]) => keys.map((k) => p[k].name).sort();

  it('finds all four without a filter', async () => {
    expect(await namesFound({ ids })).toEqual(who('one', 'two', 'three', 'four'));
  });

  it.each<[string, () => object, (keyof typeof p)[]]>([
    ['gender', () => ({ gender_ids: [lk.male] }), ['one', 'three']],
    ['gender (two values)', () => ({ gender_ids: [lk.male, lk.female] }), ['one', 'two', 'three']],
    ['blood group', () => ({ blood_groups: ['B+', 'O+'] }), ['two', 'three']],
    ['religion', () => ({ religion_ids: [lk.hinduism] }), ['two']],
    ['marital status', () => ({ marital_status_ids: [lk.married] }), ['two', 'three']],
    ['employment status', () => ({ employee_status_ids: [lk.permanent] }), ['one']],
    ['level', () => ({ level_ids: [lk.senior] }), ['two', 'three']],
    ['grade', () => ({ grade_ids: [lk.gradeA] }), ['one', 'three']],
    ['company', () => ({ company_ids: [place.c2] }), ['two']],
    ['office', () => ({ office_ids: [place.o1] }), ['one', 'three']],
    ['joining date range', () => ({ joining_date: { from: yearsAgo(11), to: yearsAgo(5) } }), ['two']],
    ['joining date from only', () => ({ joining_date: { from: yearsAgo(11) } }), ['one', 'two']],
    ['confirmation date to only', () => ({ confirmation_date: { to: '2020-12-31' } }), ['two']],
    ['confirmation date from only', () => ({ confirmation_date: { from: '2024-01-01' } }), ['one']],
    ['age 24 to 26', () => ({ age: { min: 24, max: 26 } }), ['one']],
    ['age 40 to 40', () => ({ age: { min: 40, max: 40 } }), ['two']],
    ['age 18 to 62', () => ({ age: { min: 18, max: AGE_MAX } }), ['one', 'two', 'three']],
    ['age 41 to 62', () => ({ age: { min: 41, max: 62 } }), ['three']],
    ['service 1 to 5 years', () => ({ service_years: { min: 1, max: 5 } }), ['one']],
    ['service 10 years', () => ({ service_years: { min: 10, max: 10 } }), ['two']],
    ['service 11 to 50 years', () => ({ service_years: { min: 11, max: 50 } }), ['three']],
    ['education type', () => ({ education_type_ids: [lk.master] }), ['two']],
    ['education type (bachelor)', () => ({ education_type_ids: [lk.bachelor] }), ['one', 'two']],
    ['exam', () => ({ exam_ids: [exam.ssc] }), ['three']],
    [
      'exam and education type together',
      () => ({ exam_ids: [exam.bsc], education_type_ids: [lk.master] }),
      ['two'],
    ],
    ['has a separation', () => ({ has_separation: true }), ['two', 'three']],
    ['has no separation', () => ({ has_separation: false }), ['one', 'four']],
    ['separation type', () => ({ separation_type_ids: [lk.retirement] }), ['three']],
    ['separation status', () => ({ separation_status_ids: [lk.initiated] }), ['two']],
    ['group item with the items below it', () => ({ group_tree_ids: [trees.root] }), ['one', 'two']],
    ['group item below', () => ({ group_tree_ids: [trees.child] }), ['one']],
    ['unknown group item', () => ({ group_tree_ids: [99_999_999] }), []],
    ['unknown office', () => ({ office_ids: [99_999_999] }), []],
    ['several filters together', () => ({ gender_ids: [lk.male], level_ids: [lk.senior] }), ['three']],
  ])('%s', async (_label, filter, expected) => {
    expect(await namesFound({ ids, ...filter() })).toEqual(who(...expected));
  });

  it('filters birthdays by day of the year, also over the new year', async () => {
    const f = ctx.factory;
    const xmas = await f.employee({ name: `Xmas ${tag()}` });
    const newYear = await f.employee({ name: `NewYear ${tag()}` });
    const summer = await f.employee({ name: `Summer ${tag()}` });
    await setEmployee(ctx.db, xmas.id, { dob: '1990-12-25' });
    await setEmployee(ctx.db, newYear.id, { dob: '1991-01-05' });
    await setEmployee(ctx.db, summer.id, { dob: '1992-06-15' });
    const these = [xmas.id, newYear.id, summer.id];
    expect(await namesFound({ ids: these, birthday: { from: '12-20', to: '01-10' } })).toEqual(
      [xmas.name, newYear.name].sort(),
    );
    expect(await namesFound({ ids: these, birthday: { from: '06-01', to: '06-30' } })).toEqual([summer.name]);
    expect(await namesFound({ ids: these, birthday: { from: '01-05', to: '01-05' } })).toEqual([
      newYear.name,
    ]);
  });
});

describe('full text', () => {
  let person: MadeEmployee;
  let token: string;
  beforeAll(async () => {
    token = tag('Qz');
    person = await ctx.factory.employee({
      name: `Rahim ${token} Uddin`,
      email: `${token.toLowerCase()}.rahim@example.com`,
      mobile: '01999123456',
    });
    await ctx.factory.employee({ name: `Someone ${tag()}`, mobile: '01888000000' });
  });

  it.each([
    ['part of the name, any case', () => token.toUpperCase()],
    ['part of the E-ID', () => person.eid.slice(1, 7)],
    ['the start of the e-mail address', () => `${token.toLowerCase()}.rah`],
    ['the start of the mobile number', () => '01999123'],
  ])('finds by %s', async (_label, term) => {
    const res = await search(employeeToken, { full_text: term() });
    expect(res.statusCode).toBe(200);
    expect(res.json().items.map((i: { id: number }) => i.id)).toContain(person.id);
    if (_label !== 'the start of the mobile number') expect(res.json().total).toBe(1);
  });

  it('does not match the middle of an e-mail address or mobile number', async () => {
    expect((await search(employeeToken, { full_text: '9123456', ids: [person.id] })).json().total).toBe(0);
    expect((await search(employeeToken, { full_text: 'rahim@example', ids: [person.id] })).json().total).toBe(
      0,
    );
  });

  it('treats % and _ as ordinary characters', async () => {
    const res = await search(employeeToken, { full_text: '%' });
    expect(res.statusCode).toBe(200);
    expect(res.json().total).toBe(0);
  });

  it('answers the directory card with the enabled flag', async () => {
    const res = await search(employeeToken, { full_text: token });
    expect(res.json()).toEqual({
      items: [
        {
          id: person.id,
          eid: person.eid,
          name: person.name,
          designation: expect.any(String),
          email: `${token.toLowerCase()}.rahim@example.com`,
          mobile: '01999123456',
          company: expect.any(String),
          office: 'Main Office',
          photo: null,
          enabled: true,
        },
      ],
      count: 1,
      total: 1,
      pagination: { page: 1, limit: 10, pages: 1, next: null, prev: null },
    });
  });
});

describe('who may search', () => {
  let actors: Record<string, string | null>;
  let disabled: MadeEmployee;
  let active: MadeEmployee;
  beforeAll(async () => {
    const f = ctx.factory;
    const { oo, lm, employee } = await f.chain();
    const unrelated = await f.employee();
    actors = {
      self: await f.token(employee),
      'line manager': await f.token(lm),
      'O&O': await f.token(oo),
      admin: adminToken,
      'unrelated employee': await f.token(unrelated),
      'no token': null,
    };
    active = await f.employee({ name: `Active ${tag()}` });
    disabled = await f.employee({ name: `Disabled ${tag()}`, enabled: false });
  });

  // actor, plain search, search including disabled employees
  it.each([
    ['self', 200, 403],
    ['line manager', 200, 403],
    ['O&O', 200, 403],
    ['admin', 200, 200],
    ['unrelated employee', 200, 403],
    ['no token', 401, 401],
  ])('%s: search %i, disabled employees %i', async (actor, plain, withDisabled) => {
    const ids = [active.id, disabled.id];
    const res = await search(actors[actor]!, { ids });
    expect(res.statusCode).toBe(plain);
    if (plain === 200) expect(res.json().items.map((i: { id: number }) => i.id)).toEqual([active.id]);
    const all = await search(actors[actor]!, { ids, status: 'all' });
    expect(all.statusCode).toBe(withDisabled);
    if (withDisabled === 403) expect(all.json().message).toBe(SEARCH_MESSAGES.onlyAdminsDisabled);
  });

  it('lets an admin find disabled employees only, or everyone', async () => {
    const ids = [active.id, disabled.id];
    const only = await search(adminToken, { ids, status: 'disabled' });
    expect(only.json().items).toEqual([expect.objectContaining({ id: disabled.id, enabled: false })]);
    expect(await namesFound({ ids, status: 'all' })).toEqual([active.name, disabled.name].sort());
  });
});

describe('pages and sorting', () => {
  let ids: number[];
  let names: string[];
  let tagOf: string;
  beforeAll(async () => {
    const t = tag('Pg');
    tagOf = t;
    const made: MadeEmployee[] = [];
    for (let i = 0; i < 12; i++)
      made.push(await ctx.factory.employee({ name: `${t} ${String.fromCharCode(65 + ((i * 5) % 12))}` }));
    ids = made.map((m) => m.id);
    names = made.map((m) => m.name).sort();
  });

  it('pages by limit and sorts by name by default', async () => {
    const first = await search(employeeToken, { ids }, '?limit=10');
    expect(first.json().items.map((i: { name: string }) => i.name)).toEqual(names.slice(0, 10));
    expect(first.json().pagination).toMatchObject({ page: 1, limit: 10, pages: 2, prev: null });
    expect(first.json().pagination.next).toMatch(/page=2/);
    const second = await search(employeeToken, { ids }, '?limit=10&page=2');
    expect(second.json()).toMatchObject({ count: 2, total: 12 });
    expect(second.json().items.map((i: { name: string }) => i.name)).toEqual(names.slice(10));
    expect(second.json().pagination).toMatchObject({ page: 2, pages: 2, next: null });
  });

  it('sorts by another field and direction', async () => {
    const res = await search(employeeToken, { ids }, '?limit=20&sort=name,desc');
    expect(res.json().items.map((i: { name: string }) => i.name)).toEqual([...names].reverse());
    const byId = await search(employeeToken, { ids }, '?limit=20&sort=id,asc');
    expect(byId.json().items.map((i: { id: number }) => i.id)).toEqual([...ids].sort((a, b) => a - b));
  });

  it('answers an empty page past the end, with the total', async () => {
    const res = await search(employeeToken, { ids }, '?page=5');
    expect(res.json()).toMatchObject({ items: [], count: 0, total: 12 });
    // A search text counts in the same query as the page: past the end it still knows the total.
    const text = await search(employeeToken, { ids, full_text: tagOf }, '?page=5');
    expect(text.json()).toMatchObject({ items: [], count: 0, total: 12 });
    const second = await search(employeeToken, { ids, full_text: tagOf }, '?page=2');
    expect(second.json()).toMatchObject({ count: 2, total: 12 });
  });

  it('accepts an empty body', async () => {
    const res = await ctx.call({ method: 'POST', url: '/api/v1/employees/search', token: employeeToken });
    expect(res.statusCode).toBe(200);
    expect(res.json().total).toBeGreaterThan(0);
  });
});

describe('bad input', () => {
  it.each<[string, object, string[], string]>([
    ['age 17', { age: { min: 17, max: 30 } }, ['age', 'min'], SEARCH_MESSAGES.age],
    ['age 63', { age: { min: 20, max: 63 } }, ['age', 'max'], SEARCH_MESSAGES.age],
    ['age 30.5', { age: { min: 30.5, max: 40 } }, ['age', 'min'], SEARCH_MESSAGES.age],
    ['an age range upside down', { age: { min: 40, max: 30 } }, ['age', 'max'], SEARCH_MESSAGES.rangeOrder],
    ['an age without max', { age: { min: 20 } }, ['age', 'max'], SEARCH_MESSAGES.age],
    ['service 0', { service_years: { min: 0, max: 5 } }, ['service_years', 'min'], SEARCH_MESSAGES.service],
    ['service 51', { service_years: { min: 1, max: 51 } }, ['service_years', 'max'], SEARCH_MESSAGES.service],
    ['a service length as text', { service_years: '5' }, ['service_years'], SEARCH_MESSAGES.rangeObject],
    [
      'too long a text',
      { full_text: 'x'.repeat(FULL_TEXT_MAX + 1) },
      ['full_text'],
      SEARCH_MESSAGES.fullTextTooLong,
    ],
    ['a number as text', { full_text: 42 }, ['full_text'], SEARCH_MESSAGES.fullTextType],
    ['ids that are not numbers', { gender_ids: ['male'] }, ['gender_ids', '0'], SEARCH_MESSAGES.idList],
    ['id 0', { office_ids: [0] }, ['office_ids', '0'], SEARCH_MESSAGES.idList],
    ['ids that are not a list', { company_ids: 3 }, ['company_ids'], SEARCH_MESSAGES.idList],
    ['an unknown blood group', { blood_groups: ['C+'] }, ['blood_groups', '0'], SEARCH_MESSAGES.bloodGroup],
    [
      'a day that does not exist',
      { joining_date: { from: '2024-02-30' } },
      ['joining_date', 'from'],
      SEARCH_MESSAGES.dateFormat,
    ],
    [
      'a date in another form',
      { confirmation_date: { to: '01-02-2024' } },
      ['confirmation_date', 'to'],
      SEARCH_MESSAGES.dateFormat,
    ],
    [
      'a date range upside down',
      { joining_date: { from: '2024-02-01', to: '2024-01-01' } },
      ['joining_date', 'to'],
      SEARCH_MESSAGES.rangeOrder,
    ],
    [
      'a birthday month 13',
      { birthday: { from: '13-01', to: '12-01' } },
      ['birthday', 'from'],
      SEARCH_MESSAGES.birthdayFormat,
    ],
    [
      'a birthday without its end',
      { birthday: { from: '01-01' } },
      ['birthday', 'to'],
      SEARCH_MESSAGES.birthdayBoth,
    ],
    ['an unknown status', { status: 'everyone' }, ['status'], SEARCH_MESSAGES.status],
    ['has_separation as text', { has_separation: 'yes' }, ['has_separation'], SEARCH_MESSAGES.boolean],
  ])('answers 422 for %s with the field message', async (_label, body, path, message) => {
    const res = await search(adminToken, body);
    expect(res.statusCode).toBe(422);
    let node = res.json().errors;
    for (const key of path) node = node?.children?.[key];
    expect(node?.errors, JSON.stringify(res.json().errors)).toEqual([message]);
  });

  it.each([
    ['limit 15', '?limit=15', 'limit must be one of 10, 20, 50'],
    ['limit 0', '?limit=0', 'limit must be one of 10, 20, 50'],
    ['page 0', '?page=0', 'page must be a whole number from 1'],
    ['page x', '?page=x', 'page must be a whole number from 1'],
    ['a sort without direction form', '?sort=name', 'sort must look like'],
    [
      'an unknown sort field',
      '?sort=salary,asc',
      'unknown field "salary"; use one of name, eid, id, joining_date',
    ],
  ])('answers 400 for %s', async (_label, query, message) => {
    const res = await search(employeeToken, {}, query);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });

  it('answers 400 for a body that is not JSON', async () => {
    const res = await ctx.call({
      method: 'POST',
      url: '/api/v1/employees/search',
      token: employeeToken,
      headers: { 'content-type': 'application/json' },
      payload: '{"full_text":',
    });
    expect(res.statusCode).toBe(400);
  });
});

/** SPEC.md §7: POST employees/search?query=<text> with `{ "filter": { "full_text", "status", "ids" } }`. */
describe('the SPEC.md §7 shape: ?query= and the filter under "filter"', () => {
  let word: string;
  let match: MadeEmployee;
  let other: MadeEmployee;
  let disabled: MadeEmployee;
  let ids: number[];
  beforeAll(async () => {
    word = tag('Sp');
    match = await ctx.factory.employee({ name: `Karim ${word}` });
    other = await ctx.factory.employee({ name: `Nobody ${tag()}` });
    disabled = await ctx.factory.employee({ name: `Gone ${word}`, enabled: false });
    ids = [match.id, other.id, disabled.id];
  });

  const idsOf = (res: { json: () => { items: { id: number }[] } }) =>
    res
      .json()
      .items.map((i) => i.id)
      .sort((a, b) => a - b);

  it('narrows by the ids under "filter" (not everyone)', async () => {
    const res = await search(employeeToken, { filter: { ids: [match.id, other.id] } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().total).toBe(2);
    expect(idsOf(res)).toEqual([match.id, other.id].sort((a, b) => a - b));
  });

  it.each<[string, () => { body: object; query: string }]>([
    ['filter.full_text', () => ({ body: { filter: { full_text: word, ids } }, query: '' })],
    ['?query=', () => ({ body: { filter: { ids } }, query: `?query=${word}` })],
    [
      '?query= and the same filter.full_text',
      () => ({ body: { filter: { full_text: word, ids } }, query: `?query=${word}` }),
    ],
    ['?query= with a flat body', () => ({ body: { ids }, query: `?query=${word}` })],
  ])('answers %s exactly as the flat body does', async (_label, make) => {
    const { body, query } = make();
    const flat = await search(employeeToken, { full_text: word, ids });
    const spec = await search(employeeToken, body, query);
    expect(spec.statusCode, spec.body).toBe(200);
    expect(flat.json().items).toEqual([expect.objectContaining({ id: match.id, name: match.name })]);
    expect(spec.json()).toEqual(flat.json());
  });

  it('takes ?query= with an empty body, and sorts and pages alongside it', async () => {
    const res = await ctx.call({
      method: 'POST',
      url: `/api/v1/employees/search?query=${word}&limit=20&sort=name,desc`,
      token: employeeToken,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(idsOf(res)).toEqual([match.id]);
    expect(res.json().pagination).toMatchObject({ page: 1, limit: 20 });
  });

  it('answers the same for status under "filter": admins only beyond enabled employees', async () => {
    const admin = await search(adminToken, { filter: { full_text: word, status: 'all', ids } });
    const flatAdmin = await search(adminToken, { full_text: word, status: 'all', ids });
    expect(admin.statusCode, admin.body).toBe(200);
    expect(idsOf(admin)).toEqual([match.id, disabled.id].sort((a, b) => a - b));
    expect(admin.json()).toEqual(flatAdmin.json());
    const onlyDisabled = await search(adminToken, { filter: { status: 'disabled', ids } }, `?query=${word}`);
    expect(idsOf(onlyDisabled)).toEqual([disabled.id]);

    const employee = await search(employeeToken, { filter: { status: 'all', ids } });
    expect(employee.statusCode).toBe(403);
    expect(employee.json().message).toBe(SEARCH_MESSAGES.onlyAdminsDisabled);
  });

  it('searches everyone with an empty or null filter', async () => {
    for (const body of [{ filter: {} }, { filter: null }]) {
      const res = await search(employeeToken, body, '?query=');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().total).toBeGreaterThanOrEqual(2);
    }
  });

  it('answers 400 when ?query= and filter.full_text differ', async () => {
    const res = await search(employeeToken, { filter: { full_text: 'someone else' } }, `?query=${word}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(SEARCH_MESSAGES.textTwice);
  });

  it('answers 400 for a ?query= that is too long', async () => {
    const res = await search(employeeToken, { filter: {} }, `?query=${'x'.repeat(FULL_TEXT_MAX + 1)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(SEARCH_MESSAGES.fullTextTooLong);
  });

  it.each<[string, object, string[], string]>([
    [
      'fields both under "filter" and at the top',
      { filter: { ids: [1] }, status: 'all' },
      ['filter'],
      SEARCH_MESSAGES.filterTwice,
    ],
    ['a filter that is not an object', { filter: 'karim' }, ['filter'], SEARCH_MESSAGES.filterObject],
    ['a filter that is a list', { filter: [1, 2] }, ['filter'], SEARCH_MESSAGES.filterObject],
    [
      'an unknown field under "filter"',
      { filter: { fulltext: 'x' } },
      ['filter'],
      unknownSearchField(['fulltext']),
    ],
    ['an unknown top-level field', { filters: { ids: [1] } }, [], unknownSearchField(['filters'])],
    ['an unknown flat field', { full_text: 'x', name: 'y' }, [], unknownSearchField(['name'])],
    [
      'a bad age under "filter"',
      { filter: { age: { min: 17, max: 30 } } },
      ['filter', 'age', 'min'],
      SEARCH_MESSAGES.age,
    ],
    [
      'ids under "filter" that are not numbers',
      { filter: { ids: ['a'] } },
      ['filter', 'ids', '0'],
      SEARCH_MESSAGES.idList,
    ],
    [
      'an unknown status under "filter"',
      { filter: { status: 1 } },
      ['filter', 'status'],
      SEARCH_MESSAGES.status,
    ],
    [
      'a number as text under "filter"',
      { filter: { full_text: 5 } },
      ['filter', 'full_text'],
      SEARCH_MESSAGES.fullTextType,
    ],
  ])('answers 422 for %s', async (_label, body, path, message) => {
    const res = await search(employeeToken, body);
    expect(res.statusCode, res.body).toBe(422);
    let node = res.json().errors;
    for (const key of path) node = node?.children?.[key];
    expect(node?.errors, JSON.stringify(res.json().errors)).toEqual([message]);
  });
});

describe('the OpenAPI document', () => {
  it('describes both body shapes and ?query=', async () => {
    const res = await ctx.call({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const op = res.json().paths['/api/v1/employees/search'].post;
    const body = op.requestBody.content['application/json'].schema;
    expect(Object.keys(body.properties)).toEqual(
      expect.arrayContaining(['full_text', 'status', 'ids', 'filter']),
    );
    expect(body.additionalProperties).toBe(false);
    expect(op.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`)).toEqual(
      expect.arrayContaining(['query:query', 'query:page', 'query:limit', 'query:sort']),
    );
  });
});

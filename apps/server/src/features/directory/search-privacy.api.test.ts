import {
  type EmployeeSearchFilter,
  SEARCH_FILTER_CLASS,
  SEARCH_MESSAGES,
  SEARCH_SORT_FIELDS,
  type SearchFilterName,
} from '@hr/contracts/employee-search';
import { errorText } from '@hr/contracts/error-codes';
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

/**
 * Who may filter and sort the employee search on which fields (DESIGN.md §9):
 * every filter for every kind of caller. The person searched for has a line
 * manager, an O&O and a manager above the O&O; personal filters are theirs,
 * their managers' and HR's only, and anyone else is refused with a 403 that
 * names the filter and tells nothing about the person.
 */

let ctx: TestContext;

const ROLES = [
  'self',
  'line manager',
  'O&O',
  'manager above',
  'admin',
  'unrelated employee',
  'no token',
] as const;
type Role = (typeof ROLES)[number];
const READS_PERSONAL: Role[] = ['self', 'line manager', 'O&O', 'manager above', 'admin'];

let tokens: Record<Role, string | null>;
let people: Record<'top' | 'oo' | 'lm' | 'target' | 'unrelated' | 'admin' | 'peer', MadeEmployee>;
const lk: Record<string, number> = {};

const DOB = yearsAgo(33, 20);
const JOINED = yearsAgo(7, 30);
const monthDay = (date: string) => date.slice(5);

beforeAll(async () => {
  ctx = await setupApi();
  const f = ctx.factory;
  const top = await f.employee({ name: `Top ${tag()}` });
  const oo = await f.employee({ name: `OandO ${tag()}`, parentId: top.id });
  const lm = await f.employee({ name: `Manager ${tag()}`, parentId: oo.id });
  const target = await f.employee({ name: `Target ${tag('Pv')}`, parentId: lm.id });
  const peer = await f.employee({ name: `Peer ${tag()}`, parentId: lm.id });
  const unrelated = await f.employee({ name: `Unrelated ${tag()}` });
  const admin = await f.employee({ name: `Admin ${tag()}`, admin: true });
  people = { top, oo, lm, target, unrelated, admin, peer };
  tokens = {
    self: await f.token(target),
    'line manager': await f.token(lm),
    'O&O': await f.token(oo),
    'manager above': await f.token(top),
    admin: await f.token(admin),
    'unrelated employee': await f.token(unrelated),
    'no token': null,
  };

  for (const [key, kind, name] of [
    ['male', 'gender', 'Male'],
    ['female', 'gender', 'Female'],
    ['hinduism', 'religion', 'Hinduism'],
    ['islam', 'religion', 'Islam'],
    ['married', 'marital_status', 'Married'],
    ['single', 'marital_status', 'Single'],
    ['permanent', 'employee_status', 'Permanent'],
    ['probation', 'employee_status', 'Probation'],
    ['senior', 'level', 'Senior'],
    ['junior', 'level', 'Junior'],
    ['gradeA', 'grade', 'Grade A'],
    ['gradeC', 'grade', 'Grade C'],
    ['master', 'education_type', 'Master'],
    ['bachelor', 'education_type', 'Bachelor'],
    ['resignation', 'separation_type', 'Resignation'],
    ['retirement', 'separation_type', 'Retirement'],
    ['initiated', 'separation_status', 'Initiated'],
    ['completed', 'separation_status', 'Completed'],
  ] as const)
    lk[key] = await lookupId(ctx.db, kind, name);
  lk.mba = await examId(ctx.db, 'MBA');
  lk.ssc = await examId(ctx.db, 'SSC');
  const c1 = await makeCompany(ctx.db);
  const c2 = await makeCompany(ctx.db);
  lk.c1 = c1.id;
  lk.c2 = c2.id;
  lk.o1 = (await makeOffice(ctx.db, c1.id)).id;
  lk.o2 = (await makeOffice(ctx.db, c2.id)).id;
  const group = await makeGroup(ctx.db);
  lk.tree1 = (await makeTreeItem(ctx.db, group.id)).id;
  lk.tree2 = (await makeTreeItem(ctx.db, group.id)).id;

  await setEmployee(ctx.db, target.id, {
    genderId: lk.male,
    bloodGroup: 'AB-',
    religionId: lk.hinduism,
    maritalStatusId: lk.married,
    statusId: lk.permanent,
    levelId: lk.senior,
    gradeId: lk.gradeA,
    companyId: c1.id,
    officeId: lk.o1,
    dob: DOB,
    joiningDate: JOINED,
    confirmationDate: '2021-03-15',
  });
  // The peer differs from the target in every personal field.
  await setEmployee(ctx.db, peer.id, {
    genderId: lk.female,
    bloodGroup: 'O+',
    religionId: lk.islam,
    maritalStatusId: lk.single,
    dob: yearsAgo(45),
  });
  await addEducation(ctx.db, target.id, 'MBA');
  await addSeparation(ctx.db, target.id, 'Resignation', 'Initiated');
  await addToGroup(ctx.db, target.id, lk.tree1!);
});

const search = (role: Role, body: object, query = '') =>
  ctx.call({ method: 'POST', url: `/api/v1/employees/search${query}`, token: tokens[role], payload: body });

const idsOf = (res: { json: () => { items: { id: number }[] } }) =>
  res
    .json()
    .items.map((i) => i.id)
    .sort((a, b) => a - b);

/** Each filter with a value the target matches and one they do not. */
const FILTERS: Record<SearchFilterName, { match: () => unknown; miss: () => unknown }> = {
  full_text: { match: () => people.target.name.split(' ')[1], miss: () => tag('Nobody') },
  status: { match: () => 'enabled', miss: () => 'disabled' },
  scope: { match: () => 'all', miss: () => 'reports' },
  ids: { match: () => [people.target.id], miss: () => [99_999_999] },
  office_ids: { match: () => [lk.o1], miss: () => [lk.o2] },
  company_ids: { match: () => [lk.c1], miss: () => [lk.c2] },
  level_ids: { match: () => [lk.senior], miss: () => [lk.junior] },
  grade_ids: { match: () => [lk.gradeA], miss: () => [lk.gradeC] },
  group_tree_ids: { match: () => [lk.tree1], miss: () => [lk.tree2] },
  joining_date: { match: () => ({ from: JOINED, to: JOINED }), miss: () => ({ to: '1990-12-31' }) },
  service_years: { match: () => ({ min: 7, max: 7 }), miss: () => ({ min: 20, max: 30 }) },
  gender_ids: { match: () => [lk.male], miss: () => [lk.female] },
  blood_groups: { match: () => ['AB-'], miss: () => ['O+'] },
  religion_ids: { match: () => [lk.hinduism], miss: () => [lk.islam] },
  marital_status_ids: { match: () => [lk.married], miss: () => [lk.single] },
  employee_status_ids: { match: () => [lk.permanent], miss: () => [lk.probation] },
  confirmation_date: { match: () => ({ from: '2021-03-15' }), miss: () => ({ to: '2000-01-01' }) },
  birthday: {
    match: () => ({ from: monthDay(DOB), to: monthDay(DOB) }),
    // Six months away from the birthday.
    miss: () => {
      const d = new Date(`${DOB}T00:00:00Z`);
      d.setUTCMonth(d.getUTCMonth() + 6, 1);
      const md = d.toISOString().slice(5, 10);
      return { from: md, to: md };
    },
  },
  age: { match: () => ({ min: 33, max: 33 }), miss: () => ({ min: 50, max: 60 }) },
  education_type_ids: { match: () => [lk.master], miss: () => [lk.bachelor] },
  exam_ids: { match: () => [lk.mba], miss: () => [lk.ssc] },
  has_separation: { match: () => true, miss: () => false },
  separation_type_ids: { match: () => [lk.resignation], miss: () => [lk.retirement] },
  separation_status_ids: { match: () => [lk.initiated], miss: () => [lk.completed] },
};

const PERSONAL = (Object.keys(SEARCH_FILTER_CLASS) as SearchFilterName[]).filter(
  (name) => SEARCH_FILTER_CLASS[name] !== 'directory',
);

/** The body of a call with one filter, kept to the target (the `ids` row is its own filter). */
const bodyWith = (name: SearchFilterName, value: unknown): EmployeeSearchFilter =>
  (name === 'ids' ? { ids: value } : { ids: [people.target.id], [name]: value }) as EmployeeSearchFilter;

/** What a caller gets for the target: found, not found, refused (and with which code), or signed out. */
type Outcome = 'found' | 'none' | 'refused' | 'disabled_only_for_admins' | 'unauthorized';

function expected(name: SearchFilterName, role: Role, matching: boolean): Outcome {
  if (role === 'no token') return 'unauthorized';
  if (SEARCH_FILTER_CLASS[name] !== 'directory' && !READS_PERSONAL.includes(role)) return 'refused';
  if (name === 'status' && !matching) return role === 'admin' ? 'none' : 'disabled_only_for_admins';
  // scope=reports keeps the search to the people below the caller: the target is below their managers only.
  if (name === 'scope' && !matching)
    return ['line manager', 'O&O', 'manager above'].includes(role) ? 'found' : 'none';
  return matching ? 'found' : 'none';
}

describe('which filters are personal', () => {
  it('follows DESIGN.md §9: organisation facts are directory, everything else about the person is personal', () => {
    expect(PERSONAL.sort()).toEqual(
      [
        'gender_ids',
        'blood_groups',
        'religion_ids',
        'marital_status_ids',
        'employee_status_ids',
        'confirmation_date',
        'birthday',
        'age',
        'education_type_ids',
        'exam_ids',
        'has_separation',
        'separation_type_ids',
        'separation_status_ids',
      ].sort(),
    );
  });
});

describe('every filter for every caller', () => {
  const table = (Object.keys(FILTERS) as SearchFilterName[]).flatMap((name) =>
    ROLES.map((role) => [name, role] as const),
  );

  it.each(table)('%s, %s', async (name, role) => {
    const answers: { outcome: Outcome; body: string }[] = [];
    for (const matching of [true, false]) {
      const value = matching ? FILTERS[name].match() : FILTERS[name].miss();
      const res = await search(role, bodyWith(name, value));
      const want = expected(name, role, matching);
      answers.push({ outcome: want, body: res.body });
      switch (want) {
        case 'found':
        case 'none':
          expect(res.statusCode, res.body).toBe(200);
          expect(idsOf(res)).toEqual(want === 'found' ? [people.target.id] : []);
          break;
        case 'refused':
          expect(res.statusCode, res.body).toBe(403);
          expect(res.json()).toEqual({
            code: 403,
            error: 'private_filter_forbidden',
            message: errorText('private_filter_forbidden', { filter: name }),
            params: { filter: name },
            errors: {
              children: { [name]: { errors: [errorText('private_filter_forbidden', { filter: name })] } },
            },
          });
          break;
        case 'disabled_only_for_admins':
          expect(res.statusCode, res.body).toBe(403);
          expect(res.json().error).toBe('disabled_search_admin_only');
          break;
        case 'unauthorized':
          expect(res.statusCode).toBe(401);
          break;
      }
    }
    // A refused caller learns nothing: the answer is the same whether the person matches or not.
    if (answers.every((a) => a.outcome === 'refused')) expect(answers[0]!.body).toBe(answers[1]!.body);
  });
});

describe('every sort field for every caller', () => {
  const table = SEARCH_SORT_FIELDS.flatMap((field) => ROLES.map((role) => [field, role] as const));

  it.each(table)('sort=%s, %s', async (field, role) => {
    const res = await search(role, { ids: [people.target.id] }, `?sort=${field},asc`);
    if (role === 'no token') return expect(res.statusCode).toBe(401);
    if (field === 'dob' && !READS_PERSONAL.includes(role)) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toMatchObject({
        error: 'private_sort_forbidden',
        params: { sort: 'dob' },
        message: errorText('private_sort_forbidden', { sort: 'dob' }),
      });
      expect(res.json().items).toBeUndefined();
      return;
    }
    expect(res.statusCode, res.body).toBe(200);
    expect(idsOf(res)).toEqual([people.target.id]);
  });

  it("sorts a manager's reports by date of birth", async () => {
    for (const [sort, order] of [
      // The peer (45) is older than the target (33): born first.
      ['dob,asc', [people.peer.id, people.target.id]],
      ['dob,desc', [people.target.id, people.peer.id]],
    ] as const) {
      const res = await search('line manager', { scope: 'reports' }, `?sort=${sort}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().items.map((i: { id: number }) => i.id)).toEqual(order);
    }
    // The whole directory by date of birth is HR's only.
    expect((await search('O&O', {}, '?sort=dob,asc')).statusCode).toBe(403);
    expect((await search('admin', {}, '?sort=dob,asc')).statusCode).toBe(200);
  });
});

describe('how far a personal filter reaches', () => {
  const religion = () => ({ religion_ids: [lk.hinduism] });

  it('is refused to a manager over the whole directory, and to anyone naming a person outside their line', async () => {
    for (const role of ['line manager', 'O&O', 'manager above', 'self'] as const) {
      const res = await search(role, religion());
      expect(res.statusCode, `${role}: ${res.body}`).toBe(403);
      expect(res.json().params).toEqual({ filter: 'religion_ids' });
    }
    const mixed = await search('line manager', {
      ...religion(),
      ids: [people.target.id, people.unrelated.id],
    });
    expect(mixed.statusCode).toBe(403);
    const withManager = await search('self', { ...religion(), ids: [people.target.id, people.lm.id] });
    expect(withManager.statusCode).toBe(403);
    // An id that does not exist is nobody the caller may read.
    const unknown = await search('line manager', { ...religion(), ids: [99_999_999] });
    expect(unknown.statusCode).toBe(403);
    expect((await search('admin', { ...religion(), ids: [99_999_999] })).json().total).toBe(0);
  });

  it('is open to a manager over their reports at every depth (scope reports), and finds only those', async () => {
    for (const role of ['line manager', 'O&O', 'manager above'] as const) {
      const res = await search(role, { ...religion(), scope: 'reports' });
      expect(res.statusCode, `${role}: ${res.body}`).toBe(200);
      expect(idsOf(res)).toEqual([people.target.id]);
      const islam = await search(role, { religion_ids: [lk.islam], scope: 'reports' });
      expect(idsOf(islam)).toEqual([people.peer.id]);
    }
    // The target has no reports: their own reports-only search finds nobody.
    const own = await search('self', { ...religion(), scope: 'reports' });
    expect(own.statusCode).toBe(200);
    expect(own.json().total).toBe(0);
    // Several reports named by id, all below the caller.
    const both = await search('O&O', { ids: [people.target.id, people.peer.id], age: { min: 18, max: 62 } });
    expect(idsOf(both)).toEqual([people.target.id, people.peer.id].sort((a, b) => a - b));
  });

  it('is open to HR administrators over everyone', async () => {
    const res = await search('admin', { ...religion(), full_text: 'Target' }, '?limit=50');
    expect(res.statusCode).toBe(200);
    expect(idsOf(res)).toContain(people.target.id);
    expect(idsOf(res)).not.toContain(people.peer.id);
  });

  it('names every refused filter, and refuses before the search runs', async () => {
    const res = await search('unrelated employee', {
      ids: [people.target.id],
      birthday: { from: '01-01', to: '12-31' },
      religion_ids: [lk.hinduism],
      company_ids: [lk.c1],
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().params).toEqual({ filter: 'religion_ids, birthday' });
    expect(res.json().message).toBe(
      errorText('private_filter_forbidden', { filter: 'religion_ids, birthday' }),
    );
  });

  it('lets anyone send an empty personal filter (it restricts nothing)', async () => {
    const res = await search('unrelated employee', {
      ids: [people.target.id],
      religion_ids: [],
      age: null,
      birthday: null,
      confirmation_date: { from: null, to: null },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(idsOf(res)).toEqual([people.target.id]);
  });

  it('answers only the directory card, whoever searches', async () => {
    for (const role of ['admin', 'line manager', 'unrelated employee'] as const) {
      const [item] = (await search(role, { ids: [people.target.id] })).json().items;
      expect(Object.keys(item).sort()).toEqual(
        [
          'company',
          'designation',
          'eid',
          'email',
          'enabled',
          'id',
          'mobile',
          'name',
          'office',
          'photo',
        ].sort(),
      );
    }
  });

  it('answers 422 for an unknown scope', async () => {
    const res = await search('line manager', { scope: 'team' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.children.scope.errors).toEqual([SEARCH_MESSAGES.scope]);
  });

  it('refuses the same under "filter" (SPEC.md §7 shape)', async () => {
    const res = await search('unrelated employee', {
      filter: { ids: [people.target.id], age: { min: 30, max: 40 } },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().params).toEqual({ filter: 'age' });
  });
});

import { MESSAGES } from '@hr/contracts/messages';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  educationBody,
  examAndSubject,
  languageBody,
  lookupId,
  makeContact,
  makeEducation,
  makeMember,
  png,
  profileState,
} from '../../../test/factories/profile';
import { type MadeEmployee, setupApi, type TestContext } from '../../../test/helper';
import { educations, employees, familyMembers } from '../../db/schema';

let ctx: TestContext;

/** The people around one employee: the employee, their line manager and O&O, an HR admin and a colleague elsewhere. */
interface Cast {
  employee: MadeEmployee;
  lm: MadeEmployee;
  oo: MadeEmployee;
  admin: MadeEmployee;
  other: MadeEmployee;
  tokens: Record<Actor, string | null>;
}
type Actor = 'self' | 'line_manager' | 'one_over_one' | 'admin' | 'other' | 'nobody';
const ACTORS: Actor[] = ['self', 'line_manager', 'one_over_one', 'admin', 'other', 'nobody'];

async function cast(): Promise<Cast> {
  const { oo, lm, employee } = await ctx.factory.chain();
  const admin = await ctx.factory.employee({ admin: true });
  const other = await ctx.factory.employee({ parentId: oo.id });
  const tokens: Record<Actor, string | null> = {
    self: await ctx.factory.token(employee),
    line_manager: await ctx.factory.token(lm),
    one_over_one: await ctx.factory.token(oo),
    admin: await ctx.factory.token(admin),
    other: await ctx.factory.token(other),
    nobody: null,
  };
  return { employee, lm, oo, admin, other, tokens };
}

let c: Cast;
beforeAll(async () => {
  ctx = await setupApi();
  c = await cast();
});

const url = (id: number, path = '') => `/api/v1/employees/${id}${path ? `/${path}` : ''}`;

describe('GET employees/{id}: who sees what', () => {
  const table: [Actor, number, 'full' | 'card' | null][] = [
    ['self', 200, 'full'],
    ['line_manager', 200, 'full'],
    ['one_over_one', 200, 'full'],
    ['admin', 200, 'full'],
    ['other', 200, 'card'],
    ['nobody', 401, null],
  ];
  it.each(table)('%s → %i %s', async (actor, status, view) => {
    const res = await ctx.call({ method: 'GET', url: url(c.employee.id), token: c.tokens[actor] });
    expect(res.statusCode).toBe(status);
    if (!view) return;
    const body = res.json();
    expect(body.view).toBe(view);
    expect(body).toMatchObject({ id: c.employee.id, eid: c.employee.eid, name: c.employee.name });
    if (view === 'card') {
      // Only the directory card's fields, and what the viewer may do.
      expect(Object.keys(body).sort()).toEqual(
        [
          'company',
          'designation',
          'email',
          'eid',
          'id',
          'mobile',
          'name',
          'office',
          'permissions',
          'photo',
          'view',
        ].sort(),
      );
      expect(body.permissions).toMatchObject({
        relation: 'other',
        view: 'card',
        admin: false,
        activities: false,
      });
    } else {
      expect(body.parent).toMatchObject({ id: c.lm.id });
      expect(body.one_over_one).toMatchObject({ id: c.oo.id });
      expect(body.family.members).toEqual([]);
    }
  });

  it('tells each viewer what they may change', async () => {
    const perms = async (actor: Actor) =>
      (await ctx.call({ method: 'GET', url: url(c.employee.id), token: c.tokens[actor] })).json().permissions;
    const self = await perms('self');
    expect(self).toMatchObject({ relation: 'self', is_admin: false, admin: false, impersonate: false });
    expect(self.edit).toMatchObject({
      address: true,
      educations: true,
      photo: true,
      files: true,
      basic: false,
      general: false,
      histories: false,
      separation: false,
    });
    const lm = await perms('line_manager');
    expect(Object.values(lm.edit).every((v) => v === false)).toBe(true);
    expect(lm).toMatchObject({ relation: 'line_manager', view: 'full', activities: true });
    const admin = await perms('admin');
    expect(Object.values(admin.edit).every((v) => v === true)).toBe(true);
    expect(admin).toMatchObject({ relation: 'other', is_admin: true, admin: true, impersonate: true });
  });

  it('answers 404 for an unknown employee and 400 for a bad id', async () => {
    expect((await ctx.call({ method: 'GET', url: url(99_999_999), token: c.tokens.self })).statusCode).toBe(
      404,
    );
    expect(
      (await ctx.call({ method: 'GET', url: '/api/v1/employees/abc', token: c.tokens.self })).statusCode,
    ).toBe(400);
  });
});

/** One call per action, with a body that is valid for it. */
interface Action {
  name: string;
  method: 'POST' | 'PATCH';
  path: (employeeId: number) => string;
  body: () => Promise<object>;
  allowed: Actor[];
}

const OWN_AND_HR: Actor[] = ['self', 'admin'];
const HR: Actor[] = ['admin'];

const ACTIONS: Action[] = [
  {
    name: 'main details',
    method: 'PATCH',
    path: (id) => url(id),
    body: async () => {
      const [e] = await ctx.db.select().from(employees).where(eq(employees.id, c.employee.id));
      return {
        name: 'Tanvir Ahmed Khan',
        eid: e!.eid,
        mobile: '01812345678',
        email: 'tanvir@meghna.example',
        blood_group: 'B+',
        designation: 'Senior Engineer',
      };
    },
    allowed: HR,
  },
  {
    name: 'general',
    method: 'PATCH',
    path: (id) => url(id, 'general'),
    body: async () => ({
      nationality: 'Bangladeshi',
      dob: '1994-03-21',
      gender_id: await lookupId(ctx.db, 'gender', 'Male'),
    }),
    allowed: HR,
  },
  {
    name: 'address',
    method: 'PATCH',
    path: (id) => url(id, 'address'),
    body: async () => ({ present: 'House 7, Road 3, Dhanmondi, Dhaka', permanent: 'Comilla Sadar' }),
    allowed: OWN_AND_HR,
  },
  {
    name: 'family',
    method: 'PATCH',
    path: (id) => url(id, 'family'),
    body: async () => ({
      father_name: 'Abdul Ahmed',
      marital_status_id: await lookupId(ctx.db, 'marital_status', 'Married'),
    }),
    allowed: OWN_AND_HR,
  },
  {
    name: 'family member',
    method: 'POST',
    path: (id) => url(id, 'family/members'),
    body: async () => ({ name: 'Ayesha Siddika', relation: 'Spouse' }),
    allowed: OWN_AND_HR,
  },
  {
    name: 'reference',
    method: 'POST',
    path: (id) => url(id, 'references'),
    body: async () => ({ name: 'Professor Rafiqul Islam', mobile: '01911223344' }),
    allowed: OWN_AND_HR,
  },
  {
    name: 'contact',
    method: 'POST',
    path: (id) => url(id, 'contacts'),
    body: async () => ({ name: 'Salma Ahmed', mobile: '01555667788', emergency: true }),
    allowed: OWN_AND_HR,
  },
  {
    name: 'history',
    method: 'POST',
    path: (id) => url(id, 'histories'),
    body: async () => ({
      company: 'Brain Station 23',
      designation: 'Engineer',
      from: '2016-01-01',
      to: '2019-06-30',
    }),
    allowed: HR,
  },
  {
    name: 'achievement',
    method: 'POST',
    path: (id) => url(id, 'achievements'),
    body: async () => ({ name: 'Employee of the year', date: '2023-12-20' }),
    allowed: OWN_AND_HR,
  },
  {
    name: 'training',
    method: 'POST',
    path: (id) => url(id, 'trainings'),
    body: async () => ({ name: 'AWS Cloud Practitioner', type: 'Online' }),
    allowed: OWN_AND_HR,
  },
  {
    name: 'skill',
    method: 'POST',
    path: (id) => url(id, 'skills'),
    body: async () => ({ name: 'TypeScript', efficiency: 4 }),
    allowed: OWN_AND_HR,
  },
  {
    name: 'education',
    method: 'POST',
    path: (id) => url(id, 'educations'),
    body: () => educationBody(ctx.db),
    allowed: OWN_AND_HR,
  },
  {
    name: 'language',
    method: 'POST',
    path: (id) => url(id, 'languages'),
    body: () => languageBody(ctx.db),
    allowed: OWN_AND_HR,
  },
  {
    name: 'separation',
    method: 'PATCH',
    path: (id) => url(id, 'separation'),
    body: async () => ({ resign_date: '2025-01-05', cert_issued: false }),
    allowed: HR,
  },
  {
    name: 'photo',
    method: 'PATCH',
    path: (id) => `/api/v1/employees/photo/${id}`,
    body: async () => ({ photo: (await png()).toString('base64') }),
    allowed: OWN_AND_HR,
  },
  {
    name: 'document',
    method: 'POST',
    path: (id) => url(id, 'files'),
    body: async () => ({
      name: 'NID copy',
      file_name: 'nid.txt',
      file: Buffer.from('NID 1994 2693 1234 567').toString('base64'),
    }),
    allowed: OWN_AND_HR,
  },
];

describe('changing a profile: the policy, action by actor', () => {
  const cases = ACTIONS.flatMap((action) => ACTORS.map((actor) => [action.name, actor, action] as const));
  it.each(cases)('%s by %s', async (_name, actor, action) => {
    const before = await profileState(ctx.db, c.employee.id);
    const res = await ctx.call({
      method: action.method,
      url: action.path(c.employee.id),
      payload: await action.body(),
      token: c.tokens[actor],
    });
    if (action.allowed.includes(actor)) {
      expect(res.statusCode, res.body).toBeLessThan(300);
      expect(await profileState(ctx.db, c.employee.id)).not.toEqual(before);
    } else {
      expect(res.statusCode).toBe(actor === 'nobody' ? 401 : 403);
      expect(await profileState(ctx.db, c.employee.id)).toEqual(before);
    }
  });
});

describe('changing and removing items: the policy, action by actor', () => {
  const cases = ACTORS.flatMap((actor) =>
    (['PATCH', 'DELETE'] as const).map((method) => [method, actor] as const),
  );
  it.each(cases)('%s a family member by %s', async (method, actor) => {
    const member = await makeMember(ctx.db, c.employee.id);
    const before = await profileState(ctx.db, c.employee.id);
    const res = await ctx.call({
      method,
      url: url(c.employee.id, `family/members/${member.id}`),
      ...(method === 'PATCH' ? { payload: { name: 'Rahima Khatun', relation: 'Mother' } } : {}),
      token: c.tokens[actor],
    });
    const [row] = await ctx.db.select().from(familyMembers).where(eq(familyMembers.id, member.id));
    if (OWN_AND_HR.includes(actor)) {
      expect(res.statusCode, res.body).toBe(200);
      if (method === 'PATCH') expect(row?.name).toBe('Rahima Khatun');
      else expect(row).toBeUndefined();
    } else {
      expect(res.statusCode).toBe(actor === 'nobody' ? 401 : 403);
      expect(row?.name).toBe('Rahima Begum');
      expect(await profileState(ctx.db, c.employee.id)).toEqual(before);
    }
  });

  it('changes with the id in the body too (PATCH employees/{id}/{sub})', async () => {
    const member = await makeMember(ctx.db, c.employee.id);
    const res = await ctx.call({
      method: 'PATCH',
      url: url(c.employee.id, 'family/members'),
      payload: { id: member.id, name: 'Rahima Sultana', relation: 'Mother' },
      token: c.tokens.self,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: member.id, name: 'Rahima Sultana' });
    const bad = await ctx.call({
      method: 'PATCH',
      url: url(c.employee.id, 'family/members'),
      payload: { name: 'Rahima Sultana' },
      token: c.tokens.self,
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.children.id.errors).toEqual(['Item must not be empty']);
  });

  it('deletes with the id in the body too', async () => {
    const contact = await makeContact(ctx.db, c.employee.id, 'reference');
    const res = await ctx.call({
      method: 'DELETE',
      url: url(c.employee.id, 'references'),
      payload: { id: contact.id },
      token: c.tokens.self,
    });
    expect(res.statusCode).toBe(200);
    const again = await ctx.call({
      method: 'DELETE',
      url: url(c.employee.id, 'references'),
      payload: { id: contact.id },
      token: c.tokens.self,
    });
    expect(again.statusCode).toBe(404);
  });
});

describe("someone else's items", () => {
  it("PATCH my educations with the id of someone else's education is a 404, and theirs is unchanged", async () => {
    const theirs = await makeEducation(ctx.db, c.other.id);
    const res = await ctx.call({
      method: 'PATCH',
      url: url(c.employee.id, `educations/${theirs.id}`),
      payload: { ...(await educationBody(ctx.db)), institute: 'Hijacked Institute' },
      token: c.tokens.self,
    });
    expect(res.statusCode).toBe(404);
    const [row] = await ctx.db.select().from(educations).where(eq(educations.id, theirs.id));
    expect(row).toEqual(theirs);
  });

  it("DELETE of someone else's item through my profile is a 404; through theirs a 403", async () => {
    const theirs = await makeMember(ctx.db, c.other.id);
    const mine = await ctx.call({
      method: 'DELETE',
      url: url(c.employee.id, `family/members/${theirs.id}`),
      token: c.tokens.self,
    });
    expect(mine.statusCode).toBe(404);
    const direct = await ctx.call({
      method: 'DELETE',
      url: url(c.other.id, `family/members/${theirs.id}`),
      token: c.tokens.self,
    });
    expect(direct.statusCode).toBe(403);
    expect(await ctx.db.select().from(familyMembers).where(eq(familyMembers.id, theirs.id))).toHaveLength(1);
  });

  it('a reference cannot be changed through the contacts path', async () => {
    const reference = await makeContact(ctx.db, c.employee.id, 'reference');
    const res = await ctx.call({
      method: 'PATCH',
      url: url(c.employee.id, `contacts/${reference.id}`),
      payload: { name: 'Someone Else', mobile: '01711111111' },
      token: c.tokens.self,
    });
    expect(res.statusCode).toBe(404);
  });

  it('unknown item ids and employees are 404s', async () => {
    const res = await ctx.call({
      method: 'PATCH',
      url: url(c.employee.id, 'skills/99999999'),
      payload: { name: 'Go' },
      token: c.tokens.self,
    });
    expect(res.statusCode).toBe(404);
    const noOne = await ctx.call({
      method: 'POST',
      url: url(99_999_999, 'skills'),
      payload: { name: 'Go' },
      token: c.tokens.admin,
    });
    expect(noOne.statusCode).toBe(404);
  });
});

describe('validation (SPEC.md §5): 422 with the exact message, nothing saved', () => {
  const base = {
    basic: async () => {
      const [e] = await ctx.db.select().from(employees).where(eq(employees.id, c.employee.id));
      return { name: 'Tanvir Ahmed', eid: e!.eid, mobile: '01712345678', email: null };
    },
    member: async () => ({ name: 'Ayesha Siddika' }),
    language: () => languageBody(ctx.db),
    education: () => educationBody(ctx.db),
  };
  type Rule = [string, keyof typeof base, string, Record<string, unknown>, string, string];
  const rules: Rule[] = [
    ['name missing', 'basic', '', { name: '' }, 'name', MESSAGES.nameRequired],
    ['name too short', 'basic', '', { name: 'Ana' }, 'name', MESSAGES.profileNameLength],
    ['name too long', 'basic', '', { name: 'N'.repeat(51) }, 'name', MESSAGES.profileNameLength],
    ['mobile missing', 'basic', '', { mobile: '' }, 'mobile', MESSAGES.mobileRequired],
    ['mobile with letters', 'basic', '', { mobile: '01712abc678' }, 'mobile', MESSAGES.mobileDigits],
    ['mobile of 10 digits', 'basic', '', { mobile: '0171234567' }, 'mobile', MESSAGES.mobileLength],
    ['mobile 010…', 'basic', '', { mobile: '01012345678' }, 'mobile', MESSAGES.mobileInvalid],
    ['mobile 012…', 'basic', '', { mobile: '01234567890' }, 'mobile', MESSAGES.mobileInvalid],
    ['mobile not starting 01', 'basic', '', { mobile: '02712345678' }, 'mobile', MESSAGES.mobileInvalid],
    ['bad e-mail', 'basic', '', { email: 'tanvir@' }, 'email', MESSAGES.emailInvalid],
    ['E-ID missing', 'basic', '', { eid: '' }, 'eid', MESSAGES.profileEidRequired],
    ['member name too short', 'member', 'family/members', { name: 'Abc' }, 'name', MESSAGES.memberNameLength],
    [
      'member name too long',
      'member',
      'family/members',
      { name: 'M'.repeat(31) },
      'name',
      MESSAGES.memberNameLength,
    ],
    [
      'member mobile invalid',
      'member',
      'family/members',
      { mobile: '01234567890' },
      'mobile',
      MESSAGES.mobileInvalid,
    ],
    ['language name too short', 'language', 'languages', { name: 'Eng' }, 'name', MESSAGES.profileNameLength],
    [
      'language name too long',
      'language',
      'languages',
      { name: 'L'.repeat(51) },
      'name',
      MESSAGES.profileNameLength,
    ],
    [
      'writing missing',
      'language',
      'languages',
      { writing_id: undefined },
      'writing_id',
      MESSAGES.writingRequired,
    ],
    [
      'reading missing',
      'language',
      'languages',
      { reading_id: null },
      'reading_id',
      MESSAGES.readingRequired,
    ],
    [
      'speaking missing',
      'language',
      'languages',
      { speaking_id: undefined },
      'speaking_id',
      MESSAGES.speakingRequired,
    ],
    [
      'institute missing',
      'education',
      'educations',
      { institute: '' },
      'institute',
      MESSAGES.instituteRequired,
    ],
    [
      'institute too short',
      'education',
      'educations',
      { institute: 'DU' },
      'institute',
      MESSAGES.instituteLength,
    ],
    [
      'institute too long',
      'education',
      'educations',
      { institute: 'I'.repeat(101) },
      'institute',
      MESSAGES.instituteLength,
    ],
    ['exam missing', 'education', 'educations', { exam_id: undefined }, 'exam_id', MESSAGES.examRequired],
    [
      'type missing',
      'education',
      'educations',
      { type_id: undefined },
      'type_id',
      MESSAGES.educationTypeRequired,
    ],
    [
      'passing year missing',
      'education',
      'educations',
      { passing_year: undefined },
      'passing_year',
      MESSAGES.passingYearRequired,
    ],
    [
      'duration missing',
      'education',
      'educations',
      { duration: undefined },
      'duration',
      MESSAGES.durationRequired,
    ],
    ['duration 0', 'education', 'educations', { duration: 0 }, 'duration', MESSAGES.durationMin],
    [
      'duration type missing',
      'education',
      'educations',
      { duration_unit_id: undefined },
      'duration_unit_id',
      MESSAGES.durationUnitRequired,
    ],
    [
      'subject missing',
      'education',
      'educations',
      { subject_id: undefined },
      'subject_id',
      MESSAGES.subjectRequired,
    ],
    [
      'certificate no missing',
      'education',
      'educations',
      { certificate_no: ' ' },
      'certificate_no',
      MESSAGES.certificateRequired,
    ],
    ['result missing', 'education', 'educations', { result: undefined }, 'result', MESSAGES.resultRequired],
  ];

  it.each(rules)('%s', async (_label, kind, path, change, field, message) => {
    const body = { ...(await base[kind]()), ...change };
    const before = await profileState(ctx.db, c.employee.id);
    const res = await ctx.call({
      method: kind === 'basic' ? 'PATCH' : 'POST',
      url: url(c.employee.id, path),
      payload: body,
      token: c.tokens.admin,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.children[field].errors).toEqual([message]);
    expect(await profileState(ctx.db, c.employee.id)).toEqual(before);
  });

  it('refuses ids that point at the wrong list: a subject of another exam, a level as a language skill', async () => {
    const body = await educationBody(ctx.db);
    const hscSubject = (await examAndSubject(ctx.db, 'HSC')).subjectId;
    const hsc = await ctx.call({
      method: 'POST',
      url: url(c.employee.id, 'educations'),
      payload: { ...body, subject_id: hscSubject },
      token: c.tokens.self,
    });
    expect(hsc.statusCode).toBe(422);
    expect(hsc.json().errors.children.subject_id.errors).toEqual([MESSAGES.choiceInvalid]);
    const lang = await ctx.call({
      method: 'POST',
      url: url(c.employee.id, 'languages'),
      payload: { ...(await languageBody(ctx.db)), writing_id: await lookupId(ctx.db, 'gender', 'Male') },
      token: c.tokens.self,
    });
    expect(lang.statusCode).toBe(422);
    expect(lang.json().errors.children.writing_id.errors).toEqual([MESSAGES.choiceInvalid]);
  });

  it('refuses an E-ID someone else has', async () => {
    const res = await ctx.call({
      method: 'PATCH',
      url: url(c.employee.id),
      payload: { name: 'Tanvir Ahmed', eid: c.other.eid, mobile: '01712345678' },
      token: c.tokens.admin,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.children.eid.errors).toEqual([MESSAGES.eidTaken]);
  });
});

describe('the sections come back as the profile shows them', () => {
  it('an added education answers with names, and the profile lists it', async () => {
    const { employee } = await ctx.factory.chain();
    const token = await ctx.factory.token(employee);
    const body = await educationBody(ctx.db);
    const res = await ctx.call({ method: 'POST', url: url(employee.id, 'educations'), payload: body, token });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      institute: 'University of Dhaka',
      exam: { name: 'BSc' },
      duration_unit: { name: 'Year' },
      passing_year: 2015,
    });
    const profile = (await ctx.call({ method: 'GET', url: url(employee.id), token })).json();
    expect(profile.educations).toHaveLength(1);

    const changed = await ctx.call({
      method: 'PATCH',
      url: url(employee.id, `educations/${res.json().id}`),
      payload: { ...body, result: 'CGPA 3.80' },
      token,
    });
    expect(changed.json().result).toBe('CGPA 3.80');
  });

  it('a main details change renames the user, so the employee signs in with the new E-ID', async () => {
    const person = await ctx.factory.employee();
    const res = await ctx.call({
      method: 'PATCH',
      url: url(person.id),
      payload: {
        name: 'Shirin Akter',
        eid: `${person.eid}X`,
        mobile: '01612345678',
        designation: 'Data Analyst',
      },
      token: c.tokens.admin,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Shirin Akter',
      designation: 'Data Analyst',
      mobile: '01612345678',
    });
    await ctx.factory.login({ eid: `${person.eid}X`, password: person.password });
  });

  it('family, address, general and separation answer their section', async () => {
    const family = await ctx.call({
      method: 'PATCH',
      url: url(c.employee.id, 'family'),
      payload: { father_name: 'Abdul Ahmed', mother_name: '', marriage_date: '2020-02-14' },
      token: c.tokens.self,
    });
    expect(family.json()).toMatchObject({
      father_name: 'Abdul Ahmed',
      mother_name: null,
      marriage_date: '2020-02-14',
    });
    const general = await ctx.call({
      method: 'PATCH',
      url: url(c.employee.id, 'general'),
      payload: { joining_date: '2021-03-01', confirmation_date: '2021-01-01' },
      token: c.tokens.admin,
    });
    expect(general.statusCode).toBe(422);
    expect(general.json().errors.children.confirmation_date.errors).toEqual([
      MESSAGES.confirmationBeforeJoining,
    ]);
    const separation = await ctx.call({
      method: 'PATCH',
      url: url(c.employee.id, 'separation'),
      payload: {
        resign_date: '2025-01-05',
        last_working_date: '2025-02-04',
        type_id: await lookupId(ctx.db, 'separation_type', 'Resignation'),
      },
      token: c.tokens.admin,
    });
    expect(separation.json()).toMatchObject({
      last_working_date: '2025-02-04',
      type: { name: 'Resignation' },
    });
  });
});

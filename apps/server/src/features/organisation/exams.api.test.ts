import { ADMIN_MESSAGES } from '@hr/contracts/admin';
import { ORGANISATION_MESSAGES } from '@hr/contracts/organisation';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { lookupId, tag } from '../../../test/factories/directory';
import { type Cast, setupApi, type TestContext } from '../../../test/helper';
import { auditLog, educations, examSubjects, exams } from '../../db/schema';
import { ORGANISATION_TEXT } from './organisation.service';

let ctx: TestContext;
let cast: Cast;
let bachelor: number;
let master: number;

const ROLES = ['employee', 'lm', 'oo', 'peer', 'stranger', 'admin', 'no token'] as const;
type Role = (typeof ROLES)[number];
const token = (role: Role) => (role === 'no token' ? null : cast.tokens[role]);
const refused = (role: Role) => (role === 'no token' ? 401 : 403);
const url = '/api/v1/employees/educations/exams';

beforeAll(async () => {
  ctx = await setupApi();
  cast = await ctx.factory.cast();
  bachelor = await lookupId(ctx.db, 'education_type', 'Bachelor');
  master = await lookupId(ctx.db, 'education_type', 'Master');
});

/** An exam of the Bachelor type with these subjects. */
async function makeExam(name = tag('Exam '), subjects: string[] = [], enabled = true) {
  const [exam] = await ctx.db.insert(exams).values({ name, educationTypeId: bachelor, enabled }).returning();
  const rows =
    subjects.length > 0
      ? await ctx.db
          .insert(examSubjects)
          .values(subjects.map((s) => ({ examId: exam!.id, name: s })))
          .returning()
      : [];
  return { ...exam!, subjects: rows };
}

/** An education of an employee with this exam and subject. */
async function educate(examId: number, subjectId: number) {
  const employee = await ctx.factory.employee();
  await ctx.db.insert(educations).values({
    employeeId: employee.id,
    institute: 'Test Institute',
    examId,
    typeId: bachelor,
    passingYear: 2015,
    duration: 4,
    durationUnitId: await lookupId(ctx.db, 'duration_unit', 'Year'),
    subjectId,
    certificateNo: tag('C'),
    result: 'First class',
  });
}

const examRow = async (id: number) => (await ctx.db.select().from(exams).where(eq(exams.id, id)))[0];
const allExams = () => ctx.db.select().from(exams).orderBy(exams.id);
const subjectsOf = (examId: number) =>
  ctx.db.select().from(examSubjects).where(eq(examSubjects.examId, examId)).orderBy(examSubjects.id);
const audits = (entity: string, id: number, action: string) =>
  ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, id), eq(auditLog.action, action)));

describe('GET employees/educations/exams', () => {
  it('answers the enabled exams with type and subjects (what the education form reads) to anyone signed in', async () => {
    const e = await makeExam(tag('MSc '), ['Physics', 'Chemistry']);
    await ctx.db.update(exams).set({ educationTypeId: master }).where(eq(exams.id, e.id));
    const off = await makeExam(tag('Old '), [], false);
    await educate(e.id, e.subjects[0]!.id);
    for (const role of ROLES.filter((r) => r !== 'no token')) {
      const res = await ctx.call({ method: 'GET', url, token: token(role) });
      expect(res.statusCode).toBe(200);
      const body: { id: number; name: string }[] = res.json();
      expect(body.find((x) => x.id === e.id)).toEqual({
        id: e.id,
        name: e.name,
        type_id: master,
        type: { id: master, name: 'Master' },
        enabled: true,
        educations_count: 1,
        subjects: [
          { id: e.subjects[1]!.id, name: 'Chemistry', educations_count: 0, name_translations: {} },
          { id: e.subjects[0]!.id, name: 'Physics', educations_count: 1, name_translations: {} },
        ],
        name_translations: {},
      });
      expect(body.map((x) => x.id)).not.toContain(off.id);
      // The seeded exams, in the order they were made.
      expect(body.slice(0, 2).map((x) => x.name)).toEqual(['SSC', 'HSC']);
    }
    const everything = await ctx.call({ method: 'GET', url: `${url}?all=true`, token: cast.tokens.admin });
    expect(everything.json().map((x: { id: number }) => x.id)).toContain(off.id);
    expect((await ctx.call({ method: 'GET', url })).statusCode).toBe(401);
  });

  it('pages, sorts and searches when asked', async () => {
    const word = tag('Cert');
    for (const n of ['B', 'A']) await makeExam(`${word} ${n}`);
    const res = await ctx.call({
      method: 'GET',
      url: `${url}?search=${word}&sort=name,asc&page=1&limit=10`,
      token: cast.tokens.admin,
    });
    expect(res.json()).toMatchObject({ count: 2, total: 2 });
    expect(res.json().items.map((x: { name: string }) => x.name)).toEqual([`${word} A`, `${word} B`]);
  });

  it('answers one exam by id and 404 for an unknown one', async () => {
    const e = await makeExam(undefined, ['Accounting']);
    const res = await ctx.call({ method: 'GET', url: `${url}/${e.id}`, token: cast.tokens.employee });
    expect(res.json()).toMatchObject({ id: e.id, subjects: [{ name: 'Accounting' }] });
    const missing = await ctx.call({ method: 'GET', url: `${url}/99999999`, token: cast.tokens.employee });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('This exam does not exist.');
  });
});

describe('POST employees/educations/exams', () => {
  it('adds an exam of an education type and audits it', async () => {
    const name = tag('CA ');
    const res = await ctx.call({
      method: 'POST',
      url,
      token: cast.tokens.admin,
      payload: { name, type_id: master },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      name,
      type_id: master,
      type: { id: master, name: 'Master' },
      enabled: true,
      educations_count: 0,
      subjects: [],
      name_translations: {},
    });
    expect(await examRow(res.json().id)).toMatchObject({ name, educationTypeId: master });
    expect(await audits('exam', res.json().id, 'create')).toHaveLength(1);
  });

  it.each<[string, object, string, string]>([
    ['a missing name', {}, 'name', ADMIN_MESSAGES.nameRequired],
    ['a name of 101 letters', { name: 'E'.repeat(101) }, 'name', ADMIN_MESSAGES.nameLength],
    ['a name taken (any case)', { name: 'bsc' }, 'name', ORGANISATION_MESSAGES.examNameTaken],
    [
      'a missing education type',
      { name: 'Good Exam', type_id: undefined },
      'type_id',
      ORGANISATION_MESSAGES.educationTypeRequired,
    ],
    [
      'an unknown education type',
      { name: 'Good Exam', type_id: 99_999 },
      'type_id',
      ORGANISATION_MESSAGES.educationTypeUnknown,
    ],
    [
      'a lookup of another kind (a gender)',
      { name: 'Good Exam', type_id: 1 },
      'type_id',
      ORGANISATION_MESSAGES.educationTypeUnknown,
    ],
    ['enabled as text', { name: 'Good Exam', enabled: 'on' }, 'enabled', ADMIN_MESSAGES.enabled],
  ])('answers 422 for %s and adds nothing', async (_label, body, field, message) => {
    const before = await allExams();
    const res = await ctx.call({
      method: 'POST',
      url,
      token: cast.tokens.admin,
      payload: { type_id: bachelor, ...body },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.children[field].errors).toEqual([message]);
    expect(await allExams()).toEqual(before);
  });

  it.each(ROLES.map((r) => [r] as const))('%s', async (role) => {
    const name = tag('Role exam ');
    const res = await ctx.call({
      method: 'POST',
      url,
      token: token(role),
      payload: { name, type_id: bachelor },
    });
    expect(res.statusCode).toBe(role === 'admin' ? 201 : refused(role));
    expect(await ctx.db.select().from(exams).where(eq(exams.name, name))).toHaveLength(
      role === 'admin' ? 1 : 0,
    );
  });
});

describe('PATCH employees/educations/exams/{id}', () => {
  it('changes the type and disables an exam, and audits the change', async () => {
    const e = await makeExam();
    const res = await ctx.call({
      method: 'PATCH',
      url: `${url}/${e.id}`,
      token: cast.tokens.admin,
      payload: { type_id: master, enabled: false },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ type_id: master, enabled: false });
    const [audit] = await audits('exam', e.id, 'update');
    expect(audit?.data).toEqual({
      changes: { type_id: { before: bachelor, after: master }, enabled: { before: true, after: false } },
      fields: ['type_id', 'enabled'],
    });
  });

  it('refuses a taken name, an unknown type and an unknown exam, changing nothing', async () => {
    const e = await makeExam();
    const before = await examRow(e.id);
    const patch = (id: number, payload: object) =>
      ctx.call({ method: 'PATCH', url: `${url}/${id}`, token: cast.tokens.admin, payload });
    const clash = await patch(e.id, { name: 'HSC' });
    expect(clash.json().errors.children.name.errors).toEqual([ORGANISATION_MESSAGES.examNameTaken]);
    const type = await patch(e.id, { type_id: 99_999 });
    expect(type.json().errors.children.type_id.errors).toEqual([ORGANISATION_MESSAGES.educationTypeUnknown]);
    expect((await patch(99_999_999, { name: 'Nothing' })).statusCode).toBe(404);
    expect(await examRow(e.id)).toEqual(before);
  });

  it.each(ROLES.map((r) => [r] as const))('%s', async (role) => {
    const e = await makeExam();
    const res = await ctx.call({
      method: 'PATCH',
      url: `${url}/${e.id}`,
      token: token(role),
      payload: { enabled: false },
    });
    expect(res.statusCode).toBe(role === 'admin' ? 200 : refused(role));
    expect((await examRow(e.id))?.enabled).toBe(role !== 'admin');
  });
});

describe('DELETE employees/educations/exams', () => {
  it('deletes an exam no education uses, with its subjects (by id or { exam_id }), and audits it', async () => {
    const e = await makeExam(undefined, ['One', 'Two']);
    const res = await ctx.call({ method: 'DELETE', url: `${url}/${e.id}`, token: cast.tokens.admin });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(`${e.name} has been successfully deleted!`);
    expect(await examRow(e.id)).toBeUndefined();
    expect(await subjectsOf(e.id)).toEqual([]);
    expect(await audits('exam', e.id, 'delete')).toHaveLength(1);
    const f = await makeExam();
    const byBody = await ctx.call({
      method: 'DELETE',
      url,
      token: cast.tokens.admin,
      payload: { exam_id: f.id },
    });
    expect(byBody.statusCode).toBe(200);
    expect(await examRow(f.id)).toBeUndefined();
  });

  it('refuses with 409 while educations use it, saying how many', async () => {
    const e = await makeExam(tag('Busy '), ['Law']);
    await educate(e.id, e.subjects[0]!.id);
    await educate(e.id, e.subjects[0]!.id);
    const res = await ctx.call({ method: 'DELETE', url: `${url}/${e.id}`, token: cast.tokens.admin });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(ORGANISATION_TEXT.examInUse(e.name, 2));
    expect(res.json().message).toBe(
      `${e.name} cannot be deleted: 2 educations of employees use it. Disable it instead.`,
    );
    expect(await examRow(e.id)).toBeDefined();
    expect(await subjectsOf(e.id)).toHaveLength(1);
  });

  it('answers 404 for an unknown exam and 422 for a bad body', async () => {
    expect(
      (await ctx.call({ method: 'DELETE', url: `${url}/99999999`, token: cast.tokens.admin })).statusCode,
    ).toBe(404);
    const bad = await ctx.call({
      method: 'DELETE',
      url,
      token: cast.tokens.admin,
      payload: { exam_id: 'one' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.children.exam_id.errors).toEqual([ORGANISATION_MESSAGES.examId]);
  });

  it.each(ROLES.map((r) => [r] as const))('%s', async (role) => {
    const e = await makeExam();
    const res = await ctx.call({ method: 'DELETE', url: `${url}/${e.id}`, token: token(role) });
    expect(res.statusCode).toBe(role === 'admin' ? 200 : refused(role));
    expect(Boolean(await examRow(e.id))).toBe(role !== 'admin');
  });
});

describe('POST employees/educations/exams/{id}/subjects', () => {
  const add = (role: Role, examId: number, payload: object) =>
    ctx.call({ method: 'POST', url: `${url}/${examId}/subjects`, token: token(role), payload });

  it('adds a subject to an exam and audits it', async () => {
    const e = await makeExam();
    const res = await add('admin', e.id, { name: '  Marketing  ' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      exam_id: e.id,
      name: 'Marketing',
      educations_count: 0,
      name_translations: {},
    });
    expect((await subjectsOf(e.id)).map((s) => s.name)).toEqual(['Marketing']);
    const [audit] = await audits('exam_subject', res.json().id, 'create');
    expect(audit?.data).toMatchObject({ exam_id: e.id, name: 'Marketing' });
  });

  it('allows a name another exam has', async () => {
    const e = await makeExam();
    expect((await add('admin', e.id, { name: 'Science' })).statusCode).toBe(201);
  });

  it.each<[string, object, string, string]>([
    ['a missing name', {}, 'name', ADMIN_MESSAGES.nameRequired],
    ['a name of 101 letters', { name: 'S'.repeat(101) }, 'name', ADMIN_MESSAGES.nameLength],
    ['a name that is a number', { name: 7 }, 'name', ADMIN_MESSAGES.nameType],
    ['a name the exam has (any case)', { name: 'FINANCE' }, 'name', ORGANISATION_MESSAGES.subjectNameTaken],
  ])('answers 422 for %s and adds nothing', async (_label, body, field, message) => {
    const e = await makeExam(undefined, ['Finance']);
    const before = await subjectsOf(e.id);
    const res = await add('admin', e.id, body);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.children[field].errors).toEqual([message]);
    expect(await subjectsOf(e.id)).toEqual(before);
  });

  it('answers 404 for an unknown exam and 400 for a bad id', async () => {
    const missing = await add('admin', 99_999_999, { name: 'Nowhere' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('This exam does not exist.');
    expect(
      (
        await ctx.call({
          method: 'POST',
          url: `${url}/x/subjects`,
          token: cast.tokens.admin,
          payload: { name: 'Xy' },
        })
      ).statusCode,
    ).toBe(400);
  });

  it.each(ROLES.map((r) => [r] as const))('%s', async (role) => {
    const e = await makeExam();
    const res = await add(role, e.id, { name: 'Statistics' });
    expect(res.statusCode).toBe(role === 'admin' ? 201 : refused(role));
    expect(await subjectsOf(e.id)).toHaveLength(role === 'admin' ? 1 : 0);
  });
});

describe('DELETE employees/educations/exams/subjects', () => {
  const remove = (role: Role, payload: object) =>
    ctx.call({ method: 'DELETE', url: `${url}/subjects`, token: token(role), payload });

  it('deletes a subject no education uses and audits it', async () => {
    const e = await makeExam(undefined, ['Drop me', 'Keep me']);
    const res = await remove('admin', { subject_id: e.subjects[0]!.id });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Drop me has been successfully deleted!');
    expect((await subjectsOf(e.id)).map((s) => s.name)).toEqual(['Keep me']);
    const [audit] = await audits('exam_subject', e.subjects[0]!.id, 'delete');
    expect(audit?.data).toMatchObject({ exam_id: e.id, name: 'Drop me' });
  });

  it('refuses with 409 while educations use it, saying how many', async () => {
    const e = await makeExam(undefined, ['Botany']);
    await educate(e.id, e.subjects[0]!.id);
    const res = await remove('admin', { subject_id: e.subjects[0]!.id });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('reference_in_use');
    expect(res.json().message).toBe('Botany cannot be deleted: 1 education of employees uses it.');
    expect(await subjectsOf(e.id)).toHaveLength(1);
  });

  it('answers 404 for an unknown subject and 422 for a bad body', async () => {
    const missing = await remove('admin', { subject_id: 99_999_999 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('This subject does not exist.');
    for (const body of [{}, { subject_id: 'x' }, { subject_id: 1.5 }]) {
      const bad = await remove('admin', body);
      expect(bad.statusCode).toBe(422);
      expect(bad.json().errors.children.subject_id.errors).toEqual([ORGANISATION_MESSAGES.subjectId]);
    }
  });

  it.each(ROLES.map((r) => [r] as const))('%s', async (role) => {
    const e = await makeExam(undefined, ['Zoology']);
    const res = await remove(role, { subject_id: e.subjects[0]!.id });
    expect(res.statusCode).toBe(role === 'admin' ? 200 : refused(role));
    expect(await subjectsOf(e.id)).toHaveLength(role === 'admin' ? 0 : 1);
  });
});

import { ADMIN_MESSAGES } from '@hr/contracts/admin';
import { EPR_VALUE_MESSAGES } from '@hr/contracts/epr';
import { SERVICE_REFERENCE_MESSAGES } from '@hr/contracts/hr-services';
import { MESSAGES } from '@hr/contracts/messages';
import { REMOTE_WORK_TYPE_MESSAGES, REMOTE_WORK_TYPE_NAME_MAX } from '@hr/contracts/remote-work';
import { SHIFT_MESSAGES } from '@hr/contracts/shifts';
import { and, count, eq, gt } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { assignShift, makeShift } from '../../test/factories/attendance';
import { addEducation, lookupId, setEmployee, tag } from '../../test/factories/directory';
import { approvedSheet } from '../../test/factories/epr';
import { nocBody } from '../../test/factories/hr-services';
import { setupApi, type TestContext } from '../../test/helper';
import {
  auditLog,
  designations,
  developmentAreas,
  educations,
  eprValueBehaviours,
  eprValues,
  examSubjects,
  exams,
  kpiPerspectives,
  kpiTargetUnits,
  leaveDurations,
  leaves,
  leaveTypes,
  lookupValues,
  nocTypes,
  remoteWorkTypes,
  serviceCategories,
  shifts,
  users,
} from '../db/schema';

/**
 * Names HR types in come in the caller's language: the one the call asks
 * for (`Accept-Language`), else the one the user saved, else English; a
 * language HR left empty shows the English name.
 */
let ctx: TestContext;
let admin: string;
let employee: string;
let employeeUserId: number;
/** The education type of the exams made here (Bachelor). */
let bachelor: number;

beforeAll(async () => {
  ctx = await setupApi();
  const f = ctx.factory;
  admin = await f.token(await f.employee({ admin: true }));
  const person = await f.employee();
  employee = await f.token(person);
  const [user] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.employeeId, person.id));
  employeeUserId = user!.id;
  bachelor = await lookupId(ctx.db, 'education_type', 'Bachelor');
});

interface Kind {
  path: string;
  table: PgTable & { id: never };
  entity: string;
  body: () => Record<string, unknown>;
  /** A PATCH body that changes only the translations (leave types and perspectives take their whole body). */
  patch: (made: Record<string, unknown>, translations: object) => Record<string, unknown>;
  /** The longest name (and translation); 100 unless given. */
  max?: number;
  /** What a name too long is told; a translation too long is told the same. */
  tooLong: string;
}

const onlyTranslations = (_made: object, name_translations: object) => ({ name_translations });
const KINDS: Record<string, Kind> = {
  'leave types': {
    path: '/api/v1/leave/types',
    table: leaveTypes as unknown as Kind['table'],
    entity: 'leave_type',
    body: () => ({ name: tag('Type '), days: 5 }),
    patch: (made, name_translations) => ({ name: made.name, days: 5, name_translations }),
    max: 60,
    tooLong: 'Name must have a length between 2 and 60',
  },
  'remote-work types': {
    path: '/api/v1/remote-work/types',
    table: remoteWorkTypes as unknown as Kind['table'],
    entity: 'remote_work_type',
    body: () => ({ name: tag('Site ') }),
    patch: onlyTranslations,
    max: REMOTE_WORK_TYPE_NAME_MAX,
    tooLong: REMOTE_WORK_TYPE_MESSAGES.typeNameLength,
  },
  'service categories': {
    path: '/api/v1/employee/service-requests/categories',
    table: serviceCategories as unknown as Kind['table'],
    entity: 'service_category',
    body: () => ({ name: tag('Letter ') }),
    patch: onlyTranslations,
    tooLong: SERVICE_REFERENCE_MESSAGES.nameLength,
  },
  'NOC types': {
    path: '/api/v1/employee/service-requests/noc-types',
    table: nocTypes as unknown as Kind['table'],
    entity: 'noc_type',
    body: () => ({ name: tag('Travel ') }),
    patch: onlyTranslations,
    tooLong: SERVICE_REFERENCE_MESSAGES.nameLength,
  },
  'KPI perspectives': {
    path: '/api/v1/kpis/objectives/perspectives',
    table: kpiPerspectives as unknown as Kind['table'],
    entity: 'kpi_perspective',
    body: () => ({ name: tag('Persp ') }),
    patch: (made, name_translations) => ({ name: made.name, name_translations }),
    max: 60,
    tooLong: MESSAGES.maxLength60,
  },
  'EPR values': {
    path: '/api/v1/eprs/values',
    table: eprValues as unknown as Kind['table'],
    entity: 'epr_value',
    body: () => ({ name: tag('Value ') }),
    patch: onlyTranslations,
    tooLong: EPR_VALUE_MESSAGES.nameLength,
  },
  levels: {
    path: '/api/v1/levels',
    table: lookupValues as unknown as Kind['table'],
    entity: 'level',
    body: () => ({ name: tag('Level ') }),
    patch: onlyTranslations,
    tooLong: ADMIN_MESSAGES.nameLength,
  },
  grades: {
    path: '/api/v1/grades',
    table: lookupValues as unknown as Kind['table'],
    entity: 'grade',
    body: () => ({ name: tag('Grade ') }),
    patch: onlyTranslations,
    tooLong: ADMIN_MESSAGES.nameLength,
  },
  designations: {
    path: '/api/v1/designations',
    table: designations as unknown as Kind['table'],
    entity: 'designation',
    body: () => ({ name: tag('Analyst ') }),
    patch: onlyTranslations,
    tooLong: ADMIN_MESSAGES.nameLength,
  },
  'development areas': {
    path: '/api/v1/development-areas',
    table: developmentAreas as unknown as Kind['table'],
    entity: 'development_area',
    body: () => ({ name: tag('Coaching ') }),
    patch: onlyTranslations,
    tooLong: ADMIN_MESSAGES.nameLength,
  },
  exams: {
    path: '/api/v1/employees/educations/exams',
    table: exams as unknown as Kind['table'],
    entity: 'exam',
    body: () => ({ name: tag('Diploma '), type_id: bachelor }),
    patch: onlyTranslations,
    tooLong: ADMIN_MESSAGES.nameLength,
  },
  'KPI target units': {
    path: '/api/v1/kpis/objectives/kpis/target-units',
    table: kpiTargetUnits as unknown as Kind['table'],
    entity: 'kpi_target_unit',
    body: () => ({ name: tag('Unit ') }),
    patch: (made, name_translations) => ({ name: made.name, name_translations }),
    max: 60,
    tooLong: MESSAGES.maxLength60,
  },
  'EPR behaviours': {
    path: '/api/v1/eprs/values/behaviours',
    table: eprValueBehaviours as unknown as Kind['table'],
    entity: 'epr_value_behaviour',
    body: () => ({ value_id: 1, name: tag('Listens ') }),
    patch: onlyTranslations,
    max: 250,
    tooLong: EPR_VALUE_MESSAGES.behaviourLength,
  },
  'short-leave durations': {
    path: '/api/v1/leave/durations',
    table: leaveDurations as unknown as Kind['table'],
    entity: 'leave_duration',
    body: () => ({ name: tag('Hours '), minutes: 90 }),
    patch: (made, name_translations) => ({ name: made.name, minutes: 90, name_translations }),
    max: 40,
    tooLong: 'Name must have a length between 2 and 40',
  },
  shifts: {
    path: '/api/v1/shifts',
    table: shifts as unknown as Kind['table'],
    entity: 'shift',
    body: () => ({ name: tag('Early '), start: '07:00', end: '15:00' }),
    patch: onlyTranslations,
    tooLong: SHIFT_MESSAGES.nameLength,
  },
};

const get = (url: string, token: string | null, language?: string) =>
  ctx.call({ method: 'GET', url, token, headers: language ? { 'accept-language': language } : {} });

async function rows(table: Kind['table']) {
  const [row] = await ctx.db.select({ n: count() }).from(table);
  return row?.n ?? 0;
}

describe.each(Object.entries(KINDS))('%s: a name per language', (_label, k) => {
  const make = async () => {
    const body = k.body();
    const res = await ctx.call({
      method: 'POST',
      url: k.path,
      token: admin,
      payload: { ...body, name_translations: { ar: `  ${body.name} ع  `, fr: `${body.name} fr`, es: '   ' } },
    });
    expect(res.statusCode, res.body).toBe(201);
    return { ...(res.json() as { id: number; name: string }), english: body.name as string };
  };

  it('keeps the translations HR typed (blank ones dropped) and answers in the asked language', async () => {
    const made = await make();
    expect(made.name).toBe(made.english);
    expect(made).toMatchObject({ name_translations: { ar: `${made.english} ع`, fr: `${made.english} fr` } });
    expect(made).not.toHaveProperty('name_translations.es');

    const one = (language?: string) => get(`${k.path}/${made.id}`, admin, language);
    expect((await one('ar')).json().name).toBe(`${made.english} ع`);
    expect((await one('fr-FR,fr;q=0.9,en;q=0.5')).json().name).toBe(`${made.english} fr`);
    expect((await one('de-DE,fr;q=0.4')).json().name).toBe(`${made.english} fr`);
    // Left empty: the English name.
    expect((await one('es')).json().name).toBe(made.english);
    expect((await one('de')).json().name).toBe(made.english);
    expect((await one()).json().name).toBe(made.english);
    // The admin form still gets every language to edit.
    expect((await one('ar')).json().name_translations).toEqual({
      ar: `${made.english} ع`,
      fr: `${made.english} fr`,
    });

    const list = await get(
      `${k.path}?page=1&limit=50&search=${encodeURIComponent(made.english)}`,
      admin,
      'ar',
    );
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().items.map((i: { name: string }) => i.name)).toEqual([`${made.english} ع`]);
  });

  it('changes the translations with an audit row, and an employee reads them too', async () => {
    const made = await make();
    const res = await ctx.call({
      method: 'PATCH',
      url: `${k.path}/${made.id}`,
      token: admin,
      payload: k.patch({ name: made.english }, { zh: `${made.english} 中`, ar: '' }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().name_translations).toEqual({ zh: `${made.english} 中` });
    const [log] = await ctx.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.entity, k.entity), eq(auditLog.entityId, made.id), eq(auditLog.action, 'update')),
      );
    expect(JSON.stringify(log?.data)).toContain(`${made.english} 中`);
    const read = await get(`${k.path}/${made.id}`, employee, 'zh-CN');
    if (read.statusCode === 200) {
      expect(read.json().name).toBe(`${made.english} 中`);
      // Arabic, emptied by the change: the English name.
      expect((await get(`${k.path}/${made.id}`, employee, 'ar')).json().name).toBe(made.english);
    } else expect(read.statusCode).toBe(403);
  });

  it.each([
    ['a language the portal does not speak', { de: 'Name' }, 'name_translations'],
    ['a name that is not text', { ar: 12 }, 'name_translations.ar'],
    ['a name past the limit', { fr: 'x'.repeat((k.max ?? 100) + 1) }, 'name_translations.fr'],
    ['a list instead of names', ['x'], 'name_translations'],
  ])('refuses %s with 422 and writes nothing', async (_case, translations, field) => {
    const before = await rows(k.table);
    const res = await ctx.call({
      method: 'POST',
      url: k.path,
      token: admin,
      payload: { ...k.body(), name_translations: translations },
    });
    expect(res.statusCode, res.body).toBe(422);
    const children = JSON.stringify(res.json().errors);
    expect(children).toContain(field.split('.').at(-1));
    expect(await rows(k.table)).toBe(before);
  });

  it('tells of a translation too long what it tells of the name, on create and on change', async () => {
    const long = 'x'.repeat((k.max ?? 100) + 1);
    const before = await rows(k.table);
    const name = await ctx.call({
      method: 'POST',
      url: k.path,
      token: admin,
      payload: { ...k.body(), name: long },
    });
    expect(name.statusCode, name.body).toBe(422);
    expect(name.json().errors.children.name.errors).toEqual([k.tooLong]);
    const translation = await ctx.call({
      method: 'POST',
      url: k.path,
      token: admin,
      payload: { ...k.body(), name_translations: { ar: 'مقبول', fr: long } },
    });
    expect(translation.statusCode, translation.body).toBe(422);
    expect(translation.json().errors.children.name_translations.children.fr.errors).toEqual([k.tooLong]);
    expect(await rows(k.table)).toBe(before);

    const made = await make();
    const change = await ctx.call({
      method: 'PATCH',
      url: `${k.path}/${made.id}`,
      token: admin,
      payload: k.patch({ name: made.english }, { ar: long }),
    });
    expect(change.statusCode, change.body).toBe(422);
    expect(change.json().errors.children.name_translations.children.ar.errors).toEqual([k.tooLong]);
    expect((await get(`${k.path}/${made.id}`, admin, 'ar')).json().name).toBe(`${made.english} ع`);
  });

  it('refuses the translations from anyone but an administrator', async () => {
    const before = await rows(k.table);
    const res = await ctx.call({
      method: 'POST',
      url: k.path,
      token: employee,
      payload: { ...k.body(), name_translations: { fr: 'Nom' } },
    });
    expect(res.statusCode).toBe(403);
    expect(await rows(k.table)).toBe(before);
  });
});

describe('the saved language', () => {
  it('is saved by the user, answered by me, and used when a call names none', async () => {
    const kind = KINDS['leave types']!;
    const made = (
      await ctx.call({
        method: 'POST',
        url: kind.path,
        token: admin,
        payload: { ...kind.body(), name_translations: { it: 'Ferie', ar: 'إجازة' } },
      })
    ).json() as { id: number; name: string };

    expect((await get('/api/v1/me', employee)).json().user.language).toBeNull();
    const saved = await ctx.call({
      method: 'PUT',
      url: '/api/v1/me/language',
      token: employee,
      payload: { language: 'it' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ language: 'it' });
    const [user] = await ctx.db.select().from(users).where(eq(users.id, employeeUserId));
    expect(user?.language).toBe('it');
    expect((await get('/api/v1/me', employee)).json().user.language).toBe('it');

    const types = (language?: string) => get('/api/v1/leave/types', employee, language);
    const nameIn = async (language?: string) =>
      ((await types(language)).json() as { id: number; name: string }[]).find((t) => t.id === made.id)?.name;
    expect(await nameIn()).toBe('Ferie');
    // A language the call names wins over the saved one.
    expect(await nameIn('ar')).toBe('إجازة');
    // A header naming only languages the portal does not speak leaves the saved one.
    expect(await nameIn('de-CH')).toBe('Ferie');
  });

  it.each([
    ['an unknown language', { language: 'de' }],
    ['no language', {}],
    ['a number', { language: 3 }],
  ])('refuses %s with 422 and keeps the choice', async (_case, payload) => {
    const before = (await ctx.db.select().from(users).where(eq(users.id, employeeUserId)))[0]?.language;
    const res = await ctx.call({ method: 'PUT', url: '/api/v1/me/language', token: employee, payload });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.children.language).toBeDefined();
    const after = (await ctx.db.select().from(users).where(eq(users.id, employeeUserId)))[0]?.language;
    expect(after).toBe(before);
  });

  it('needs a session', async () => {
    const res = await ctx.call({ method: 'PUT', url: '/api/v1/me/language', payload: { language: 'fr' } });
    expect(res.statusCode).toBe(401);
  });
});

describe('the requests and sheets that show a reference name', () => {
  it('answer it in the caller language: leave, balances, remote work, HR services, KPI perspectives', async () => {
    const f = ctx.factory;
    const { lm, employee: person } = await f.chain();
    const peer = await f.employee({ parentId: lm.id });
    const token = await f.token(person);
    await ctx.db
      .update(leaveTypes)
      .set({ nameTranslations: { ar: 'إجازة سنوية' } })
      .where(eq(leaveTypes.id, 1));
    await ctx.db
      .update(remoteWorkTypes)
      .set({ nameTranslations: { fr: 'Télétravail' } })
      .where(eq(remoteWorkTypes.id, 2));
    await ctx.db
      .update(serviceCategories)
      .set({ nameTranslations: { zh: '无异议证明' } })
      .where(eq(serviceCategories.value, 'noc'));
    await ctx.db
      .update(nocTypes)
      .set({ nameTranslations: { zh: '出国旅行' } })
      .where(eq(nocTypes.id, 1));
    const [perspective] = await ctx.db.select().from(kpiPerspectives).limit(1);
    await ctx.db
      .update(kpiPerspectives)
      .set({ nameTranslations: { es: 'Perspectiva financiera' } })
      .where(eq(kpiPerspectives.id, perspective!.id));

    const leave = await ctx.call({
      method: 'POST',
      url: '/api/v1/leave',
      token,
      payload: {
        leave_format: 1,
        type_id: 1,
        from: '2027-03-01',
        to: '2027-03-03',
        responsible_id: peer.id,
        leave_address: 'Home',
      },
    });
    expect(leave.statusCode, leave.body).toBe(201);
    const leaves = await get('/api/v1/leave?page=1&limit=10', token, 'ar');
    expect(leaves.json().items[0].type.name).toBe('إجازة سنوية');
    expect((await get('/api/v1/leave?page=1&limit=10', token, 'en')).json().items[0].type.name).not.toBe(
      'إجازة سنوية',
    );
    const balances = await get('/api/v1/leave/balances', token, 'ar');
    expect(balances.json().items.find((b: { type: { id: number } }) => b.type.id === 1).type.name).toBe(
      'إجازة سنوية',
    );

    const remote = await ctx.call({
      method: 'POST',
      url: '/api/v1/remote-work',
      token,
      payload: { type_id: 2, from_date: '2027-03-08', to_date: '2027-03-09', description: 'At home' },
    });
    expect(remote.statusCode, remote.body).toBe(201);
    const remoteList = await get('/api/v1/remote-work?page=1&limit=10', token, 'fr');
    expect(remoteList.json().items[0].type.name).toBe('Télétravail');

    const noc = await ctx.call({
      method: 'POST',
      url: '/api/v1/employee/service-requests',
      token,
      payload: nocBody({ description: 'Family holiday' }),
    });
    expect(noc.statusCode, noc.body).toBe(201);
    const services = await get('/api/v1/employee/service-requests?page=1&limit=10', token, 'zh');
    expect(services.body).toContain('无异议证明');
    expect((await get(`/api/v1/employee/service-requests/${noc.json().id}`, token, 'zh')).body).toContain(
      '出国旅行',
    );

    const perspectives = await get('/api/v1/kpis/objectives/perspectives', token, 'es');
    expect(perspectives.json().map((p: { name: string }) => p.name)).toContain('Perspectiva financiera');
  });

  it('sort leave and remote work by the type name the caller reads', async () => {
    const f = ctx.factory;
    const { lm, employee: person } = await f.chain();
    const peer = await f.employee({ parentId: lm.id });
    const token = await f.token(person);
    // In English A before B; in French the other way round.
    const [a, b] = await ctx.db
      .insert(leaveTypes)
      .values([
        { name: tag('A-leave '), days: 10, nameTranslations: { fr: 'Zèbre' } },
        { name: tag('B-leave '), days: 10, nameTranslations: { fr: 'Abeille' } },
      ])
      .returning({ id: leaveTypes.id });
    const [ra, rb] = await ctx.db
      .insert(remoteWorkTypes)
      .values([
        { name: tag('A-remote '), nameTranslations: { fr: 'Zèbre' } },
        { name: tag('B-remote '), nameTranslations: { fr: 'Abeille' } },
      ])
      .returning({ id: remoteWorkTypes.id });
    const apply = async (url: string, payload: Record<string, unknown>) => {
      const made = await ctx.call({ method: 'POST', url, token, payload });
      expect(made.statusCode, made.body).toBe(201);
    };
    const leaveOn = (day: string) => ({
      leave_format: 1,
      from: day,
      to: day,
      responsible_id: peer.id,
      leave_address: 'Home',
    });
    await apply('/api/v1/leave', { ...leaveOn('2027-04-05'), type_id: a!.id });
    await apply('/api/v1/leave', { ...leaveOn('2027-04-12'), type_id: b!.id });
    const remoteOn = (day: string) => ({ from_date: day, to_date: day, description: 'At home' });
    await apply('/api/v1/remote-work', { ...remoteOn('2027-05-03'), type_id: ra!.id });
    await apply('/api/v1/remote-work', { ...remoteOn('2027-05-10'), type_id: rb!.id });
    const order = async (path: string, language: string) =>
      (await get(`${path}?list_type=self&page=1&limit=10&sort=type,asc`, token, language))
        .json()
        .items.map((i: { type: { id: number } }) => i.type.id);
    expect(await order('/api/v1/leave', 'en')).toEqual([a!.id, b!.id]);
    expect(await order('/api/v1/leave', 'fr')).toEqual([b!.id, a!.id]);
    expect(await order('/api/v1/remote-work', 'en')).toEqual([ra!.id, rb!.id]);
    expect(await order('/api/v1/remote-work', 'fr')).toEqual([rb!.id, ra!.id]);
  });
});

describe('the screens that show levels, grades, designations, exams, units, behaviours, durations and shifts', () => {
  /** Gives a record of `table` these names in other languages, straight in the database. */
  const translate = (
    table: PgTable & { id: PgColumn; nameTranslations: PgColumn },
    id: number,
    names: Record<string, string>,
  ) =>
    ctx.db
      .update(table as PgTable)
      .set({ nameTranslations: names } as never)
      .where(eq(table.id, id));

  it('answers lookups, the profile, me and the directory card in the caller language, English where left empty', async () => {
    const f = ctx.factory;
    const person = await f.employee();
    const token = await f.token(person);
    const colleague = await f.token(await f.employee());
    const level = (
      await ctx.call({
        method: 'POST',
        url: '/api/v1/levels',
        token: admin,
        payload: {
          name: tag('Principal '),
          name_translations: { ar: 'مستوى رئيسي', fr: 'Niveau principal' },
        },
      })
    ).json() as { id: number; name: string };
    const grade = (
      await ctx.call({
        method: 'POST',
        url: '/api/v1/grades',
        token: admin,
        payload: { name: tag('Band '), name_translations: { fr: 'Échelon' } },
      })
    ).json() as { id: number; name: string };
    const role = (
      await ctx.call({
        method: 'POST',
        url: '/api/v1/designations',
        token: admin,
        payload: { name: tag('Accountant '), name_translations: { ar: 'محاسب', fr: 'Comptable' } },
      })
    ).json() as { id: number; name: string };
    await setEmployee(ctx.db, person.id, { levelId: level.id, gradeId: grade.id, designationId: role.id });

    const names = async (url: string, language: string) =>
      ((await get(url, token, language)).json() as { id: number; name: string }[]).map((o) => o.name);
    expect(await names('/api/v1/lookups/levels', 'ar')).toContain('مستوى رئيسي');
    expect(await names('/api/v1/lookups/levels', 'es')).toContain(level.name);
    expect(await names('/api/v1/lookups/grades', 'ar')).toContain(grade.name);
    const all = (await get('/api/v1/lookups', token, 'fr')).json();
    expect(all.levels.map((o: { name: string }) => o.name)).toContain('Niveau principal');
    expect(all.grades.map((o: { name: string }) => o.name)).toContain('Échelon');

    const profile = (await get(`/api/v1/employees/${person.id}`, token, 'fr')).json();
    expect(profile).toMatchObject({
      designation: 'Comptable',
      level: { id: level.id, name: 'Niveau principal' },
      grade: { id: grade.id, name: 'Échelon' },
    });
    const arabic = (await get(`/api/v1/employees/${person.id}`, token, 'ar')).json();
    expect(arabic).toMatchObject({ designation: 'محاسب', grade: { name: grade.name } });
    expect((await get(`/api/v1/employees/${person.id}`, token, 'en')).json().designation).toBe(role.name);

    expect((await get('/api/v1/me', token, 'ar')).json().employee.designation).toBe('محاسب');
    // The saved language, for a call that names none.
    await ctx.call({ method: 'PUT', url: '/api/v1/me/language', token, payload: { language: 'fr' } });
    expect((await get('/api/v1/me', token)).json().employee.designation).toBe('Comptable');

    // A colleague finds the card, by the short filters or by a name of three letters or more.
    for (const body of [{ ids: [person.id] }, { full_text: person.name }]) {
      const found = await ctx.call({
        method: 'POST',
        url: '/api/v1/employees/search',
        token: colleague,
        headers: { 'accept-language': 'ar' },
        payload: body,
      });
      expect(found.statusCode, found.body).toBe(200);
      const card = found.json().items.find((i: { id: number }) => i.id === person.id);
      expect(card.designation).toBe('محاسب');
    }
    // The organisation chart: the person's box, and a branch opened below them.
    const report = await f.employee({ parentId: person.id });
    await setEmployee(ctx.db, report.id, { designationId: role.id });
    const chart = (await get(`/api/v1/employees/org-chart?id=${person.id}`, colleague, 'fr')).json();
    expect(chart.person.designation).toBe('Comptable');
    const branch = (
      await get(`/api/v1/employees/org-chart/${person.id}/reports?page=1`, colleague, 'ar')
    ).json();
    expect(branch.items.map((i: { designation: string }) => i.designation)).toEqual(['محاسب']);
  });

  it('keeps the designation an administrator sees in another language, and logs the change in English', async () => {
    const f = ctx.factory;
    const person = await f.employee();
    const role = (
      await ctx.call({
        method: 'POST',
        url: '/api/v1/designations',
        token: admin,
        payload: { name: tag('Auditor '), name_translations: { ar: `مدقق ${tag()}` } },
      })
    ).json() as { id: number; name: string; name_translations: { ar: string } };
    await setEmployee(ctx.db, person.id, { designationId: role.id });
    const shown = (await get(`/api/v1/employees/${person.id}`, admin, 'ar')).json();
    expect(shown.designation).toBe(role.name_translations.ar);
    const [{ n: before } = { n: 0 }] = await ctx.db.select({ n: count() }).from(designations);
    const [last] = await ctx.db.select({ id: auditLog.id }).from(auditLog).orderBy(auditLog.id).limit(1);

    const res = await ctx.call({
      method: 'PATCH',
      url: `/api/v1/employees/${person.id}`,
      token: admin,
      headers: { 'accept-language': 'ar' },
      payload: {
        name: shown.name,
        eid: shown.eid,
        mobile: '01812345678',
        email: shown.email,
        blood_group: shown.blood_group,
        designation: shown.designation,
        status_id: shown.status_id,
        level_id: shown.level_id,
        grade_id: shown.grade_id,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().designation).toBe(role.name_translations.ar);
    const [row] = await ctx.db.select().from(designations).where(eq(designations.id, role.id));
    expect(row?.name).toBe(role.name);
    const [{ n: after } = { n: 0 }] = await ctx.db.select({ n: count() }).from(designations);
    expect(after).toBe(before);
    const logs = await ctx.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, 'employee'),
          eq(auditLog.entityId, person.id),
          gt(auditLog.id, last?.id ?? 0),
        ),
      );
    expect(logs.map((l) => (l.data as { changes: object }).changes)).toEqual([
      { mobile: { before: '01712345678', after: '01812345678' } },
    ]);
  });

  it('answers the exams, their subjects and an education in the caller language', async () => {
    const person = await ctx.factory.employee();
    const token = await ctx.factory.token(person);
    await addEducation(ctx.db, person.id, 'MBA');
    const [education] = await ctx.db.select().from(educations).where(eq(educations.employeeId, person.id));
    await translate(exams, education!.examId, { ar: 'ماجستير إدارة الأعمال', fr: 'MBA (maîtrise)' });
    await translate(examSubjects, education!.subjectId, { ar: 'مادة', fr: 'Matière' });

    const profile = (await get(`/api/v1/employees/${person.id}`, token, 'ar')).json();
    expect(profile.educations[0]).toMatchObject({
      exam: { id: education!.examId, name: 'ماجستير إدارة الأعمال' },
      subject: { id: education!.subjectId, name: 'مادة' },
    });
    const section = await get(`/api/v1/employees/${person.id}/educations`, token, 'fr');
    if (section.statusCode === 200) expect(JSON.stringify(section.json())).toContain('Matière');

    const list = (await get('/api/v1/employees/educations/exams', token, 'fr')).json() as {
      id: number;
      name: string;
      subjects: { id: number; name: string }[];
    }[];
    const mba = list.find((e) => e.id === education!.examId)!;
    expect(mba.name).toBe('MBA (maîtrise)');
    expect(mba.subjects.find((s) => s.id === education!.subjectId)?.name).toBe('Matière');
    // Spanish was left empty: the English names.
    const spanish = (await get('/api/v1/employees/educations/exams', token, 'es')).json() as typeof list;
    expect(spanish.find((e) => e.id === education!.examId)?.name).toBe('MBA');
  });

  it('lets an administrator name a subject in other languages, with the name’s own message when too long', async () => {
    const exam = (
      await ctx.call({
        method: 'POST',
        url: '/api/v1/employees/educations/exams',
        token: admin,
        payload: { name: tag('Exam '), type_id: bachelor },
      })
    ).json() as { id: number };
    const added = await ctx.call({
      method: 'POST',
      url: `/api/v1/employees/educations/exams/${exam.id}/subjects`,
      token: admin,
      payload: { name: 'Statistics', name_translations: { fr: 'Statistique', es: ' ' } },
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ name: 'Statistics', name_translations: { fr: 'Statistique' } });
    const subject = added.json() as { id: number };
    const url = `/api/v1/employees/educations/exams/subjects/${subject.id}`;

    const changed = await ctx.call({
      method: 'PATCH',
      url,
      token: admin,
      payload: { name_translations: { ar: 'إحصاء', fr: 'Statistiques' } },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toEqual({
      id: subject.id,
      exam_id: exam.id,
      name: 'Statistics',
      educations_count: 0,
      name_translations: { ar: 'إحصاء', fr: 'Statistiques' },
    });
    const [log] = await ctx.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, 'exam_subject'),
          eq(auditLog.entityId, subject.id),
          eq(auditLog.action, 'update'),
        ),
      );
    expect(JSON.stringify(log?.data)).toContain('إحصاء');
    const read = (await get(`/api/v1/employees/educations/exams/${exam.id}`, employee, 'ar')).json();
    expect(read.subjects.map((s: { name: string }) => s.name)).toEqual(['إحصاء']);

    const long = 'x'.repeat(101);
    for (const payload of [{ name: long }, { name_translations: { fr: long } }]) {
      const res = await ctx.call({ method: 'PATCH', url, token: admin, payload });
      expect(res.statusCode, res.body).toBe(422);
      const errors = res.json().errors.children;
      expect(errors.name?.errors ?? errors.name_translations.children.fr.errors).toEqual([
        ADMIN_MESSAGES.nameLength,
      ]);
    }
    const refused = await ctx.call({
      method: 'PATCH',
      url,
      token: employee,
      payload: { name_translations: {} },
    });
    expect(refused.statusCode).toBe(403);
    const missing = await ctx.call({
      method: 'PATCH',
      url: '/api/v1/employees/educations/exams/subjects/99999999',
      token: admin,
      payload: { name_translations: {} },
    });
    expect(missing.statusCode).toBe(404);
    const [row] = await ctx.db.select().from(examSubjects).where(eq(examSubjects.id, subject.id));
    expect(row?.nameTranslations).toEqual({ ar: 'إحصاء', fr: 'Statistiques' });
  });

  it('answers target units and behaviours in the KPI sheet and the review, as reviews copied them', async () => {
    const c = await ctx.factory.cast();
    await translate(kpiTargetUnits, 1, { fr: 'pour cent' });
    const [value] = await ctx.db
      .insert(eprValues)
      .values({ name: tag('Candour '), sortOrder: 90 })
      .returning();
    await ctx.db.insert(eprValueBehaviours).values([
      {
        valueId: value!.id,
        name: 'Says what they think',
        sortOrder: 1,
        nameTranslations: { fr: 'Dit ce qu’il pense' },
      },
      {
        valueId: value!.id,
        name: 'Does what they say',
        sortOrder: 2,
        nameTranslations: { ar: 'يفعل ما يقول' },
      },
    ]);
    const { sheet } = await approvedSheet(ctx.db, {
      employeeId: c.employee.id,
      lineManagerId: c.lm.id,
      oneOverOneId: c.oo.id,
    });
    const mine = c.tokens.employee;

    const units = (await get(`/api/v1/kpis/${sheet.id}`, mine, 'fr')).body;
    expect(units).toContain('"target_unit":{"id":1,"name":"pour cent"}');
    const made = await ctx.call({
      method: 'POST',
      url: '/api/v1/eprs',
      token: mine,
      payload: { kpi_id: sheet.id, type_id: 2, from_date: '2031-01-01', to_date: '2031-06-30' },
    });
    expect(made.statusCode, made.body).toBe(201);
    type Stable = { original: { name: string; objectives: { name: string; enabled: boolean }[] } };
    const candour = async (language: string) => {
      const review = (await get(`/api/v1/eprs/${made.json().id}`, mine, language)).json();
      const stable = (review.section_b.stables as Stable[]).find((s) => s.original.name === value!.name);
      return { review, behaviours: stable?.original.objectives };
    };
    const french = await candour('fr');
    expect(french.review.section_a.objectives[0].lines[0].objective_kpi.target_unit.name).toBe('pour cent');
    expect(french.behaviours).toEqual([
      { name: 'Dit ce qu’il pense', enabled: true },
      // Not translated into French: as copied.
      { name: 'Does what they say', enabled: true },
    ]);
    expect((await candour('ar')).behaviours?.map((b) => b.name)).toEqual([
      'Says what they think',
      'يفعل ما يقول',
    ]);
    const english = await candour('en');
    expect(english.behaviours?.map((b) => b.name)).toEqual(['Says what they think', 'Does what they say']);
    expect(english.review.section_a.objectives[0].lines[0].objective_kpi.target_unit.name).toBe('%');
    // A behaviour renamed since the review was made: the review keeps the name it was made with.
    await ctx.db
      .update(eprValueBehaviours)
      .set({ name: 'Does what they said' })
      .where(
        and(eq(eprValueBehaviours.valueId, value!.id), eq(eprValueBehaviours.name, 'Does what they say')),
      );
    expect((await candour('ar')).behaviours?.map((b) => b.name)).toEqual([
      'Says what they think',
      'Does what they say',
    ]);
  });

  it('answers the short-leave duration of a leave and the shifts of an employee in the caller language', async () => {
    const person = await ctx.factory.employee();
    const token = await ctx.factory.token(person);
    const [duration] = await ctx.db
      .insert(leaveDurations)
      .values({ name: tag('Morning '), minutes: 120, nameTranslations: { ar: 'صباحًا', fr: 'Matinée' } })
      .returning();
    await ctx.db.insert(leaves).values({
      employeeId: person.id,
      typeId: 2,
      leaveFormat: 2,
      durationId: duration!.id,
      fromDate: '2027-05-03',
      toDate: '2027-05-03',
      fromTime: '09:00',
      toTime: '11:00',
      days: 0.25,
      leaveAddress: 'Home',
      statusId: 1,
    });
    const list = (await get('/api/v1/leave?page=1&limit=10', token, 'fr')).json();
    expect(list.items[0].duration).toMatchObject({ id: duration!.id, name: 'Matinée' });
    const durations = (await get('/api/v1/leave/durations', token, 'ar')).json() as {
      id: number;
      name: string;
    }[];
    expect(durations.find((d) => d.id === duration!.id)?.name).toBe('صباحًا');

    const shift = await makeShift(ctx.db, { start: '06:00', end: '14:00' });
    await translate(shifts, shift.id, { ar: 'الوردية الصباحية' });
    await assignShift(ctx.db, person.id, shift.id, '2026-01-01');
    const mine = await get(`/api/v1/employees/${person.id}/shifts`, token, 'ar');
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().current.shift.name).toBe('الوردية الصباحية');
    expect(mine.json().history[0].shift.name).toBe('الوردية الصباحية');
    expect((await get(`/api/v1/employees/${person.id}/shifts`, token, 'fr')).json().current.shift.name).toBe(
      shift.name,
    );
  });
});

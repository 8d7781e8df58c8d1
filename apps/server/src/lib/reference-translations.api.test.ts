import { and, count, eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { tag } from '../../test/factories/directory';
import { nocBody } from '../../test/factories/hr-services';
import { setupApi, type TestContext } from '../../test/helper';
import {
  auditLog,
  eprValues,
  kpiPerspectives,
  leaveTypes,
  nocTypes,
  remoteWorkTypes,
  serviceCategories,
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

beforeAll(async () => {
  ctx = await setupApi();
  const f = ctx.factory;
  admin = await f.token(await f.employee({ admin: true }));
  const person = await f.employee();
  employee = await f.token(person);
  const [user] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.employeeId, person.id));
  employeeUserId = user!.id;
});

interface Kind {
  path: string;
  table: PgTable & { id: never };
  entity: string;
  body: () => Record<string, unknown>;
  /** A PATCH body that changes only the translations (leave types and perspectives take their whole body). */
  patch: (made: Record<string, unknown>, translations: object) => Record<string, unknown>;
}

const onlyTranslations = (_made: object, name_translations: object) => ({ name_translations });
const KINDS: Record<string, Kind> = {
  'leave types': {
    path: '/api/v1/leave/types',
    table: leaveTypes as unknown as Kind['table'],
    entity: 'leave_type',
    body: () => ({ name: tag('Type '), days: 5 }),
    patch: (made, name_translations) => ({ name: made.name, days: 5, name_translations }),
  },
  'remote-work types': {
    path: '/api/v1/remote-work/types',
    table: remoteWorkTypes as unknown as Kind['table'],
    entity: 'remote_work_type',
    body: () => ({ name: tag('Site ') }),
    patch: onlyTranslations,
  },
  'service categories': {
    path: '/api/v1/employee/service-requests/categories',
    table: serviceCategories as unknown as Kind['table'],
    entity: 'service_category',
    body: () => ({ name: tag('Letter ') }),
    patch: onlyTranslations,
  },
  'NOC types': {
    path: '/api/v1/employee/service-requests/noc-types',
    table: nocTypes as unknown as Kind['table'],
    entity: 'noc_type',
    body: () => ({ name: tag('Travel ') }),
    patch: onlyTranslations,
  },
  'KPI perspectives': {
    path: '/api/v1/kpis/objectives/perspectives',
    table: kpiPerspectives as unknown as Kind['table'],
    entity: 'kpi_perspective',
    body: () => ({ name: tag('Persp ') }),
    patch: (made, name_translations) => ({ name: made.name, name_translations }),
  },
  'EPR values': {
    path: '/api/v1/eprs/values',
    table: eprValues as unknown as Kind['table'],
    entity: 'epr_value',
    body: () => ({ name: tag('Value ') }),
    patch: onlyTranslations,
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
    if (read.statusCode === 200) expect(read.json().name).toBe(`${made.english} 中`);
    else expect(read.statusCode).toBe(403);
  });

  it.each([
    ['a language the portal does not speak', { de: 'Name' }, 'name_translations'],
    ['a name that is not text', { ar: 12 }, 'name_translations.ar'],
    ['a name past the limit', { fr: 'x'.repeat(101) }, 'name_translations.fr'],
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
});

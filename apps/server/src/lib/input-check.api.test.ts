import { beforeAll, describe, expect, it } from 'vitest';
import { type MadeEmployee, setupApi, type TestContext } from '../../test/helper';
import { INPUT_MESSAGES, MAX_ID } from './input-check';

/**
 * What no route takes, whatever its schema (lib/input-check.ts): text with a
 * NUL character, a lone UTF-16 surrogate or (but in a password) a direction
 * override, and ids beyond PostgreSQL's integer. A body answers 422 with the field's error, a query or path 400;
 * nothing reaches the database. And `sort` names own fields only.
 */
let ctx: TestContext;
let admin: MadeEmployee;
let adminToken: string;
let employee: MadeEmployee;
let employeeToken: string;

beforeAll(async () => {
  ctx = await setupApi();
  admin = await ctx.factory.employee({ admin: true });
  employee = await ctx.factory.employee({ parentId: admin.id });
  adminToken = await ctx.factory.token(admin);
  employeeToken = await ctx.factory.token(employee);
});

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token: string, payload?: unknown) =>
  ctx.call({
    method,
    url: `/api/v1/${url}`,
    token,
    ...(payload === undefined
      ? {}
      : { payload: JSON.stringify(payload), headers: { 'content-type': 'application/json' } }),
  });

describe('text with NUL or a lone surrogate', () => {
  it.each([
    ['a NUL', 'First aid\u0000', INPUT_MESSAGES.nul],
    ['a lone high surrogate', 'First aid \ud83d', INPUT_MESSAGES.surrogate],
    ['a lone low surrogate', '\ude00 First aid', INPUT_MESSAGES.surrogate],
  ])('in a body field (%s) is a 422 on that field, and nothing is saved', async (_, text, message) => {
    const res = await call('POST', `employees/${employee.id}/trainings`, employeeToken, {
      name: text,
      type: 'Course',
      description: null,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: 422,
      error: 'validation_failed',
      errors: { children: { name: { errors: [message] } } },
    });
    const profile = await call('GET', `employees/${employee.id}`, employeeToken);
    expect(profile.statusCode).toBe(200);
    expect(JSON.stringify(profile.json())).not.toContain('First aid');
  });

  it('in a nested body field names the path', async () => {
    const res = await call('POST', 'employees/search', adminToken, { filter: { full_text: 'ab\u0000c' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.children).toEqual({
      filter: { children: { full_text: { errors: [INPUT_MESSAGES.nul] } } },
    });
  });

  it('in a query parameter is a 400 invalid_query naming it', async () => {
    const res = await call('GET', 'companies?search=a%00b', employeeToken);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 400,
      error: 'invalid_query',
      params: { name: 'search', reason: INPUT_MESSAGES.nul },
      message: `Invalid query parameter "search": ${INPUT_MESSAGES.nul}`,
    });
  });

  it('in a path parameter is a 400 invalid_path naming it', async () => {
    const res = await call('GET', 'reset/password/otp/validate/ab%00cd?eid=1000', '');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: 'invalid_path',
      params: { name: 'token', reason: INPUT_MESSAGES.nul },
    });
  });

  it('in a field the schema does not know is refused as well', async () => {
    const res = await call('POST', `employees/${employee.id}/trainings`, employeeToken, {
      name: 'Course',
      type: 'Course',
      note: '\ud800',
      'odd\u0000name': 1,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      errors: [INPUT_MESSAGES.key],
      children: { note: { errors: [INPUT_MESSAGES.surrogate] } },
    });
  });

  it('before signing in too (the sign-in body)', async () => {
    const res = await ctx.call({
      method: 'POST',
      url: '/api/v1/login_check',
      payload: { username: employee.eid, password: 'secret\u0000', app_id: 3 },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.children.password.errors).toEqual([INPUT_MESSAGES.nul]);
  });

  it('other Unicode is kept as sent: emoji, combining marks, joiners, right-to-left marks', async () => {
    const name = 'Ünïcode 😀 👩‍👩‍👧 e\u0301 مرحبا\u200f نام\u200cخانوادگی';
    const res = await call('POST', 'companies', adminToken, { name });
    expect(res.statusCode).toBe(201);
    expect(res.json().name).toBe(name);
  });

  it('a direction override is refused in any field, even one the schema drops; a password keeps it', async () => {
    const res = await call('POST', 'companies', adminToken, { name: 'Acme override', note: 'a\u202eb' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.children).toEqual({ note: { errors: [INPUT_MESSAGES.direction] } });
    const saved = await call('GET', 'companies?search=Acme%20override', adminToken);
    expect(saved.json().total).toBe(0);
    const search = await call('GET', 'companies?search=%E2%80%AEabc', employeeToken);
    expect(search.statusCode).toBe(400);
    expect(search.json()).toMatchObject({ error: 'invalid_query', params: { name: 'search' } });
    // A wrong password with one is a wrong password, not a refused field.
    const signIn = await ctx.call({
      method: 'POST',
      url: '/api/v1/login_check',
      payload: { username: employee.eid, password: 'secret\u202e123', app_id: 3 },
    });
    expect(signIn.statusCode).toBe(401);
  });
});

describe('ids beyond PostgreSQL integer', () => {
  it.each([
    ['DELETE', 'holidays/2147483648'],
    ['GET', 'leave/4294967296'],
    ['GET', 'remote-work/9007199254740991'],
    ['GET', 'employee/service-requests/2147483648/letter'],
    ['PATCH', 'employee/service-requests/2147483648/actions/approve'],
  ] as const)('%s %s (a path id) is a 400 invalid_path', async (method, url) => {
    const res = await call(method, url, adminToken);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: 'invalid_path',
      params: { name: 'id', reason: INPUT_MESSAGES.id },
    });
  });

  it('profile paths, whose schema bounds ids itself, answer the same status and code', async () => {
    for (const url of [`employees/${employee.id}/files/2147483648`, 'employees/2147483648']) {
      const res = await call('GET', url, adminToken);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error).toBe('invalid_path');
    }
  });

  it('the largest integer is an id like any other: not found', async () => {
    const res = await call('DELETE', `holidays/${MAX_ID}`, adminToken);
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('reference_not_found');
  });

  it('in a query is a 400 invalid_query', async () => {
    const res = await call('GET', 'leave/balances?employee_id=2147483648', adminToken);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: 'invalid_query',
      params: { name: 'employee_id', reason: INPUT_MESSAGES.id },
    });
  });

  it('in a body is a 422 on that field, lists of ids included', async () => {
    const single = await call('PATCH', 'employees/assets/remove', adminToken, {
      employee_id: 2 ** 31,
      asset_id: 1,
    });
    expect(single.statusCode).toBe(422);
    expect(single.json().errors.children).toEqual({ employee_id: { errors: [INPUT_MESSAGES.id] } });

    const office = await call('PATCH', 'offices/1', adminToken, { company_id: 2 ** 32, name: 'Office' });
    expect(office.statusCode).toBe(422);
    expect(office.json().errors.children.company_id.errors).toEqual([INPUT_MESSAGES.id]);

    const search = await call('POST', 'employees/search', adminToken, { ids: [1, 2 ** 31] });
    expect(search.statusCode).toBe(422);
    expect(search.json().errors.children.ids.children[1].errors).toEqual([INPUT_MESSAGES.id]);
  });
});

describe('sort names own fields only', () => {
  it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty', '__defineGetter__'])(
    'sort=%s,asc is a 400 sort_unknown',
    async (field) => {
      for (const list of ['companies', 'leave', 'holidays', 'leave/types', 'employee/service-requests']) {
        const res = await call('GET', `${list}?sort=${field},asc`, adminToken);
        expect(res.statusCode, `${list}: ${res.body}`).toBe(400);
        expect(res.json()).toMatchObject({ error: 'sort_unknown', params: { field } });
      }
    },
  );
});

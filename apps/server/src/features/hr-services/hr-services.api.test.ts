import { SERVICE_MESSAGES } from '@hr/contracts/hr-services';
import { MESSAGES } from '@hr/contracts/messages';
import dayjs from 'dayjs';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  certificateBody,
  letterCount,
  nextIssueDate,
  nocBody,
  pdfText,
  serviceAudit,
  serviceCount,
  serviceRow,
  setServiceStatus,
} from '../../../test/factories/hr-services';
import { type MadeEmployee, setupApi, type TestContext } from '../../../test/helper';
import { companies, employees, files } from '../../db/schema';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await setupApi();
});

const BASE = '/api/v1/employee/service-requests';

type Role = 'oo' | 'lm' | 'employee' | 'peer' | 'admin' | 'stranger';
interface Cast extends Record<Role, MadeEmployee> {
  tokens: Record<Role, string>;
}

/** An O&O, a line manager, the employee and a peer under that manager, an HR admin and a stranger. */
async function cast(): Promise<Cast> {
  const { oo, lm, employee } = await ctx.factory.chain();
  const peer = await ctx.factory.employee({ parentId: lm.id });
  const admin = await ctx.factory.employee({ admin: true });
  const stranger = await ctx.factory.employee();
  const people = { oo, lm, employee, peer, admin, stranger };
  const tokens = {} as Record<Role, string>;
  for (const [role, who] of Object.entries(people) as [Role, MadeEmployee][]) {
    tokens[role] = await ctx.factory.token(who);
  }
  return { ...people, tokens };
}

const create = (token: string, payload: object) => ctx.call({ method: 'POST', url: BASE, token, payload });
const edit = (token: string, id: number, payload: object) =>
  ctx.call({ method: 'PATCH', url: `${BASE}/${id}`, token, payload });
const remove = (token: string, id: number) =>
  ctx.call({ method: 'DELETE', url: BASE, token, payload: { service_request_id: id } });
const act = (token: string, action: string, id: number) =>
  ctx.call({ method: 'PATCH', url: `${BASE}/${id}/actions/${action}`, token });
const read = (token: string, id: number) => ctx.call({ method: 'GET', url: `${BASE}/${id}`, token });
const letter = (token: string, id: number) => ctx.call({ method: 'GET', url: `${BASE}/${id}/letter`, token });
const list = (token: string, query: string) => ctx.call({ method: 'GET', url: `${BASE}?${query}`, token });
const ids = (res: { json(): { items: { id: number }[] } }) => res.json().items.map((i) => i.id);

/** Makes a request as the employee and moves it through the workflow up to `status`. */
async function requestAt(
  c: Cast,
  status: 1 | 2 | 3 | 4 | 5,
  body: object = nocBody({ issue_date: nextIssueDate() }),
): Promise<number> {
  const made = await create(c.tokens.employee, body);
  expect(made.statusCode, made.body).toBe(201);
  const id: number = made.json().id;
  const steps: [number, string, string][] = [
    [2, 'employee', 'submit'],
    [3, 'lm', 'approve'],
    [5, 'admin', 'done'],
  ];
  if (status === 4) steps.splice(1, 2, [4, 'lm', 'cancel']);
  for (const [reach, who, action] of steps) {
    if (status < reach) break;
    const res = await act(c.tokens[who as Role], action, id);
    expect(res.statusCode, `${action}: ${res.body}`).toBe(200);
  }
  return id;
}

describe('asking for an HR service', () => {
  it('saves a NOC request as a draft with the approvers and the company of the day', async () => {
    const c = await cast();
    const res = await create(c.tokens.employee, nocBody());
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    const [company] = await ctx.db
      .select({ id: companies.id, name: companies.name })
      .from(companies)
      .innerJoin(employees, eq(employees.companyId, companies.id))
      .where(eq(employees.id, c.employee.id));
    expect(body).toMatchObject({
      employee_id: c.employee.id,
      employee: { id: c.employee.id, eid: c.employee.eid, name: c.employee.name, company: company!.name },
      company_id: company!.id,
      company: { id: company!.id, name: company!.name },
      line_manager: { id: c.lm.id, name: c.lm.name },
      one_over_one: { id: c.oo.id },
      created_by: { id: c.employee.id },
      category: 'noc',
      category_name: 'No objection certificate (NOC)',
      noc_type_id: 1,
      type: { id: 1, name: 'Travel abroad' },
      issue_date: '25-02-2027',
      from_date: '01-03-2027',
      to_date: '10-03-2027',
      passport_no: 'A01234567',
      intended_country: 'Thailand',
      reason: null,
      description: 'Family holiday in Bangkok',
      status: { id: 1, name: 'Draft' },
      submitted_at: null,
      has_letter: false,
      letter: null,
      accountability: {
        created: { by: c.employee.name },
        submitted: null,
        approved_by: null,
        cancelled_by: null,
        done_by: null,
      },
    });
    expect(typeof body.employee.designation).toBe('string');
    const row = await serviceRow(ctx.db, body.id);
    expect(row).toMatchObject({
      issueDate: '2027-02-25',
      fromDate: '2027-03-01',
      toDate: '2027-03-10',
      lineManagerId: c.lm.id,
      oneOverOneId: c.oo.id,
      createdBy: c.employee.id,
      companyId: company!.id,
    });
    const audited = await serviceAudit(ctx.db, body.id);
    expect(audited.map((a) => [a.action, a.toStatus, a.actorEmployeeId])).toEqual([
      ['create', 1, c.employee.id],
    ]);
  });

  it('saves another category with its reason, and drops NOC fields sent with it', async () => {
    const c = await cast();
    const res = await create(
      c.tokens.employee,
      certificateBody({ noc_type_id: 2, passport_no: 'B7654321', from_date: '01-03-2027' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      category: 'salary_certificate',
      category_name: 'Salary certificate',
      reason: 'Bank loan application',
      noc_type_id: null,
      type: null,
      passport_no: null,
      from_date: null,
      to_date: null,
      intended_country: null,
    });
    const row = await serviceRow(ctx.db, res.json().id);
    expect([row!.nocTypeId, row!.passportNo, row!.fromDate]).toEqual([null, null, null]);
  });

  const passport = (n: number) => 'P'.repeat(n);
  it.each([
    ['no service', { category: undefined }, 'category', MESSAGES.serviceRequired],
    ['an empty service', { category: '' }, 'category', MESSAGES.serviceRequired],
    ['no issue date', { issue_date: undefined }, 'issue_date', MESSAGES.issueDateRequired],
    ['a blank issue date', { issue_date: ' ' }, 'issue_date', MESSAGES.issueDateRequired],
    ['a blank description', { description: '   ' }, 'description', MESSAGES.descriptionRequired],
    ['no description', { description: null }, 'description', MESSAGES.descriptionRequired],
    ['no NOC type', { noc_type_id: undefined }, 'noc_type_id', MESSAGES.nocTypeRequired],
    ['no from date', { from_date: '' }, 'from_date', MESSAGES.fromDateRequired],
    ['no to date', { to_date: undefined }, 'to_date', MESSAGES.toDateRequired],
    ['no passport number', { passport_no: '' }, 'passport_no', MESSAGES.passportRequired],
    ['a passport number of 3', { passport_no: passport(3) }, 'passport_no', MESSAGES.passportLength],
    ['a passport number of 33', { passport_no: passport(33) }, 'passport_no', MESSAGES.passportLength],
    ['no country', { intended_country: ' ' }, 'intended_country', MESSAGES.countryRequired],
    [
      'an issue date as YYYY-MM-DD',
      { issue_date: '2027-02-25' },
      'issue_date',
      SERVICE_MESSAGES.issueDateFormat,
    ],
    [
      'an issue date that does not exist',
      { issue_date: '30-02-2027' },
      'issue_date',
      SERVICE_MESSAGES.issueDateFormat,
    ],
    [
      'an issue date with slashes',
      { issue_date: '25/02/2027' },
      'issue_date',
      SERVICE_MESSAGES.issueDateFormat,
    ],
    [
      'a from date in the wrong form',
      { from_date: '2027-03-01' },
      'from_date',
      SERVICE_MESSAGES.fromDateFormat,
    ],
    ['a to date before the from date', { to_date: '28-02-2027' }, 'to_date', MESSAGES.toBeforeFrom],
    [
      'a service that is not offered',
      { category: 'pony', reason: 'Any' },
      'category',
      SERVICE_MESSAGES.categoryUnknown,
    ],
    ['a NOC type that does not exist', { noc_type_id: 999 }, 'noc_type_id', SERVICE_MESSAGES.nocTypeUnknown],
    ['a NOC type of the wrong kind', { noc_type_id: 'travel' }, 'noc_type_id', MESSAGES.nocTypeRequired],
  ])(
    'refuses a NOC with %s: 422, its message on its field, nothing saved',
    async (_l, change, field, message) => {
      const c = await cast();
      const res = await create(c.tokens.employee, { ...nocBody(), ...change });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors.children[field].errors).toContain(message);
      expect(await serviceCount(ctx.db, c.employee.id)).toBe(0);
    },
  );

  it('refuses another category without a reason', async () => {
    const c = await cast();
    for (const reason of [undefined, '', '  ']) {
      const res = await create(c.tokens.employee, certificateBody({ reason }));
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.children.reason.errors).toEqual([MESSAGES.reasonRequired]);
    }
    expect(await serviceCount(ctx.db, c.employee.id)).toBe(0);
  });

  it('names every missing field at once, on its own field', async () => {
    const c = await cast();
    const empty = await create(c.tokens.employee, {});
    expect(empty.statusCode).toBe(422);
    const children = empty.json().errors.children;
    expect(children.category.errors).toEqual([MESSAGES.serviceRequired]);
    expect(children.issue_date.errors).toEqual([MESSAGES.issueDateRequired]);
    expect(children.description.errors).toEqual([MESSAGES.descriptionRequired]);

    const bareNoc = await create(c.tokens.employee, { category: 'noc', issue_date: '01-02-2027' });
    const nocChildren = bareNoc.json().errors.children;
    expect(Object.keys(nocChildren).sort()).toEqual([
      'description',
      'from_date',
      'intended_country',
      'noc_type_id',
      'passport_no',
      'to_date',
    ]);
    expect(nocChildren.reason).toBeUndefined();
    expect(await serviceCount(ctx.db, c.employee.id)).toBe(0);
  });

  it('the same request twice is refused while the first is open; another one, or after a decision, is not', async () => {
    const c = await cast();
    const first = await create(c.tokens.employee, nocBody());
    expect(first.statusCode).toBe(201);
    const again = await create(c.tokens.employee, nocBody({ description: 'Another note' }));
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({
      error: 'service_request_open',
      params: { id: first.json().id },
      errors: { children: { category: { errors: [again.json().message] } } },
    });
    expect(again.json().message).toBe(
      `You already have this No objection certificate (NOC) request open (#${first.json().id}); change or delete that one instead.`,
    );
    expect(await serviceCount(ctx.db, c.employee.id)).toBe(1);
    // Other dates, another country or another service are other requests.
    expect((await create(c.tokens.employee, nocBody({ to_date: '11-03-2027' }))).statusCode).toBe(201);
    expect((await create(c.tokens.employee, nocBody({ intended_country: 'Nepal' }))).statusCode).toBe(201);
    expect((await create(c.tokens.employee, certificateBody())).statusCode).toBe(201);
    // A draft cannot be edited into a copy of another open request.
    const other = (await create(c.tokens.employee, nocBody({ intended_country: 'India' }))).json().id;
    const copy = await edit(c.tokens.employee, other, nocBody());
    expect(copy.statusCode).toBe(422);
    expect(copy.json().error).toBe('service_request_open');
    expect((await serviceRow(ctx.db, other))!.intendedCountry).toBe('India');
    // Once the first is cancelled, the same request may be made again.
    await setServiceStatus(ctx.db, first.json().id, 4);
    expect((await create(c.tokens.employee, nocBody())).statusCode).toBe(201);
    // Another employee's requests never count.
    expect((await create(c.tokens.peer, nocBody())).statusCode).toBe(201);
  });

  it('accepts passport numbers of 4 and 32 characters', async () => {
    const c = await cast();
    for (const n of [4, 32]) {
      const res = await create(c.tokens.employee, nocBody({ passport_no: 'X'.repeat(n) }));
      expect(res.statusCode, res.body).toBe(201);
    }
  });

  it('an employee applies only for themself; an HR admin may apply for anyone enabled', async () => {
    const c = await cast();
    const forPeer = await create(c.tokens.employee, nocBody({ employee_id: c.peer.id }));
    expect(forPeer.statusCode).toBe(403);
    expect(await serviceCount(ctx.db, c.peer.id)).toBe(0);
    const forSelf = await create(c.tokens.employee, nocBody({ employee_id: c.employee.id }));
    expect(forSelf.statusCode).toBe(201);

    const byAdmin = await create(c.tokens.admin, certificateBody({ employee_id: c.peer.id }));
    expect(byAdmin.statusCode, byAdmin.body).toBe(201);
    expect(byAdmin.json()).toMatchObject({
      employee_id: c.peer.id,
      line_manager: { id: c.lm.id },
      one_over_one: { id: c.oo.id },
      created_by: { id: c.admin.id, name: c.admin.name },
      accountability: { created: { by: c.admin.name } },
    });
    expect((await serviceRow(ctx.db, byAdmin.json().id))!.createdBy).toBe(c.admin.id);

    const disabled = await ctx.factory.employee({ enabled: false, withUser: false });
    for (const employee_id of [disabled.id, 99999999]) {
      const res = await create(c.tokens.admin, certificateBody({ employee_id }));
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.children.employee_id.errors).toEqual([SERVICE_MESSAGES.employeeUnknown]);
    }
  });

  it('needs a token', async () => {
    expect((await ctx.call({ method: 'POST', url: BASE, payload: nocBody() })).statusCode).toBe(401);
    expect((await ctx.call({ method: 'GET', url: BASE })).statusCode).toBe(401);
    expect((await ctx.call({ method: 'GET', url: `${BASE}/1` })).statusCode).toBe(401);
    expect((await ctx.call({ method: 'PATCH', url: `${BASE}/1/actions/submit` })).statusCode).toBe(401);
    expect((await ctx.call({ method: 'GET', url: `${BASE}/1/letter` })).statusCode).toBe(401);
  });
});

describe('separation of duties', () => {
  it('an HR administrator neither approves, cancels nor completes their own request; others do', async () => {
    const c = await cast();
    const hrAdmin = await ctx.factory.employee({ admin: true, parentId: c.lm.id });
    const own = await ctx.factory.token(hrAdmin);
    const id = (await create(own, nocBody())).json().id as number;
    expect((await act(own, 'submit', id)).statusCode).toBe(200);
    for (const action of ['approve', 'cancel']) {
      const res = await act(own, action, id);
      expect(res.statusCode, action).toBe(403);
      expect(res.json()).toMatchObject({
        error: 'own_request_decision',
        params: { record: 'hr_service', action },
      });
    }
    expect((await serviceRow(ctx.db, id))!.statusId).toBe(2);
    expect((await act(c.tokens.lm, 'approve', id)).statusCode).toBe(200);
    const done = await act(own, 'done', id);
    expect(done.statusCode).toBe(403);
    expect(done.json().error).toBe('own_request_decision');
    expect((await serviceRow(ctx.db, id))!.statusId).toBe(3);
    expect((await act(c.tokens.admin, 'done', id)).statusCode).toBe(200);
  });
});

describe('the HR service workflow, action by action, actor by actor, status by status', () => {
  // Expected HTTP status per action, actor and starting status 1 Draft, 2 Submitted, 3 Approved, 4 Cancelled, 5 Done.
  type Row = [number, number, number, number, number];
  const refused: Row = [403, 403, 403, 403, 403];
  const table: Record<'submit' | 'approve' | 'cancel' | 'done', Record<Role, Row>> = {
    submit: {
      employee: [200, 409, 409, 409, 409],
      lm: refused,
      oo: refused,
      admin: refused,
      peer: refused,
      stranger: refused,
    },
    approve: {
      employee: refused,
      lm: [409, 200, 409, 409, 409],
      oo: refused,
      admin: [409, 200, 409, 409, 409],
      peer: refused,
      stranger: refused,
    },
    cancel: {
      employee: refused,
      lm: [409, 200, 409, 409, 409],
      oo: refused,
      admin: [409, 200, 409, 409, 409],
      peer: refused,
      stranger: refused,
    },
    done: {
      employee: refused,
      lm: refused,
      oo: refused,
      admin: [409, 409, 200, 409, 409],
      peer: refused,
      stranger: refused,
    },
  };
  const resulting = { submit: 2, approve: 3, cancel: 4, done: 5 } as const;

  for (const [action, byActor] of Object.entries(table) as [keyof typeof table, Record<Role, Row>][]) {
    it(`${action}: allowed only as the table says, and nothing changes when refused`, async () => {
      const c = await cast();
      for (const [actor, expected] of Object.entries(byActor) as [Role, Row][]) {
        for (let status = 1; status <= 5; status++) {
          const id = (await create(c.tokens.employee, nocBody({ issue_date: nextIssueDate() }))).json()
            .id as number;
          await setServiceStatus(ctx.db, id, status);
          const before = await serviceRow(ctx.db, id);
          const auditBefore = (await serviceAudit(ctx.db, id)).length;
          const res = await act(c.tokens[actor], action, id);
          const want = expected[status - 1];
          const label = `${action} by ${actor} at status ${status}: ${res.body.slice(0, 200)}`;
          expect(res.statusCode, label).toBe(want);
          const after = await serviceRow(ctx.db, id);
          const audited = await serviceAudit(ctx.db, id);
          if (want === 200) {
            expect(after!.statusId, label).toBe(resulting[action]);
            expect(res.json().status.id).toBe(resulting[action]);
            expect(audited.at(-1)).toMatchObject({
              action,
              fromStatus: status,
              toStatus: resulting[action],
              actorEmployeeId: c[actor].id,
            });
            if (action === 'submit') expect(after!.submittedAt).not.toBeNull();
            if (action === 'done') expect(after!.letterFileId).not.toBeNull();
          } else {
            expect(after, label).toEqual(before);
            expect(audited, label).toHaveLength(auditBefore);
          }
        }
      }
    });
  }

  it('a refused done issues no letter', async () => {
    const c = await cast();
    const id = await requestAt(c, 2);
    const letters = await letterCount(ctx.db);
    expect((await act(c.tokens.admin, 'done', id)).statusCode).toBe(409);
    expect((await act(c.tokens.lm, 'done', id)).statusCode).toBe(403);
    expect(await letterCount(ctx.db)).toBe(letters);
  });

  it('approve and cancel at the same moment: exactly one wins, with one audit row', async () => {
    const c = await cast();
    const id = await requestAt(c, 2);
    const [a, b] = await Promise.all([act(c.tokens.lm, 'approve', id), act(c.tokens.admin, 'cancel', id)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const final = (await serviceRow(ctx.db, id))!.statusId;
    expect([3, 4]).toContain(final);
    const decisions = (await serviceAudit(ctx.db, id)).filter((r) => r.fromStatus === 2);
    expect(decisions).toHaveLength(1);
    expect(decisions[0]!.toStatus).toBe(final);
  });

  it('two admins marking done at once: one letter', async () => {
    const c = await cast();
    const other = await ctx.factory.employee({ admin: true });
    const otherToken = await ctx.factory.token(other);
    const id = await requestAt(c, 3);
    const letters = await letterCount(ctx.db);
    const [a, b] = await Promise.all([act(c.tokens.admin, 'done', id), act(otherToken, 'done', id)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect(await letterCount(ctx.db)).toBe(letters + 1);
  });

  it('unknown or malformed ids: 404 and 400', async () => {
    const c = await cast();
    for (const action of ['submit', 'approve', 'cancel', 'done']) {
      expect((await act(c.tokens.admin, action, 99999999)).statusCode).toBe(404);
    }
    expect((await read(c.tokens.admin, 99999999)).statusCode).toBe(404);
    expect((await letter(c.tokens.admin, 99999999)).statusCode).toBe(404);
    expect((await edit(c.tokens.employee, 99999999, nocBody())).statusCode).toBe(404);
    expect((await remove(c.tokens.employee, 99999999)).statusCode).toBe(404);
    const bad = await ctx.call({
      method: 'PATCH',
      url: `${BASE}/abc/actions/submit`,
      token: c.tokens.employee,
    });
    expect(bad.statusCode).toBe(400);
    const badDelete = await ctx.call({
      method: 'DELETE',
      url: BASE,
      token: c.tokens.employee,
      payload: { service_request_id: 'x' },
    });
    expect(badDelete.statusCode).toBe(422);
  });
});

describe('accountability, from the audit log', () => {
  it('names who created, submitted, approved and marked done', async () => {
    const c = await cast();
    const id = await requestAt(c, 5);
    const detail = (await read(c.tokens.employee, id)).json();
    expect(detail.accountability).toMatchObject({
      created: { by: c.employee.name },
      submitted: { by: c.employee.name },
      approved_by: c.lm.name,
      cancelled_by: null,
      done_by: c.admin.name,
    });
    for (const key of ['approved_at', 'done_at'])
      expect(dayjs(detail.accountability[key]).isValid()).toBe(true);
    expect(detail.submitted_at).not.toBeNull();
    const trail = (await serviceAudit(ctx.db, id)).map((a) => [
      a.action,
      a.fromStatus,
      a.toStatus,
      a.actorEmployeeId,
    ]);
    expect(trail).toEqual([
      ['create', null, 1, c.employee.id],
      ['submit', 1, 2, c.employee.id],
      ['approve', 2, 3, c.lm.id],
      ['done', 3, 5, c.admin.id],
    ]);
  });

  it('names who cancelled, and an admin who made a request for someone', async () => {
    const c = await cast();
    const cancelled = await requestAt(c, 4);
    expect((await read(c.tokens.lm, cancelled)).json().accountability).toMatchObject({
      approved_by: null,
      cancelled_by: c.lm.name,
      done_by: null,
    });
    const made = (await create(c.tokens.admin, certificateBody({ employee_id: c.employee.id }))).json().id;
    expect((await act(c.tokens.employee, 'submit', made)).statusCode).toBe(200);
    expect((await act(c.tokens.admin, 'cancel', made)).statusCode).toBe(200);
    expect((await read(c.tokens.employee, made)).json().accountability).toMatchObject({
      created: { by: c.admin.name },
      submitted: { by: c.employee.name },
      cancelled_by: c.admin.name,
    });
  });
});

describe('the letter', () => {
  it('done issues a NOC as a PDF the employee and admins may download, no one else', async () => {
    const c = await cast();
    const id = await requestAt(c, 3);
    expect((await letter(c.tokens.employee, id)).statusCode).toBe(404);
    const done = await act(c.tokens.admin, 'done', id);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({
      status: { id: 5 },
      has_letter: true,
      letter: { url: `${BASE}/${id}/letter` },
    });
    expect(done.json().letter.name).toMatch(new RegExp(`^NOC_.*_${c.employee.eid}_${id}\\.pdf$`));

    const res = await letter(c.tokens.employee, id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`attachment; filename="${done.json().letter.name}"`);
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.length).toBe(done.json().letter.size);
    const text = pdfText(pdf);
    expect(text).toContain(
      `This is to certify that ${c.employee.name} (E-ID ${c.employee.eid}) is employed with`,
    );
    expect(text).toContain('for the period from 01-03-2027 to 10-03-2027');
    expect(text).toContain(`Ref: HR/`);
    for (const expected of [
      c.employee.name,
      c.employee.eid,
      'To whom it may concern',
      'Travel abroad',
      'A01234567',
      'Thailand',
      '01-03-2027',
      '10-03-2027',
      c.admin.name,
      dayjs().format('DD-MM-YYYY'),
    ]) {
      expect(text).toContain(expected);
    }
    const [stored] = await ctx.db
      .select({ kind: files.kind, mime: files.mime, createdBy: files.createdBy })
      .from(files)
      .where(eq(files.id, (await serviceRow(ctx.db, id))!.letterFileId!));
    expect(stored).toEqual({ kind: 'letter', mime: 'application/pdf', createdBy: c.admin.id });

    expect((await letter(c.tokens.admin, id)).statusCode).toBe(200);
    for (const who of ['lm', 'oo', 'peer', 'stranger'] as const) {
      expect((await letter(c.tokens[who], id)).statusCode, who).toBe(403);
    }
    // The detail offers the letter to those who may download it, and to no one else.
    for (const who of ['employee', 'admin'] as const) {
      expect((await read(c.tokens[who], id)).json().letter, who).toMatchObject({
        url: `${BASE}/${id}/letter`,
      });
    }
    for (const who of ['lm', 'oo'] as const) {
      const detail = (await read(c.tokens[who], id)).json();
      expect(detail, who).toMatchObject({ has_letter: true, letter: null });
    }
  });

  it('other categories get a matching letter with the reason', async () => {
    const c = await cast();
    const id = await requestAt(
      c,
      5,
      certificateBody({ category: 'employment_certificate', reason: 'Visa file' }),
    );
    const res = await letter(c.tokens.employee, id);
    expect(res.statusCode).toBe(200);
    const text = pdfText(res.rawPayload);
    expect(text).toContain('EMPLOYMENT CERTIFICATE');
    expect(text).toContain(c.employee.name);
    expect(text).toContain('issued at the request of the employee for: Visa file.');
    expect(text).not.toContain('Passport number');
  });
});

describe('editing and deleting drafts', () => {
  it('the employee changes a draft; changing NOC to another service clears the NOC fields', async () => {
    const c = await cast();
    const id = (await create(c.tokens.employee, nocBody())).json().id;
    const res = await edit(c.tokens.employee, id, certificateBody({ category: 'experience_letter' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ category: 'experience_letter', noc_type_id: null, passport_no: null });
    expect(await serviceRow(ctx.db, id)).toMatchObject({
      category: 'experience_letter',
      nocTypeId: null,
      fromDate: null,
      toDate: null,
      passportNo: null,
      intendedCountry: null,
      reason: 'Bank loan application',
    });
    const invalid = await edit(c.tokens.employee, id, nocBody({ passport_no: 'abc' }));
    expect(invalid.statusCode).toBe(422);
    expect((await serviceRow(ctx.db, id))!.category).toBe('experience_letter');
    expect((await serviceAudit(ctx.db, id)).map((a) => a.action)).toEqual(['create', 'update']);
  });

  it('only the employee or the admin who made it, only as a draft', async () => {
    const c = await cast();
    const id = (await create(c.tokens.employee, nocBody())).json().id;
    for (const who of ['lm', 'oo', 'admin', 'peer', 'stranger'] as const) {
      expect((await edit(c.tokens[who], id, nocBody({ intended_country: 'Nepal' }))).statusCode, who).toBe(
        403,
      );
      expect((await remove(c.tokens[who], id)).statusCode, who).toBe(403);
    }
    const moved = await edit(c.tokens.employee, id, nocBody({ employee_id: c.peer.id }));
    expect(moved.statusCode).toBe(422);
    expect(moved.json().errors.children.employee_id.errors).toEqual([SERVICE_MESSAGES.employeeFixed]);
    await setServiceStatus(ctx.db, id, 2);
    expect((await edit(c.tokens.employee, id, nocBody({ intended_country: 'Nepal' }))).statusCode).toBe(409);
    expect((await remove(c.tokens.employee, id)).statusCode).toBe(409);
    expect((await serviceRow(ctx.db, id))!.intendedCountry).toBe('Thailand');
    await setServiceStatus(ctx.db, id, 1);
    const gone = await remove(c.tokens.employee, id);
    expect(gone.statusCode).toBe(200);
    expect(gone.json().message).toBe(
      `No objection certificate (NOC) request #${id} has been successfully deleted!`,
    );
    expect(await serviceRow(ctx.db, id)).toBeNull();
    expect((await serviceAudit(ctx.db, id)).map((a) => a.action)).toEqual(['create', 'delete']);

    const made = (await create(c.tokens.admin, certificateBody({ employee_id: c.employee.id }))).json().id;
    const otherAdmin = await ctx.factory.token(await ctx.factory.employee({ admin: true }));
    expect((await edit(otherAdmin, made, certificateBody({ reason: 'Other' }))).statusCode).toBe(403);
    expect((await edit(c.tokens.admin, made, certificateBody({ reason: 'Tax return' }))).statusCode).toBe(
      200,
    );
    expect((await edit(c.tokens.employee, made, certificateBody({ reason: 'Tax file' }))).statusCode).toBe(
      200,
    );
    expect((await remove(c.tokens.admin, made)).statusCode).toBe(200);
  });
});

describe('listing and reading', () => {
  it('own shows the caller’s requests; team shows submitted ones to the line manager, the O&O and admins', async () => {
    const c = await cast();
    const draft = await requestAt(c, 1);
    const submitted = await requestAt(c, 2, certificateBody());
    const forPeer = (await create(c.tokens.admin, certificateBody({ employee_id: c.peer.id }))).json().id;

    expect(ids(await list(c.tokens.employee, 'list_type=own'))).toEqual([submitted, draft]);
    expect(ids(await list(c.tokens.employee, ''))).toEqual([submitted, draft]);
    expect(ids(await list(c.tokens.employee, 'list_type=team'))).toEqual([]);
    expect(ids(await list(c.tokens.lm, 'list_type=team'))).toEqual([submitted]);
    expect(ids(await list(c.tokens.oo, 'list_type=team'))).toEqual([submitted]);
    expect(ids(await list(c.tokens.peer, 'list_type=team'))).toEqual([]);
    expect(ids(await list(c.tokens.peer, 'list_type=own'))).toEqual([forPeer]);
    expect(ids(await list(c.tokens.stranger, 'list_type=team'))).toEqual([]);
    expect(ids(await list(c.tokens.lm, 'list_type=own'))).toEqual([]);
    // Admins see every submitted request, and the drafts they made for others.
    const otherAdmin = await ctx.factory.token(await ctx.factory.employee({ admin: true }));
    const forTeam = (filter: string) => `list_type=team&limit=50${filter}`;
    expect(ids(await list(otherAdmin, forTeam(`&employee_id=${c.employee.id}`)))).toEqual([submitted]);
    expect(ids(await list(otherAdmin, forTeam(`&employee_id=${c.peer.id}`)))).toEqual([]);
    expect(ids(await list(c.tokens.admin, forTeam(`&employee_id=${c.peer.id}`)))).toEqual([forPeer]);
  });

  it('reading one: the employee, the approvers and admins; a draft only its employee and maker', async () => {
    const c = await cast();
    const id = await requestAt(c, 2);
    for (const who of ['employee', 'lm', 'oo', 'admin'] as const) {
      const res = await read(c.tokens[who], id);
      expect(res.statusCode, who).toBe(200);
      expect(res.json().id).toBe(id);
    }
    for (const who of ['peer', 'stranger'] as const)
      expect((await read(c.tokens[who], id)).statusCode).toBe(403);
    const draft = await requestAt(c, 1);
    expect((await read(c.tokens.employee, draft)).statusCode).toBe(200);
    for (const who of ['lm', 'oo', 'admin', 'stranger'] as const) {
      expect((await read(c.tokens[who], draft)).statusCode, who).toBe(403);
    }
    const made = (await create(c.tokens.admin, certificateBody({ employee_id: c.peer.id }))).json().id;
    expect((await read(c.tokens.admin, made)).statusCode).toBe(200);
    expect((await read(c.tokens.peer, made)).statusCode).toBe(200);
  });

  it('filters by status, category, submitted range, employee and company; sorts', async () => {
    const c = await cast();
    const a = await requestAt(c, 2, nocBody());
    const b = await requestAt(c, 3, certificateBody());
    const p = (await create(c.tokens.peer, certificateBody({ category: 'visa_letter' }))).json().id;
    expect((await act(c.tokens.peer, 'submit', p)).statusCode).toBe(200);
    const team = async (query: string) => {
      const res = await list(c.tokens.lm, `list_type=team&${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return ids(res);
    };
    expect(await team('')).toEqual([p, b, a]);
    expect(await team('status_id=3')).toEqual([b]);
    expect(await team('category=noc')).toEqual([a]);
    expect(await team(`employee_id=${c.peer.id}`)).toEqual([p]);
    const [company] = await ctx.db
      .select({ id: companies.id })
      .from(companies)
      .innerJoin(employees, eq(employees.companyId, companies.id))
      .where(eq(employees.id, c.employee.id));
    expect(await team(`company_id=${company!.id}`)).toEqual([p, b, a]);
    expect(await team(`company_id=${company!.id + 1000}`)).toEqual([]);
    const day = (n: number) => dayjs().add(n, 'day').format('YYYY-MM-DD');
    expect(await team(`submitted_range=${day(-1)},${day(1)}`)).toEqual([p, b, a]);
    expect(await team(`submitted_range=${day(1)},`)).toEqual([]);
    expect(await team(`submitted_range=,${day(-1)}`)).toEqual([]);
    expect(await team('sort=id,asc')).toEqual([a, b, p]);
    expect(await team('sort=category,asc')).toEqual([a, b, p]);
    expect(await team('sort=status,desc')).toEqual([b, p, a]);
    expect(await team('sort=submitted,asc')).toEqual([a, b, p]);
    const byName = [
      [c.employee.name, a],
      [c.employee.name, b],
      [c.peer.name, p],
    ].sort((x, y) => String(x[0]).localeCompare(String(y[0])) || Number(x[1]) - Number(y[1]));
    const byEmployee = await team('sort=employee,asc');
    expect(byEmployee.map((id) => byName.find((n) => n[1] === id)![0])).toEqual(byName.map((n) => n[0]));
  });

  it('pages with links', async () => {
    const c = await cast();
    for (let i = 0; i < 12; i++) await create(c.tokens.employee, certificateBody({ reason: `Reason ${i}` }));
    const first = (await list(c.tokens.employee, 'list_type=own&limit=10')).json();
    expect(first).toMatchObject({
      total: 12,
      count: 10,
      pagination: { page: 1, limit: 10, pages: 2, prev: null },
    });
    expect(first.pagination.next).toBe(`${BASE}?list_type=own&limit=10&page=2`);
    const second = (await list(c.tokens.employee, 'list_type=own&limit=10&page=2')).json();
    expect(second).toMatchObject({ total: 12, count: 2, pagination: { page: 2, next: null } });
    expect(second.pagination.prev).toBe(`${BASE}?list_type=own&limit=10&page=1`);
    const twenty = (await list(c.tokens.employee, 'limit=20')).json();
    expect(twenty).toMatchObject({ count: 12, pagination: { pages: 1, next: null } });
  });

  it.each([
    ['employee_id=5', /team view/],
    ['company_id=5', /team view/],
    ['list_type=own&employee_id=5', /team view/],
    ['list_type=self', /list_type/],
    ['limit=15', /limit/],
    ['page=0', /page/],
    ['sort=salary,desc', /sort/],
    ['status_id=9', /status_id/],
    ['submitted_range=2027-03-05,2027-03-01', /range/],
    ['submitted_range=01-03-2027,', /range/],
  ])('refuses %s with a clear 400', async (query, message) => {
    const c = await cast();
    const res = await list(c.tokens.employee, query);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
  });

  it('reference lists: categories and NOC types', async () => {
    const c = await cast();
    const categories = await ctx.call({ method: 'GET', url: `${BASE}/categories`, token: c.tokens.employee });
    expect(categories.statusCode).toBe(200);
    expect(categories.json().map((x: { value: string }) => x.value)).toEqual([
      'noc',
      'salary_certificate',
      'employment_certificate',
      'experience_letter',
      'visa_letter',
      'id_card',
    ]);
    const types = await ctx.call({ method: 'GET', url: `${BASE}/noc-types`, token: c.tokens.employee });
    expect(types.json()).toEqual([
      { id: 1, name: 'Travel abroad' },
      { id: 2, name: 'Higher study' },
      { id: 3, name: 'Visa application' },
      { id: 4, name: 'Bank loan' },
    ]);
    const statuses = await ctx.call({
      method: 'GET',
      url: '/api/v1/statuses/hr_service',
      token: c.tokens.employee,
    });
    expect(statuses.json().map((s: { id: number }) => s.id)).toEqual([1, 2, 3, 4, 5]);
  });
});

import {
  EPR_WORKFLOW,
  KPI_WORKFLOW,
  RECORD_CHANGES,
  REQUEST_WORKFLOW,
  SERVICE_WORKFLOW,
  type WorkflowTable,
} from '@hr/contracts/workflow';
import dayjs from 'dayjs';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { approvedSheet, setEprStatus } from '../../test/factories/epr';
import { certificateBody, nextIssueDate, setServiceStatus } from '../../test/factories/hr-services';
import { customSheetBody } from '../../test/factories/kpi';
import { remoteWorkBody } from '../../test/factories/remote-work';
import { leaveBody, setLeaveStatus } from '../../test/factories/requests';
import { type Cast, setupApi, type TestContext } from '../../test/helper';
import { remoteWorks } from '../db/schema';

/**
 * What a record's answer offers is what the API accepts (docs/decisions.md,
 * Lists and workflows): for every request module, every status and every
 * person who may meet the record, the `actions` of its list row (or of its
 * detail, where no list shows it to them) are exactly the actions whose call
 * gets past the permission and status checks. A call "gets past" unless it
 * is refused with one of the refusals below; a rule on the content (weights
 * that do not add up, a review not complete) still means the caller may.
 */
const REFUSALS = new Set([
  'transition_forbidden',
  'transition_not_allowed',
  'own_request_decision',
  'impersonation_no_decision',
  'record_edit_forbidden',
  'record_not_editable',
  'record_delete_forbidden',
  'record_not_deletable',
  'record_hidden',
  'record_not_found',
]);

let ctx: TestContext;
beforeAll(async () => {
  ctx = await setupApi();
});

/** The people a record meets, each with a token: the cast, and an administrator signed in as the line manager. */
type Role = keyof Cast['tokens'] | 'admin as lm';
const ROLES: Role[] = ['employee', 'lm', 'oo', 'peer', 'admin', 'stranger', 'admin as lm'];

interface Made {
  id: number;
}

interface ModuleSpec {
  name: string;
  path: string;
  idField: string;
  workflow: WorkflowTable;
  statuses: number[];
  /** The list's own and team views. */
  views: [string, string];
  /** Actions in the path (`/{id}/actions/{action}`) rather than the body. */
  actionsById?: boolean;
  make(c: Cast, status: number): Promise<Made>;
  /** A body the record's employee could save in an editable status. */
  editBody(c: Cast, made: Made): object;
}

/** A Monday of its own for each record, so that no two of one employee overlap. */
let week = 0;
const nextMonday = () => dayjs('2030-01-07').add(7 * week++, 'day');

const leaveMade = new Map<number, { from: string; to: string }>();
const remoteMade = new Map<number, { from_date: string; to_date: string }>();
const kpiMade = new Map<number, { from: string; to: string }>();
const serviceMade = new Map<number, object>();
const eprMade = new Map<number, object>();

async function created(token: string, path: string, payload: object): Promise<number> {
  const res = await ctx.call({ method: 'POST', url: `/api/v1${path}`, token, payload });
  expect(res.statusCode, `${path}: ${res.body}`).toBe(201);
  return res.json().id;
}

const MODULES: ModuleSpec[] = [
  {
    name: 'leave',
    path: '/leave',
    idField: 'leave_id',
    workflow: REQUEST_WORKFLOW,
    statuses: [1, 2, 3, 4],
    views: ['self', 'team'],
    async make(c, status) {
      const monday = nextMonday();
      // Leave Without Pay: no balance, so any number of requests may stand.
      const dates = { from: monday.format('YYYY-MM-DD'), to: monday.add(1, 'day').format('YYYY-MM-DD') };
      const id = await created(c.tokens.employee, '/leave', leaveBody(c.peer.id, { type_id: 5, ...dates }));
      leaveMade.set(id, dates);
      await setLeaveStatus(ctx.db, id, status);
      return { id };
    },
    editBody: (c, made) => leaveBody(c.peer.id, { type_id: 5, ...leaveMade.get(made.id)! }),
  },
  {
    name: 'remote work',
    path: '/remote-work',
    idField: 'remote_work_id',
    workflow: REQUEST_WORKFLOW,
    statuses: [1, 2, 3, 4],
    views: ['self', 'team'],
    async make(c, status) {
      const monday = nextMonday();
      const dates = {
        from_date: monday.format('YYYY-MM-DD'),
        to_date: monday.add(1, 'day').format('YYYY-MM-DD'),
      };
      const id = await created(c.tokens.employee, '/remote-work', remoteWorkBody(dates));
      remoteMade.set(id, dates);
      await ctx.db.update(remoteWorks).set({ statusId: status }).where(eq(remoteWorks.id, id));
      return { id };
    },
    editBody: (_c, made) => remoteWorkBody(remoteMade.get(made.id)!),
  },
  {
    name: 'HR services',
    path: '/employee/service-requests',
    idField: 'service_request_id',
    workflow: SERVICE_WORKFLOW,
    statuses: [1, 2, 3, 4, 5],
    views: ['own', 'team'],
    actionsById: true,
    async make(c, status) {
      const body = certificateBody({ issue_date: nextIssueDate() });
      const id = await created(c.tokens.employee, '/employee/service-requests', body);
      serviceMade.set(id, body);
      await setServiceStatus(ctx.db, id, status);
      return { id };
    },
    editBody: (_c, made) => serviceMade.get(made.id)!,
  },
  {
    name: 'KPI sheets',
    path: '/kpis',
    idField: 'kpi_id',
    workflow: KPI_WORKFLOW,
    statuses: [1, 2, 3, 4, 5],
    views: ['self', 'team'],
    async make(c, status) {
      const monday = nextMonday();
      const dates = { from: monday.format('YYYY-MM-DD'), to: monday.add(90, 'day').format('YYYY-MM-DD') };
      const { sheet } = await approvedSheet(
        ctx.db,
        { employeeId: c.employee.id, lineManagerId: c.lm.id, oneOverOneId: c.oo.id },
        { statusId: status, ...dates },
      );
      kpiMade.set(sheet.id, dates);
      return { id: sheet.id };
    },
    editBody: (_c, made) => customSheetBody({ name: 'Plan, revised', ...kpiMade.get(made.id)! }),
  },
  {
    name: 'reviews (EPR)',
    path: '/eprs',
    idField: 'epr_id',
    workflow: EPR_WORKFLOW,
    statuses: [1, 2, 3, 4, 5, 10],
    views: ['self', 'team'],
    async make(c, status) {
      const { sheet } = await approvedSheet(ctx.db, {
        employeeId: c.employee.id,
        lineManagerId: c.lm.id,
        oneOverOneId: c.oo.id,
      });
      const body = { kpi_id: sheet.id, type_id: 2, from_date: '2031-01-01', to_date: '2031-06-30' };
      const id = await created(c.tokens.employee, '/eprs', body);
      eprMade.set(id, body);
      await setEprStatus(ctx.db, id, status);
      return { id };
    },
    editBody: (_c, made) => eprMade.get(made.id)!,
  },
];

/** Every action a record of the module may offer. */
const universe = (m: ModuleSpec) => [...new Set([...m.workflow.map((t) => t.action), ...RECORD_CHANGES])];

/** Tries one action; answers whether the call got past the permission and status checks. */
async function attempt(m: ModuleSpec, c: Cast, made: Made, action: string, token: string) {
  const url = `/api/v1${m.path}`;
  const res =
    action === 'edit'
      ? await ctx.call({ method: 'PATCH', url: `${url}/${made.id}`, token, payload: m.editBody(c, made) })
      : action === 'delete'
        ? await ctx.call({ method: 'DELETE', url, token, payload: { [m.idField]: made.id } })
        : m.actionsById
          ? await ctx.call({ method: 'PATCH', url: `${url}/${made.id}/actions/${action}`, token })
          : await ctx.call({
              method: 'PATCH',
              url: `${url}/actions/${action}`,
              token,
              payload: { [m.idField]: made.id },
            });
  expect(res.statusCode, `${m.name} ${action}: ${res.body}`).toBeLessThan(500);
  const ok = res.statusCode < 300;
  const code = ok ? null : (res.json() as { error?: string }).error;
  // A refusal without one of the permission codes would be a field error of a body the test got wrong.
  if (!ok) expect(res.statusCode, `${m.name} ${action}: ${res.body}`).not.toBe(400);
  return { passed: ok || !REFUSALS.has(code ?? ''), changed: ok };
}

/** The record's `actions` as the caller meets it: its list row, or its detail where no list shows it. */
async function offered(m: ModuleSpec, made: Made, token: string, view: string) {
  const url = `/api/v1${m.path}`;
  const list = await ctx.call({
    method: 'GET',
    url: `${url}?list_type=${view}&limit=50&sort=id,desc`,
    token,
  });
  expect(list.statusCode, list.body).toBe(200);
  const row = (list.json().items as { id: number; actions: string[] }[]).find((r) => r.id === made.id);
  const detail = await ctx.call({ method: 'GET', url: `${url}/${made.id}`, token });
  const detailActions = detail.statusCode === 200 ? (detail.json().actions as string[]) : null;
  // A row and its detail never disagree.
  if (row && detailActions) expect(row.actions).toEqual(detailActions);
  return { actions: row?.actions ?? detailActions ?? [], listed: Boolean(row) };
}

async function tokensOf(c: Cast): Promise<Record<Role, string>> {
  const impersonated = await ctx.call({
    method: 'POST',
    url: '/api/v1/impersonate',
    token: c.tokens.admin,
    payload: { employee_id: c.lm.id },
  });
  expect(impersonated.statusCode, impersonated.body).toBe(200);
  return { ...c.tokens, 'admin as lm': impersonated.json().token };
}

describe('a record offers exactly what the API accepts', () => {
  for (const m of MODULES) {
    it(`${m.name}: each status × person × action`, async () => {
      const c = await ctx.factory.cast();
      const tokens = await tokensOf(c);
      let checked = 0;
      let offeredSomewhere = 0;
      for (const status of m.statuses) {
        for (const role of ROLES) {
          const token = tokens[role];
          let made = await m.make(c, status);
          const view = role === 'employee' ? m.views[0] : m.views[1];
          const { actions } = await offered(m, made, token, view);
          if (actions.length > 0) offeredSomewhere += 1;
          for (const action of universe(m)) {
            const { passed, changed } = await attempt(m, c, made, action, token);
            expect(passed, `${m.name}, status ${status}, ${role}, ${action}: offered [${actions}]`).toBe(
              actions.includes(action),
            );
            checked += 1;
            // A call that went through changed the record: the next action tries a new one.
            if (changed) made = await m.make(c, status);
          }
        }
      }
      expect(checked).toBe(m.statuses.length * ROLES.length * universe(m).length);
      // The check would hold trivially if nothing were ever offered.
      expect(offeredSomewhere).toBeGreaterThanOrEqual(2);
    });
  }
});

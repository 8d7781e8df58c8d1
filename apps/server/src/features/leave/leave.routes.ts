import { leave, leaveBalances, leaveBody, leaveIdBody, leaveList, leaveListQuery } from '@hr/contracts/leave';
import {
  adjustmentBody,
  forecast,
  forecastQuery,
  leavePoliciesQuery,
  leavePoliciesResponse,
  leavePolicy,
  leavePolicyBody,
  leavePolicyIdBody,
  leavePolicyPatch,
  ledger as ledgerAnswer,
  ledgerQuery,
} from '@hr/contracts/leave-policies';
import { personRef } from '@hr/contracts/people';
import { LEAVE_ACTIONS } from '@hr/contracts/workflow';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../lib/auth';
import { officeToday } from '../../lib/office-clock';
import { referenceRoutes } from '../../lib/reference-routes';
import { requestRoutes } from '../../lib/request-routes';
import type { FeatureDeps } from '../deps';
import { LeaveService } from './leave.service';
import { LeaveLedgerService } from './leave-ledger.service';
import { LeavePolicyService } from './leave-policies.service';

const tags = ['Leave'];
const security = [{ bearer: [] }];
const _idParam = z.object({ id: z.coerce.number().int().positive() });
const _message = z.object({ message: z.string() });

export async function leaveRoutes(app: FastifyInstance, deps: FeatureDeps) {
  const { db, secret } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = new LeaveService(db, secret);
  const ledger = new LeaveLedgerService(db);
  await leavePolicyRoutes(app, deps);

  requestRoutes(app, {
    path: '/leave',
    tags,
    names: { one: 'Leave', plural: 'Leave' },
    noun: 'a leave request',
    summaries: {
      list: 'Leave requests: own (list_type=self) or the team’s (list_type=team)',
      get: 'One leave request',
      create: 'Apply for leave (saved as a draft)',
      update: 'Change a draft leave request',
      delete: 'Delete a draft leave request',
    },
    schemas: { listQuery: leaveListQuery, list: leaveList, body: leaveBody, detail: leave },
    idBody: { schema: leaveIdBody, field: 'leave_id' },
    actions: LEAVE_ACTIONS,
    service,
  });

  r.get(
    '/leave/responsibles',
    {
      schema: {
        operationId: 'leaveResponsibles',
        summary: 'Who may stand in for the caller (line manager, colleagues, reports)',
        tags,
        security,
        response: { 200: z.array(personRef) },
      },
    },
    async (request) => service.responsibles(caller(request)),
  );

  r.get(
    '/leave/balances',
    {
      schema: {
        operationId: 'leaveBalances',
        summary: 'Leave balances per type for a year (own, or a report’s for managers and admins)',
        tags,
        security,
        querystring: z.object({
          employee_id: z.coerce.number().int().positive().optional(),
          year: z.coerce.number().int().min(2000).max(2100).optional(),
        }),
        response: { 200: leaveBalances },
      },
    },
    async (request) => {
      const auth = caller(request);
      return ledger.balances(
        auth,
        request.query.employee_id ?? auth.employeeId,
        request.query.year ?? +officeToday().slice(0, 4),
      );
    },
  );

  r.get(
    '/leave/ledger',
    {
      schema: {
        operationId: 'leaveLedger',
        summary:
          'A leave type’s ledger of a year, line by line (own, or for those who may read the person’s leave); its lines sum to the balance',
        tags,
        security,
        querystring: ledgerQuery,
        response: { 200: ledgerAnswer },
      },
    },
    async (request) => ledger.ledger(caller(request), request.query),
  );

  r.get(
    '/leave/forecast',
    {
      schema: {
        operationId: 'leaveForecast',
        summary:
          'The balance of a leave type on a day, pending requests counted; with `to` or `duration_id`, what remains after a request on those dates',
        tags,
        security,
        querystring: forecastQuery,
        response: { 200: forecast },
      },
    },
    async (request) => ledger.forecast(caller(request), request.query),
  );

  r.post(
    '/leave/adjustments',
    {
      schema: {
        operationId: 'adjustLeaveBalance',
        summary:
          'HR administrators: correct a balance by some days, with the reason (audited); answers the ledger',
        tags,
        security,
        body: adjustmentBody,
        response: { 201: ledgerAnswer },
      },
    },
    async (request, reply) => reply.code(201).send(await ledger.adjust(caller(request), request.body)),
  );
}

/** Leave policies (DESIGN.md §12): everyone reads them; HR administrators add, change, end and delete them. */
export async function leavePolicyRoutes(app: FastifyInstance, { db }: FeatureDeps) {
  const service = new LeavePolicyService(db);
  referenceRoutes(app, {
    path: '/leave/policies',
    tags,
    names: { list: 'leavePolicies', one: 'LeavePolicy' },
    item: leavePolicy,
    create: leavePolicyBody,
    update: leavePolicyPatch,
    actions: service.policies,
    list: {
      query: leavePoliciesQuery,
      response: leavePoliciesResponse,
      readers: 'everyone',
      run: (query, _auth, url) => service.list(query, url),
    },
    deleteBody: { schema: leavePolicyIdBody, id: (b) => b.policy_id },
    summaries: {
      list: 'Leave policies, effective-dated and scoped (type_id filters; a page with page, limit, sort or search)',
      update: 'HR administrators: change a policy not yet in force, or give one in force its last day',
      delete: 'HR administrators: delete a policy not yet in force',
      deleteByBody: 'HR administrators: delete a policy not yet in force (policy_id in the body)',
    },
  });
}

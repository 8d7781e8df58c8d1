import { leave, leaveBalances, leaveBody, leaveIdBody, leaveList, leaveListQuery } from '@hr/contracts/leave';
import { personRef } from '@hr/contracts/people';
import { REQUEST_ACTIONS } from '@hr/contracts/workflow';
import dayjs from 'dayjs';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../lib/auth';
import { requestRoutes } from '../../lib/request-routes';
import type { FeatureDeps } from '../deps';
import { LeaveService } from './leave.service';

const tags = ['Leave'];
const security = [{ bearer: [] }];
const _idParam = z.object({ id: z.coerce.number().int().positive() });
const _message = z.object({ message: z.string() });

export async function leaveRoutes(app: FastifyInstance, { db, secret }: FeatureDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = new LeaveService(db, secret);

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
    actions: REQUEST_ACTIONS,
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
      return service.balances(
        auth,
        request.query.employee_id ?? auth.employeeId,
        request.query.year ?? dayjs().year(),
      );
    },
  );
}

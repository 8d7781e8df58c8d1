import type { ApprovalModule } from '@hr/contracts/approvals';
import {
  approvalActionParams,
  approvalCounts,
  approvalDecisionBody,
  approvalDecisionResult,
  approvalSettingBody,
  approvalSettingParams,
  approvalSettings,
  approvalsQuery,
  approvalsResponse,
} from '@hr/contracts/approvals';
import type { RequestAction, ReviewAction, ServiceAction } from '@hr/contracts/workflow';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { caller } from '../../lib/auth';
import type { FeatureDeps } from '../deps';
import { EprService } from '../epr';
import { HrServicesService } from '../hr-services';
import { KpiService } from '../kpi';
import { LeaveService } from '../leave';
import { RemoteWorkService } from '../remote-work';
import { ApprovalReminders } from './approval-reminders.service';
import { ApprovalsService, type Decide } from './approvals.service';

const tags = ['Approvals'];
const security = [{ bearer: [] }];

export async function approvalsRoutes(app: FastifyInstance, { db, secret }: FeatureDeps) {
  // Each module decides its own records: the inbox hands every item to its module's workflow.
  const leave = new LeaveService(db, secret);
  const remote = new RemoteWorkService(db, secret);
  const services = new HrServicesService(db, secret);
  const kpi = new KpiService(db, secret);
  const epr = new EprService(db, secret);
  const decide: Record<ApprovalModule, Decide> = {
    leave: (auth, action, id, comment) => leave.act(auth, action as RequestAction, id, comment),
    'remote-work': (auth, action, id, comment) => remote.act(auth, action as RequestAction, id, comment),
    'hr-service': (auth, action, id, comment) => services.act(auth, action as ServiceAction, id, comment),
    kpi: (auth, action, id, comment) => kpi.act(auth, action as ReviewAction, id, comment),
    epr: (auth, action, id, comment) => epr.act(auth, action as ReviewAction, id, comment),
  };
  const reminders = new ApprovalReminders(db, secret);
  const service = new ApprovalsService(db, secret, decide, reminders);
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/approvals',
    {
      schema: {
        operationId: 'approvals',
        summary:
          'What waits for the caller’s decision in every module (filters module, employee_id, waiting_days, waiting_since); the oldest first',
        tags,
        security,
        querystring: approvalsQuery,
        response: { 200: approvalsResponse },
      },
    },
    async (request) => service.list(caller(request), request.query, request.url),
  );
  r.get(
    '/approvals/counts',
    {
      schema: {
        operationId: 'approvalCounts',
        summary: 'How many items wait for the caller’s decision, per module and in all',
        tags,
        security,
        response: { 200: approvalCounts },
      },
    },
    async (request) => service.counts(caller(request)),
  );
  r.get(
    '/approvals/settings',
    {
      schema: {
        operationId: 'approvalSettings',
        summary:
          'HR administrators: reminders and escalation per module (remind after N, escalate after M working days; to whom)',
        tags,
        security,
        response: { 200: approvalSettings },
      },
    },
    async (request) => reminders.list(caller(request)),
  );
  r.patch(
    '/approvals/settings/:module',
    {
      schema: {
        operationId: 'updateApprovalSetting',
        summary:
          'HR administrators: set a module’s reminder and escalation (working days, null: never; escalate_to_id: a person instead of one level up)',
        tags,
        security,
        params: approvalSettingParams,
        body: approvalSettingBody,
        response: { 200: approvalSettings },
      },
    },
    async (request) => reminders.update(caller(request), request.params.module, request.body),
  );
  r.patch(
    '/approvals/actions/:action',
    {
      schema: {
        operationId: 'decideApprovals',
        summary:
          'Take one action on up to 50 items of any modules at once, each through its own workflow; one outcome per item',
        tags,
        security,
        params: approvalActionParams,
        body: approvalDecisionBody,
        response: { 200: approvalDecisionResult },
      },
    },
    async (request) => service.decideMany(caller(request), request.params.action, request.body),
  );
}

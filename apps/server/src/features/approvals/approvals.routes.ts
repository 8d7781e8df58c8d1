import { approvalCounts, approvalsQuery, approvalsResponse } from '@hr/contracts/approvals';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { caller } from '../../lib/auth';
import type { FeatureDeps } from '../deps';
import { ApprovalsService } from './approvals.service';

const tags = ['Approvals'];
const security = [{ bearer: [] }];

export async function approvalsRoutes(app: FastifyInstance, { db, secret }: FeatureDeps) {
  const service = new ApprovalsService(db, secret);
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
}

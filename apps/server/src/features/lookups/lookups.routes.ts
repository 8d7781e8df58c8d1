import { allLookups, lookupList, lookupName, workflowModule, workflowStatus } from '@hr/contracts/lookups';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FeatureDeps } from '../deps';
import { LookupsService } from './lookups.service';

const tags = ['Lookups'];
const security = [{ bearer: [] }];

export async function lookupRoutes(app: FastifyInstance, { db }: FeatureDeps) {
  const service = new LookupsService(db);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/lookups',
    {
      schema: {
        operationId: 'allLookups',
        summary: 'Every reference list at once',
        tags,
        security,
        response: { 200: allLookups },
      },
    },
    async () => service.all(),
  );

  r.get(
    '/lookups/:kind',
    {
      schema: {
        operationId: 'lookup',
        summary: 'One reference list (levels, grades, genders, religions, blood groups...)',
        tags,
        security,
        params: z.object({ kind: lookupName }),
        response: { 200: lookupList },
      },
    },
    async (request) => service.list(request.params.kind),
  );

  r.get(
    '/statuses/:module',
    {
      schema: {
        operationId: 'workflowStatuses',
        summary: 'Status names and colours of a workflow',
        tags,
        security,
        params: z.object({ module: workflowModule }),
        response: { 200: z.array(workflowStatus) },
      },
    },
    async (request) => service.statuses(request.params.module),
  );
}

import {
  type AllLookups,
  allLookups,
  exam,
  LOOKUP_KINDS,
  type LookupName,
  lookupList,
  lookupName,
  workflowModule,
  workflowStatus,
} from '@hr/contracts/lookups';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FeatureDeps } from '../deps';
import { lookupsRepository as repo } from './lookups.repository';

const tags = ['Lookups'];
const security = [{ bearer: [] }];

export async function lookupRoutes(app: FastifyInstance, { db }: FeatureDeps) {
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
    async () => {
      const rows = await repo.all(db);
      const out = Object.fromEntries(
        Object.keys(LOOKUP_KINDS).map((name) => [name, []]),
      ) as unknown as AllLookups;
      const nameOf = Object.fromEntries(
        Object.entries(LOOKUP_KINDS).map(([name, kind]) => [kind, name as LookupName]),
      );
      for (const row of rows) {
        const name = nameOf[row.kind];
        if (name) out[name].push({ id: row.id, name: row.name });
      }
      return out;
    },
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
    async (request) => repo.byKind(db, LOOKUP_KINDS[request.params.kind]),
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
    async (request) => repo.statuses(db, request.params.module),
  );

  r.get(
    '/employees/educations/exams',
    {
      schema: {
        operationId: 'exams',
        summary: 'Exams with their subjects',
        tags,
        security,
        response: { 200: z.array(exam) },
      },
    },
    async () => repo.exams(db),
  );
}

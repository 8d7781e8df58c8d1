import {
  eprCycleBody,
  eprCycleDetail,
  eprCycleLaunched,
  eprCycleList,
  eprCycleListQuery,
  eprCycleQuery,
} from '@hr/contracts/epr-cycles';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller, requireAdmin } from '../../lib/auth';
import type { FeatureDeps } from '../deps';
import { EprCycleService } from './epr-cycles.service';

const tags = ['Review cycles (EPR)'];
const security = [{ bearer: [] }];
const idParam = z.object({ id: z.coerce.number().int().positive() });

/** Anyone but an HR administrator is refused before their input is read (403 rather than 400 or 422). */
const adminFirst = async (request: FastifyRequest) => {
  requireAdmin(request);
};

/** Review cycles under `/eprs/cycles`, for HR administrators. */
export async function eprCycleRoutes(app: FastifyInstance, { db, secret }: FeatureDeps) {
  const service = new EprCycleService(db, secret);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/eprs/cycles',
    {
      preValidation: adminFirst,
      schema: {
        operationId: 'listEprCycles',
        summary: 'Review cycles, each with its reviews counted by status (HR administrators)',
        tags,
        security,
        querystring: eprCycleListQuery,
        response: { 200: eprCycleList },
      },
    },
    async (request) => service.list(caller(request), request.query, request.url),
  );

  r.post(
    '/eprs/cycles',
    {
      preValidation: adminFirst,
      schema: {
        operationId: 'createEprCycle',
        summary:
          'Make a review cycle and launch it: a draft review for everyone it covers with an approved KPI sheet over the period',
        tags,
        security,
        body: eprCycleBody,
        response: { 201: eprCycleLaunched },
      },
    },
    async (request, reply) => reply.code(201).send(await service.create(caller(request), request.body)),
  );

  r.get(
    '/eprs/cycles/:id',
    {
      preValidation: adminFirst,
      schema: {
        operationId: 'getEprCycle',
        summary:
          'One review cycle: its reviews by status and by stage, whom it covers, and a page of its unfinished reviews (the longest unchanged first)',
        tags,
        security,
        params: idParam,
        querystring: eprCycleQuery,
        response: { 200: eprCycleDetail },
      },
    },
    async (request) => service.get(caller(request), request.params.id, request.query, request.url),
  );

  r.patch(
    '/eprs/cycles/:id/launch',
    {
      preValidation: adminFirst,
      schema: {
        operationId: 'launchEprCycle',
        summary: 'Launch a review cycle again: reviews only for the people who became eligible since',
        tags,
        security,
        params: idParam,
        response: { 200: eprCycleLaunched },
      },
    },
    async (request) => service.launch(caller(request), request.params.id),
  );
}

import { personRef } from '@hr/contracts/people';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../lib/auth';
import type { FeatureDeps } from '../deps';
import { ReportsService } from './reports.service';

export async function reportsRoutes(app: FastifyInstance, { db, secret }: FeatureDeps) {
  const service = new ReportsService(db, secret);
  app.withTypeProvider<ZodTypeProvider>().get(
    '/employees/reports',
    {
      schema: {
        operationId: 'myReports',
        summary: 'The caller’s direct reports and their reports (for team-view employee filters)',
        tags: ['Employees'],
        security: [{ bearer: [] }],
        querystring: z.object({
          search: z.string().trim().max(100).optional(),
          limit: z.coerce.number().int().min(1).max(100).default(50),
        }),
        response: { 200: z.array(personRef) },
      },
    },
    async (request) => service.reports(caller(request), request.query),
  );
}

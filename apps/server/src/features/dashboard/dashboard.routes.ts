import { dashboard } from '@hr/contracts/dashboard';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { caller } from '../../lib/auth';
import type { FeatureDeps } from '../deps';
import { DashboardService } from './dashboard.service';

export async function dashboardRoutes(app: FastifyInstance, { db }: FeatureDeps) {
  const service = new DashboardService(db);
  app.withTypeProvider<ZodTypeProvider>().get(
    '/dashboard',
    {
      schema: {
        operationId: 'dashboard',
        summary: 'Requests waiting for the caller and the caller’s own pending requests',
        tags: ['Dashboard'],
        security: [{ bearer: [] }],
        response: { 200: dashboard },
      },
    },
    async (request) => service.dashboard(caller(request)),
  );
}

import {
  orgChartQuery,
  orgChartReportsParams,
  orgChartReportsQuery,
  orgChartReportsResponse,
  orgChartResponse,
} from '@hr/contracts/org-chart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { caller } from '../../lib/auth';
import { listAnswer } from '../../lib/list';
import type { FeatureDeps } from '../deps';
import { OrgChartService } from './org-chart.service';

const security = [{ bearer: [] }];

/** The team directory's chart of the reporting lines (directory data: any signed-in employee). */
export async function orgChartRoutes(app: FastifyInstance, { db, secret }: FeatureDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = new OrgChartService(db, secret);

  r.get(
    '/employees/org-chart',
    {
      schema: {
        operationId: 'orgChart',
        summary:
          'The organisation chart around one person (the caller by default): the chain from the top of the company down to them, the first page of direct reports of each member of the chain and of the person, with direct-report counts',
        tags: ['Directory'],
        security,
        querystring: orgChartQuery,
        response: { 200: orgChartResponse },
      },
    },
    async (request) => service.chart(caller(request), request.query),
  );

  r.get(
    '/employees/org-chart/:id/reports',
    {
      schema: {
        operationId: 'orgChartReports',
        summary:
          "A page of one person's direct reports by name, each with their direct-report count (a branch of the chart opened on demand)",
        tags: ['Directory'],
        security,
        params: orgChartReportsParams,
        querystring: orgChartReportsQuery,
        response: { 200: orgChartReportsResponse },
      },
    },
    async (request) => {
      caller(request);
      const { page, limit } = request.query;
      const { items, total } = await service.reports(request.params.id, request.query);
      return listAnswer(request.url, items, total, page, limit);
    },
  );
}

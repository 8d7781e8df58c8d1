import {
  employeeSearchBody,
  employeeSearchQuery,
  employeeSearchResponse,
  teamQuery,
  teamResponse,
  withSearchText,
} from '@hr/contracts/employee-search';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { caller } from '../../lib/auth';
import { domainError } from '../../lib/errors';
import { listAnswer } from '../../lib/list';
import type { FeatureDeps } from '../deps';
import { DirectoryService } from './directory.service';

const security = [{ bearer: [] }];

/** The employee search and the team directory (SPEC.md §2 Team directory and Profile, §7); groups are the organisation's. */
export async function directoryRoutes(app: FastifyInstance, { db, secret }: FeatureDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = new DirectoryService(db, secret);

  r.post(
    '/employees/search',
    {
      schema: {
        operationId: 'searchEmployees',
        summary:
          'Search the directory with the filter of the search panel (any signed-in employee; disabled employees for admins only)',
        tags: ['Directory'],
        security,
        querystring: employeeSearchQuery,
        // The filter, as it is or under `filter` (SPEC.md §7); an empty body searches everyone.
        body: employeeSearchBody.nullish(),
        response: { 200: employeeSearchResponse },
      },
    },
    async (request) => {
      const { page, limit } = request.query;
      const auth = caller(request);
      const filter = withSearchText(request.body ?? {}, request.query.query);
      if (!filter) throw domainError('search_text_twice');
      const { items, total } = await service.search(auth, filter, request.query);
      return listAnswer(request.url, items, total, page, limit);
    },
  );

  r.get(
    '/employees/team',
    {
      schema: {
        operationId: 'team',
        summary:
          "The caller's team: line manager, peers, direct reports and their reports (or, with id, the team of someone below the caller)",
        tags: ['Directory'],
        security,
        querystring: teamQuery,
        response: { 200: teamResponse },
      },
    },
    async (request) => {
      const { page, limit } = request.query;
      const { items, total } = await service.team(caller(request), request.query);
      return listAnswer(request.url, items, total, page, limit);
    },
  );
}

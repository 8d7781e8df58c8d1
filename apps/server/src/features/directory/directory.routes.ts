import { deletedResponse, idParam } from '@hr/contracts/admin';
import {
  employeeSearchBody,
  employeeSearchQuery,
  employeeSearchResponse,
  group,
  groupsQuery,
  groupTreeCreate,
  groupTreeCreated,
  groupTreeDelete,
  teamQuery,
  teamResponse,
  withSearchText,
} from '@hr/contracts/employee-search';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller, requireAdmin } from '../../lib/auth';
import { domainError } from '../../lib/errors';
import { listAnswer } from '../../lib/list';
import type { FeatureDeps } from '../deps';
import { DirectoryService } from './directory.service';

const security = [{ bearer: [] }];

/** Refuses non-admins before the body is even read, so a forged request learns nothing. */
export async function adminOnly(request: FastifyRequest) {
  requireAdmin(request);
}

/** The employee search, the team directory and groups (SPEC.md §2 Team directory and Profile, §7). */
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

  r.get(
    '/groups',
    {
      schema: {
        operationId: 'groups',
        summary: 'Groups with their trees of items (any signed-in employee)',
        tags: ['Groups'],
        security,
        querystring: groupsQuery,
        response: { 200: z.array(group) },
      },
    },
    async (request) => {
      caller(request);
      return service.groups(request.query.type_id);
    },
  );

  r.post(
    '/groups/:id/trees',
    {
      preValidation: adminOnly,
      schema: {
        operationId: 'createGroupTreeItem',
        summary: 'HR administrators: add an item to a group tree',
        tags: ['Groups'],
        security,
        params: idParam,
        body: groupTreeCreate,
        response: { 201: groupTreeCreated },
      },
    },
    async (request, reply) => {
      const auth = requireAdmin(request);
      const created = await service.createTreeItem(auth, request.params.id, request.body);
      return reply.code(201).send(created);
    },
  );

  r.delete(
    '/groups/trees',
    {
      preValidation: adminOnly,
      schema: {
        operationId: 'deleteGroupTreeItem',
        summary: 'HR administrators: remove a group item (and the items below it) nobody belongs to',
        tags: ['Groups'],
        security,
        body: groupTreeDelete,
        response: { 200: deletedResponse },
      },
    },
    async (request) => service.deleteTreeItem(requireAdmin(request), request.body.tree_id),
  );
}

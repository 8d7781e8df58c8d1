import {
  remoteWork,
  remoteWorkBody,
  remoteWorkIdBody,
  remoteWorkList,
  remoteWorkListQuery,
  remoteWorkType,
} from '@hr/contracts/remote-work';
import type { RequestAction } from '@hr/contracts/workflow';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../lib/auth';
import type { FeatureDeps } from '../deps';
import { RemoteWorkService } from './remote-work.service';

const tags = ['Remote work'];
const security = [{ bearer: [] }];
const idParam = z.object({ id: z.coerce.number().int().positive() });
const message = z.object({ message: z.string() });

/** Remote-work requests under `/remote-work` (SPEC.md shows no path; DESIGN.md §2 names it). */
export async function remoteWorkRoutes(app: FastifyInstance, { db, secret }: FeatureDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = new RemoteWorkService(db, secret);

  r.get(
    '/remote-work',
    {
      schema: {
        operationId: 'listRemoteWork',
        summary: 'Remote-work requests: own (list_type=self) or the team’s (list_type=team)',
        tags,
        security,
        querystring: remoteWorkListQuery,
        response: { 200: remoteWorkList },
      },
    },
    async (request) => service.list(caller(request), request.query, request),
  );

  r.get(
    '/remote-work/types',
    {
      schema: {
        operationId: 'remoteWorkTypes',
        summary: 'Remote-work types (type 1 is hours within a day)',
        tags,
        security,
        response: { 200: z.array(remoteWorkType) },
      },
    },
    async () => service.types(),
  );

  r.get(
    '/remote-work/:id',
    {
      schema: {
        operationId: 'getRemoteWork',
        summary: 'One remote-work request (its employee, line manager or O&O)',
        tags,
        security,
        params: idParam,
        response: { 200: remoteWork },
      },
    },
    async (request) => service.get(caller(request), request.params.id),
  );

  r.post(
    '/remote-work',
    {
      schema: {
        operationId: 'createRemoteWork',
        summary: 'Apply for remote work (saved as a draft)',
        tags,
        security,
        body: remoteWorkBody,
        response: { 201: remoteWork },
      },
    },
    async (request, reply) => reply.code(201).send(await service.create(caller(request), request.body)),
  );

  r.patch(
    '/remote-work/:id',
    {
      schema: {
        operationId: 'updateRemoteWork',
        summary: 'Change a draft remote-work request',
        tags,
        security,
        params: idParam,
        body: remoteWorkBody,
        response: { 200: remoteWork },
      },
    },
    async (request) => service.update(caller(request), request.params.id, request.body),
  );

  r.delete(
    '/remote-work',
    {
      schema: {
        operationId: 'deleteRemoteWork',
        summary: 'Delete a draft remote-work request',
        tags,
        security,
        body: remoteWorkIdBody,
        response: { 200: message },
      },
    },
    async (request) => service.remove(caller(request), request.body.remote_work_id),
  );

  for (const action of ['submit', 'approve', 'reject'] as const satisfies readonly RequestAction[]) {
    r.patch(
      `/remote-work/actions/${action}`,
      {
        schema: {
          operationId: `${action}RemoteWork`,
          summary: `${action[0]!.toUpperCase()}${action.slice(1)} a remote-work request`,
          tags,
          security,
          body: remoteWorkIdBody,
          response: { 200: remoteWork },
        },
      },
      async (request) => service.act(caller(request), action, request.body.remote_work_id),
    );
  }
}

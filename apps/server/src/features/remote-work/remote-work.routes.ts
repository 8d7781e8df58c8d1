import {
  remoteWork,
  remoteWorkBody,
  remoteWorkIdBody,
  remoteWorkList,
  remoteWorkListQuery,
  remoteWorkType,
} from '@hr/contracts/remote-work';
import { REQUEST_ACTIONS } from '@hr/contracts/workflow';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestRoutes } from '../../lib/request-routes';
import type { FeatureDeps } from '../deps';
import { RemoteWorkService } from './remote-work.service';

const tags = ['Remote work'];

/** Remote-work requests under `/remote-work` (SPEC.md shows no path; DESIGN.md §2 names it). */
export async function remoteWorkRoutes(app: FastifyInstance, { db, secret }: FeatureDeps) {
  const service = new RemoteWorkService(db, secret);

  app.withTypeProvider<ZodTypeProvider>().get(
    '/remote-work/types',
    {
      schema: {
        operationId: 'remoteWorkTypes',
        summary: 'Remote-work types (type 1 is hours within a day)',
        tags,
        security: [{ bearer: [] }],
        response: { 200: z.array(remoteWorkType) },
      },
    },
    async () => service.types(),
  );

  requestRoutes(app, {
    path: '/remote-work',
    tags,
    names: { one: 'RemoteWork', plural: 'RemoteWork' },
    noun: 'a remote-work request',
    summaries: {
      list: 'Remote-work requests: own (list_type=self) or the team’s (list_type=team)',
      get: 'One remote-work request (its employee, line manager or O&O)',
      create: 'Apply for remote work (saved as a draft)',
      update: 'Change a draft remote-work request',
      delete: 'Delete a draft remote-work request',
    },
    schemas: {
      listQuery: remoteWorkListQuery,
      list: remoteWorkList,
      body: remoteWorkBody,
      detail: remoteWork,
    },
    idBody: { schema: remoteWorkIdBody, field: 'remote_work_id' },
    actions: REQUEST_ACTIONS,
    service,
  });
}

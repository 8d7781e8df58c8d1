import {
  erasureBody,
  erasureParams,
  erasureState,
  leaversQuery,
  leaversResponse,
} from '@hr/contracts/data-rights';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { caller } from '../../lib/auth';
import { attachment } from '../../lib/uploads';
import type { FeatureDeps } from '../deps';
import { DataRightsService } from './data-rights.service';

const tags = ['Data rights'];
const security = [{ bearer: [] }];

/** "Download my data" and HR's erasure of a leaver (docs/decisions.md, "Data rights"). */
export async function dataRightsRoutes(app: FastifyInstance, { db, config }: FeatureDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = new DataRightsService(db, config.erasureRetentionDays);

  r.get(
    '/account/export',
    {
      schema: {
        operationId: 'exportMyData',
        summary:
          'Everything the portal holds about the caller, as a zip streamed as it is made: JSON per area, their files under files/, README.txt and index.json (one at a time per person; audited)',
        tags,
        security,
        produces: ['application/zip'],
      },
    },
    async (request, reply) => {
      const archive = await service.export(caller(request));
      return reply
        .type('application/zip')
        .header('content-disposition', attachment(archive.fileName))
        .header('cache-control', 'private, no-store')
        .send(archive.stream);
    },
  );

  r.get(
    '/erasure/leavers',
    {
      schema: {
        operationId: 'erasureLeavers',
        summary: 'Disabled people (leavers) by name or E-ID, with the end of their retention period (HR)',
        tags,
        security,
        querystring: leaversQuery,
        response: { 200: leaversResponse },
      },
    },
    async (request) => service.leavers(caller(request), request.query.search),
  );

  r.get(
    '/employees/:id/erasure',
    {
      schema: {
        operationId: 'erasureState',
        summary:
          'A leaver’s retention period and whether they may be erased, and the last erasure’s report (HR)',
        tags,
        security,
        params: erasureParams,
        response: { 200: erasureState },
      },
    },
    async (request) => service.state(caller(request), request.params.id),
  );

  r.post(
    '/employees/:id/erasure',
    {
      schema: {
        operationId: 'eraseEmployee',
        summary:
          'Erases a leaver’s personal data (HR): `confirm` is their E-ID; inside the retention period only with `override_retention` and a reason. Answers the report',
        tags,
        security,
        params: erasureParams,
        body: erasureBody,
        response: { 200: erasureState },
      },
    },
    async (request) => service.erase(caller(request), request.params.id, request.body),
  );
}

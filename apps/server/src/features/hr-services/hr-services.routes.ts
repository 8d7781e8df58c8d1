import {
  serviceCategory,
  serviceListQuery,
  serviceRequestBody,
  serviceRequestDetail,
  serviceRequestIdBody,
  serviceRequestList,
} from '@hr/contracts/hr-services';
import { idName } from '@hr/contracts/lookups';
import { SERVICE_ACTIONS } from '@hr/contracts/workflow';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../lib/auth';
import { requestRoutes } from '../../lib/request-routes';
import type { FeatureDeps } from '../deps';
import { serviceRepository as repo } from './hr-services.repository';
import { HrServicesService } from './hr-services.service';

const tags = ['HR services'];
const security = [{ bearer: [] }];
const idParam = z.object({ id: z.coerce.number().int().positive() });
const _message = z.object({ message: z.string() });
const PATH = '/employee/service-requests';

/** HR service requests (SPEC.md §7 "employee/service-requests"). */
export async function hrServiceRoutes(app: FastifyInstance, { db, secret }: FeatureDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = new HrServicesService(db, secret);

  requestRoutes(app, {
    path: PATH,
    tags,
    names: { one: 'ServiceRequest', plural: 'ServiceRequests' },
    noun: 'an HR service request',
    summaries: {
      list: 'HR service requests: own (list_type=own) or the team’s (list_type=team; every one for admins)',
      get: 'One HR service request with who did what',
      create: 'Ask for an HR service (saved as a draft); admins may ask for another employee',
      update: 'Change a draft HR service request',
      delete: 'Delete a draft HR service request',
    },
    schemas: {
      listQuery: serviceListQuery,
      list: serviceRequestList,
      body: serviceRequestBody,
      detail: serviceRequestDetail,
    },
    idBody: { schema: serviceRequestIdBody, field: 'service_request_id' },
    actionsById: true,
    actions: SERVICE_ACTIONS,
    actionSummaries: { done: 'Mark an approved request done and issue its letter (admins)' },
    service,
  });

  r.get(
    `${PATH}/categories`,
    {
      schema: {
        operationId: 'serviceCategories',
        summary: 'The services an employee may ask for',
        tags,
        security,
        response: { 200: z.array(serviceCategory) },
      },
    },
    async () => repo.categories(db),
  );

  r.get(
    `${PATH}/noc-types`,
    {
      schema: {
        operationId: 'nocTypes',
        summary: 'NOC types',
        tags,
        security,
        response: { 200: z.array(idName) },
      },
    },
    async () => repo.nocTypes(db),
  );

  r.get(
    `${PATH}/:id/letter`,
    {
      schema: {
        operationId: 'serviceRequestLetter',
        summary: 'The letter of a done request as a PDF (the employee and HR admins)',
        tags,
        security,
        params: idParam,
        produces: ['application/pdf'],
      },
    },
    async (request, reply) => {
      const file = await service.letter(caller(request), request.params.id);
      return reply
        .type(file.mime)
        .header('content-length', String(file.data.length))
        .header(
          'content-disposition',
          `attachment; filename="${file.name.replace(/["\\\r\n]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
        )
        .header('cache-control', 'private, no-store')
        .send(file.data);
    },
  );
}

import {
  serviceCategory,
  serviceListQuery,
  serviceRequestBody,
  serviceRequestDetail,
  serviceRequestIdBody,
  serviceRequestList,
} from '@hr/contracts/hr-services';
import { idName } from '@hr/contracts/lookups';
import type { ServiceAction } from '@hr/contracts/workflow';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../lib/auth';
import type { FeatureDeps } from '../deps';
import { serviceRepository as repo } from './hr-services.repository';
import { HrServicesService } from './hr-services.service';

const tags = ['HR services'];
const security = [{ bearer: [] }];
const idParam = z.object({ id: z.coerce.number().int().positive() });
const message = z.object({ message: z.string() });
const PATH = '/employee/service-requests';

/** HR service requests (SPEC.md §7 "employee/service-requests"). */
export async function hrServiceRoutes(app: FastifyInstance, { db, secret }: FeatureDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = new HrServicesService(db, secret);

  r.get(
    PATH,
    {
      schema: {
        operationId: 'listServiceRequests',
        summary:
          'HR service requests: own (list_type=own) or the team’s (list_type=team; every one for admins)',
        tags,
        security,
        querystring: serviceListQuery,
        response: { 200: serviceRequestList },
      },
    },
    async (request) => service.list(caller(request), request.query, request),
  );

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
    `${PATH}/:id`,
    {
      schema: {
        operationId: 'getServiceRequest',
        summary: 'One HR service request with who did what',
        tags,
        security,
        params: idParam,
        response: { 200: serviceRequestDetail },
      },
    },
    async (request) => service.get(caller(request), request.params.id),
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

  r.post(
    PATH,
    {
      schema: {
        operationId: 'createServiceRequest',
        summary: 'Ask for an HR service (saved as a draft); admins may ask for another employee',
        tags,
        security,
        body: serviceRequestBody,
        response: { 201: serviceRequestDetail },
      },
    },
    async (request, reply) => reply.code(201).send(await service.create(caller(request), request.body)),
  );

  r.patch(
    `${PATH}/:id`,
    {
      schema: {
        operationId: 'updateServiceRequest',
        summary: 'Change a draft HR service request',
        tags,
        security,
        params: idParam,
        body: serviceRequestBody,
        response: { 200: serviceRequestDetail },
      },
    },
    async (request) => service.update(caller(request), request.params.id, request.body),
  );

  r.delete(
    PATH,
    {
      schema: {
        operationId: 'deleteServiceRequest',
        summary: 'Delete a draft HR service request',
        tags,
        security,
        body: serviceRequestIdBody,
        response: { 200: message },
      },
    },
    async (request) => service.remove(caller(request), request.body.service_request_id),
  );

  for (const action of ['submit', 'approve', 'cancel', 'done'] as const satisfies readonly ServiceAction[]) {
    r.patch(
      `${PATH}/:id/actions/${action}`,
      {
        schema: {
          operationId: `${action}ServiceRequest`,
          summary:
            action === 'done'
              ? 'Mark an approved request done and issue its letter (admins)'
              : `${action[0]!.toUpperCase()}${action.slice(1)} an HR service request`,
          tags,
          security,
          params: idParam,
          response: { 200: serviceRequestDetail },
        },
      },
      async (request) => service.act(caller(request), action, request.params.id),
    );
  }
}

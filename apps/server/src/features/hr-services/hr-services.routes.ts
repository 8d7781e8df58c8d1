import { enabledListQuery } from '@hr/contracts/admin';
import {
  nocTypeCreate,
  nocTypeDelete,
  nocTypeItem,
  nocTypesResponse,
  nocTypeUpdate,
  serviceCategoriesResponse,
  serviceCategoryCreate,
  serviceCategoryDelete,
  serviceCategoryItem,
  serviceCategoryUpdate,
  serviceListQuery,
  serviceRequestBody,
  serviceRequestDetail,
  serviceRequestIdBody,
  serviceRequestList,
} from '@hr/contracts/hr-services';
import { SERVICE_ACTIONS } from '@hr/contracts/workflow';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../lib/auth';
import { referenceRoutes } from '../../lib/reference-routes';
import { requestRoutes } from '../../lib/request-routes';
import type { FeatureDeps } from '../deps';
import { HrServiceReferenceService } from './hr-service-reference.service';
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

  // The services and NOC types: everyone reads them (the request form), HR administrators manage them.
  const reference = new HrServiceReferenceService(db);
  referenceRoutes(app, {
    path: `${PATH}/categories`,
    tags,
    names: { list: 'serviceCategories', one: 'ServiceCategory' },
    item: serviceCategoryItem,
    create: serviceCategoryCreate,
    update: serviceCategoryUpdate,
    actions: reference.categories,
    list: {
      query: enabledListQuery,
      response: serviceCategoriesResponse,
      readers: 'everyone',
      run: (query, auth, url) => reference.categoryList(auth, query, url),
    },
    deleteBody: { schema: serviceCategoryDelete, id: (body) => body.service_category_id },
    summaries: {
      list: 'The services an employee may ask for: `{ value, name }` of the enabled ones (admins may ask for disabled ones too with all=true); a page of the administration with page, limit, sort or search',
      create: 'HR administrators: add a service (its value is made from the name when none is given)',
      update: 'HR administrators: rename, reorder, enable or disable a service (its value stays)',
      delete: 'HR administrators: delete a service no request uses (never noc)',
      deleteByBody: 'HR administrators: delete a service ({ service_category_id } in the body)',
    },
  });
  referenceRoutes(app, {
    path: `${PATH}/noc-types`,
    tags,
    names: { list: 'nocTypes', one: 'NocType' },
    item: nocTypeItem,
    create: nocTypeCreate,
    update: nocTypeUpdate,
    actions: reference.nocTypes,
    list: {
      query: enabledListQuery,
      response: nocTypesResponse,
      readers: 'everyone',
      run: (query, auth, url) => reference.nocTypeList(auth, query, url),
    },
    deleteBody: { schema: nocTypeDelete, id: (body) => body.noc_type_id },
    summaries: {
      list: 'NOC types: `{ id, name }` of the enabled ones (admins may ask for disabled ones too with all=true); a page of the administration with page, limit, sort or search',
      delete: 'HR administrators: delete a NOC type no request uses',
      deleteByBody: 'HR administrators: delete a NOC type ({ noc_type_id } in the body)',
    },
  });

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

import {
  assetCreate,
  assetDelete,
  asset as assetSchema,
  assetsQuery,
  assetsResponse,
  assetUpdate,
  companiesQuery,
  companiesResponse,
  companyCreate,
  companyDelete,
  company as companySchema,
  companyUpdate,
  deletedResponse,
  idParam,
  officeCreate,
  officeDelete,
  office as officeSchema,
  officesQuery,
  officesResponse,
  officeUpdate,
} from '@hr/contracts/admin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { caller, requireAdmin } from '../../lib/auth';
import { listAnswer } from '../../lib/list';
import type { FeatureDeps } from '../deps';
import { AdminService } from './admin.service';

const security = [{ bearer: [] }];

/** Refuses non-admins before the body is read, so a forged request learns nothing and changes nothing. */
async function adminOnly(request: FastifyRequest) {
  requireAdmin(request);
}

/**
 * Companies, offices and assets (SPEC.md §7 Other resources). Companies and
 * offices are reference lists every signed-in employee may read (filters,
 * forms); assets and every change are for HR administrators.
 */
export async function adminRoutes(app: FastifyInstance, { db, secret }: FeatureDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = new AdminService(db, secret);

  /* Companies */
  const companyTags = ['Companies'];

  r.get(
    '/companies',
    {
      schema: {
        operationId: 'companies',
        summary: 'Companies (every one without page or limit)',
        tags: companyTags,
        security,
        querystring: companiesQuery,
        response: { 200: companiesResponse },
      },
    },
    async (request) => {
      caller(request);
      const { items, total, page, limit } = await service.companies(request.query);
      return listAnswer(request, items, total, page, limit);
    },
  );

  r.post(
    '/companies',
    {
      preValidation: adminOnly,
      schema: {
        operationId: 'createCompany',
        summary: 'HR administrators: add a company',
        tags: companyTags,
        security,
        body: companyCreate,
        response: { 201: companySchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.createCompany(caller(request), request.body)),
  );

  r.patch(
    '/companies/:id',
    {
      preValidation: adminOnly,
      schema: {
        operationId: 'updateCompany',
        summary: 'HR administrators: change a company',
        tags: companyTags,
        security,
        params: idParam,
        body: companyUpdate,
        response: { 200: companySchema },
      },
    },
    async (request) => service.updateCompany(caller(request), request.params.id, request.body),
  );

  r.delete(
    '/companies/:id',
    {
      preValidation: adminOnly,
      schema: {
        operationId: 'deleteCompany',
        summary: 'HR administrators: delete a company without offices, employees or assets',
        tags: companyTags,
        security,
        params: idParam,
        response: { 200: deletedResponse },
      },
    },
    async (request) => service.deleteCompany(caller(request), request.params.id),
  );

  r.delete(
    '/companies',
    {
      preValidation: adminOnly,
      schema: {
        operationId: 'deleteCompanyByBody',
        summary: 'HR administrators: delete a company ({ company_id } in the body, as SPEC.md §7)',
        tags: companyTags,
        security,
        body: companyDelete,
        response: { 200: deletedResponse },
      },
    },
    async (request) => service.deleteCompany(caller(request), request.body.company_id),
  );

  /* Offices */
  const officeTags = ['Offices'];

  r.get(
    '/offices',
    {
      schema: {
        operationId: 'offices',
        summary:
          'Offices with their company (every one without page or limit; enabled=true for the active ones)',
        tags: officeTags,
        security,
        querystring: officesQuery,
        response: { 200: officesResponse },
      },
    },
    async (request) => {
      caller(request);
      const { items, total, page, limit } = await service.offices(request.query);
      return listAnswer(request, items, total, page, limit);
    },
  );

  r.post(
    '/offices',
    {
      preValidation: adminOnly,
      schema: {
        operationId: 'createOffice',
        summary: 'HR administrators: add an office to a company',
        tags: officeTags,
        security,
        body: officeCreate,
        response: { 201: officeSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await service.createOffice(caller(request), request.body)),
  );

  r.patch(
    '/offices/:id',
    {
      preValidation: adminOnly,
      schema: {
        operationId: 'updateOffice',
        summary: 'HR administrators: change an office',
        tags: officeTags,
        security,
        params: idParam,
        body: officeUpdate,
        response: { 200: officeSchema },
      },
    },
    async (request) => service.updateOffice(caller(request), request.params.id, request.body),
  );

  r.delete(
    '/offices/:id',
    {
      preValidation: adminOnly,
      schema: {
        operationId: 'deleteOffice',
        summary: 'HR administrators: delete an office nobody works in',
        tags: officeTags,
        security,
        params: idParam,
        response: { 200: deletedResponse },
      },
    },
    async (request) => service.deleteOffice(caller(request), request.params.id),
  );

  r.delete(
    '/offices',
    {
      preValidation: adminOnly,
      schema: {
        operationId: 'deleteOfficeByBody',
        summary: 'HR administrators: delete an office ({ office_id } in the body, as SPEC.md §7)',
        tags: officeTags,
        security,
        body: officeDelete,
        response: { 200: deletedResponse },
      },
    },
    async (request) => service.deleteOffice(caller(request), request.body.office_id),
  );

  /* Assets */
  const assetTags = ['Assets'];

  r.get(
    '/assets',
    {
      preValidation: adminOnly,
      schema: {
        operationId: 'assets',
        summary: 'HR administrators: company assets with their current holder',
        tags: assetTags,
        security,
        querystring: assetsQuery,
        response: { 200: assetsResponse },
      },
    },
    async (request) => {
      const { items, total, page, limit } = await service.assets(request.query);
      return listAnswer(request, items, total, page, limit);
    },
  );

  r.post(
    '/assets',
    {
      preValidation: adminOnly,
      schema: {
        operationId: 'createAsset',
        summary: 'HR administrators: add an asset',
        tags: assetTags,
        security,
        body: assetCreate,
        response: { 201: assetSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await service.createAsset(caller(request), request.body)),
  );

  r.patch(
    '/assets/:id',
    {
      preValidation: adminOnly,
      schema: {
        operationId: 'updateAsset',
        summary: 'HR administrators: change an asset',
        tags: assetTags,
        security,
        params: idParam,
        body: assetUpdate,
        response: { 200: assetSchema },
      },
    },
    async (request) => service.updateAsset(caller(request), request.params.id, request.body),
  );

  r.delete(
    '/assets/:id',
    {
      preValidation: adminOnly,
      schema: {
        operationId: 'deleteAsset',
        summary: 'HR administrators: delete an asset nobody holds',
        tags: assetTags,
        security,
        params: idParam,
        response: { 200: deletedResponse },
      },
    },
    async (request) => service.deleteAsset(caller(request), request.params.id),
  );

  r.delete(
    '/assets',
    {
      preValidation: adminOnly,
      schema: {
        operationId: 'deleteAssetByBody',
        summary: 'HR administrators: delete an asset ({ asset_id } in the body, as SPEC.md §7)',
        tags: assetTags,
        security,
        body: assetDelete,
        response: { 200: deletedResponse },
      },
    },
    async (request) => service.deleteAsset(caller(request), request.body.asset_id),
  );
}

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
  officeCreate,
  officeDelete,
  office as officeSchema,
  officesQuery,
  officesResponse,
  officeUpdate,
} from '@hr/contracts/admin';
import type { FastifyInstance } from 'fastify';
import { referenceRoutes } from '../../lib/reference-routes';
import type { FeatureDeps } from '../deps';
import { AdminService } from './admin.service';

/**
 * Companies, offices and assets (SPEC.md §7 Other resources). Companies and
 * offices are reference lists every signed-in employee may read (filters,
 * forms); assets and every change are for HR administrators.
 */
export async function adminRoutes(app: FastifyInstance, { db, secret }: FeatureDeps) {
  const service = new AdminService(db, secret);

  referenceRoutes(app, {
    path: '/companies',
    tags: ['Companies'],
    names: { list: 'companies', one: 'Company' },
    item: companySchema,
    create: companyCreate,
    update: companyUpdate,
    actions: service.companies,
    list: {
      query: companiesQuery,
      response: companiesResponse,
      readers: 'everyone',
      run: ({ enabled, ...query }, _auth, url) => service.companies.list(query, { enabled }, url),
    },
    deleteBody: { schema: companyDelete, id: (body) => body.company_id },
    summaries: {
      list: 'Companies (every one without page or limit)',
      delete: 'HR administrators: delete a company without offices, employees or assets',
      deleteByBody: 'HR administrators: delete a company ({ company_id } in the body, as SPEC.md §7)',
    },
  });

  referenceRoutes(app, {
    path: '/offices',
    tags: ['Offices'],
    names: { list: 'offices', one: 'Office' },
    item: officeSchema,
    create: officeCreate,
    update: officeUpdate,
    actions: service.offices,
    list: {
      query: officesQuery,
      response: officesResponse,
      readers: 'everyone',
      run: ({ enabled, company_id, ...query }, _auth, url) =>
        service.offices.list(query, { enabled, companyId: company_id }, url),
    },
    deleteBody: { schema: officeDelete, id: (body) => body.office_id },
    summaries: {
      list: 'Offices with their company (every one without page or limit; enabled=true for the active ones)',
      create: 'HR administrators: add an office to a company',
      delete: 'HR administrators: delete an office nobody works in',
      deleteByBody: 'HR administrators: delete an office ({ office_id } in the body, as SPEC.md §7)',
    },
  });

  referenceRoutes(app, {
    path: '/assets',
    tags: ['Assets'],
    names: { list: 'assets', one: 'Asset' },
    item: assetSchema,
    create: assetCreate,
    update: assetUpdate,
    actions: service.assets,
    list: {
      query: assetsQuery,
      response: assetsResponse,
      readers: 'admins',
      run: ({ company_id, assigned, ...query }, _auth, url) =>
        service.assets.list(query, { companyId: company_id, assigned }, url),
    },
    deleteBody: { schema: assetDelete, id: (body) => body.asset_id },
    summaries: {
      list: 'HR administrators: company assets with their current holder',
      delete: 'HR administrators: delete an asset nobody holds',
      deleteByBody: 'HR administrators: delete an asset ({ asset_id } in the body, as SPEC.md §7)',
    },
  });
}

import { enabledListQuery } from '@hr/contracts/admin';
import {
  remoteWork,
  remoteWorkBody,
  remoteWorkIdBody,
  remoteWorkList,
  remoteWorkListQuery,
  remoteWorkTypeCreate,
  remoteWorkTypeDelete,
  remoteWorkTypeItem,
  remoteWorkTypesResponse,
  remoteWorkTypeUpdate,
} from '@hr/contracts/remote-work';
import { REQUEST_ACTIONS } from '@hr/contracts/workflow';
import type { FastifyInstance } from 'fastify';
import { referenceRoutes } from '../../lib/reference-routes';
import { requestRoutes } from '../../lib/request-routes';
import type { FeatureDeps } from '../deps';
import { RemoteWorkService } from './remote-work.service';
import { RemoteWorkTypesService } from './remote-work-types.service';

const tags = ['Remote work'];

/** Remote-work requests under `/remote-work` (SPEC.md shows no path; DESIGN.md §2 names it). */
export async function remoteWorkRoutes(app: FastifyInstance, { db, secret }: FeatureDeps) {
  const service = new RemoteWorkService(db, secret);

  // The types: everyone reads them (the request form), HR administrators manage them.
  const types = new RemoteWorkTypesService(db);
  referenceRoutes(app, {
    path: '/remote-work/types',
    tags,
    names: { list: 'remoteWorkTypes', one: 'RemoteWorkType' },
    item: remoteWorkTypeItem,
    create: remoteWorkTypeCreate,
    update: remoteWorkTypeUpdate,
    actions: types.types,
    list: {
      query: enabledListQuery,
      response: remoteWorkTypesResponse,
      readers: 'everyone',
      run: (query, auth, url) => types.list(auth, query, url),
    },
    deleteBody: { schema: remoteWorkTypeDelete, id: (body) => body.remote_work_type_id },
    summaries: {
      list: 'Remote-work types (type 1 is hours within a day): `{ id, name }` of the enabled ones (admins may ask for disabled ones too with all=true); a page of the administration with page, limit, sort or search',
      delete: 'HR administrators: delete a remote-work type no request uses (never type 1)',
      deleteByBody: 'HR administrators: delete a remote-work type ({ remote_work_type_id } in the body)',
    },
  });

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

import {
  holidaysQuery,
  holidaysResponse,
  leaveDurationsQuery,
  leaveDurationsResponse,
  leaveTypesQuery,
  leaveTypesResponse,
} from '@hr/contracts/admin';
import {
  holiday,
  holidayBody,
  leaveDuration,
  leaveDurationBody,
  leaveType,
  leaveTypeBody,
} from '@hr/contracts/leave';
import type { FastifyInstance } from 'fastify';
import { referenceRoutes } from '../../lib/reference-routes';
import type { FeatureDeps } from '../deps';
import { LeaveReferenceService } from './leave-reference.service';

const tags = ['Leave'];

/**
 * Leave types, short-leave durations and holidays: everyone reads them (the
 * plain array without page, limit, sort or search), administrators manage them.
 */
export async function leaveReferenceRoutes(app: FastifyInstance, { db }: FeatureDeps) {
  const service = new LeaveReferenceService(db);

  referenceRoutes(app, {
    path: '/leave/types',
    tags,
    names: { list: 'leaveTypes', one: 'LeaveType' },
    item: leaveType,
    create: leaveTypeBody,
    update: leaveTypeBody,
    actions: service.types,
    list: {
      query: leaveTypesQuery,
      response: leaveTypesResponse,
      readers: 'everyone',
      run: (query, auth, url) => service.typeList(auth, query, url),
    },
    summaries: {
      list: 'Leave types (admins may ask for disabled ones too with all=true; a page with page, limit, sort or search)',
      delete: 'HR administrators: delete a leave type no request uses',
    },
  });

  referenceRoutes(app, {
    path: '/leave/durations',
    tags,
    names: { list: 'leaveDurations', one: 'LeaveDuration' },
    item: leaveDuration,
    create: leaveDurationBody,
    update: leaveDurationBody,
    actions: service.durations,
    list: {
      query: leaveDurationsQuery,
      response: leaveDurationsResponse,
      readers: 'everyone',
      run: (query, auth, url) => service.durationList(auth, query, url),
    },
    summaries: {
      list: 'Short-leave durations (admins may ask for disabled ones too with all=true; a page with page, limit, sort or search)',
      create: 'HR administrators: add a short-leave duration',
      update: 'HR administrators: change a short-leave duration',
      delete: 'HR administrators: delete a short-leave duration no request uses',
    },
  });

  referenceRoutes(app, {
    path: '/holidays',
    tags,
    names: { list: 'holidays', one: 'Holiday' },
    item: holiday,
    create: holidayBody,
    update: holidayBody,
    actions: service.holidays,
    list: {
      query: holidaysQuery,
      response: holidaysResponse,
      readers: 'everyone',
      run: (query, _auth, url) => service.holidayList(query, url),
    },
    summaries: {
      list: 'Holidays, of a year if given (a page with page, limit, sort or search)',
      delete: 'HR administrators: delete a holiday',
    },
  });
}

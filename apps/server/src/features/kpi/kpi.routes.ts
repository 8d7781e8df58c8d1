import { enabledListQuery } from '@hr/contracts/admin';
import {
  kpiBody,
  kpiIdBody,
  kpiList,
  kpiListQuery,
  kpiPerspective,
  kpiPerspectiveBody,
  kpiPerspectivesResponse,
  kpiSheet,
  kpiTargetUnit,
  kpiTargetUnitBody,
  kpiTargetUnitsResponse,
  kpiYear,
  kpiYearBody,
  kpiYearsResponse,
  objectiveBody,
  objectiveIdBody,
  objectiveKpiBody,
  objectiveKpiIdBody,
} from '@hr/contracts/kpi';
import { idName, workflowStatus } from '@hr/contracts/lookups';
import { REVIEW_ACTIONS } from '@hr/contracts/workflow';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../lib/auth';
import { referenceRoutes } from '../../lib/reference-routes';
import { requestRoutes } from '../../lib/request-routes';
import type { FeatureDeps } from '../deps';
import { KpiService } from './kpi.service';
import { KpiReferenceService } from './kpi-reference';

const tags = ['KPI sheets'];
const security = [{ bearer: [] }];
const idParam = z.object({ id: z.coerce.number().int().positive() });

/** KPI sheets under `/kpis` (SPEC.md §7): sheets, their objectives and objective KPIs, and the lookups. */
export async function kpiRoutes(app: FastifyInstance, { db, secret }: FeatureDeps) {
  const service = new KpiService(db, secret);
  const r = app.withTypeProvider<ZodTypeProvider>();

  const lookups = [
    [
      '/kpis/types',
      'kpiTypes',
      'KPI types (1 yearly, 2 custom period)',
      z.array(idName),
      () => service.types(),
    ],
    [
      '/kpis/statuses',
      'kpiStatuses',
      'KPI sheet statuses',
      z.array(workflowStatus),
      () => service.statuses(),
    ],
  ] as const;
  for (const [path, operationId, summary, response, answer] of lookups) {
    r.get(path, { schema: { operationId, summary, tags, security, response: { 200: response } } }, async () =>
      answer(),
    );
  }

  // KPI years, perspectives and target units: everyone reads them, HR administrators manage them.
  const reference = new KpiReferenceService(db);
  const kinds = [
    {
      path: '/kpis/years',
      names: { list: 'kpiYears', one: 'KpiYear' },
      item: kpiYear,
      body: kpiYearBody,
      response: kpiYearsResponse,
      data: reference.years,
      what: 'KPI years and their periods',
    },
    {
      path: '/kpis/objectives/perspectives',
      names: { list: 'kpiPerspectives', one: 'KpiPerspective' },
      item: kpiPerspective,
      body: kpiPerspectiveBody,
      response: kpiPerspectivesResponse,
      data: reference.perspectives,
      what: 'Perspectives of objectives',
    },
    {
      path: '/kpis/objectives/kpis/target-units',
      names: { list: 'kpiTargetUnits', one: 'KpiTargetUnit' },
      item: kpiTargetUnit,
      body: kpiTargetUnitBody,
      response: kpiTargetUnitsResponse,
      data: reference.targetUnits,
      what: 'Target units of objective KPIs',
    },
  ] as const;
  for (const kind of kinds) {
    referenceRoutes(app, {
      path: kind.path,
      tags,
      names: kind.names,
      item: kind.item,
      create: kind.body,
      update: kind.body,
      actions: kind.data as never,
      list: {
        query: enabledListQuery,
        response: kind.response,
        readers: 'everyone',
        run: (query, auth, url) => KpiReferenceService.list(kind.data as never, auth, query, url),
      },
      summaries: {
        list: `${kind.what} (admins may ask for disabled ones too with all=true; a page with page, limit, sort or search)`,
      },
    });
  }

  requestRoutes(app, {
    path: '/kpis',
    tags,
    names: { one: 'Kpi', plural: 'Kpis' },
    noun: 'a KPI sheet',
    summaries: {
      list: 'KPI sheets: own (list_type=self) or the team’s (list_type=team)',
      get: 'One KPI sheet with its objectives and their KPIs',
      create: 'Make a KPI sheet (a draft); employee_id for a direct report',
      update: 'Change a KPI sheet in Draft or Update requested',
      delete: 'Delete a draft KPI sheet',
    },
    schemas: { listQuery: kpiListQuery, list: kpiList, body: kpiBody, detail: kpiSheet },
    idBody: { schema: kpiIdBody, field: 'kpi_id' },
    actions: REVIEW_ACTIONS,
    actionSummaries: {
      submit: 'Submit a KPI sheet to the line manager (weights must add up to 100)',
      'approve-line-manager': 'Approve a KPI sheet as its line manager (to the O&O)',
      approve: 'Approve a KPI sheet as its O&O',
      'update-requested': 'Send a KPI sheet back to its employee for changes',
    },
    service,
  });

  r.post(
    '/kpis/:id/copy',
    {
      schema: {
        operationId: 'copyKpi',
        summary: 'A new draft from an earlier sheet of the same employee (objectives and KPIs, no comments)',
        tags,
        security,
        params: idParam,
        body: kpiBody,
        response: { 201: kpiSheet },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.copy(caller(request), request.params.id, request.body)),
  );

  // Objectives: each call answers the whole sheet, so a client replaces what it shows.
  r.post(
    '/kpis/objectives',
    {
      schema: {
        operationId: 'createKpiObjective',
        summary: 'Add an objective to an editable KPI sheet',
        tags,
        security,
        body: objectiveBody,
        response: { 201: kpiSheet },
      },
    },
    async (request, reply) => reply.code(201).send(await service.addObjective(caller(request), request.body)),
  );
  r.patch(
    '/kpis/objectives/:id',
    {
      schema: {
        operationId: 'updateKpiObjective',
        summary: 'Change an objective of an editable KPI sheet',
        tags,
        security,
        params: idParam,
        body: objectiveBody,
        response: { 200: kpiSheet },
      },
    },
    async (request) => service.updateObjective(caller(request), request.params.id, request.body),
  );
  r.delete(
    '/kpis/objectives',
    {
      schema: {
        operationId: 'deleteKpiObjective',
        summary: 'Delete an objective (kept as removed after the first submission)',
        tags,
        security,
        body: objectiveIdBody,
        response: { 200: kpiSheet },
      },
    },
    async (request) => service.removeObjective(caller(request), request.body.objective_id),
  );

  // Objective KPIs.
  r.post(
    '/kpis/objectives/kpis',
    {
      schema: {
        operationId: 'createKpiObjectiveKpi',
        summary: 'Add a KPI to an objective of an editable KPI sheet',
        tags,
        security,
        body: objectiveKpiBody,
        response: { 201: kpiSheet },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.addObjectiveKpi(caller(request), request.body)),
  );
  r.patch(
    '/kpis/objectives/kpis/:id',
    {
      schema: {
        operationId: 'updateKpiObjectiveKpi',
        summary: 'Change a KPI of an objective',
        tags,
        security,
        params: idParam,
        body: objectiveKpiBody,
        response: { 200: kpiSheet },
      },
    },
    async (request) => service.updateObjectiveKpi(caller(request), request.params.id, request.body),
  );
  r.delete(
    '/kpis/objectives/kpis',
    {
      schema: {
        operationId: 'deleteKpiObjectiveKpi',
        summary: 'Delete a KPI of an objective (kept as removed after the first submission)',
        tags,
        security,
        body: objectiveKpiIdBody,
        response: { 200: kpiSheet },
      },
    },
    async (request) => service.removeObjectiveKpi(caller(request), request.body.objective_kpi_id),
  );
}

import {
  devPlanBody,
  devPlanIdBody,
  EVIDENCE_MAX_BYTES,
  eprBehaviour,
  eprBehaviourBody,
  eprBehaviourCreate,
  eprBehaviourDelete,
  eprBehavioursQuery,
  eprBehavioursResponse,
  eprBehaviourUpdate,
  eprBody,
  eprDetail,
  eprIdBody,
  eprKpi,
  eprList,
  eprListQuery,
  eprValue,
  eprValueCreate,
  eprValueDelete,
  eprValuesQuery,
  eprValuesResponse,
  eprValueUpdate,
  evidenceIdBody,
  evidenceUpload,
  lineBody,
  linesBody,
  sectionBBody,
  sectionCBody,
  sectionDBody,
  sectionRatingBody,
  stableBody,
} from '@hr/contracts/epr';
import { idName, workflowStatus } from '@hr/contracts/lookups';
import { REVIEW_ACTIONS } from '@hr/contracts/workflow';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../lib/auth';
import type { AuthContext } from '../../lib/auth-context';
import { adminOnly, referenceRoutes } from '../../lib/reference-routes';
import { requestRoutes } from '../../lib/request-routes';
import { tooLargeAs, uploadBodyLimit } from '../../lib/upload-routes';
import type { FeatureDeps } from '../deps';
import { EprService } from './epr.service';
import { EprValuesService } from './epr-values.service';

const tags = ['Performance reviews (EPR)'];
const security = [{ bearer: [] }];
const idParam = z.object({ id: z.coerce.number().int().positive() });

/** Reviews under `/eprs` (SPEC.md §7): the reviews, their sections, lines, values and development plan. */
export async function eprRoutes(app: FastifyInstance, { db, secret }: FeatureDeps) {
  const service = new EprService(db, secret);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/eprs/types',
    {
      schema: {
        operationId: 'eprTypes',
        summary: 'EPR types (1 annual, 2 interim)',
        tags,
        security,
        response: { 200: z.array(idName) },
      },
    },
    async () => service.types(),
  );
  r.get(
    '/eprs/statuses',
    {
      schema: {
        operationId: 'eprStatuses',
        summary: 'EPR statuses (0 to 6 and 10) with their names and colours',
        tags,
        security,
        response: { 200: z.array(workflowStatus) },
      },
    },
    async () => service.statuses(),
  );
  r.get(
    '/eprs/periods',
    {
      schema: {
        operationId: 'eprPeriods',
        summary: 'The caller’s approved KPI sheets a review may be made for (the Period choice)',
        tags,
        security,
        response: { 200: z.array(eprKpi) },
      },
    },
    async (request) => service.periods(caller(request)),
  );

  // The values Section B rates and their behaviours: everyone reads them, HR administrators manage them.
  const values = new EprValuesService(db);
  referenceRoutes(app, {
    path: '/eprs/values',
    tags,
    names: { list: 'eprValues', one: 'EprValue' },
    item: eprValue,
    create: eprValueCreate,
    update: eprValueUpdate,
    actions: values.values,
    list: {
      query: eprValuesQuery,
      response: eprValuesResponse,
      readers: 'everyone',
      run: (query, auth, url) => values.valueList(auth, query, url),
    },
    deleteBody: { schema: eprValueDelete, id: (body) => body.value_id },
    summaries: {
      list: 'The values Section B rates, each with its behaviours (admins may ask for disabled ones too with all=true; a page with page, limit, sort or search)',
      create: 'HR administrators: add a value (new reviews rate the enabled ones)',
      update:
        'HR administrators: rename, reorder, enable or disable a value (reviews made before keep their copy)',
      delete: 'HR administrators: delete a value no review carries',
      deleteByBody: 'HR administrators: delete a value ({ value_id } in the body)',
    },
  });
  referenceRoutes(app, {
    path: '/eprs/values/behaviours',
    tags,
    names: { list: 'eprBehaviours', one: 'EprBehaviour' },
    item: eprBehaviour,
    create: eprBehaviourCreate,
    update: eprBehaviourUpdate,
    actions: values.behaviours,
    list: {
      query: eprBehavioursQuery,
      response: eprBehavioursResponse,
      readers: 'everyone',
      run: (query, auth, url) => values.behaviourList(auth, query, url),
    },
    deleteBody: { schema: eprBehaviourDelete, id: (body) => body.behaviour_id },
    summaries: {
      list: 'Behaviours of the values, of one value with value_id (admins may ask for disabled ones too with all=true)',
      create: 'HR administrators: add a behaviour to a value ({ value_id, name })',
      update:
        'HR administrators: rename, reorder, enable or disable a behaviour (reviews made before keep their copy)',
      delete: 'HR administrators: delete a behaviour no review carries',
      deleteByBody: 'HR administrators: delete a behaviour ({ behaviour_id } in the body)',
    },
  });
  r.post(
    '/eprs/values/:id/behaviours',
    {
      preValidation: adminOnly,
      schema: {
        operationId: 'addEprValueBehaviour',
        summary: 'HR administrators: add a behaviour to the value of the path ({ name })',
        tags,
        security,
        params: idParam,
        body: eprBehaviourBody,
        response: { 201: eprBehaviour },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await values.addBehaviour(caller(request), request.params.id, request.body)),
  );

  requestRoutes(app, {
    path: '/eprs',
    tags,
    names: { one: 'Epr', plural: 'Eprs' },
    noun: 'a review',
    summaries: {
      list: 'Reviews: own (list_type=self) or the team’s (list_type=team)',
      get: 'One review with its four sections',
      create: 'Make a review (a draft) for an approved KPI sheet of the caller',
      update: 'Change a draft review’s period, type and dates',
      delete: 'Delete a draft review',
    },
    schemas: { listQuery: eprListQuery, list: eprList, body: eprBody, detail: eprDetail },
    idBody: { schema: eprIdBody, field: 'epr_id' },
    actions: REVIEW_ACTIONS,
    actionSummaries: {
      submit: 'Submit a review to the line manager (1 or 5)',
      'approve-line-manager': 'Approve a review as its line manager (2, or 10 after the O&O returned it)',
      approve: 'Approve a review as its O&O (completes it)',
      'update-requested':
        'Send a review back: to the employee (line manager, 2) or to the line manager (O&O, 3)',
    },
    service,
  });

  // The sections: each call answers the whole review, so a client replaces what it shows.
  const change = <B extends z.ZodType, P extends z.ZodType | undefined>(
    method: 'patch' | 'post' | 'delete',
    path: string,
    operationId: string,
    summary: string,
    schemas: { body: B; params?: P },
    run: (
      auth: AuthContext,
      params: P extends z.ZodType ? z.output<P> : undefined,
      body: z.output<B>,
    ) => Promise<unknown>,
  ) => {
    const created = method === 'post';
    r[method](
      path,
      {
        schema: {
          operationId,
          summary,
          tags,
          security,
          ...(schemas.params ? { params: schemas.params } : {}),
          body: schemas.body,
          response: { [created ? 201 : 200]: eprDetail },
        },
      },
      async (request, reply) => {
        const answer = await run(caller(request), request.params as never, request.body as z.output<B>);
        return reply.code(created ? 201 : 200).send(answer as never);
      },
    );
  };

  change(
    'patch',
    '/eprs/:id/sections/a',
    'updateEprSectionA',
    'Section A: the employee’s rating and comment (1, 5) or the line manager’s (2)',
    { body: sectionRatingBody, params: idParam },
    (auth, p, body) => service.sectionRating(auth, p.id, body),
  );
  change(
    'patch',
    '/eprs/:id/sections/b',
    'updateEprSectionB',
    'Section B: the employee’s rating and comment (1, 5) or the line manager’s (2), and with `stables` every value’s too, saved together',
    { body: sectionBBody, params: idParam },
    (auth, p, body) => service.sectionB(auth, p.id, body),
  );
  change(
    'patch',
    '/eprs/:id/sections/c',
    'updateEprSectionC',
    'Section C: the line manager’s KPI and value ratings after the O&O returned the review (10)',
    { body: sectionCBody, params: idParam },
    (auth, p, body) => service.sectionC(auth, p.id, body),
  );
  change(
    'patch',
    '/eprs/:id/sections/d',
    'updateEprSectionD',
    'Section D: the employee’s remarks (1, 5), the line manager’s (2) or the O&O’s next-level remarks (3)',
    { body: sectionDBody, params: idParam },
    (auth, p, body) => service.sectionD(auth, p.id, body),
  );
  change(
    'patch',
    '/eprs/sections/a/objectives/:id',
    'updateEprLine',
    'One Section A line (by its id): the employee’s actual (1, 5) or the line manager’s (2)',
    { body: lineBody, params: idParam },
    (auth, p, body) => service.line(auth, p.id, body),
  );
  change(
    'patch',
    '/eprs/:id/sections/a/objectives',
    'updateEprLines',
    'Several Section A lines: a list of { objective_id (the line id), actual | lm_actual }',
    { body: linesBody, params: idParam },
    (auth, p, body) => service.lines(auth, p.id, body),
  );
  r.post(
    '/eprs/sections/a/objectives/:id/evidence',
    {
      bodyLimit: uploadBodyLimit(EVIDENCE_MAX_BYTES),
      errorHandler: tooLargeAs('epr_evidence_too_large', 'file'),
      schema: {
        operationId: 'addEprEvidence',
        summary:
          'Add an evidence image (JPG/PNG under 200 KB, base64) to a Section A line: the employee (1, 5) or the line manager (2)',
        tags,
        security,
        params: idParam,
        body: evidenceUpload,
        response: { 201: eprDetail },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.addEvidence(caller(request), request.params.id, request.body)),
  );
  change(
    'delete',
    '/eprs/sections/a/objectives/evidence',
    'deleteEprEvidence',
    'Remove an evidence image (evidence_id in the body): by the side that added it, while its part is open',
    { body: evidenceIdBody },
    (auth, _p, body) => service.removeEvidence(auth, body.evidence_id),
  );
  r.get(
    '/eprs/evidence/:id',
    {
      schema: {
        operationId: 'eprEvidence',
        summary: 'An evidence image, for whoever may read its review',
        tags,
        security,
        params: idParam,
      },
    },
    async (request, reply) => {
      const image = await service.evidenceImage(caller(request), request.params.id);
      return reply
        .header('content-type', image.mime)
        .header('cache-control', 'private, no-store')
        .header('content-disposition', 'inline')
        .send(image.data);
    },
  );
  change(
    'patch',
    '/eprs/sections/b/stables/:id',
    'updateEprStable',
    'One value of Section B: the employee’s rating and comment (1, 5) or the line manager’s (2)',
    { body: stableBody, params: idParam },
    (auth, p, body) => service.stable(auth, p.id, body),
  );
  change(
    'post',
    '/eprs/sections/d/:id/dev-plan',
    'createEprDevPlan',
    'Add a development plan row (the line manager, 2); the id is Section D’s, the review’s own',
    { body: devPlanBody, params: idParam },
    (auth, p, body) => service.addDevPlan(auth, p.id, body),
  );
  change(
    'patch',
    '/eprs/sections/d/:id/dev-plan',
    'updateEprDevPlan',
    'Change a development plan row (the line manager, 2)',
    { body: devPlanBody, params: idParam },
    (auth, p, body) => service.updateDevPlan(auth, p.id, body),
  );
  change(
    'delete',
    '/eprs/sections/d/dev-plan',
    'deleteEprDevPlan',
    'Delete a development plan row (the line manager, 2)',
    { body: devPlanIdBody },
    (auth, _p, body) => service.removeDevPlan(auth, body.dev_plan_id),
  );

  r.get(
    '/eprs/:id/pdf',
    {
      schema: {
        operationId: 'eprPdf',
        summary: 'A completed review as a PDF (its employee, line manager, O&O and HR admins)',
        tags,
        security,
        params: idParam,
        produces: ['application/pdf'],
      },
    },
    async (request, reply) => {
      const file = await service.pdf(caller(request), request.params.id);
      return reply
        .type('application/pdf')
        .header('content-length', String(file.data.length))
        .header('content-disposition', file.disposition)
        .header('cache-control', 'private, no-store')
        .send(file.data);
    },
  );
}

import { deletedResponse, idParam } from '@hr/contracts/admin';
import { groupTreeCreated } from '@hr/contracts/employee-search';
import {
  designation,
  designationCreate,
  designationsResponse,
  designationUpdate,
  developmentArea,
  developmentAreaCreate,
  developmentAreasResponse,
  developmentAreaUpdate,
  examCreate,
  examDelete,
  examItem,
  examsResponse,
  examUpdate,
  groupCreate,
  groupDelete,
  groupItem,
  groupsListQuery,
  groupsResponse,
  groupTreeCreate,
  groupTreeDelete,
  groupUpdate,
  organisationListQuery,
  rank,
  rankCreate,
  ranksResponse,
  rankUpdate,
  subjectCreate,
  subjectCreated,
  subjectDelete,
  subjectUpdate,
} from '@hr/contracts/organisation';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { caller } from '../../lib/auth';
import { adminOnly, referenceRoutes } from '../../lib/reference-routes';
import type { FeatureDeps } from '../deps';
import { OrganisationService } from './organisation.service';

const security = [{ bearer: [] }];
const whole = '(every enabled one without page, limit, sort or search; admins may add all=true)';

/**
 * The organisation's reference data (SPEC.md §7 Other resources): levels,
 * grades, designations, development areas, exams with their subjects and
 * groups with their trees. Every signed-in employee reads them; HR
 * administrators change them.
 */
export async function organisationRoutes(app: FastifyInstance, { db }: FeatureDeps) {
  const service = new OrganisationService(db);
  const r = app.withTypeProvider<ZodTypeProvider>();

  const ranks = [
    { path: '/levels', names: { list: 'levels', one: 'Level' }, data: service.levels, what: 'Levels' },
    { path: '/grades', names: { list: 'grades', one: 'Grade' }, data: service.grades, what: 'Grades' },
  ] as const;
  for (const kind of ranks) {
    referenceRoutes(app, {
      path: kind.path,
      tags: ['Organisation'],
      names: kind.names,
      item: rank,
      create: rankCreate,
      update: rankUpdate,
      actions: kind.data,
      list: {
        query: organisationListQuery,
        response: ranksResponse,
        readers: 'everyone',
        run: (query, auth, url) => OrganisationService.list(kind.data, auth, query, url, {}),
      },
      summaries: {
        list: `${kind.what} with the number of employees at each ${whole}`,
        delete: `HR administrators: delete a ${kind.names.one.toLowerCase()} no employee has`,
      },
    });
  }

  referenceRoutes(app, {
    path: '/designations',
    tags: ['Organisation'],
    names: { list: 'designations', one: 'Designation' },
    item: designation,
    create: designationCreate,
    update: designationUpdate,
    actions: service.designations,
    list: {
      query: organisationListQuery,
      response: designationsResponse,
      readers: 'everyone',
      run: (query, auth, url) => OrganisationService.list(service.designations, auth, query, url, {}),
    },
    summaries: {
      list: `Designations with the number of employees who have each ${whole}`,
      delete: 'HR administrators: delete a designation no employee has',
    },
  });

  referenceRoutes(app, {
    path: '/development-areas',
    tags: ['Organisation'],
    names: { list: 'developmentAreas', one: 'DevelopmentArea' },
    item: developmentArea,
    create: developmentAreaCreate,
    update: developmentAreaUpdate,
    actions: service.developmentAreas,
    list: {
      query: organisationListQuery,
      response: developmentAreasResponse,
      readers: 'everyone',
      run: (query, auth, url) => OrganisationService.list(service.developmentAreas, auth, query, url, {}),
    },
    summaries: {
      list: `Development areas, the choices of a review's development plan ${whole}`,
      delete: 'HR administrators: delete a development area (plans keep their own text)',
    },
  });

  referenceRoutes(app, {
    path: '/employees/educations/exams',
    tags: ['Organisation'],
    names: { list: 'exams', one: 'Exam' },
    item: examItem,
    create: examCreate,
    update: examUpdate,
    actions: service.exams,
    list: {
      query: organisationListQuery,
      response: examsResponse,
      readers: 'everyone',
      run: (query, auth, url) => OrganisationService.list(service.exams, auth, query, url, {}),
    },
    deleteBody: { schema: examDelete, id: (body) => body.exam_id },
    summaries: {
      list: `Exams with their education type and subjects ${whole}`,
      delete: 'HR administrators: delete an exam no education uses (its subjects go with it)',
      deleteByBody: 'HR administrators: delete an exam ({ exam_id } in the body)',
    },
  });

  r.post(
    '/employees/educations/exams/:id/subjects',
    {
      preValidation: adminOnly,
      schema: {
        operationId: 'createExamSubject',
        summary: 'HR administrators: add a subject to an exam',
        tags: ['Organisation'],
        security,
        params: idParam,
        body: subjectCreate,
        response: { 201: subjectCreated },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.addSubject(caller(request), request.params.id, request.body)),
  );

  r.patch(
    '/employees/educations/exams/subjects/:id',
    {
      preValidation: adminOnly,
      schema: {
        operationId: 'updateExamSubject',
        summary: 'HR administrators: rename a subject, or change its name in the other languages',
        tags: ['Organisation'],
        security,
        params: idParam,
        body: subjectUpdate,
        response: { 200: subjectCreated },
      },
    },
    async (request) => service.subjects.update(caller(request), request.params.id, request.body),
  );

  r.delete(
    '/employees/educations/exams/subjects',
    {
      preValidation: adminOnly,
      schema: {
        operationId: 'deleteExamSubject',
        summary: 'HR administrators: delete a subject no education uses ({ subject_id } in the body)',
        tags: ['Organisation'],
        security,
        body: subjectDelete,
        response: { 200: deletedResponse },
      },
    },
    async (request) => service.deleteSubject(caller(request), request.body.subject_id),
  );

  referenceRoutes(app, {
    path: '/groups',
    tags: ['Groups'],
    names: { list: 'groups', one: 'Group' },
    item: groupItem,
    create: groupCreate,
    update: groupUpdate,
    actions: service.groups,
    list: {
      query: groupsListQuery,
      response: groupsResponse,
      readers: 'everyone',
      run: (query, auth, url) => service.groupList(auth, query, url),
    },
    deleteBody: { schema: groupDelete, id: (body) => body.group_id },
    summaries: {
      list: `Groups with their trees of items, of a type if given (type_id=1: the list filters) ${whole}`,
      delete: 'HR administrators: delete a group nobody belongs to (its items go with it)',
      deleteByBody: 'HR administrators: delete a group ({ group_id } in the body)',
    },
  });

  r.post(
    '/groups/:id/trees',
    {
      preValidation: adminOnly,
      schema: {
        operationId: 'createGroupTreeItem',
        summary: 'HR administrators: add an item to a group tree',
        tags: ['Groups'],
        security,
        params: idParam,
        body: groupTreeCreate,
        response: { 201: groupTreeCreated },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.addTreeItem(caller(request), request.params.id, request.body)),
  );

  r.delete(
    '/groups/trees',
    {
      preValidation: adminOnly,
      schema: {
        operationId: 'deleteGroupTreeItem',
        summary: 'HR administrators: remove a group item (and the items below it) nobody belongs to',
        tags: ['Groups'],
        security,
        body: groupTreeDelete,
        response: { 200: deletedResponse },
      },
    },
    async (request) => service.deleteTreeItem(caller(request), request.body.tree_id),
  );
}

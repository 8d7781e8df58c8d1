import {
  activitiesPage,
  activitiesQuery,
  addressInput,
  adminOptions,
  assetBody,
  assignCompanyBody,
  assignOfficeBody,
  basicInput,
  DOCUMENT_MAX_BYTES,
  documentRename,
  documentUpload,
  employeeIdBody,
  employeeProfile,
  familyInput,
  familySection,
  generalInput,
  generalSection,
  groupBody,
  itemIdBody,
  PHOTO_MAX_BYTES,
  photoUpload,
  profileDocument,
  separationInput,
  separationSection,
  userCreated,
} from '@hr/contracts/employees';
import { changesQuery, recordChangesResponse } from '@hr/contracts/record-changes';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../lib/auth';
import { listAnswer } from '../../lib/list';
import { PHOTO_SIZES } from '../../lib/signed-urls';
import { tooLargeAs, uploadBodyLimit } from '../../lib/upload-routes';
import type { FeatureDeps } from '../deps';
import { ActivitiesService } from './activities.service';
import { ChangesService } from './changes.service';
import { EmployeeAdminService } from './employee-admin.service';
import { MediaService, PHOTO_ERRORS } from './media.service';
import { ProfileService } from './profile.service';
import { LIST_SECTIONS } from './sections';

const tags = ['Employees'];
const security = [{ bearer: [] }];

const dbId = z.coerce.number().int().positive().max(2_147_483_647);
const employeeParams = z.object({ id: dbId });
const itemParams = z.object({ id: dbId, itemId: dbId });
const messageOnly = z.object({ message: z.string() });
const statusAnswer = z.object({ message: z.string(), enabled: z.boolean() });

const PHOTO_BODY_LIMIT = uploadBodyLimit(PHOTO_MAX_BYTES);
const DOCUMENT_BODY_LIMIT = uploadBodyLimit(DOCUMENT_MAX_BYTES);

/**
 * The employee profile (SPEC.md §7 Employees): the profile and its sections,
 * photo, documents, the administrator's controls and the activity log.
 */
export async function profileRoutes(app: FastifyInstance, deps: FeatureDeps) {
  const profiles = new ProfileService(deps.db, deps.secret);
  const media = new MediaService(deps.db, deps.secret);
  const admin = new EmployeeAdminService(deps.db, deps.authService, deps.onMessageQueued);
  const activityLog = new ActivitiesService(deps.db);
  const changeLog = new ChangesService(deps.db, deps.secret);
  const r = app.withTypeProvider<ZodTypeProvider>();

  // ------------------------------------------------------------------ profile
  r.get(
    '/employees/:id',
    {
      schema: {
        operationId: 'employeeProfile',
        summary: 'An employee profile: every section for the employee, their managers and HR, else the card',
        tags,
        security,
        params: employeeParams,
        response: { 200: employeeProfile },
      },
    },
    async (request) => profiles.profile(caller(request), request.params.id),
  );

  r.patch(
    '/employees/:id',
    {
      schema: {
        operationId: 'updateEmployee',
        summary: 'Name, E-ID, mobile, e-mail, blood group, designation, status, level, grade (HR)',
        tags,
        security,
        params: employeeParams,
        body: basicInput,
        response: { 200: employeeProfile },
      },
    },
    async (request) => profiles.updateBasic(caller(request), request.params.id, request.body),
  );

  r.patch(
    '/employees/:id/general',
    {
      schema: {
        operationId: 'updateEmployeeGeneral',
        summary: 'General details (HR)',
        tags,
        security,
        params: employeeParams,
        body: generalInput,
        response: { 200: generalSection },
      },
    },
    async (request) => profiles.updateGeneral(caller(request), request.params.id, request.body),
  );

  r.patch(
    '/employees/:id/address',
    {
      schema: {
        operationId: 'updateEmployeeAddress',
        summary: 'Present and permanent address (the employee or HR)',
        tags,
        security,
        params: employeeParams,
        body: addressInput,
        response: { 200: z.object({ present: z.string().nullable(), permanent: z.string().nullable() }) },
      },
    },
    async (request) => profiles.updateAddress(caller(request), request.params.id, request.body),
  );

  r.patch(
    '/employees/:id/family',
    {
      schema: {
        operationId: 'updateEmployeeFamily',
        summary: 'Parents, spouse and marital status (the employee or HR)',
        tags,
        security,
        params: employeeParams,
        body: familyInput,
        response: { 200: familySection },
      },
    },
    async (request) => profiles.updateFamily(caller(request), request.params.id, request.body),
  );

  r.patch(
    '/employees/:id/separation',
    {
      schema: {
        operationId: 'updateEmployeeSeparation',
        summary: 'Separation: resignation, last working day, type, status, mode (HR)',
        tags,
        security,
        params: employeeParams,
        body: separationInput,
        response: { 200: separationSection.nullable() },
      },
    },
    async (request) => profiles.updateSeparation(caller(request), request.params.id, request.body),
  );

  // ------------------------------------------------------------------ list sections
  for (const section of LIST_SECTIONS) {
    const base = `/employees/:id/${section.path}`;
    r.post(
      base,
      {
        schema: {
          operationId: `create${section.operation}`,
          summary: `Adds a ${section.summary}`,
          tags,
          security,
          params: employeeParams,
          body: section.input,
          response: { 201: section.item },
        },
      },
      async (request, reply) => {
        const item = await profiles.createItem(caller(request), section, request.params.id, request.body);
        return reply.code(201).send(item);
      },
    );
    r.patch(
      `${base}/:itemId`,
      {
        schema: {
          operationId: `update${section.operation}`,
          summary: `Changes a ${section.summary}`,
          tags,
          security,
          params: itemParams,
          body: section.input,
          response: { 200: section.item },
        },
      },
      async (request) =>
        profiles.updateItem(caller(request), section, request.params.id, request.params.itemId, request.body),
    );
    r.patch(
      base,
      {
        schema: {
          operationId: `update${section.operation}ByBody`,
          summary: `Changes a ${section.summary} (its id in the body, as SPEC.md §7 writes the call)`,
          tags,
          security,
          params: employeeParams,
          body: z.intersection(itemIdBody, section.input),
          response: { 200: section.item },
        },
      },
      async (request) => {
        const { id: itemId, ...input } = request.body as { id: number } & Record<string, unknown>;
        return profiles.updateItem(caller(request), section, request.params.id, itemId, input);
      },
    );
    r.delete(
      base,
      {
        schema: {
          operationId: `delete${section.operation}`,
          summary: `Removes a ${section.summary} (its id in the body)`,
          tags,
          security,
          params: employeeParams,
          body: itemIdBody,
          response: { 200: messageOnly },
        },
      },
      async (request) => profiles.deleteItem(caller(request), section, request.params.id, request.body.id),
    );
    r.delete(
      `${base}/:itemId`,
      {
        schema: {
          operationId: `delete${section.operation}ById`,
          summary: `Removes a ${section.summary}`,
          tags,
          security,
          params: itemParams,
          response: { 200: messageOnly },
        },
      },
      async (request) =>
        profiles.deleteItem(caller(request), section, request.params.id, request.params.itemId),
    );
  }

  // ------------------------------------------------------------------ photo
  r.patch(
    '/employees/photo/:id',
    {
      bodyLimit: PHOTO_BODY_LIMIT,
      errorHandler: tooLargeAs(PHOTO_ERRORS.tooLarge, 'photo'),
      schema: {
        operationId: 'uploadEmployeePhoto',
        summary: 'A new profile photo: PNG or JPEG as base64, at most 2 MB (the employee or HR)',
        tags,
        security,
        params: employeeParams,
        body: photoUpload,
        response: {
          200: z.object({
            message: z.string(),
            photo: z.object({ small: z.string(), medium: z.string(), big: z.string() }),
          }),
        },
      },
    },
    async (request) => media.uploadPhoto(caller(request), request.params.id, request.body.photo),
  );

  r.get(
    '/files/photos/:employeeId/:size',
    {
      config: { public: true },
      schema: {
        operationId: 'employeePhoto',
        summary: 'A profile photo by its signed URL (as photo fields give it)',
        tags: ['Files'],
        params: z.object({ employeeId: dbId, size: z.enum(PHOTO_SIZES) }),
        querystring: z.object({
          v: z.coerce.number().int().positive(),
          s: z.string().max(64),
        }),
      },
    },
    async (request, reply) => {
      const { employeeId, size } = request.params;
      const photo = await media.photo(employeeId, size, request.query.v, request.query.s);
      return reply
        .header('content-type', photo.mime)
        .header(
          'cache-control',
          // A URL names one version of the photo, so it may be kept for good; an older URL is not.
          photo.current ? 'public, max-age=31536000, immutable' : 'no-cache',
        )
        .send(photo.data);
    },
  );

  // ------------------------------------------------------------------ documents
  r.get(
    '/employees/:id/files',
    {
      schema: {
        operationId: 'employeeDocuments',
        summary: 'The documents on a profile',
        tags,
        security,
        params: employeeParams,
        response: { 200: z.array(profileDocument) },
      },
    },
    async (request) => media.documents(caller(request), request.params.id),
  );

  r.post(
    '/employees/:id/files',
    {
      bodyLimit: DOCUMENT_BODY_LIMIT,
      errorHandler: tooLargeAs('file_too_large', 'file'),
      schema: {
        operationId: 'uploadEmployeeDocument',
        summary: 'Adds a document (base64, at most 5 MB) to a profile (the employee or HR)',
        tags,
        security,
        params: employeeParams,
        body: documentUpload,
        response: { 201: profileDocument },
      },
    },
    async (request, reply) => {
      const doc = await media.uploadDocument(caller(request), request.params.id, request.body);
      return reply.code(201).send(doc);
    },
  );

  r.get(
    '/employees/:id/files/:itemId',
    {
      schema: {
        operationId: 'downloadEmployeeDocument',
        summary: 'Downloads a document',
        tags,
        security,
        params: itemParams,
      },
    },
    async (request, reply) => {
      const file = await media.download(caller(request), request.params.id, request.params.itemId);
      return reply
        .header('content-type', file.mime)
        .header('content-disposition', file.disposition)
        .header('cache-control', 'private, no-store')
        .send(file.data);
    },
  );

  r.patch(
    '/employees/:id/files/:itemId',
    {
      schema: {
        operationId: 'renameEmployeeDocument',
        summary: 'Renames a document',
        tags,
        security,
        params: itemParams,
        body: documentRename,
        response: { 200: profileDocument },
      },
    },
    async (request) =>
      media.renameDocument(caller(request), request.params.id, request.params.itemId, request.body.name),
  );

  r.delete(
    '/employees/:id/files',
    {
      schema: {
        operationId: 'deleteEmployeeDocument',
        summary: 'Removes a document (its id in the body)',
        tags,
        security,
        params: employeeParams,
        body: itemIdBody,
        response: { 200: messageOnly },
      },
    },
    async (request) => media.deleteDocument(caller(request), request.params.id, request.body.id),
  );

  r.delete(
    '/employees/:id/files/:itemId',
    {
      schema: {
        operationId: 'deleteEmployeeDocumentById',
        summary: 'Removes a document',
        tags,
        security,
        params: itemParams,
        response: { 200: messageOnly },
      },
    },
    async (request) => media.deleteDocument(caller(request), request.params.id, request.params.itemId),
  );

  // ------------------------------------------------------------------ administrator's controls
  for (const [path, enabled] of [
    ['enable', true],
    ['disable', false],
  ] as const) {
    r.patch(
      `/employees/${path}`,
      {
        schema: {
          operationId: `${path}Employee`,
          summary: enabled
            ? 'Enables an employee (HR)'
            : 'Disables an employee: they cannot sign in and their sessions end (HR)',
          tags,
          security,
          body: employeeIdBody,
          response: { 200: statusAnswer },
        },
      },
      async (request) => admin.setEnabled(caller(request), request.body.employee_id, enabled),
    );
  }

  r.post(
    '/users/employees',
    {
      schema: {
        operationId: 'createEmployeeUser',
        summary: 'Makes a user for an employee and sends an invitation to choose a password (HR)',
        tags,
        security,
        body: employeeIdBody,
        response: { 201: userCreated },
      },
    },
    async (request, reply) => {
      const created = await admin.createUser(caller(request), request.body.employee_id);
      return reply.code(201).send(created);
    },
  );

  r.patch(
    '/employees/assign/company',
    {
      schema: {
        operationId: 'assignEmployeeCompany',
        summary: 'Moves an employee to a company (HR)',
        tags,
        security,
        body: assignCompanyBody,
        response: { 200: messageOnly },
      },
    },
    async (request) =>
      admin.assignCompany(caller(request), request.body.employee_id, request.body.company_id),
  );

  r.patch(
    '/employees/assign/office',
    {
      schema: {
        operationId: 'assignEmployeeOffice',
        summary: 'Moves an employee to an office of their company (HR)',
        tags,
        security,
        body: assignOfficeBody,
        response: { 200: messageOnly },
      },
    },
    async (request) => admin.assignOffice(caller(request), request.body.employee_id, request.body.office_id),
  );

  for (const [path, member] of [
    ['assign/group', true],
    ['remove/group', false],
  ] as const) {
    r.patch(
      `/employees/${path}`,
      {
        schema: {
          operationId: member ? 'assignEmployeeGroup' : 'removeEmployeeGroup',
          summary: member ? 'Puts an employee in a group (HR)' : 'Takes an employee out of a group (HR)',
          tags,
          security,
          body: groupBody,
          response: { 200: messageOnly },
        },
      },
      async (request) =>
        admin.setGroup(caller(request), request.body.employee_id, request.body.group_tree_id, member),
    );
  }

  r.patch(
    '/employees/assets/assign',
    {
      schema: {
        operationId: 'assignEmployeeAsset',
        summary: 'Hands an asset nobody holds to an employee (HR)',
        tags,
        security,
        body: assetBody,
        response: { 200: messageOnly },
      },
    },
    async (request) => admin.assignAsset(caller(request), request.body.employee_id, request.body.asset_id),
  );

  r.patch(
    '/employees/assets/remove',
    {
      schema: {
        operationId: 'removeEmployeeAsset',
        summary: 'Takes an asset back from an employee (HR)',
        tags,
        security,
        body: assetBody,
        response: { 200: messageOnly },
      },
    },
    async (request) => admin.removeAsset(caller(request), request.body.employee_id, request.body.asset_id),
  );

  r.get(
    '/employees/:id/admin-options',
    {
      schema: {
        operationId: 'employeeAdminOptions',
        summary: "Companies, offices, groups and free assets for the administrator's controls (HR)",
        tags,
        security,
        params: employeeParams,
        response: { 200: adminOptions },
      },
    },
    async (request) => admin.options(caller(request), request.params.id),
  );

  // ------------------------------------------------------------------ change log
  r.get(
    '/employees/:id/changes',
    {
      schema: {
        operationId: 'employeeChanges',
        summary:
          "The changes to an employee's record, newest first: who, when, which part, each field before and after (the employee, their managers, HR)",
        tags,
        security,
        params: employeeParams,
        querystring: changesQuery,
        response: { 200: recordChangesResponse },
      },
    },
    async (request) => {
      const { page, limit } = request.query;
      const { items, total } = await changeLog.list(caller(request), request.params.id, request.query);
      return listAnswer(request.url, items, total, page, limit);
    },
  );

  // ------------------------------------------------------------------ activity log
  r.get(
    '/employee/activities',
    {
      schema: {
        operationId: 'employeeActivities',
        summary: "An employee's activity log, a page at a time (the employee, their managers, HR)",
        tags,
        security,
        querystring: activitiesQuery,
        response: { 200: activitiesPage },
      },
    },
    async (request) => activityLog.list(caller(request), request.query),
  );
}

import { idParam } from '@hr/contracts/admin';
import {
  DEVICE_KEY_HEADER,
  deviceCreate,
  deviceDelete,
  device as deviceSchema,
  devicesQuery,
  devicesResponse,
  deviceUpdate,
  deviceWithKey,
  PUNCH_AHEAD_MINUTES,
  PUNCH_BATCH_MAX,
  PUNCH_FILE_MAX_BYTES,
  punchBatch,
  punchBatchResult,
  punchImport,
  punchImportBody,
  punchImportsQuery,
  punchImportsResponse,
} from '@hr/contracts/attendance-intake';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../lib/auth';
import { adminOnly, referenceRoutes } from '../../lib/reference-routes';
import { tooLargeAs, uploadBodyLimit } from '../../lib/upload-routes';
import type { FeatureDeps } from '../deps';
import { AttendanceIntakeService, DEVICE_CALL_RULE, type KnownDevice } from './attendance-intake.service';

const security = [{ bearer: [] }];
/** The request's device once its key has been checked. */
const DEVICE = 'attendanceDevice';

/** A device answer; only the answer of a create (and of a new key) carries the key. */
const deviceItem = deviceSchema.extend({
  key: deviceWithKey.shape.key
    .optional()
    .describe('Only in the answer that made the device: its key, shown this once'),
});

function deviceKey(request: FastifyRequest): string | undefined {
  const value = request.headers[DEVICE_KEY_HEADER];
  return typeof value === 'string' ? value.trim() : undefined;
}

/**
 * Attendance devices and the CSV import (HR administrators), and the device
 * API: `POST attendance/punches` with the device's own key instead of a
 * user's token.
 */
export async function attendanceIntakeRoutes(app: FastifyInstance, { db, secret }: FeatureDeps) {
  const service = new AttendanceIntakeService(db, secret);
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.decorateRequest(DEVICE, null);

  referenceRoutes(app, {
    path: '/attendance/devices',
    tags: ['Attendance devices'],
    names: { list: 'attendanceDevices', one: 'AttendanceDevice' },
    item: deviceItem,
    create: deviceCreate,
    update: deviceUpdate,
    actions: {
      get: (id) => service.devices.get(id),
      create: (auth, body) => service.createDevice(auth, body),
      update: (auth, id, body) => service.updateDevice(auth, id, body),
      delete: (auth, id) => service.deleteDevice(auth, id),
    },
    list: {
      query: devicesQuery,
      response: devicesResponse,
      readers: 'admins',
      run: (query, auth, url) => service.listDevices(auth, query, url),
    },
    deleteBody: { schema: deviceDelete, id: (body) => body.device_id },
    summaries: {
      list: 'HR administrators: attendance devices (every one without page or limit)',
      create: 'HR administrators: add an attendance device; the answer carries its key, shown this once',
      update:
        'HR administrators: rename a device, change whose punches it sends (company, office), or disable it ' +
        '(its key stops working) or enable it',
      delete: 'HR administrators: delete a device that never sent a punch (disable one that did)',
      deleteByBody: 'HR administrators: delete a device that never sent a punch ({ device_id } in the body)',
    },
  });

  r.post(
    '/attendance/devices/:id/key',
    {
      preValidation: adminOnly,
      schema: {
        operationId: 'newAttendanceDeviceKey',
        summary: 'HR administrators: a new key for a device, shown this once; the old key stops working',
        tags: ['Attendance devices'],
        security,
        params: idParam,
        response: { 200: deviceWithKey },
      },
    },
    async (request) => service.newKey(caller(request), request.params.id),
  );

  r.post(
    '/attendance/punches',
    {
      // Devices have no user session: the device key is checked before the body is read.
      config: { public: true },
      preValidation: async (request) => {
        request.setDecorator(DEVICE, await service.authenticate(deviceKey(request), { ip: request.ip }));
      },
      schema: {
        operationId: 'sendPunches',
        summary: `Devices: a batch of at most ${PUNCH_BATCH_MAX} punches, with the device's key in X-Device-Key`,
        description:
          'Each punch is an E-ID and a moment on the office clock (YYYY-MM-DD HH:mm:ss); the device is the ' +
          "key's. A punch for no enabled employee of the device's company (and office, when it has one) " +
          '(eid_unknown), with a time that is not a real moment (time_invalid), before 2000 ' +
          `(time_out_of_range) or more than ${PUNCH_AHEAD_MINUTES} minutes ahead of the office's clock ` +
          '(time_ahead) is refused alone, by its index in the batch, and the rest is kept: the device need ' +
          'not send anything again. Punches already kept count as duplicates, so a batch may be sent again ' +
          'safely. A missing key, a wrong one or a disabled device is a 401 and nothing is written. A key ' +
          `makes at most ${DEVICE_CALL_RULE.limit} calls a minute; more is a 429 with Retry-After. An empty ` +
          'batch tells the portal the device is alive.',
        tags: ['Attendance device API'],
        security: [],
        headers: z.object({
          [DEVICE_KEY_HEADER]: z.string().optional().describe("The device's key, as shown when it was made"),
        }),
        body: punchBatch,
        response: { 200: punchBatchResult },
      },
    },
    async (request) => service.receive(request.getDecorator<KnownDevice>(DEVICE), request.body),
  );

  r.post(
    '/attendance/imports',
    {
      preValidation: adminOnly,
      bodyLimit: uploadBodyLimit(PUNCH_FILE_MAX_BYTES),
      errorHandler: tooLargeAs('punch_file_too_large', 'file'),
      schema: {
        operationId: 'importPunches',
        summary: 'HR administrators: import punches from a CSV file (base64, at most 4 MB), all or nothing',
        description:
          'Columns: E-ID, date-time (YYYY-MM-DD HH:mm[:ss] or DD-MM-YYYY HH:mm[:ss]) and device code; a first ' +
          'line without digits names the columns. A file with any bad row imports nothing: it is kept as a ' +
          'refused import (201, status "refused") listing every bad row by line and reason. A good file is ' +
          'imported in one transaction (201, status "done"); punches already there count as duplicates. ' +
          'With dry_run the file is checked and counted and nothing is kept (200, id null).',
        tags: ['Punch imports'],
        security,
        body: punchImportBody,
        response: { 200: punchImport, 201: punchImport },
      },
    },
    async (request, reply) => {
      const result = await service.importFile(caller(request), request.body);
      return reply.code(result.id === null ? 200 : 201).send(result);
    },
  );

  r.get(
    '/attendance/imports',
    {
      preValidation: adminOnly,
      schema: {
        operationId: 'punchImports',
        summary:
          'HR administrators: the imports of punch files, the latest first, with counts and refused rows',
        tags: ['Punch imports'],
        security,
        querystring: punchImportsQuery,
        response: { 200: punchImportsResponse },
      },
    },
    async (request) => service.listImports(caller(request), request.query, request.url),
  );

  r.get(
    '/attendance/imports/:id',
    {
      preValidation: adminOnly,
      schema: {
        operationId: 'punchImport',
        summary: 'HR administrators: one import of a punch file',
        tags: ['Punch imports'],
        security,
        params: idParam,
        response: { 200: punchImport },
      },
    },
    async (request) => service.getImport(caller(request), request.params.id),
  );
}

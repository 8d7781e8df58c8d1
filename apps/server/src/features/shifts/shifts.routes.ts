import {
  assignShiftBody,
  employeeShifts,
  shift,
  shiftCreate,
  shiftDelete,
  shiftsQuery,
  shiftsResponse,
  shiftUpdate,
} from '@hr/contracts/shifts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../lib/auth';
import { adminOnly, referenceRoutes } from '../../lib/reference-routes';
import type { FeatureDeps } from '../deps';
import { ShiftsService } from './shifts.service';

const tags = ['Shifts'];
const security = [{ bearer: [] }];
const employeeParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/**
 * Shifts (SPEC.md §7 Other resources: shifts; Employees: PATCH shifts/assign):
 * the reference list every employee reads and HR administrators manage, the
 * assignment of a shift to an employee from a date on, and an employee's
 * shifts for those who read their personal data.
 */
export async function shiftRoutes(app: FastifyInstance, { db }: FeatureDeps) {
  const service = new ShiftsService(db);
  const r = app.withTypeProvider<ZodTypeProvider>();

  referenceRoutes(app, {
    path: '/shifts',
    tags,
    names: { list: 'shifts', one: 'Shift' },
    item: shift,
    create: shiftCreate,
    update: shiftUpdate,
    actions: service.shifts,
    list: {
      query: shiftsQuery,
      response: shiftsResponse,
      readers: 'everyone',
      run: (query, _auth, url) => service.list(query, url),
    },
    deleteBody: { schema: shiftDelete, id: (body) => body.shift_id },
    summaries: {
      list: 'Shifts (every one without page or limit; enabled=true for the ones to assign)',
      create:
        'HR administrators: add a shift (is_default=true makes it the default instead of the current one)',
      update: 'HR administrators: change a shift (the default stays enabled)',
      delete: 'HR administrators: delete a shift that is not the default and in nobody’s history',
      deleteByBody: 'HR administrators: delete a shift ({ shift_id } in the body, as SPEC.md §7)',
    },
  });

  r.patch(
    '/employees/shifts/assign',
    {
      preValidation: adminOnly,
      schema: {
        operationId: 'assignEmployeeShift',
        summary:
          'HR administrators: the employee works a shift from a date on (the same date again replaces it)',
        tags,
        security,
        body: assignShiftBody,
        response: { 200: z.object({ message: z.string() }) },
      },
    },
    async (request) => service.assign(caller(request), request.body),
  );

  r.get(
    '/employees/:id/shifts',
    {
      schema: {
        operationId: 'employeeShifts',
        summary: "An employee's shift of today and their shift history (the employee, their managers and HR)",
        tags,
        security,
        params: employeeParams,
        response: { 200: employeeShifts },
      },
    },
    async (request) => service.ofEmployee(caller(request), request.params.id),
  );
}

import { idParam } from '@hr/contracts/admin';
import {
  EMPLOYEE_FILE_MAX_BYTES,
  EMPLOYEE_IMPORT_COLUMNS,
  EMPLOYEE_IMPORT_REQUIRED,
  employeeImport,
  employeeImportsResponse,
} from '@hr/contracts/employee-import';
import { importFileBody, importsQuery } from '@hr/contracts/imports';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { caller } from '../../lib/auth';
import { adminOnly } from '../../lib/reference-routes';
import { tooLargeAs, uploadBodyLimit } from '../../lib/upload-routes';
import type { FeatureDeps } from '../deps';
import { EmployeeImportService } from './employee-import.service';

const security = [{ bearer: [] }];
const tags = ['Employee imports'];
const optionalColumns = EMPLOYEE_IMPORT_COLUMNS.filter((c) => !EMPLOYEE_IMPORT_REQUIRED.includes(c));

/** The employee import (HR administrators): a CSV file of employees, its record, and the imports before it. */
export async function employeeImportRoutes(app: FastifyInstance, { db, secret }: FeatureDeps) {
  const service = new EmployeeImportService(db, secret);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/employees/imports',
    {
      preValidation: adminOnly,
      bodyLimit: uploadBodyLimit(EMPLOYEE_FILE_MAX_BYTES),
      errorHandler: tooLargeAs('employee_file_too_large', 'file'),
      schema: {
        operationId: 'importEmployees',
        summary: 'HR administrators: import employees from a CSV file (base64, at most 4 MB), all or nothing',
        description:
          `The first line names the columns, in any order: ${EMPLOYEE_IMPORT_REQUIRED.join(', ')} (required, ` +
          `each cell filled) and ${optionalColumns.join(', ')} (each may be left out: a column left out ` +
          'leaves that value of an employee already there as it is; an empty cell clears it). Cells follow ' +
          "the profile's rules; company, office (of that company) and designation are named as the portal " +
          'has them (case aside); a line manager is an E-ID of the file, on any line, or of the portal, and ' +
          'no circle of line managers may come of it. A file with any bad row imports nothing: it is kept as ' +
          'a refused import (201, status "refused") listing every bad row by line and reason. A good file is ' +
          'imported in one transaction (201, status "done"): new E-IDs added, employees already there updated ' +
          'where a value differs (updated) or left as they are (duplicates), so the same file twice changes ' +
          'nothing. New employees have no sign-in user: POST users/employees makes one. With dry_run the file ' +
          'is checked and counted and nothing is kept (200, id null).',
        tags,
        security,
        body: importFileBody,
        response: { 200: employeeImport, 201: employeeImport },
      },
    },
    async (request, reply) => {
      const result = await service.importFile(caller(request), request.body);
      return reply.code(result.id === null ? 200 : 201).send(result);
    },
  );

  r.get(
    '/employees/imports',
    {
      preValidation: adminOnly,
      schema: {
        operationId: 'employeeImports',
        summary: 'HR administrators: the employee imports, the latest first, with counts and refused rows',
        tags,
        security,
        querystring: importsQuery,
        response: { 200: employeeImportsResponse },
      },
    },
    async (request) => service.listImports(caller(request), request.query, request.url),
  );

  r.get(
    '/employees/imports/:id',
    {
      preValidation: adminOnly,
      schema: {
        operationId: 'employeeImport',
        summary: 'HR administrators: one employee import',
        tags,
        security,
        params: idParam,
        response: { 200: employeeImport },
      },
    },
    async (request) => service.getImport(caller(request), request.params.id),
  );
}

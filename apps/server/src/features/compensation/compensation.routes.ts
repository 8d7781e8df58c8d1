import { deletedResponse } from '@hr/contracts/admin';
import {
  assignSalaryBody,
  employeeLoans,
  employeeSalaries,
  loan,
  loanCreate,
  loanDelete,
  loansQuery,
  loanUpdate,
  loanUpdateByBody,
  paySchedule,
  payScheduleBody,
  payScheduleDelete,
  paySchedulesQuery,
  paySchedulesResponse,
  payScheduleType,
  payScheduleTypeBody,
  payScheduleTypeDelete,
  payScheduleTypesQuery,
  payScheduleTypesResponse,
  payScheduleTypeUpdate,
  payScheduleUpdate,
  payScheduleUpdateByBody,
  SALARY_KINDS,
  salariesQuery,
  salaryDelete,
  salaryRecord,
  salaryUpdate,
} from '@hr/contracts/compensation';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../lib/auth';
import { adminOnly, referenceRoutes } from '../../lib/reference-routes';
import type { FeatureDeps } from '../deps';
import { CompensationService } from './compensation.service';
import { PaySchedulesService } from './pay-schedules.service';

const security = [{ bearer: [] }];
const idParams = z.object({
  id: z.coerce
    .number({ error: 'id must be a whole number from 1' })
    .int('id must be a whole number from 1')
    .min(1, 'id must be a whole number from 1')
    .max(2_147_483_647, 'id must be a whole number from 1'),
});

/**
 * Compensation (SPEC.md §7: salaries, employees/loans, employees/pay-schedules
 * and their types; DESIGN.md §9): pay schedules every employee reads; an
 * employee's salaries and loans for the employee and HR administrators only;
 * every change by HR administrators.
 */
export async function compensationRoutes(app: FastifyInstance, { db, secret }: FeatureDeps) {
  const schedules = new PaySchedulesService(db);
  const service = new CompensationService(db, secret);
  const r = app.withTypeProvider<ZodTypeProvider>();

  /* Pay schedules and their types */

  const payTags = ['Pay schedules'];
  referenceRoutes(app, {
    path: '/employees/pay-schedules/types',
    tags: payTags,
    names: { list: 'payScheduleTypes', one: 'PayScheduleType' },
    item: payScheduleType,
    create: payScheduleTypeBody,
    update: payScheduleTypeUpdate,
    actions: schedules.types,
    list: {
      query: payScheduleTypesQuery,
      response: payScheduleTypesResponse,
      readers: 'everyone',
      run: (query, _auth, url) => schedules.listTypes(query, url),
    },
    deleteBody: { schema: payScheduleTypeDelete, id: (body) => body.pay_schedule_type_id },
    summaries: {
      list: 'Pay schedule types and their pay days a year (every one without page or limit; enabled=true for the usable ones)',
      delete: 'HR administrators: delete a pay schedule type no schedule is of',
      deleteByBody: 'HR administrators: delete a pay schedule type ({ pay_schedule_type_id } in the body)',
    },
  });

  referenceRoutes(app, {
    path: '/employees/pay-schedules',
    tags: payTags,
    names: { list: 'paySchedules', one: 'PaySchedule' },
    item: paySchedule,
    create: payScheduleBody,
    update: payScheduleUpdate,
    actions: schedules.schedules,
    list: {
      query: paySchedulesQuery,
      response: paySchedulesResponse,
      readers: 'everyone',
      run: (query, _auth, url) => schedules.listSchedules(query, url),
    },
    deleteBody: { schema: payScheduleDelete, id: (body) => body.pay_schedule_id },
    summaries: {
      list: 'Pay schedules with their type and next pay dates (every one without page or limit)',
      delete: 'HR administrators: delete a pay schedule no loan is repaid on',
      deleteByBody:
        'HR administrators: delete a pay schedule ({ pay_schedule_id } in the body, as SPEC.md §7)',
    },
  });

  r.patch(
    '/employees/pay-schedules',
    {
      preValidation: adminOnly,
      schema: {
        operationId: 'updatePayScheduleByBody',
        summary: 'HR administrators: change a pay schedule ({ pay_schedule_id } in the body, as SPEC.md §7)',
        tags: payTags,
        security,
        body: payScheduleUpdateByBody,
        response: { 200: paySchedule },
      },
    },
    async (request) => {
      const { pay_schedule_id, ...patch } = request.body;
      return schedules.schedules.update(caller(request), pay_schedule_id, patch);
    },
  );

  /* Salaries */

  const salaryTags = ['Salaries'];
  r.get(
    '/salaries',
    {
      schema: {
        operationId: 'salaries',
        summary:
          "An employee's salary history (basic and tax) and the current amounts: the employee and HR administrators only",
        tags: salaryTags,
        security,
        querystring: salariesQuery,
        response: { 200: employeeSalaries },
      },
    },
    async (request) => {
      const auth = caller(request);
      return service.salaries(auth, request.query.employee_id ?? auth.employeeId);
    },
  );

  for (const kind of SALARY_KINDS) {
    r.patch(
      `/employees/salaries/assign/${kind}`,
      {
        preValidation: adminOnly,
        schema: {
          operationId: kind === 'basic' ? 'assignBasicSalary' : 'assignTax',
          summary: `HR administrators: the employee's ${kind === 'basic' ? 'basic salary' : 'tax'} from a date on (the same date again replaces its amount)`,
          tags: salaryTags,
          security,
          body: assignSalaryBody,
          response: { 200: salaryRecord },
        },
      },
      async (request) => service.assign(caller(request), kind, request.body),
    );
  }

  r.get(
    '/salaries/:id',
    {
      schema: {
        operationId: 'getSalary',
        summary: 'One row of a salary history (the employee and HR administrators)',
        tags: salaryTags,
        security,
        params: idParams,
        response: { 200: salaryRecord },
      },
    },
    async (request) => service.salary(caller(request), request.params.id),
  );

  r.patch(
    '/salaries/:id',
    {
      preValidation: adminOnly,
      schema: {
        operationId: 'updateSalary',
        summary: 'HR administrators: correct the amount or date of a salary row',
        tags: salaryTags,
        security,
        params: idParams,
        body: salaryUpdate,
        response: { 200: salaryRecord },
      },
    },
    async (request) => service.updateSalary(caller(request), request.params.id, request.body),
  );

  r.delete(
    '/salaries',
    {
      preValidation: adminOnly,
      schema: {
        operationId: 'deleteSalary',
        summary: 'HR administrators: remove a row of a salary history ({ salary_id } in the body)',
        tags: salaryTags,
        security,
        body: salaryDelete,
        response: { 200: deletedResponse },
      },
    },
    async (request) => service.deleteSalary(caller(request), request.body.salary_id),
  );

  /* Loans */

  const loanTags = ['Loans'];
  r.get(
    '/employees/loans',
    {
      schema: {
        operationId: 'loans',
        summary: "An employee's loans, the latest first: the employee and HR administrators only",
        tags: loanTags,
        security,
        querystring: loansQuery,
        response: { 200: employeeLoans },
      },
    },
    async (request) => {
      const auth = caller(request);
      return service.loans(auth, request.query.employee_id ?? auth.employeeId);
    },
  );

  r.post(
    '/employees/loans',
    {
      preValidation: adminOnly,
      schema: {
        operationId: 'createLoan',
        summary: 'HR administrators: a loan to an employee, repaid in installments on a pay schedule',
        tags: loanTags,
        security,
        body: loanCreate,
        response: { 201: loan },
      },
    },
    async (request, reply) => reply.code(201).send(await service.createLoan(caller(request), request.body)),
  );

  r.get(
    '/employees/loans/:id',
    {
      schema: {
        operationId: 'getLoan',
        summary: 'One loan (the employee and HR administrators)',
        tags: loanTags,
        security,
        params: idParams,
        response: { 200: loan },
      },
    },
    async (request) => service.loan(caller(request), request.params.id),
  );

  r.patch(
    '/employees/loans/:id',
    {
      preValidation: adminOnly,
      schema: {
        operationId: 'updateLoan',
        summary:
          'HR administrators: another schedule, installments or start, or a repayment (what was repaid only grows, up to the amount)',
        tags: loanTags,
        security,
        params: idParams,
        body: loanUpdate,
        response: { 200: loan },
      },
    },
    async (request) => service.updateLoan(caller(request), request.params.id, request.body),
  );

  r.patch(
    '/employees/loans',
    {
      preValidation: adminOnly,
      schema: {
        operationId: 'updateLoanByBody',
        summary: 'HR administrators: change a loan ({ loan_id } in the body, as SPEC.md §7)',
        tags: loanTags,
        security,
        body: loanUpdateByBody,
        response: { 200: loan },
      },
    },
    async (request) => {
      const { loan_id, ...patch } = request.body;
      return service.updateLoan(caller(request), loan_id, patch);
    },
  );

  r.delete(
    '/employees/loans',
    {
      preValidation: adminOnly,
      schema: {
        operationId: 'deleteLoan',
        summary: 'HR administrators: delete a loan nothing is repaid on ({ loan_id } in the body)',
        tags: loanTags,
        security,
        body: loanDelete,
        response: { 200: deletedResponse },
      },
    },
    async (request) => service.deleteLoan(caller(request), request.body.loan_id),
  );
}

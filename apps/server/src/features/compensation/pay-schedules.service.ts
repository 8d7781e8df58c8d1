import {
  COMPENSATION_MESSAGES,
  NEXT_PAY_DATES,
  type PaySchedule,
  type PayScheduleType,
  payDaysFrom,
  type payScheduleBody,
  type paySchedulesQuery,
  type payScheduleTypeBody,
  type payScheduleTypesQuery,
  type payScheduleTypeUpdate,
  type payScheduleUpdate,
} from '@hr/contracts/compensation';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { domainError, fieldError } from '../../lib/errors';
import { officeToday } from '../../lib/office-clock';
import { plainKind, ReferenceData, type ReferenceDataOf, type ReferenceSpec } from '../../lib/reference-data';
import {
  type PayScheduleTypeRow,
  paySchedulesStore,
  payScheduleTypesStore,
  compensationRepository as repo,
  type ScheduleFilter,
  type ScheduleRow,
  type ScheduleValues,
} from './compensation.repository';

type TypeCreate = z.output<typeof payScheduleTypeBody>;
type TypeUpdate = z.output<typeof payScheduleTypeUpdate>;
type ScheduleCreate = z.output<typeof payScheduleBody>;
type ScheduleUpdate = z.output<typeof payScheduleUpdate>;

/** The fields a body sent: absent ones stay as they are. */
function sent<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/* Types */

const typeColumns = (body: TypeUpdate) =>
  sent({ name: body.name, periodsPerYear: body.periods_per_year, enabled: body.enabled });

export const payScheduleTypeKind = {
  ...plainKind(payScheduleTypesStore, {
    entity: 'pay_schedule_type',
    kind: 'pay schedule type',
    defaultSort: 'periods_per_year,asc',
    wholeWithoutPage: true,
    answer: (row: PayScheduleTypeRow): PayScheduleType => ({
      id: row.id,
      name: row.name,
      periods_per_year: row.periodsPerYear,
      enabled: row.enabled,
    }),
    toInsert: (body: TypeCreate) => ({
      name: body.name,
      periodsPerYear: body.periods_per_year,
      enabled: body.enabled,
    }),
    toUpdate: typeColumns,
  }),
  /** A type some schedule is of stays: a 409 saying how many. */
  async inUse(db: Db, row: { id: number; name: string }) {
    const schedules = await repo.schedulesOfType(db, row.id);
    if (schedules === 1) throw domainError('pay_schedule_type_in_use_one', { name: row.name });
    if (schedules > 1) throw domainError('pay_schedule_type_in_use', { name: row.name, schedules });
    return null;
  },
};

/* Schedules */

function scheduleAnswer(row: ScheduleRow): PaySchedule {
  return {
    id: row.id,
    name: row.name,
    type: { id: row.typeId, name: row.typeName, periods_per_year: row.periodsPerYear },
    first_pay_date: row.firstPayDate,
    company: row.companyId === null ? null : { id: row.companyId, name: row.companyName ?? '' },
    enabled: row.enabled,
    next_pay_dates: payDaysFrom(row.periodsPerYear, row.firstPayDate, officeToday(), NEXT_PAY_DATES),
    created: row.createdAt.toISOString(),
    updated: row.updatedAt.toISOString(),
  };
}

const scheduleColumns = (body: ScheduleUpdate) =>
  sent({
    name: body.name,
    typeId: body.type_id,
    firstPayDate: body.first_pay_date,
    companyId: body.company_id,
    enabled: body.enabled,
  });

export const payScheduleSpec: ReferenceSpec<
  ScheduleRow,
  PaySchedule,
  ScheduleCreate,
  ScheduleUpdate,
  ScheduleValues,
  ScheduleFilter
> = {
  entity: 'pay_schedule',
  kind: 'pay schedule',
  store: paySchedulesStore,
  defaultSort: 'name,asc',
  wholeWithoutPage: true,
  answer: scheduleAnswer,
  toInsert: (body) => ({
    name: body.name,
    typeId: body.type_id,
    firstPayDate: body.first_pay_date,
    companyId: body.company_id,
    enabled: body.enabled,
  }),
  toUpdate: (body) => ({ ...scheduleColumns(body), updatedAt: new Date() }),
  fields: (row) => ({
    name: row.name,
    type_id: row.typeId,
    first_pay_date: row.firstPayDate,
    company_id: row.companyId,
    enabled: row.enabled,
  }),
  values: (row) => ({ name: row.name }),
  /** The type must exist (a field error, not a 500 from the foreign key). */
  async check(db, values) {
    if (values.typeId !== undefined && !(await repo.typeExists(db, values.typeId)))
      throw fieldError('type_id', COMPENSATION_MESSAGES.typeUnknown);
    if (values.companyId != null && !(await repo.companyExists(db, values.companyId)))
      throw fieldError('company_id', COMPENSATION_MESSAGES.companyUnknown);
  },
  /** A schedule a loan is repaid on stays: a 409 saying how many. */
  async inUse(db, row) {
    const loans = await repo.loansOnSchedule(db, row.id);
    if (loans === 1) throw domainError('pay_schedule_in_use_one', { name: row.name });
    if (loans > 1) throw domainError('pay_schedule_in_use', { name: row.name, loans });
    return null;
  },
};

/**
 * Pay schedules and their types: reference lists every signed-in employee
 * reads (they are calendars, not pay) and HR administrators manage, through
 * the one reference-data machinery.
 */
export class PaySchedulesService {
  readonly types: ReferenceDataOf<typeof payScheduleTypeKind>;
  readonly schedules: ReferenceDataOf<typeof payScheduleSpec>;

  constructor(db: Db) {
    this.types = new ReferenceData(db, payScheduleTypeKind);
    this.schedules = new ReferenceData(db, payScheduleSpec);
  }

  listTypes({ enabled, ...query }: z.output<typeof payScheduleTypesQuery>, url: string) {
    return this.types.list(query, { enabled }, url);
  }

  listSchedules(
    { enabled, type_id, employee_id, ...query }: z.output<typeof paySchedulesQuery>,
    url: string,
  ) {
    return this.schedules.list(query, { enabled, typeId: type_id, employeeId: employee_id }, url);
  }
}

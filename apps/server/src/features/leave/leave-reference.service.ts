import {
  ADMIN_MESSAGES,
  type holidaysQuery,
  type leaveDurationsQuery,
  type leaveTypesQuery,
} from '@hr/contracts/admin';
import {
  type Holiday,
  type holidayBody,
  LEAVE_MESSAGES,
  type LeaveDuration,
  type LeaveType,
  type leaveDurationBody,
  type leaveTypeBody,
} from '@hr/contracts/leave';
import { MESSAGES } from '@hr/contracts/messages';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../lib/auth-context';
import { fieldError } from '../../lib/errors';
import { officeToday } from '../../lib/office-clock';
import {
  plainKind,
  ReferenceData,
  type ReferenceDataOf,
  type ReferenceListQuery,
} from '../../lib/reference-data';
import {
  type LeaveDurationRow as DurationRow,
  type HolidayRow,
  leaveReferenceRepository as repo,
  type LeaveTypeRow as TypeRow,
} from './leave-reference.repository';

type TypeBody = z.output<typeof leaveTypeBody>;
type DurationBody = z.output<typeof leaveDurationBody>;
type HolidayBody = z.output<typeof holidayBody>;

const usedByLeave = (row: { name: string }) =>
  `${row.name} is used by leave requests; disable it instead of deleting it.`;

const typeColumns = (b: TypeBody) => ({
  name: b.name,
  days: b.days,
  shortLeaveApplied: b.short_leave_applied,
  hasBalance: b.has_balance,
  enabled: b.enabled,
  genderId: b.gender_id,
  employmentStatusIds: b.employment_status_ids,
  minServiceMonths: b.min_service_months,
  groupTreeId: b.group_tree_id,
});

export const leaveTypeKind = plainKind(repo.typeStore, {
  entity: 'leave_type',
  kind: 'leave type',
  defaultSort: 'order,asc',
  wholeWithoutPage: true,
  answer: (t: TypeRow): LeaveType => ({
    id: t.id,
    name: t.name,
    days: t.days,
    short_leave_applied: t.shortLeaveApplied,
    has_balance: t.hasBalance,
    enabled: t.enabled,
    gender_id: t.genderId,
    employment_status_ids: t.employmentStatusIds,
    min_service_months: t.minServiceMonths,
    group_tree_id: t.groupTreeId,
  }),
  toInsert: (b: TypeBody) => typeColumns(b),
  toUpdate: (b: TypeBody) => typeColumns(b),
  inUseMessage: usedByLeave,
  async check(db: Db, values: Partial<ReturnType<typeof typeColumns>>) {
    const unknown = await repo.unknownEligibility(db, {
      genderId: values.genderId ?? null,
      employmentStatusIds: values.employmentStatusIds ?? [],
      groupTreeId: values.groupTreeId ?? null,
    });
    if (unknown.gender) throw fieldError('gender_id', LEAVE_MESSAGES.genderUnknown);
    if (unknown.employmentStatus)
      throw fieldError('employment_status_ids', LEAVE_MESSAGES.employmentStatusUnknown);
    if (unknown.group) throw fieldError('group_tree_id', LEAVE_MESSAGES.groupUnknown);
  },
});

export const leaveDurationKind = plainKind(repo.durationStore, {
  entity: 'leave_duration',
  kind: 'duration',
  defaultSort: 'minutes,asc',
  wholeWithoutPage: true,
  answer: (d: DurationRow): LeaveDuration => ({
    id: d.id,
    name: d.name,
    minutes: d.minutes,
    enabled: d.enabled,
  }),
  toInsert: (b: DurationBody) => ({ name: b.name, minutes: b.minutes, enabled: b.enabled }),
  toUpdate: (b: DurationBody) => ({ name: b.name, minutes: b.minutes, enabled: b.enabled }),
  inUseMessage: usedByLeave,
});

const holidayColumns = (b: HolidayBody) => ({
  name: b.name,
  fromDate: b.from,
  toDate: b.to,
  companyId: b.company_id ?? null,
  officeId: b.office_id ?? null,
});

export const holidayKind = plainKind(repo.holidayStore, {
  entity: 'holiday',
  kind: 'holiday',
  defaultSort: 'from,asc',
  wholeWithoutPage: true,
  answer: (h: HolidayRow): Holiday => ({
    id: h.id,
    name: h.name,
    from: h.fromDate,
    to: h.toDate,
    company_id: h.companyId,
    office_id: h.officeId,
  }),
  toInsert: holidayColumns,
  toUpdate: holidayColumns,
  /**
   * The company and the office must exist, and an office given with a
   * company must be one of its offices; an office alone brings its company
   * (the store writes it).
   */
  async check(
    db: Db,
    values: { companyId?: number | null | undefined; officeId?: number | null | undefined },
  ) {
    if (values.companyId != null && !(await repo.companyExists(db, values.companyId)))
      throw fieldError('company_id', ADMIN_MESSAGES.companyUnknown);
    if (values.officeId == null) return;
    const office = await repo.officeCompany(db, values.officeId);
    if (!office) throw fieldError('office_id', LEAVE_MESSAGES.officeUnknown);
    if (values.companyId != null && office.companyId !== values.companyId)
      throw fieldError('office_id', MESSAGES.officeOtherCompany);
  },
});

/** Any of page, limit, sort or search asks for the list answer; none, for the plain array forms read. */
const asksForList = (query: ReferenceListQuery) =>
  query.page !== undefined ||
  query.limit !== undefined ||
  query.sort !== undefined ||
  query.search !== undefined;

/**
 * Leave types, short-leave durations and holidays: everyone reads them,
 * administrators manage them (through the reference-data machinery).
 */
export class LeaveReferenceService {
  readonly types: ReferenceDataOf<typeof leaveTypeKind>;
  readonly durations: ReferenceDataOf<typeof leaveDurationKind>;
  readonly holidays: ReferenceDataOf<typeof holidayKind>;

  constructor(db: Db) {
    this.types = new ReferenceData(db, leaveTypeKind);
    this.durations = new ReferenceData(db, leaveDurationKind);
    this.holidays = new ReferenceData(db, holidayKind);
  }

  /** Disabled ones only for administrators who ask for them. */
  private static enabledFilter(auth: AuthContext, query: { all?: boolean | undefined }) {
    return { all: query.all === true && auth.isAdmin };
  }

  /** With `eligible`, only the types the caller may take today (the leave form's list). */
  async typeList(
    auth: AuthContext,
    { all, eligible, ...query }: z.output<typeof leaveTypesQuery>,
    url: string,
  ) {
    const filter = {
      ...LeaveReferenceService.enabledFilter(auth, { all }),
      eligible: eligible ? { employeeId: auth.employeeId, on: officeToday() } : undefined,
    };
    return asksForList(query)
      ? this.types.list(query, filter, url)
      : (await this.types.page(query, filter)).items;
  }

  async durationList(
    auth: AuthContext,
    { all, ...query }: z.output<typeof leaveDurationsQuery>,
    url: string,
  ) {
    const filter = LeaveReferenceService.enabledFilter(auth, { all });
    return asksForList(query)
      ? this.durations.list(query, filter, url)
      : (await this.durations.page(query, filter)).items;
  }

  async holidayList({ year, company_id, office_id, ...query }: z.output<typeof holidaysQuery>, url: string) {
    const filter = { year, companyId: company_id, officeId: office_id };
    return asksForList(query)
      ? this.holidays.list(query, filter, url)
      : (await this.holidays.page(query, filter)).items;
  }
}

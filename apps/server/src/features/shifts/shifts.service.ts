import { NOTICES } from '@hr/contracts/messages';
import { mayRead } from '@hr/contracts/privacy';
import {
  type assignShiftBody,
  type EmployeeShifts,
  SHIFT_MESSAGES,
  type Shift,
  type ShiftBrief,
  type shiftCreate,
  type shiftsQuery,
  type shiftUpdate,
} from '@hr/contracts/shifts';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { auditChange } from '../../lib/audit';
import type { AuthContext } from '../../lib/auth-context';
import { domainError, fieldError } from '../../lib/errors';
import { officeToday } from '../../lib/office-clock';
import { standingTo } from '../../lib/privacy';
import {
  ReferenceData,
  type ReferenceDataOf,
  type ReferenceSpec,
  type ReferenceStore,
  requireAdminContext,
} from '../../lib/reference-data';
import {
  shiftsRepository as repo,
  type ShiftFilter,
  type ShiftOfEmployee,
  type ShiftRow,
  type ShiftValues,
} from './shifts.repository';

type ShiftCreate = z.output<typeof shiftCreate>;
type ShiftUpdate = z.output<typeof shiftUpdate>;
type ShiftsQuery = z.output<typeof shiftsQuery>;

const hhmm = (time: string) => time.slice(0, 5);

const shiftAnswer = (row: ShiftRow): Shift => ({
  id: row.id,
  name: row.name,
  start: hhmm(row.startTime),
  end: hhmm(row.endTime),
  grace_minutes: row.graceMinutes,
  weekly_off_days: row.weeklyOffDays,
  is_default: row.isDefault,
  enabled: row.enabled,
  employees_count: Number(row.employeesCount),
  created: row.createdAt.toISOString(),
  updated: row.updatedAt.toISOString(),
});

/** The fields a body sent, as columns: absent fields stay as they are. */
function shiftColumns(body: ShiftUpdate): Partial<ShiftValues> {
  const columns: Partial<ShiftValues> = {
    name: body.name,
    startTime: body.start,
    endTime: body.end,
    graceMinutes: body.grace_minutes,
    weeklyOffDays: body.weekly_off_days,
    isDefault: body.is_default,
    enabled: body.enabled,
  };
  return Object.fromEntries(Object.entries(columns).filter(([, v]) => v !== undefined));
}

/**
 * The table's store with the rules of the default shift, run inside the
 * change's transaction: a new default takes over from the old one; the
 * default stays enabled and stays the default until another one is made so;
 * a change of start or end keeps the two apart.
 */
const shiftStore: ReferenceStore<ShiftRow, ShiftValues, ShiftFilter> = {
  ...repo.store,

  async insert(db, values) {
    if (values.isDefault) await repo.clearDefault(db);
    return repo.store.insert(db, values);
  },

  async update(db, id, values) {
    const row = (await repo.store.find(db, id))!;
    const start = values.startTime ?? hhmm(row.startTime);
    const end = values.endTime ?? hhmm(row.endTime);
    if (start === end) throw fieldError(values.endTime ? 'end' : 'start', SHIFT_MESSAGES.endIsStart);
    if (row.isDefault && values.isDefault === false)
      throw domainError('shift_default_locked', { name: row.name }, 'is_default');
    if (row.isDefault && values.enabled === false)
      throw domainError('shift_default_locked', { name: row.name }, 'enabled');
    if (values.isDefault && !row.isDefault) {
      if (!(values.enabled ?? row.enabled)) throw fieldError('is_default', SHIFT_MESSAGES.defaultDisabled);
      await repo.clearDefault(db, id);
    }
    await repo.store.update(db, id, values);
  },
};

export const shiftSpec: ReferenceSpec<ShiftRow, Shift, ShiftCreate, ShiftUpdate, ShiftValues, ShiftFilter> = {
  entity: 'shift',
  kind: 'shift',
  store: shiftStore,
  defaultSort: 'start,asc',
  wholeWithoutPage: true,
  answer: shiftAnswer,
  toInsert: (body) => ({
    name: body.name,
    startTime: body.start,
    endTime: body.end,
    graceMinutes: body.grace_minutes,
    weeklyOffDays: body.weekly_off_days,
    isDefault: body.is_default,
    enabled: body.enabled,
  }),
  toUpdate: (body) => ({ ...shiftColumns(body), updatedAt: new Date() }),
  fields: (row) => {
    const {
      id: _id,
      employees_count: _count,
      created: _created,
      updated: _updated,
      ...fields
    } = shiftAnswer(row);
    return fields;
  },
  values: (row) => ({ name: row.name }),
  /** The default, or a shift in someone's history, stays (a 409 saying why). */
  async inUse(db, row) {
    if (row.isDefault) throw domainError('shift_default_locked', { name: row.name });
    const employees = await repo.employeesUsing(db, row.id);
    if (employees === 1) throw domainError('shift_in_use_one', { name: row.name });
    if (employees > 1) throw domainError('shift_in_use', { name: row.name, employees });
    return null;
  },
};

const brief = (s: ShiftOfEmployee): ShiftBrief => ({
  id: s.id,
  name: s.name,
  start: s.start,
  end: s.end,
  grace_minutes: s.graceMinutes,
  weekly_off_days: s.weeklyOffDays,
  enabled: s.enabled,
});

/**
 * Shifts (a reference list HR administrators manage, everyone reads) and
 * their assignment to employees from a date on.
 */
export class ShiftsService {
  readonly shifts: ReferenceDataOf<typeof shiftSpec>;

  constructor(private readonly db: Db) {
    this.shifts = new ReferenceData(db, shiftSpec);
  }

  list({ enabled, ...query }: ShiftsQuery, url: string) {
    return this.shifts.list(query, { enabled }, url);
  }

  /**
   * PATCH employees/shifts/assign: the employee works the shift from the
   * date on (until their next assignment); an assignment of the same date
   * takes the new shift. Audited as a change of the record's shift.
   */
  async assign(auth: AuthContext, body: z.output<typeof assignShiftBody>) {
    requireAdminContext(auth);
    return this.db.transaction(async (tx) => {
      if (!(await repo.lockEmployee(tx, body.employee_id)))
        throw fieldError('employee_id', SHIFT_MESSAGES.employeeUnknown);
      const shift = await repo.shift(tx, body.shift_id);
      if (!shift) throw fieldError('shift_id', SHIFT_MESSAGES.shiftUnknown);
      if (!shift.enabled) throw fieldError('shift_id', SHIFT_MESSAGES.shiftDisabled);
      const was = await repo.assignmentAt(tx, body.employee_id, body.from_date);
      await repo.assign(tx, {
        employeeId: body.employee_id,
        shiftId: shift.id,
        fromDate: body.from_date,
        createdById: auth.employeeId,
      });
      await auditChange(tx, auth, {
        action: 'assign_shift',
        employeeId: body.employee_id,
        section: 'shift',
        before: was
          ? { shift: was.shift, from: was.fromDate }
          : { shift: await repo.defaultShiftName(tx), from: null },
        after: { shift: shift.name, from: body.from_date },
        data: { shift_id: shift.id },
      });
      return { message: NOTICES.updated };
    });
  }

  /**
   * GET employees/{id}/shifts: the shift of today and every assignment, for
   * those who read the employee's personal data (DESIGN.md §9: attendance).
   */
  async ofEmployee(auth: AuthContext, employeeId: number): Promise<EmployeeShifts> {
    const standing = await standingTo(this.db, auth, employeeId);
    if (standing === null) throw domainError('employee_not_found');
    if (!mayRead(standing, auth.isAdmin, 'personal')) throw domainError('shifts_hidden');
    const history = await repo.history(this.db, employeeId);
    const day = officeToday();
    const valid = history.find((h) => h.fromDate <= day);
    const current = valid
      ? { shift: brief(valid.shift), from_date: valid.fromDate, is_default: false }
      : await this.defaultOf(employeeId);
    return {
      employee_id: employeeId,
      current,
      history: history.map((h) => ({ id: h.id, from_date: h.fromDate, shift: brief(h.shift) })),
    };
  }

  private async defaultOf(employeeId: number) {
    const shift = await repo.defaultShiftOf(this.db, employeeId);
    return { shift: shift ? brief(shift) : null, from_date: null, is_default: true };
  }
}

import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  time,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { at, createdAt, id, nameTranslations, updatedAt } from './columns';
import { companies, offices } from './org';
import { employees } from './people';

/**
 * A working shift: its start and end on the office's clock (an end at or
 * before the start runs past midnight), the minutes of grace after the start
 * before one is late, and the weekly off days (0 Sunday .. 6 Saturday; null:
 * the company's weekly off day, Friday by default).
 */
export const shifts = pgTable(
  'shifts',
  {
    id: id(),
    name: varchar({ length: 100 }).notNull().unique(),
    nameTranslations: nameTranslations(),
    startTime: time().notNull(),
    endTime: time().notNull(),
    graceMinutes: smallint().notNull().default(0),
    weeklyOffDays: smallint().array(),
    /** The shift of everyone without one assigned (exactly one shift is the default). */
    isDefault: boolean().notNull().default(false),
    enabled: boolean().notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('shifts_grace_ck', sql`${t.graceMinutes} between 0 and 240`),
    check('shifts_length_ck', sql`${t.startTime} <> ${t.endTime}`),
    uniqueIndex('shifts_default_uq').on(t.isDefault).where(sql`${t.isDefault}`),
  ],
);

/**
 * An employee's shift from a date on, until the next row's date: the history
 * a report over a past month reads (the shift that was valid then).
 */
export const employeeShifts = pgTable(
  'employee_shifts',
  {
    id: id(),
    employeeId: integer()
      .notNull()
      .references(() => employees.id),
    shiftId: integer()
      .notNull()
      .references(() => shifts.id),
    fromDate: date({ mode: 'string' }).notNull(),
    createdById: integer().references(() => employees.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('employee_shifts_employee_from_uq').on(t.employeeId, t.fromDate)],
);

/**
 * An attendance device (a card or fingerprint reader): it sends punches with
 * its own key, kept only as a SHA-256 hash. Its code names it in punches and
 * in imported files.
 */
export const attendanceDevices = pgTable('attendance_devices', {
  id: id(),
  code: varchar({ length: 60 }).notNull().unique(),
  name: varchar({ length: 100 }).notNull(),
  keyHash: varchar({ length: 64 }),
  /**
   * Whose punches the device may send: the employees of this company, and of
   * this office when one is set. A device with no company punches for nobody.
   */
  companyId: integer().references(() => companies.id),
  officeId: integer().references(() => offices.id),
  enabled: boolean().notNull().default(true),
  lastSeenAt: at(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** An import of punches from a CSV file by an HR administrator, and how it went. */
export const punchImports = pgTable('punch_imports', {
  id: id(),
  /** What the file held: `punches` (attendance) or `employees`. */
  kind: varchar({ length: 20 }).notNull().default('punches'),
  fileName: varchar({ length: 255 }).notNull(),
  /** Rows read, rows added, rows already there, rows refused. */
  total: integer().notNull().default(0),
  added: integer().notNull().default(0),
  duplicates: integer().notNull().default(0),
  /** Rows that changed a record already there (an employee import run again with new values). */
  updated: integer().notNull().default(0),
  refused: integer().notNull().default(0),
  /** `done`, or `refused` when the file had bad rows and nothing was imported. */
  status: varchar({ length: 20 }).notNull(),
  /** The refused rows: `[{ line, reason }]` (the first thousand). */
  errors: jsonb().notNull().default([]),
  createdById: integer().references(() => employees.id),
  createdAt: createdAt(),
});

/**
 * A punch: an employee at a device at a moment, on the office's clock (no
 * time zone: devices and people read the same wall clock, as leave times
 * do). The same punch sent again (device, employee, time) is not kept twice.
 */
export const punches = pgTable(
  'punches',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    employeeId: integer()
      .notNull()
      .references(() => employees.id),
    at: timestamp({ mode: 'string' }).notNull(),
    deviceCode: varchar({ length: 60 }).notNull(),
    /** `device` (the device API) or `import` (a CSV file). */
    source: varchar({ length: 10 }).notNull(),
    importId: integer().references(() => punchImports.id),
    createdAt: createdAt(),
  },
  (t) => [
    // Idempotence and the reports' range reads (employee, time) in one index.
    uniqueIndex('punches_employee_at_device_uq').on(t.employeeId, t.at, t.deviceCode),
    index('punches_import_idx').on(t.importId),
  ],
);

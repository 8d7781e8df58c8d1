import {
  type assignSalaryBody,
  type EmployeeLoans,
  type EmployeeSalaries,
  firstPayIndexFrom,
  fromCents,
  installmentPlan,
  type Loan,
  type loanCreate,
  type loanUpdate,
  COMPENSATION_MESSAGES as M,
  payDayAt,
  type SalaryKind,
  type SalaryRecord,
  type SalaryState,
  type salaryUpdate,
  toCents,
} from '@hr/contracts/compensation';
import { NOTICES } from '@hr/contracts/messages';
import { mayRead } from '@hr/contracts/privacy';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { audit, auditChange, changeData, diffFields, type FieldValues } from '../../lib/audit';
import type { AuthContext } from '../../lib/auth-context';
import { domainError, fieldError } from '../../lib/errors';
import { officeToday } from '../../lib/office-clock';
import { personRef } from '../../lib/people';
import { standingTo } from '../../lib/privacy';
import { requireAdminContext } from '../../lib/reference-data';
import {
  type LoanRow,
  type LoanValues,
  compensationRepository as repo,
  type SalaryRow,
} from './compensation.repository';

type AssignBody = z.output<typeof assignSalaryBody>;
type SalaryPatch = z.output<typeof salaryUpdate>;
type LoanCreate = z.output<typeof loanCreate>;
type LoanPatch = z.output<typeof loanUpdate>;

/** The change log's section of salary rows (packages/contracts privacy.ts: of the compensation class). */
const SALARY_SECTION = 'salary';

/** A salary row as the change log keeps it: the amount under its kind, and the day it is from. */
const salaryFields = (kind: string, amount: string, effectiveDate: string): FieldValues => ({
  [kind]: amount,
  from: effectiveDate,
});

/** A loan as its audit rows keep it. */
const loanFields = (row: LoanRow): FieldValues => ({
  amount: row.amount,
  installments: row.installments,
  pay_schedule: row.scheduleName,
  start_date: row.startDate,
  repaid: row.repaid,
  purpose: row.purpose,
});

/** Each row's state: the latest of its kind on or before today is current, later ones upcoming. */
function statesOf(rows: SalaryRow[], day: string): Map<number, SalaryState> {
  const states = new Map<number, SalaryState>();
  const seen = new Set<string>();
  // Newest first: the first row of a kind on or before today is its current one.
  for (const row of rows) {
    if (row.effectiveDate > day) states.set(row.id, 'upcoming');
    else if (seen.has(row.kind)) states.set(row.id, 'past');
    else {
      seen.add(row.kind);
      states.set(row.id, 'current');
    }
  }
  return states;
}

/**
 * Salaries (basic and tax, each from an effective date) and loans
 * (DESIGN.md §9: the employee and HR administrators read them; HR
 * administrators change them). Every change is one transaction with its
 * audit row: salary rows in the record's change log (masked for readers who
 * may not see compensation), loans under their own entity.
 */
export class CompensationService {
  constructor(
    private readonly db: Db,
    private readonly secret: string,
  ) {}

  /** Refuses anyone who may not read the employee's compensation; a 404 when there is no such employee. */
  private async requireReader(db: Db, auth: AuthContext, employeeId: number): Promise<void> {
    const standing = await standingTo(db, auth, employeeId);
    if (standing === null) throw domainError('employee_not_found');
    if (!mayRead(standing, auth.isAdmin, 'compensation')) throw domainError('compensation_hidden');
  }

  private salaryAnswer(row: SalaryRow, state: SalaryState): SalaryRecord {
    return {
      id: row.id,
      employee_id: row.employeeId,
      kind: row.kind as SalaryKind,
      amount: row.amount,
      effective_date: row.effectiveDate,
      state,
      created_by: personRef(this.secret, row.creator),
      created: row.createdAt.toISOString(),
    };
  }

  /** One row as the history answers it (its state reads the employee's other rows). */
  private async salaryOf(db: Db, row: SalaryRow): Promise<SalaryRecord> {
    const states = statesOf(await repo.history(db, row.employeeId), officeToday());
    return this.salaryAnswer(row, states.get(row.id) ?? 'past');
  }

  /* Salaries */

  /** GET salaries?employee_id=: the history and the current basic and tax. */
  async salaries(auth: AuthContext, employeeId: number): Promise<EmployeeSalaries> {
    await this.requireReader(this.db, auth, employeeId);
    const rows = await repo.history(this.db, employeeId);
    const states = statesOf(rows, officeToday());
    const history = rows.map((r) => this.salaryAnswer(r, states.get(r.id)!));
    const current = (kind: SalaryKind) =>
      history.find((h) => h.kind === kind && h.state === 'current') ?? null;
    return { employee_id: employeeId, current: { basic: current('basic'), tax: current('tax') }, history };
  }

  /** GET salaries/{id}. */
  async salary(auth: AuthContext, id: number): Promise<SalaryRecord> {
    const row = await repo.salary(this.db, id);
    if (!row) throw domainError('salary_not_found');
    await this.requireReader(this.db, auth, row.employeeId);
    return this.salaryOf(this.db, row);
  }

  /**
   * Four eyes on pay: an HR administrator never changes their own salary,
   * tax or loans; another administrator does (signed in as themself: an
   * impersonation session has no administrator's rights at all).
   */
  private notOwnPay(auth: AuthContext, employeeId: number): void {
    if (employeeId === auth.employeeId) throw domainError('compensation_own');
  }

  /**
   * PATCH employees/salaries/assign/{basic|tax}: the amount from the date
   * on. The same employee, kind and date again replaces that row's amount;
   * the same amount again changes nothing.
   */
  async assign(auth: AuthContext, kind: SalaryKind, body: AssignBody): Promise<SalaryRecord> {
    requireAdminContext(auth);
    this.notOwnPay(auth, body.employee_id);
    return this.db.transaction(async (tx) => {
      if (!(await repo.lockEmployee(tx, body.employee_id)))
        throw fieldError('employee_id', M.employeeUnknown);
      const amount = fromCents(toCents(body.amount));
      const was = await repo.salaryOn(tx, body.employee_id, kind, body.effective_date);
      let id: number;
      if (was) {
        id = was.id;
        if (was.amount !== amount) await repo.updateSalary(tx, id, { amount, createdById: auth.employeeId });
      } else {
        id = await repo.insertSalary(tx, {
          employeeId: body.employee_id,
          kind,
          amount,
          effectiveDate: body.effective_date,
          createdById: auth.employeeId,
        });
      }
      await auditChange(tx, auth, {
        action: was ? 'item_update' : 'item_add',
        employeeId: body.employee_id,
        section: SALARY_SECTION,
        itemId: id,
        before: was ? salaryFields(kind, was.amount, body.effective_date) : null,
        after: salaryFields(kind, amount, body.effective_date),
        data: { kind },
      });
      return this.salaryOf(tx, (await repo.salary(tx, id))!);
    });
  }

  /** PATCH salaries/{id}: HR corrects a row's amount or date (a date its kind has already is a 422). */
  async updateSalary(auth: AuthContext, id: number, patch: SalaryPatch): Promise<SalaryRecord> {
    requireAdminContext(auth);
    return this.db.transaction(async (tx) => {
      const found = await repo.salary(tx, id);
      if (!found) throw domainError('salary_not_found');
      this.notOwnPay(auth, found.employeeId);
      await repo.lockEmployee(tx, found.employeeId);
      const before = (await repo.salary(tx, id))!;
      const kind = before.kind as SalaryKind;
      const amount = patch.amount === undefined ? before.amount : fromCents(toCents(patch.amount));
      const effectiveDate = patch.effective_date ?? before.effectiveDate;
      if (
        effectiveDate !== before.effectiveDate &&
        (await repo.salaryOn(tx, before.employeeId, kind, effectiveDate, id))
      )
        throw fieldError('effective_date', M.dateTaken);
      if (amount !== before.amount || effectiveDate !== before.effectiveDate) {
        await repo.updateSalary(tx, id, { amount, effectiveDate, createdById: auth.employeeId });
        await auditChange(tx, auth, {
          action: 'item_update',
          employeeId: before.employeeId,
          section: SALARY_SECTION,
          itemId: id,
          before: salaryFields(kind, before.amount, before.effectiveDate),
          after: salaryFields(kind, amount, effectiveDate),
          data: { kind },
        });
      }
      return this.salaryOf(tx, (await repo.salary(tx, id))!);
    });
  }

  /** DELETE salaries: HR removes a row of the history. */
  async deleteSalary(auth: AuthContext, id: number): Promise<{ message: string }> {
    requireAdminContext(auth);
    return this.db.transaction(async (tx) => {
      const row = await repo.salary(tx, id);
      if (!row) throw domainError('salary_not_found');
      this.notOwnPay(auth, row.employeeId);
      await repo.lockEmployee(tx, row.employeeId);
      await repo.deleteSalary(tx, id);
      await auditChange(tx, auth, {
        action: 'item_delete',
        employeeId: row.employeeId,
        section: SALARY_SECTION,
        itemId: id,
        before: salaryFields(row.kind, row.amount, row.effectiveDate),
        after: null,
        data: { kind: row.kind },
      });
      return { message: NOTICES.dataDeleted };
    });
  }

  /* Loans */

  private loanAnswer(row: LoanRow): Loan {
    const amount = toCents(row.amount);
    const repaid = toCents(row.repaid);
    const plan = installmentPlan(amount, row.installments, repaid);
    const first = firstPayIndexFrom(row.periodsPerYear, row.firstPayDate, row.startDate);
    /** The pay day of the `n`-th installment (from 1). */
    const due = (n: number) => payDayAt(row.periodsPerYear, row.firstPayDate, first + n - 1);
    const done = repaid >= amount;
    return {
      id: row.id,
      employee_id: row.employeeId,
      amount: row.amount,
      installments: row.installments,
      installment_amount: fromCents(plan.each),
      pay_schedule: { id: row.payScheduleId, name: row.scheduleName },
      start_date: row.startDate,
      end_date: due(row.installments),
      repaid: row.repaid,
      remaining: fromCents(amount - repaid),
      installments_paid: plan.paid,
      installments_left: plan.left,
      next_due_date: done ? null : due(plan.paid + 1),
      status: done ? 'repaid' : 'active',
      purpose: row.purpose,
      created: row.createdAt.toISOString(),
      updated: row.updatedAt.toISOString(),
    };
  }

  /**
   * A schedule the employee's loan may be put on: one that exists, is
   * enabled and pays the employee's company (else a field error).
   */
  private async usableSchedule(db: Db, id: number, employeeId: number) {
    const schedule = await repo.schedule(db, id, employeeId);
    if (!schedule) throw fieldError('pay_schedule_id', M.payScheduleUnknown);
    if (!schedule.enabled) throw fieldError('pay_schedule_id', M.payScheduleDisabled);
    if (!schedule.paysEmployee) throw fieldError('pay_schedule_id', M.payScheduleOtherCompany);
    return schedule;
  }

  private async auditLoan(
    db: Db,
    auth: AuthContext,
    action: string,
    before: LoanRow | null,
    after: LoanRow | null,
  ) {
    const row = (after ?? before)!;
    const changes = diffFields(before && loanFields(before), after && loanFields(after));
    if (Object.keys(changes).length === 0) return;
    await audit(db, auth, {
      action,
      entity: 'loan',
      entityId: row.id,
      data: { employee_id: row.employeeId, ...changeData(changes) },
    });
  }

  /** GET employees/loans?employee_id=: an employee's loans, the latest first. */
  async loans(auth: AuthContext, employeeId: number): Promise<EmployeeLoans> {
    await this.requireReader(this.db, auth, employeeId);
    const rows = await repo.loansOf(this.db, employeeId);
    return { employee_id: employeeId, items: rows.map((r) => this.loanAnswer(r)) };
  }

  /** GET employees/loans/{id}. */
  async loan(auth: AuthContext, id: number): Promise<Loan> {
    const row = await repo.loan(this.db, id);
    if (!row) throw domainError('loan_not_found');
    await this.requireReader(this.db, auth, row.employeeId);
    return this.loanAnswer(row);
  }

  /** POST employees/loans. */
  async createLoan(auth: AuthContext, body: LoanCreate): Promise<Loan> {
    requireAdminContext(auth);
    this.notOwnPay(auth, body.employee_id);
    return this.db.transaction(async (tx) => {
      if (!(await repo.employeeExists(tx, body.employee_id)))
        throw fieldError('employee_id', M.employeeUnknown);
      await this.usableSchedule(tx, body.pay_schedule_id, body.employee_id);
      const id = await repo.insertLoan(tx, {
        employeeId: body.employee_id,
        payScheduleId: body.pay_schedule_id,
        amount: fromCents(toCents(body.amount)),
        installments: body.installments,
        startDate: body.start_date,
        purpose: body.purpose ?? null,
      });
      const row = (await repo.loan(tx, id))!;
      await this.auditLoan(tx, auth, 'create', null, row);
      return this.loanAnswer(row);
    });
  }

  /**
   * PATCH employees/loans/{id}: another schedule, number of installments,
   * start or purpose, or what was repaid (`repaid` in all, or a `repayment`
   * added to it): it only grows, never above the amount. The loan's row is
   * locked, so two repayments at once take turns and the second sees the first.
   */
  async updateLoan(auth: AuthContext, id: number, patch: LoanPatch): Promise<Loan> {
    requireAdminContext(auth);
    return this.db.transaction(async (tx) => {
      if (!(await repo.lockLoan(tx, id))) throw domainError('loan_not_found');
      const before = (await repo.loan(tx, id))!;
      this.notOwnPay(auth, before.employeeId);
      const values: Partial<LoanValues> = {};
      if (patch.pay_schedule_id !== undefined && patch.pay_schedule_id !== before.payScheduleId) {
        await this.usableSchedule(tx, patch.pay_schedule_id, before.employeeId);
        values.payScheduleId = patch.pay_schedule_id;
      }
      if (patch.installments !== undefined) values.installments = patch.installments;
      if (patch.start_date !== undefined) values.startDate = patch.start_date;
      if (patch.purpose !== undefined) values.purpose = patch.purpose;
      const amount = toCents(before.amount);
      const was = toCents(before.repaid);
      if (patch.repayment !== undefined) {
        const now = was + toCents(patch.repayment);
        if (now > amount) throw fieldError('repayment', M.repaymentAboveRemaining);
        values.repaid = fromCents(now);
      }
      if (patch.repaid !== undefined) {
        const now = toCents(patch.repaid);
        if (now < was) throw fieldError('repaid', M.repaidDecreases);
        if (now > amount) throw fieldError('repaid', M.repaidAboveAmount);
        values.repaid = fromCents(now);
      }
      if (Object.keys(values).length > 0) await repo.updateLoan(tx, id, values);
      const after = (await repo.loan(tx, id))!;
      await this.auditLoan(tx, auth, 'update', before, after);
      return this.loanAnswer(after);
    });
  }

  /** DELETE employees/loans: only while nothing is repaid (a 409 after). */
  async deleteLoan(auth: AuthContext, id: number): Promise<{ message: string }> {
    requireAdminContext(auth);
    return this.db.transaction(async (tx) => {
      if (!(await repo.lockLoan(tx, id))) throw domainError('loan_not_found');
      const row = (await repo.loan(tx, id))!;
      this.notOwnPay(auth, row.employeeId);
      if (toCents(row.repaid) > 0) throw domainError('loan_has_repayments');
      await repo.deleteLoan(tx, id);
      await this.auditLoan(tx, auth, 'delete', row, null);
      return { message: NOTICES.dataDeleted };
    });
  }
}

import { displayDay } from '@hr/contracts/dates';
import type { LeavePolicy, LeavePolicyBody, LeavePolicyPatch } from '@hr/contracts/leave-policies';
import type { Db } from '../../db/client';
import { domainError } from '../../lib/errors';
import { pickName } from '../../lib/language';
import { officeToday } from '../../lib/office-clock';
import { ReferenceData, type ReferenceSpec } from '../../lib/reference-data';
import {
  type PolicyFilter,
  type PolicyRow,
  type PolicyValues,
  leavePoliciesRepository as repo,
} from './leave-policies.repository';

/** The columns a body's fields write (only those it sent). */
function columnsOf(b: Partial<LeavePolicyBody>): Partial<PolicyValues> {
  const map: [keyof LeavePolicyBody, keyof PolicyValues][] = [
    ['name', 'name'],
    ['type_id', 'typeId'],
    ['company_id', 'companyId'],
    ['office_id', 'officeId'],
    ['grade_id', 'gradeId'],
    ['employment_status_id', 'employmentStatusId'],
    ['effective_from', 'effectiveFrom'],
    ['effective_to', 'effectiveTo'],
    ['days_per_year', 'daysPerYear'],
    ['accrual', 'accrual'],
    ['pro_rata', 'proRata'],
    ['cap', 'cap'],
    ['carry_forward_max', 'carryForwardMax'],
    ['carry_forward_expiry_days', 'carryForwardExpiryDays'],
    ['min_notice_days', 'minNoticeDays'],
    ['max_consecutive_days', 'maxConsecutiveDays'],
    ['negative_allowed', 'negativeAllowed'],
    ['counts_short_leave', 'countsShortLeave'],
  ];
  const out: Record<string, unknown> = {};
  for (const [field, column] of map) if (b[field] !== undefined) out[column] = b[field];
  return out as Partial<PolicyValues>;
}

/** A policy's columns as stored (for a change's whole check). */
function valuesOf(r: PolicyRow): PolicyValues {
  const { typeName: _n, typeNameTranslations: _t, id: _id, ...values } = r;
  return values;
}

/** A policy in force since a day gone by may only be given its last day (never one before today). */
function inForce(row: PolicyRow, today: string): boolean {
  return row.effectiveFrom <= today;
}

export const leavePolicyKind: ReferenceSpec<
  PolicyRow,
  LeavePolicy,
  LeavePolicyBody,
  LeavePolicyPatch,
  PolicyValues,
  PolicyFilter
> = {
  entity: 'leave_policy',
  kind: 'leave policy',
  store: repo,
  defaultSort: 'id,desc',
  wholeWithoutPage: true,
  answer: (r) => {
    const today = officeToday();
    const ended = r.effectiveTo !== null && r.effectiveTo < today;
    return {
      id: r.id,
      name: r.name,
      type: { id: r.typeId, name: pickName(r.typeName, r.typeNameTranslations ?? {}) },
      company_id: r.companyId,
      office_id: r.officeId,
      grade_id: r.gradeId,
      employment_status_id: r.employmentStatusId,
      effective_from: r.effectiveFrom,
      effective_to: r.effectiveTo,
      days_per_year: r.daysPerYear,
      accrual: r.accrual as LeavePolicy['accrual'],
      pro_rata: r.proRata,
      cap: r.cap,
      carry_forward_max: r.carryForwardMax,
      carry_forward_expiry_days: r.carryForwardExpiryDays,
      min_notice_days: r.minNoticeDays,
      max_consecutive_days: r.maxConsecutiveDays,
      negative_allowed: r.negativeAllowed,
      counts_short_leave: r.countsShortLeave,
      actions: inForce(r, today) ? (ended ? [] : ['end']) : ['edit', 'delete'],
    };
  },
  toInsert: (b) => columnsOf(b) as PolicyValues,
  toUpdate: (b) => ({ ...columnsOf(b), updatedAt: new Date() }),
  fields: (r) => {
    const { id: _id, type: _type, actions: _a, ...fields } = leavePolicyKind.answer(r);
    return { ...fields, type_id: r.typeId };
  },
  values: valuesOf,
  async checkWhole(db: Db, after: Partial<PolicyValues>, before: PolicyRow | null) {
    const v = after as PolicyValues;
    const today = officeToday();
    if (before && inForce(before, today)) {
      const was = valuesOf(before) as Record<string, unknown>;
      const now = v as unknown as Record<string, unknown>;
      const changed = Object.keys(was).filter(
        (k) => k !== 'effectiveTo' && k !== 'updatedAt' && now[k] !== was[k],
      );
      const endsBeforeToday =
        v.effectiveTo != null && v.effectiveTo < today && v.effectiveTo !== before.effectiveTo;
      if (changed.length > 0 || endsBeforeToday)
        throw domainError('policy_in_effect', { from: displayDay(before.effectiveFrom) });
    }
    const type = await repo.typeOf(db, v.typeId);
    if (!type) throw domainError('leave_type_unknown', {}, 'type_id');
    if (!type.hasBalance) throw domainError('leave_type_no_balance', {}, 'type_id');
    const unknown = await repo.unknownScope(db, v);
    if (unknown) throw domainError('policy_scope_unknown', { field: unknown }, unknown);
    const other = await repo.overlapping(db, v, before?.id ?? null);
    if (other) throw domainError('policy_overlap', { name: other.name, from: displayDay(other.from) });
  },
  async inUse(db: Db, row: PolicyRow) {
    if (inForce(row, officeToday()) || (await repo.wroteEntries(db, row.id)))
      throw domainError('policy_in_effect', { from: displayDay(row.effectiveFrom) });
    return null;
  },
};

/** Leave policies: everyone reads them, HR administrators write them (through the reference-data machinery). */
export class LeavePolicyService {
  readonly policies: ReferenceData<
    PolicyRow,
    LeavePolicy,
    LeavePolicyBody,
    LeavePolicyPatch,
    PolicyValues,
    PolicyFilter
  >;

  constructor(db: Db) {
    this.policies = new ReferenceData(db, leavePolicyKind);
  }

  async list(
    query: {
      type_id?: number | undefined;
      page?: number | undefined;
      limit?: number | undefined;
      sort?: string | undefined;
      search?: string | undefined;
    },
    url: string,
  ) {
    const { type_id, ...rest } = query;
    const filter = { typeId: type_id };
    const asksForList =
      rest.page !== undefined ||
      rest.limit !== undefined ||
      rest.sort !== undefined ||
      rest.search !== undefined;
    return asksForList
      ? this.policies.list(rest, filter, url)
      : (await this.policies.page(rest, filter)).items;
  }
}

import type { ApprovalModule } from '@hr/contracts/approvals';
import { displayDay } from '@hr/contracts/dates';
import type {
  Delegation,
  DelegationBody,
  DelegationPatch,
  DelegationState,
  DelegationsResponse,
} from '@hr/contracts/delegations';
import type { Db } from '../../db/client';
import { audit, diffFields } from '../../lib/audit';
import type { AuthContext } from '../../lib/auth-context';
import { domainError } from '../../lib/errors';
import { notify } from '../../lib/notifications';
import { officeToday } from '../../lib/office-clock';
import { personRef } from '../../lib/people';
import { type DelegationDetail, delegationsRepository as repo } from './delegations.repository';

function stateOf(row: { fromDate: string; toDate: string }, today: string): DelegationState {
  if (today < row.fromDate) return 'upcoming';
  return today <= row.toDate ? 'in_force' : 'ended';
}

/** What a delegation's rules read: who hands over to whom, over which days. */
interface Terms {
  delegatorId: number;
  delegateId: number;
  fromDate: string;
  toDate: string;
}

/**
 * Delegation (DESIGN.md §11; the rules in docs/decisions.md "Delegation"): a
 * person, or an HR administrator for them, hands their decisions to someone
 * else for a range of days. While it holds (lib/delegations.ts, read with
 * the session), the delegator's items are the delegate's too.
 */
export class DelegationsService {
  constructor(
    private readonly db: Db,
    private readonly secret: string,
  ) {}

  private toDelegation(auth: AuthContext, row: DelegationDetail, today: string): Delegation {
    const state = stateOf(row, today);
    const mayChange = (row.delegatorId === auth.employeeId || auth.isAdmin) && state !== 'ended';
    return {
      id: row.id,
      delegator: personRef(this.secret, row.delegator)!,
      delegate: personRef(this.secret, row.delegate)!,
      from: row.fromDate,
      to: row.toDate,
      modules: (row.modules as ApprovalModule[] | null) ?? null,
      state,
      created_by: personRef(this.secret, row.creator),
      actions: mayChange ? ['edit', 'delete'] : [],
    };
  }

  /** Whose delegations the caller may handle: their own, anyone's for an HR administrator. */
  private async whose(auth: AuthContext, employeeId: number | undefined): Promise<number> {
    if (employeeId === undefined || employeeId === auth.employeeId) return auth.employeeId;
    if (!auth.isAdmin) throw domainError('delegation_for_other');
    if (!(await repo.person(this.db, employeeId))) throw domainError('employee_not_found');
    return employeeId;
  }

  async list(auth: AuthContext, employeeId?: number): Promise<DelegationsResponse> {
    const who = await this.whose(auth, employeeId);
    const today = officeToday();
    const [given, received] = await Promise.all([
      repo.given(this.db, who),
      repo.received(this.db, who, today),
    ]);
    return {
      given: given.map((r) => this.toDelegation(auth, r, today)),
      received: received.map((r) => this.toDelegation(auth, r, today)),
    };
  }

  /**
   * The rules of a delegation's terms, under the lock on both people: an
   * active delegate who is not the delegator; not ended; no other delegation
   * of the delegator over these days; and no chain — the delegate has not
   * handed their own decisions on over these days, and the delegator does
   * not stand in for someone over them (which also rules out circles).
   */
  private async check(tx: Db, t: Terms, today: string, exceptId?: number): Promise<void> {
    if (t.delegateId === t.delegatorId) throw domainError('delegation_self', {}, 'delegate_id');
    const delegate = await repo.person(tx, t.delegateId);
    if (!delegate?.enabled) throw domainError('delegate_inactive', {}, 'delegate_id');
    if (t.toDate < today) throw domainError('delegation_past', {}, 'to');
    const days = (r: { name: string; fromDate: string; toDate: string }) => ({
      name: r.name,
      from: displayDay(r.fromDate),
      to: displayDay(r.toDate),
    });
    const overlap = await repo.overlapping(tx, t.delegatorId, t.fromDate, t.toDate, exceptId);
    if (overlap) throw domainError('delegation_overlap', days(overlap));
    const away = await repo.delegateAway(tx, t.delegateId, t.fromDate, t.toDate, exceptId);
    if (away)
      throw domainError('delegate_away', { ...days(away), name: (await repo.name(tx, t.delegateId)) ?? '' });
    const standing = await repo.standsIn(tx, t.delegatorId, t.fromDate, t.toDate, exceptId);
    if (standing) throw domainError('delegator_stands_in', days(standing));
  }

  /** Tells the person named delegate (and on whose behalf, when HR named them for someone). */
  private async tellDelegate(tx: Db, auth: AuthContext, t: Terms, id: number): Promise<void> {
    await notify(tx, {
      recipients: [t.delegateId],
      event: 'delegate',
      module: null,
      recordId: id,
      actorEmployeeId: auth.employeeId,
      onBehalfOfEmployeeId: t.delegatorId === auth.employeeId ? null : t.delegatorId,
      data: { from: t.fromDate, to: t.toDate },
    });
  }

  async create(auth: AuthContext, body: DelegationBody): Promise<Delegation> {
    const delegatorId = await this.whose(auth, body.employee_id);
    const today = officeToday();
    const terms: Terms = { delegatorId, delegateId: body.delegate_id, fromDate: body.from, toDate: body.to };
    const id = await this.db.transaction(async (tx) => {
      await repo.lockPeople(tx, [terms.delegatorId, terms.delegateId]);
      await this.check(tx, terms, today);
      const modules = body.modules ?? null;
      const id = await repo.insert(tx, { ...terms, modules, createdBy: auth.employeeId });
      await audit(tx, auth, {
        action: 'create',
        entity: 'delegation',
        entityId: id,
        data: {
          delegator_id: delegatorId,
          delegate_id: terms.delegateId,
          from: body.from,
          to: body.to,
          modules,
        },
      });
      await this.tellDelegate(tx, auth, terms, id);
      return id;
    });
    return this.toDelegation(auth, (await repo.find(this.db, id))!, today);
  }

  /** The delegation for a caller who may change it: its delegator or an HR administrator, while not ended. */
  private async changeable(tx: Db, auth: AuthContext, id: number, today: string): Promise<DelegationDetail> {
    const row = await repo.find(tx, id);
    if (!row) throw domainError('delegation_not_found');
    if (row.delegatorId !== auth.employeeId && !auth.isAdmin) {
      // Those it names may read it; nobody else learns it exists.
      if (row.delegateId !== auth.employeeId) throw domainError('delegation_not_found');
      throw domainError('delegation_forbidden');
    }
    if (stateOf(row, today) === 'ended') throw domainError('delegation_ended');
    return row;
  }

  async update(auth: AuthContext, id: number, patch: DelegationPatch): Promise<Delegation> {
    const today = officeToday();
    await this.db.transaction(async (tx) => {
      const found = await this.changeable(tx, auth, id, today);
      const terms: Terms = {
        delegatorId: found.delegatorId,
        delegateId: patch.delegate_id ?? found.delegateId,
        fromDate: patch.from ?? found.fromDate,
        toDate: patch.to ?? found.toDate,
      };
      await repo.lockPeople(tx, [terms.delegatorId, terms.delegateId, found.delegateId]);
      // Read again under the lock: it may have changed or gone meanwhile.
      const row = await this.changeable(tx, auth, id, today);
      if (terms.toDate < terms.fromDate) throw domainError('delegation_days', {}, 'to');
      await this.check(tx, terms, today, id);
      const modules = patch.modules === undefined ? row.modules : patch.modules;
      const changes = diffFields(
        { delegate_id: row.delegateId, from: row.fromDate, to: row.toDate, modules: row.modules },
        { delegate_id: terms.delegateId, from: terms.fromDate, to: terms.toDate, modules },
      );
      if (Object.keys(changes).length === 0) return;
      await repo.update(tx, id, {
        delegateId: terms.delegateId,
        fromDate: terms.fromDate,
        toDate: terms.toDate,
        modules,
      });
      await audit(tx, auth, { action: 'update', entity: 'delegation', entityId: id, data: { changes } });
      if (terms.delegateId !== row.delegateId) await this.tellDelegate(tx, auth, terms, id);
    });
    return this.toDelegation(auth, (await repo.find(this.db, id))!, today);
  }

  async remove(auth: AuthContext, id: number): Promise<{ message: string }> {
    const today = officeToday();
    await this.db.transaction(async (tx) => {
      const found = await this.changeable(tx, auth, id, today);
      await repo.lockPeople(tx, [found.delegatorId, found.delegateId]);
      const row = await this.changeable(tx, auth, id, today);
      await repo.remove(tx, id);
      await audit(tx, auth, {
        action: 'delete',
        entity: 'delegation',
        entityId: id,
        data: {
          delegator_id: row.delegatorId,
          delegate_id: row.delegateId,
          from: row.fromDate,
          to: row.toDate,
        },
      });
    });
    return { message: `Delegation #${id} has been deleted.` };
  }
}

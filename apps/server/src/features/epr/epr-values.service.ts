import type {
  EprBehaviour,
  EprValue,
  eprBehaviourCreate,
  eprBehavioursQuery,
  eprBehaviourUpdate,
  eprValueCreate,
  eprValuesQuery,
  eprValueUpdate,
} from '@hr/contracts/epr';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../lib/auth-context';
import { domainError } from '../../lib/errors';
import {
  localAnswer,
  plainKind,
  ReferenceData,
  type ReferenceDataOf,
  type ReferenceListQuery,
} from '../../lib/reference-data';
import { type BehaviourRow, eprValuesRepository as repo, type ValueRow } from './epr-values.repository';

type ValueCreate = z.output<typeof eprValueCreate>;
type ValueUpdate = z.output<typeof eprValueUpdate>;
type BehaviourCreate = z.output<typeof eprBehaviourCreate>;
type BehaviourUpdate = z.output<typeof eprBehaviourUpdate>;

const definedOnly = <V extends object>(value: V) =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<V>;

/** What a value or behaviour in reviews says: how many, and what to do instead. */
const inReviews = (name: string, n: number) =>
  `${name} is in Section B of ${n} ${n === 1 ? 'review' : 'reviews'}; disable it instead of deleting it.`;

const behaviourAnswer = (b: BehaviourRow): EprBehaviour => ({
  id: b.id,
  value_id: b.valueId,
  name: b.name,
  sort_order: b.sortOrder,
  enabled: b.enabled,
  reviews_count: b.reviewsCount,
});

/**
 * The company's values (Section B): a new review copies the enabled values
 * with their enabled behaviours as they stand, so a change never reaches a
 * review made before it; a value a review carries is disabled, not deleted.
 */
export const eprValueKind = {
  ...plainKind(repo.valueStore, {
    entity: 'epr_value',
    kind: 'company value',
    defaultSort: 'order,asc',
    wholeWithoutPage: true,
    answer: (v: ValueRow): EprValue => ({
      id: v.id,
      name: v.name,
      sort_order: v.sortOrder,
      enabled: v.enabled,
      reviews_count: v.reviewsCount,
      behaviours: v.behaviours.map((b) => localAnswer(behaviourAnswer(b), b)),
    }),
    toInsert: (b: ValueCreate) => ({ name: b.name, sortOrder: b.sort_order, enabled: b.enabled }),
    toUpdate: (b: ValueUpdate) => definedOnly({ name: b.name, sortOrder: b.sort_order, enabled: b.enabled }),
    fields: (v: ValueRow) => ({ name: v.name, sort_order: v.sortOrder, enabled: v.enabled }),
  }),
  async inUse(db: Db, row: ValueRow): Promise<string | null> {
    const n = await repo.reviewsOfValue(db, row.id);
    return n > 0 ? inReviews(row.name, n) : null;
  },
};

export const eprBehaviourKind = {
  ...plainKind(repo.behaviourStore, {
    entity: 'epr_value_behaviour',
    kind: 'behaviour',
    defaultSort: 'order,asc',
    wholeWithoutPage: true,
    answer: behaviourAnswer,
    toInsert: (b: BehaviourCreate) => ({
      valueId: b.value_id,
      name: b.name,
      sortOrder: b.sort_order,
      enabled: b.enabled,
    }),
    toUpdate: (b: BehaviourUpdate) =>
      definedOnly({ name: b.name, sortOrder: b.sort_order, enabled: b.enabled }),
    fields: (b: BehaviourRow) => ({ name: b.name, sort_order: b.sortOrder, enabled: b.enabled }),
    async check(db: Db, values: { valueId?: number | undefined }) {
      // Only a new behaviour names its value (a change keeps it).
      if (values.valueId !== undefined && !(await repo.valueExists(db, values.valueId)))
        throw domainError('reference_not_found', { kind: 'company value' });
    },
  }),
  async inUse(db: Db, row: BehaviourRow): Promise<string | null> {
    const n = await repo.reviewsOfBehaviour(db, row.id);
    return n > 0 ? inReviews(row.name, n) : null;
  },
};

/** Any of page, limit, sort or search asks for the list answer; none, for the plain array. */
const asksForList = (query: ReferenceListQuery) =>
  query.page !== undefined ||
  query.limit !== undefined ||
  query.sort !== undefined ||
  query.search !== undefined;

/**
 * The values Section B rates and their behaviours: every signed-in employee
 * reads the enabled ones, HR administrators manage them through the
 * reference-data machinery.
 */
export class EprValuesService {
  readonly values: ReferenceDataOf<typeof eprValueKind>;
  readonly behaviours: ReferenceDataOf<typeof eprBehaviourKind>;

  constructor(db: Db) {
    this.values = new ReferenceData(db, eprValueKind);
    this.behaviours = new ReferenceData(db, eprBehaviourKind);
  }

  async valueList(auth: AuthContext, { all, ...query }: z.output<typeof eprValuesQuery>, url: string) {
    const filter = { all: all === true && auth.isAdmin };
    return asksForList(query)
      ? this.values.list(query, filter, url)
      : (await this.values.page(query, filter)).items;
  }

  async behaviourList(
    auth: AuthContext,
    { all, value_id, ...query }: z.output<typeof eprBehavioursQuery>,
    url: string,
  ) {
    const filter = { all: all === true && auth.isAdmin, valueId: value_id };
    return asksForList(query)
      ? this.behaviours.list(query, filter, url)
      : (await this.behaviours.page(query, filter)).items;
  }

  /** POST eprs/values/{id}/behaviours: a behaviour of the path's value. */
  addBehaviour(auth: AuthContext, valueId: number, body: Omit<BehaviourCreate, 'value_id'>) {
    return this.behaviours.create(auth, { ...body, value_id: valueId });
  }
}

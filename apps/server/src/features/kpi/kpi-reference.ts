import type { enabledListQuery } from '@hr/contracts/admin';
import type {
  KpiPerspective,
  KpiTargetUnit,
  KpiYear,
  kpiPerspectiveBody,
  kpiTargetUnitBody,
  kpiYearBody,
} from '@hr/contracts/kpi';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import {
  kpiObjectiveKpis,
  kpiObjectives,
  kpiPerspectives,
  kpis,
  kpiTargetUnits,
  kpiYears,
} from '../../db/schema';
import type { AuthContext } from '../../lib/auth-context';
import {
  plainKind,
  ReferenceData,
  type ReferenceDataOf,
  type ReferenceListQuery,
  type TableRow,
  tableStore,
} from '../../lib/reference-data';

interface EnabledFilter {
  /** Disabled ones too (administrators). */
  all?: boolean | undefined;
}

type YearBody = z.output<typeof kpiYearBody>;
type PerspectiveBody = z.output<typeof kpiPerspectiveBody>;
type UnitBody = z.output<typeof kpiTargetUnitBody>;

const usedBy = (what: string) => (row: { name: string }) =>
  `${row.name} is used by ${what}; disable it instead of deleting it.`;

const yearColumns = (b: YearBody) => ({
  name: b.name,
  fromDate: b.from_date,
  toDate: b.to_date,
  enabled: b.enabled,
});
export const kpiYearKind = plainKind(
  tableStore<typeof kpiYears, EnabledFilter>(kpiYears, {
    sortable: { id: kpiYears.id, name: sql`lower(${kpiYears.name})`, from: kpiYears.fromDate },
    where: (filter) => [filter.all ? undefined : eq(kpiYears.enabled, true)],
    usedBy: [kpis.yearId],
  }),
  {
    entity: 'kpi_year',
    kind: 'KPI year',
    defaultSort: 'from,desc',
    wholeWithoutPage: true,
    answer: (y: TableRow<typeof kpiYears>): KpiYear => ({
      id: y.id,
      name: y.name,
      from_date: y.fromDate,
      to_date: y.toDate,
      enabled: y.enabled,
    }),
    toInsert: yearColumns,
    toUpdate: yearColumns,
    inUseMessage: usedBy('KPI sheets'),
  },
);

const perspectiveColumns = (b: PerspectiveBody) => ({
  name: b.name,
  sortOrder: b.sort_order,
  enabled: b.enabled,
});
export const kpiPerspectiveKind = plainKind(
  tableStore<typeof kpiPerspectives, EnabledFilter>(kpiPerspectives, {
    sortable: {
      id: kpiPerspectives.id,
      name: sql`lower(${kpiPerspectives.name})`,
      order: kpiPerspectives.sortOrder,
    },
    where: (filter) => [filter.all ? undefined : eq(kpiPerspectives.enabled, true)],
    usedBy: [kpiObjectives.perspectiveId],
  }),
  {
    entity: 'kpi_perspective',
    kind: 'perspective',
    defaultSort: 'order,asc',
    wholeWithoutPage: true,
    answer: (p: TableRow<typeof kpiPerspectives>): KpiPerspective => ({
      id: p.id,
      name: p.name,
      sort_order: p.sortOrder,
      enabled: p.enabled,
    }),
    toInsert: perspectiveColumns,
    toUpdate: perspectiveColumns,
    inUseMessage: usedBy('objectives'),
  },
);

const unitColumns = (b: UnitBody) => ({ name: b.name, enabled: b.enabled });
export const kpiTargetUnitKind = plainKind(
  tableStore<typeof kpiTargetUnits, EnabledFilter>(kpiTargetUnits, {
    sortable: { id: kpiTargetUnits.id, name: sql`lower(${kpiTargetUnits.name})` },
    where: (filter) => [filter.all ? undefined : eq(kpiTargetUnits.enabled, true)],
    usedBy: [kpiObjectiveKpis.targetUnitId],
  }),
  {
    entity: 'kpi_target_unit',
    kind: 'target unit',
    defaultSort: 'name,asc',
    wholeWithoutPage: true,
    answer: (u: TableRow<typeof kpiTargetUnits>): KpiTargetUnit => ({
      id: u.id,
      name: u.name,
      enabled: u.enabled,
    }),
    toInsert: unitColumns,
    toUpdate: unitColumns,
    inUseMessage: usedBy('KPIs'),
  },
);

type Query = z.output<typeof enabledListQuery>;

/** Any of page, limit, sort or search asks for the list answer; none, for the plain array forms read. */
const asksForList = (query: ReferenceListQuery) =>
  query.page !== undefined ||
  query.limit !== undefined ||
  query.sort !== undefined ||
  query.search !== undefined;

/**
 * KPI years, perspectives and target units: everyone reads the enabled ones
 * (the forms), HR administrators manage them through the reference-data machinery.
 */
export class KpiReferenceService {
  readonly years: ReferenceDataOf<typeof kpiYearKind>;
  readonly perspectives: ReferenceDataOf<typeof kpiPerspectiveKind>;
  readonly targetUnits: ReferenceDataOf<typeof kpiTargetUnitKind>;

  constructor(db: Db) {
    this.years = new ReferenceData(db, kpiYearKind);
    this.perspectives = new ReferenceData(db, kpiPerspectiveKind);
    this.targetUnits = new ReferenceData(db, kpiTargetUnitKind);
  }

  /** The list of a kind: a page when one is asked for, else every record; disabled ones for admins asking all=true. */
  static async list<A>(
    data: {
      list(q: ReferenceListQuery, f: EnabledFilter, url: string): Promise<unknown>;
      page(q: ReferenceListQuery, f: EnabledFilter): Promise<{ items: A[] }>;
    },
    auth: AuthContext,
    { all, ...query }: Query,
    url: string,
  ) {
    const filter = { all: all === true && auth.isAdmin };
    return asksForList(query) ? data.list(query, filter, url) : (await data.page(query, filter)).items;
  }
}

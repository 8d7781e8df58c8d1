/**
 * The KPI sheet's fixed numbers and names, without zod: what a page reads
 * to draw a sheet (statuses, weights, limits) loads none of the schemas
 * (kpi.ts re-exports them with its schemas).
 */

/** Type 1 takes its name and dates from a KPI year; type 2 has its own from/to. */
export const KPI_TYPE = { yearly: 1, custom: 2 } as const;

/**
 * An objective's or objective KPI's own status: 1 active; 3 removed after
 * the sheet's first submission (kept, struck through, out of the totals,
 * without edit, delete or comment controls; SPEC.md §4).
 */
export const KPI_ITEM_STATUS = { active: 1, removed: 3 } as const;

/**
 * Which way an objective KPI is better: `higher` (sales, coverage: the
 * actual over the target), `lower` (days to close, defects, churn: the
 * target over the actual) or `budget` (a cost within its budget: full marks
 * at or under it, fewer the further beyond). Scored in epr-scoring.ts.
 */
export const KPI_DIRECTIONS = ['higher', 'lower', 'budget'] as const;
export type KpiDirection = (typeof KPI_DIRECTIONS)[number];

/** Weights are percentages with two decimals; a sheet may be submitted when they sum to 100. */
export const KPI_WEIGHT_MIN = 1;
export const KPI_WEIGHT_MAX = 100;
export const KPI_WEIGHT_TOTAL = 100;
export const KPI_OBJECTIVE_NAME = { min: 4, max: 60 } as const;
export const KPI_TEXT = { min: 4, max: 150 } as const;
export const KPI_SHEET_NAME_MAX = 150;

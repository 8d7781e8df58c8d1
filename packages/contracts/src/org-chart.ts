import { z } from 'zod';
import { type ListResponse, listResponse, page } from './lists';
import { photo } from './people';

/* ------------------------------------------------------------------------------------------------
 * Organisation chart: GET employees/org-chart (the chain from the top of the company down to one
 * person, the people beside it and the person's direct reports) and
 * GET employees/org-chart/{id}/reports (one branch, a page at a time). Directory data: any
 * signed-in employee reads it; enabled employees only.
 * ---------------------------------------------------------------------------------------------- */

/** People of one branch a call answers at once; a branch with more pages on. */
export const ORG_CHART_PAGE_SIZE = 50;
export const ORG_CHART_PAGE_MAX = 100;

export const ORG_CHART_MESSAGES = {
  id: 'id must be an employee id',
  limit: `limit must be a whole number from 1 to ${ORG_CHART_PAGE_MAX}`,
} as const;

const employeeId = z.coerce
  .number({ error: ORG_CHART_MESSAGES.id })
  .int(ORG_CHART_MESSAGES.id)
  .min(1, ORG_CHART_MESSAGES.id);

const branchLimit = z.coerce
  .number({ error: ORG_CHART_MESSAGES.limit })
  .int(ORG_CHART_MESSAGES.limit)
  .min(1, ORG_CHART_MESSAGES.limit)
  .max(ORG_CHART_PAGE_MAX, ORG_CHART_MESSAGES.limit)
  .default(ORG_CHART_PAGE_SIZE);

/**
 * One box of the chart: only directory fields (DESIGN.md §9), with the
 * person's line manager and how many enabled people report to them directly.
 */
export const orgChartNode = z.object({
  id: z.number().int(),
  eid: z.string(),
  name: z.string(),
  designation: z.string().nullable(),
  photo,
  line_manager_id: z.number().int().nullable(),
  reports_count: z.number().int(),
});
export type OrgChartNode = z.infer<typeof orgChartNode>;

/** The first page of one person's direct reports, by name. */
export const orgChartBranch = z.object({
  manager_id: z.number().int(),
  items: z.array(orgChartNode),
  /** All of the manager's direct reports (the manager's `reports_count`). */
  total: z.number().int(),
});
export type OrgChartBranch = z.infer<typeof orgChartBranch>;

export const orgChartQuery = z.object({
  /** The person to centre on; the caller by default. */
  id: employeeId.optional(),
  /** People per branch in the answer (50 by default). */
  limit: branchLimit,
});
export type OrgChartQuery = z.infer<typeof orgChartQuery>;

export const orgChartResponse = z.object({
  /** The caller and their line manager (whose box, like their team card, is no link to the profile). */
  viewer: z.object({ id: z.number().int(), line_manager_id: z.number().int().nullable() }),
  /**
   * From the top of the company down to the person's line manager (empty for
   * someone with no line manager). The chain stops below a disabled manager.
   */
  chain: z.array(orgChartNode),
  person: orgChartNode,
  /** The person's direct reports. */
  reports: orgChartBranch,
  /** The direct reports of each member of the chain, top first: the chain's next member and the people beside it. */
  branches: z.array(orgChartBranch),
});
export type OrgChartResponse = z.infer<typeof orgChartResponse>;

export const orgChartReportsParams = z.object({ id: employeeId });

export const orgChartReportsQuery = z.object({ page, limit: branchLimit });
export type OrgChartReportsQuery = z.infer<typeof orgChartReportsQuery>;

export const orgChartReportsResponse = listResponse(orgChartNode);
export type OrgChartReportsResponse = ListResponse<OrgChartNode>;

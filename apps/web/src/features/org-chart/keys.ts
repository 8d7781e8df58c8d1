/** The query keys of the org chart. */
export const orgChartKeys = {
  chart: (centreId: number | null) => ['org-chart', centreId ?? 'me'] as const,
  branch: (managerId: number) => ['org-chart', 'reports', managerId] as const,
};

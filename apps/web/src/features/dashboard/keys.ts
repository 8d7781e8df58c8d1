/** The dashboard's query key: every module's change refreshes it. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
};

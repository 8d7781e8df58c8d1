import type { TeamQuery } from './api';

/** The query keys of the team directory. */
export const directoryKeys = {
  team: (query: TeamQuery) => ['directory', 'team', query] as const,
};

/** The query keys of a person's profile (other features refresh its change log after their own changes). */
export const profileKeys = {
  all: ['profile'] as const,
  profile: (id: number) => ['profile', id] as const,
  activities: (id: number, params: object) => ['profile', id, 'activities', params] as const,
  changes: (id: number) => ['profile', id, 'changes'] as const,
  changesPage: (id: number, page: number) => ['profile', id, 'changes', page] as const,
  adminOptions: (id: number) => ['profile', id, 'admin-options'] as const,
};

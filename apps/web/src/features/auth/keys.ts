/** The query keys of signing in (its public settings, a reset link's check). */
export const authKeys = {
  config: ['public-config'] as const,
  resetLink: (token: string | undefined) => ['reset-link', token] as const,
};

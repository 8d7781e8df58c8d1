/** The query keys of delegation. */
export const delegationKeys = {
  all: ['delegations'] as const,
  of: (employeeId: number | undefined) => ['delegations', employeeId ?? 'me'] as const,
};

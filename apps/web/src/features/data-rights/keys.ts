/** The query keys of data rights: HR's list of leavers and a person's erasure state. */
export const dataRightsKeys = {
  all: ['data-rights'] as const,
  leavers: (search: string) => ['data-rights', 'leavers', search] as const,
  state: (employeeId: number) => ['data-rights', 'state', employeeId] as const,
};

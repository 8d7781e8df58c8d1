/** The query keys of the audit: the hash chain's state. */
export const auditKeys = {
  all: ['audit'] as const,
  chain: ['audit', 'chain'] as const,
};

/** The query keys of the account's own security: its authenticator app and its sessions. */
export const accountKeys = {
  all: ['account'] as const,
  totp: ['account', 'totp'] as const,
  sessions: ['account', 'sessions'] as const,
};

/** The query keys of the caller's passkeys. */
export const passkeyKeys = {
  all: ['passkeys'] as const,
};

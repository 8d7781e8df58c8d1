/** The query keys of comment threads. */
export const commentKeys = {
  thread: (kind: string, id: number) => ['comments', kind, id] as const,
};

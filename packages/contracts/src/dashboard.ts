import { z } from 'zod';

/** Requests waiting for the caller, per module, with the list view that shows them. */
export const waitingItem = z.object({
  module: z.enum(['leave', 'remote_work', 'hr_service']),
  count: z.number().int(),
  /** The web route of the list, filtered to these requests. */
  link: z.string(),
});

export const dashboard = z.object({
  waiting: z.array(waitingItem),
  /** The caller's own requests that are waiting for someone else. */
  mine_pending: z.object({
    leave: z.number().int(),
    remote_work: z.number().int(),
    hr_service: z.number().int(),
  }),
});
export type Dashboard = z.infer<typeof dashboard>;

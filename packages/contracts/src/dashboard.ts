import { z } from 'zod';
import { status } from './lists';

/**
 * What waits for the caller's decision, per module: the approvals inbox's
 * count of that module (`GET approvals/counts`), with the inbox's tab that shows them.
 */
export const waitingItem = z.object({
  module: z.enum(['kpi', 'epr', 'leave', 'remote_work', 'hr_service']),
  count: z.number().int(),
  /** The web route of the approvals inbox on this module's tab (`/approvals?module=remote-work`). */
  link: z.string(),
});

/** The caller's KPI sheet of today (the latest one when no period holds today). */
export const currentKpi = z.object({
  id: z.number().int(),
  name: z.string(),
  from: z.string(),
  to: z.string(),
  status,
});

export const dashboard = z.object({
  waiting: z.array(waitingItem),
  /** The caller's own requests that are waiting for someone else. */
  mine_pending: z.object({
    kpi: z.number().int(),
    epr: z.number().int(),
    leave: z.number().int(),
    remote_work: z.number().int(),
    hr_service: z.number().int(),
  }),
  my_kpi: currentKpi.nullable(),
});
export type Dashboard = z.infer<typeof dashboard>;

import type { Dayjs } from 'dayjs';

/**
 * The planned moment, or `latest` when the plan lies after it. Demo records
 * are stamped at the latest when the demo is seeded: the days a leave or a
 * remote-work request covers may lie ahead, the moments it was made,
 * submitted or decided may not.
 */
export const notAfter = (planned: Dayjs, latest: Dayjs): Dayjs =>
  planned.isAfter(latest) ? latest : planned;

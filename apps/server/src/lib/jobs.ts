import { jobDuration, jobFailures, jobRuns } from './metrics';

/**
 * The scheduled jobs of a server process. Each decides for itself whether
 * another process is running it (an advisory lock, a lease); every run of
 * each goes through `runJob`, which counts it once for the metrics.
 */
export const JOB_NAMES = [
  'approval_reminders',
  'notification_digests',
  'leave_period_close',
  'audit_chain_sealer',
  'outbox_dispatcher',
  'outbox_purge',
  'throttle_prune',
] as const;
export type JobName = (typeof JOB_NAMES)[number];

// Every job's series exists from the start (a failure counter that is 0, not missing).
for (const job of JOB_NAMES) {
  jobRuns.inc({ job }, 0);
  jobFailures.inc({ job }, 0);
}

/** One run of the job `name`: counted, timed, and its failure counted (and thrown on to the caller). */
export async function runJob<T>(name: JobName, work: () => Promise<T>): Promise<T> {
  const end = jobDuration.startTimer({ job: name });
  jobRuns.inc({ job: name });
  try {
    return await work();
  } catch (err) {
    jobFailures.inc({ job: name });
    throw err;
  } finally {
    end();
  }
}

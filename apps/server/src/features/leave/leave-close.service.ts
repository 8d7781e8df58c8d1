import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { runJob } from '../../lib/jobs';
import { officeToday } from '../../lib/office-clock';
import { addDays, dueEntries, toDays } from './leave-engine';
import { leaveLedgerRepository as repo } from './leave-ledger.repository';
import { engineInput, LOOKBACK_YEARS } from './leave-ledger.service';

/** How often the job looks (it works once a day: a finished day's run is not run again). */
const EVERY_MS = 15 * 60_000;
/** People per transaction: each batch is written and its progress kept in one transaction. */
export const CLOSE_BATCH = 500;

export interface CloseResult {
  /** False when another process holds the job's lock (it is running it). */
  ran: boolean;
  people: number;
  entries: number;
  finished: boolean;
}

/**
 * The period close (DESIGN.md §12): writes the accrual, carry-forward and
 * expiry entries the replay says are due by today, for every person and
 * leave type with a balance. Idempotent (an entry's period is unique, and a
 * finished day is not run again), resumable (each batch of people is one
 * transaction that also moves the day's cursor, so a stopped run goes on
 * from its last batch), one process at a time (each batch holds a
 * transaction-level advisory lock) and under the same lock on each person
 * as their requests, so a request and the close run one after the other.
 * "Today" is the office clock's, which tests move. A day with no month's
 * first day and no lapse since the last close looks only at the people with
 * a joining day, an anniversary or a leaving day in it.
 */
export class LeavePeriodClose {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly log?: FastifyBaseLogger,
    private readonly batch = CLOSE_BATCH,
  ) {}

  start(): void {
    const tick = () => {
      this.running = runJob('leave_period_close', () => this.run()).catch((err) =>
        this.log?.error({ err }, 'leave period close failed'),
      );
    };
    this.timer = setInterval(tick, EVERY_MS);
    this.timer.unref();
    tick();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** Runs (or goes on with) today's close to its end; `maxBatches` stops early (a test's "killed halfway"). */
  async run(today = officeToday(), maxBatches = Number.POSITIVE_INFINITY): Promise<CloseResult> {
    const result: CloseResult = { ran: false, people: 0, entries: 0, finished: false };
    const only = await this.onlyDays(today);
    for (let n = 0; n < maxBatches; n++) {
      const step = await this.db.transaction(async (tx) => this.step(tx, today, only));
      if (step === 'locked') return result;
      result.ran = true;
      if (step === 'finished') {
        result.finished = true;
        return result;
      }
      result.people += step.people;
      result.entries += step.entries;
    }
    return result;
  }

  /**
   * The days since the last finished close, when only some people can have
   * anything due in them: the range holds no month's first day (monthly and
   * yearly accruals, the year's close) and no day carried days lapse, so
   * only a joining day, its anniversary or a leaving day can bring an entry.
   * Null: everyone (the first close, a new month, a lapse, a long gap).
   */
  private async onlyDays(today: string): Promise<{ from: string; to: string } | null> {
    const last = await repo.lastClose(this.db, today);
    if (!last) return null;
    const from = addDays(last, 1);
    if (from.slice(0, 7) !== today.slice(0, 7) || from.slice(8) === '01') return null;
    const policies = await repo.policies(this.db);
    for (const p of policies) {
      if (p.carryForwardExpiryDays === null) continue;
      const lapse = addDays(`${today.slice(0, 4)}-01-01`, p.carryForwardExpiryDays);
      if (lapse >= from && lapse <= today) return null;
    }
    return { from, to: today };
  }

  /** One batch: the next people after the day's cursor, their due entries written, the cursor moved. */
  private async step(
    tx: Db,
    today: string,
    only: { from: string; to: string } | null,
  ): Promise<'locked' | 'finished' | { people: number; entries: number }> {
    if (!(await repo.lockClose(tx))) return 'locked';
    const run = await repo.closeRun(tx, today);
    if (run.finished) return 'finished';
    const people = await repo.lockPeople(tx, run.lastEmployeeId, this.batch, only);
    if (people.length === 0) {
      await repo.finishClose(tx, today);
      return 'finished';
    }
    const ids = people.map((p) => p.id);
    const earliest = +today.slice(0, 4) - 1 - LOOKBACK_YEARS;
    const types = await repo.balanceTypesOf(tx, ids, today);
    const policies = await repo.policies(tx);
    const inputs = await repo.inputs(tx, ids, `${earliest}-01-01`);
    const rowsToWrite: Parameters<typeof repo.writeEntries>[1] = [];
    let t = 0;
    for (const person of people) {
      while (t < types.length && types[t]!.employeeId < person.id) t++;
      for (; t < types.length && types[t]!.employeeId === person.id; t++) {
        const type = types[t]!;
        for (const e of dueEntries(
          engineInput(type, person, policies, inputs.get(person.id), earliest),
          today,
        )) {
          rowsToWrite.push({
            employeeId: person.id,
            typeId: type.id,
            date: e.date,
            kind: e.kind,
            days: toDays(e.cents),
            period: e.period,
            policyId: e.policyId,
            note: e.note,
          });
        }
      }
    }
    let entries = 0;
    for (let i = 0; i < rowsToWrite.length; i += 2000)
      entries += await repo.writeEntries(tx, rowsToWrite.slice(i, i + 2000));
    await repo.advanceClose(tx, today, ids.at(-1)!, entries);
    return { people: people.length, entries };
  }
}

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  type Counted,
  dueEntries,
  type Entry,
  lowestFrom,
  type Person,
  type Policy,
  replay,
  toCents,
  toDays,
  type Written,
  yearLedger,
} from './leave-engine';

/**
 * Random lives of one person's leave: requests, decisions, cancellations,
 * HR adjustments, policy changes and period closes in any order. Whatever
 * happens, the ledger replays to the same balance before and after a close,
 * the close writes nothing twice, every request is counted once, and a
 * balance never goes below its floor where the request-time rule held.
 */

const TYPE = { id: 1, days: 14 };
const PERSON: Person = {
  id: 1,
  companyId: 1,
  officeId: 1,
  gradeId: null,
  statusId: null,
  joiningDate: '2018-05-20',
  leavingDate: null,
};
const NEGATIVE = 2;

type Op =
  | { op: 'request'; offset: number; quarters: number }
  | { op: 'approve'; pick: number }
  | { op: 'refuse'; pick: number }
  | { op: 'adjust'; quarters: number }
  | { op: 'policy'; offset: number; extra: number; carry: number; expiry: number | null }
  | { op: 'close'; days: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    op: fc.constant('request' as const),
    offset: fc.integer({ min: -20, max: 200 }),
    quarters: fc.integer({ min: 1, max: 24 }),
  }),
  fc.record({ op: fc.constant('approve' as const), pick: fc.nat() }),
  fc.record({ op: fc.constant('refuse' as const), pick: fc.nat() }),
  fc.record({ op: fc.constant('adjust' as const), quarters: fc.integer({ min: 1, max: 12 }) }),
  fc.record({
    op: fc.constant('policy' as const),
    offset: fc.integer({ min: 1, max: 90 }),
    extra: fc.integer({ min: 0, max: 6 }),
    carry: fc.integer({ min: 0, max: 10 }),
    expiry: fc.option(fc.integer({ min: 10, max: 120 }), { nil: null }),
  }),
  fc.record({ op: fc.constant('close' as const), days: fc.integer({ min: 1, max: 75 }) }),
);

const firstPolicyArb = fc.record({
  accrual: fc.constantFrom('yearly' as const, 'monthly' as const, 'anniversary' as const),
  days: fc.integer({ min: 6, max: 30 }),
  carry: fc.integer({ min: 0, max: 10 }),
  expiry: fc.option(fc.integer({ min: 10, max: 120 }), { nil: null }),
  cap: fc.option(fc.integer({ min: 20, max: 60 }), { nil: null }),
});

const yearOf = (d: string) => +d.slice(0, 4);

describe('the leave engine, whatever happens', () => {
  it('keeps every balance the replay of its ledger, writes nothing twice, and holds the floor', () => {
    fc.assert(
      fc.property(firstPolicyArb, fc.array(opArb, { minLength: 5, maxLength: 40 }), (first, ops) => {
        let today = '2025-01-01';
        let nextId = 1;
        const policies: Policy[] = [
          {
            id: nextId++,
            name: 'first',
            typeId: TYPE.id,
            companyId: null,
            officeId: null,
            gradeId: null,
            employmentStatusId: null,
            effectiveFrom: '2025-01-01',
            effectiveTo: null,
            daysPerYear: first.days,
            accrual: first.accrual,
            proRata: true,
            cap: first.cap,
            carryForwardMax: first.carry,
            carryForwardExpiryDays: first.expiry,
            minNoticeDays: 0,
            maxConsecutiveDays: null,
            negativeAllowed: NEGATIVE,
            countsShortLeave: true,
          },
        ];
        const written: Written[] = [];
        const requests = new Map<number, Counted>();
        const input = () => ({
          type: TYPE,
          person: PERSON,
          policies,
          written,
          requests: [...requests.values()],
          earliestYear: 2025,
        });
        const pending = () => [...requests.values()].filter((r) => r.held);

        for (const step of ops) {
          switch (step.op) {
            case 'request': {
              const from = addDays(today, step.offset);
              if (yearOf(from) < 2025) break;
              const r: Counted = { id: nextId++, from, days: step.quarters / 4, held: true, short: false };
              const without = lowestFrom(input(), from);
              const withIt = lowestFrom({ ...input(), requests: [...input().requests, r] }, from);
              // The request-time rule: refused when it takes the balance below the floor (and lower than it was).
              if (withIt < -toCents(NEGATIVE) && withIt < without) break;
              requests.set(r.id, r);
              break;
            }
            case 'approve': {
              const list = pending();
              const r = list[step.pick % Math.max(1, list.length)];
              if (r) requests.set(r.id, { ...r, held: false });
              break;
            }
            case 'refuse': {
              const list = [...requests.values()].filter((r) => r.held || r.from > today);
              const r = list[step.pick % Math.max(1, list.length)];
              if (r) requests.delete(r.id);
              break;
            }
            case 'adjust':
              written.push({
                date: today,
                kind: 'adjustment',
                days: step.quarters / 4,
                period: null,
                note: 'correction',
                policyId: null,
              });
              break;
            case 'policy': {
              // A new version from a later day: the same kind of accrual, no fewer days, the same floor.
              const current = policies.at(-1)!;
              const from = addDays(today, step.offset);
              if (from <= current.effectiveFrom) break;
              current.effectiveTo = addDays(from, -1);
              policies.push({
                ...current,
                id: nextId++,
                effectiveFrom: from,
                effectiveTo: null,
                daysPerYear: current.daysPerYear + step.extra,
                carryForwardMax: step.carry,
                carryForwardExpiryDays: step.expiry,
              });
              break;
            }
            case 'close': {
              today = addDays(today, step.days);
              const years = [yearOf(today) - 1, yearOf(today)];
              const before = years.map((y) => strip(yearLedger(input(), y, today)));
              const due = dueEntries(input(), today);
              // Nothing due twice, nothing already written due again.
              const periods = due.map((e) => e.period);
              expect(new Set(periods).size).toBe(periods.length);
              for (const w of written) if (w.period) expect(periods).not.toContain(w.period);
              for (const e of due)
                written.push({
                  date: e.date,
                  kind: e.kind,
                  days: toDays(e.cents),
                  period: e.period,
                  note: e.note,
                  policyId: e.policyId,
                });
              // The close writes what the ledger already said.
              expect(years.map((y) => strip(yearLedger(input(), y, today)))).toEqual(before);
              // Run again: nothing more.
              expect(dueEntries(input(), today)).toEqual([]);
              break;
            }
          }

          // Every request is counted once, in its own year, for its days.
          const year = yearOf(today);
          for (const y of [year - 1, year]) {
            if (y < 2025) continue;
            const ledger = yearLedger(input(), y, today);
            for (const r of requests.values()) {
              if (yearOf(r.from) !== y) continue;
              const lines = ledger.filter((e) => e.leaveId === r.id);
              expect(lines).toHaveLength(1);
              expect(lines[0]!.cents).toBe(-toCents(r.days));
              expect(lines[0]!.kind).toBe(r.held ? 'held' : 'taken');
            }
            const periods = ledger.filter((e) => e.period).map((e) => e.period);
            expect(new Set(periods).size).toBe(periods.length);
            // The balance is the replay of its lines.
            let running = 0;
            for (const e of ledger) {
              running += e.cents;
              expect(e.balance).toBe(running);
            }
          }
          // No balance of a day gone by is below the floor.
          for (const e of replay({ ...input(), until: today }, 2025)) {
            if (e.date > today || e.period?.startsWith('carry-out:') || e.period?.startsWith('lapse:'))
              continue;
            expect(e.balance).toBeGreaterThanOrEqual(-toCents(NEGATIVE));
          }
        }
      }),
      { numRuns: 300 },
    );
  }, 120_000);
});

const strip = (l: Entry[]) => l.map(({ written: _, ...e }) => e);

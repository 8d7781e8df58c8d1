import { describe, expect, it } from 'vitest';
import {
  type Counted,
  dueEntries,
  type Entry,
  lowestFrom,
  type Person,
  type Policy,
  policyOn,
  type ReplayInput,
  toDays,
  type Written,
  yearLedger,
} from './leave-engine';

/**
 * Golden cases of the leave engine, each worked out by hand in its comment.
 */

const TYPE = { id: 1, days: 14 };

const person = (over: Partial<Person> = {}): Person => ({
  id: 1,
  companyId: 1,
  officeId: 10,
  gradeId: null,
  statusId: null,
  joiningDate: '2015-01-01',
  leavingDate: null,
  ...over,
});

let nextId = 1;
const policy = (over: Partial<Policy>): Policy => ({
  id: nextId++,
  name: 'p',
  typeId: TYPE.id,
  companyId: null,
  officeId: null,
  gradeId: null,
  employmentStatusId: null,
  effectiveFrom: '2020-01-01',
  effectiveTo: null,
  daysPerYear: 20,
  accrual: 'yearly',
  proRata: true,
  cap: null,
  carryForwardMax: 0,
  carryForwardExpiryDays: null,
  minNoticeDays: 0,
  maxConsecutiveDays: null,
  negativeAllowed: 0,
  countsShortLeave: true,
  ...over,
});

const taken = (id: number, from: string, days: number): Counted => ({
  id,
  from,
  days,
  held: false,
  short: false,
});
const held = (id: number, from: string, days: number): Counted => ({
  id,
  from,
  days,
  held: true,
  short: false,
});

function input(over: Partial<Omit<ReplayInput, 'until'>>): Omit<ReplayInput, 'until'> {
  return {
    type: TYPE,
    person: person(),
    policies: [],
    written: [],
    requests: [],
    earliestYear: 2015,
    ...over,
  };
}

/** The ledger as `[date, kind, days]` lines. */
const lines = (entries: Entry[]) => entries.map((e) => [e.date, e.kind, toDays(e.cents)]);
const sum = (entries: Entry[]) => toDays(entries.reduce((n, e) => n + e.cents, 0));

describe('the leave engine, by hand', () => {
  it('1. no policy: the type’s days up front on 1 January; taken and held requests come off', () => {
    // 14 − 3 − 2 = 9
    const ledger = yearLedger(
      input({ requests: [taken(1, '2026-03-10', 3), held(2, '2026-07-01', 2)] }),
      2026,
      '2026-06-15',
    );
    expect(lines(ledger)).toEqual([
      ['2026-01-01', 'accrual', 14],
      ['2026-03-10', 'taken', -3],
      ['2026-07-01', 'held', -2],
    ]);
    expect(sum(ledger)).toBe(9);
    expect(ledger.at(-1)?.balance).toBe(900);
  });

  it('2. 1.25 days a month: four months by 15 April', () => {
    const ledger = yearLedger(
      input({ policies: [policy({ accrual: 'monthly', daysPerYear: 15 })] }),
      2026,
      '2026-04-15',
    );
    expect(lines(ledger)).toEqual([
      ['2026-01-01', 'accrual', 1.25],
      ['2026-02-01', 'accrual', 1.25],
      ['2026-03-01', 'accrual', 1.25],
      ['2026-04-01', 'accrual', 1.25],
    ]);
  });

  it('3. cap 45: January’s accrual stops at the cap, February’s adds nothing', () => {
    // 44 carried in; January earns min(1.25, 45 − 44) = 1; February min(1.25, 0) = 0 (no line).
    const ledger = yearLedger(
      input({
        policies: [policy({ accrual: 'monthly', daysPerYear: 15, cap: 45, carryForwardMax: 50 })],
        written: [w('2026-01-01', 'carry-forward', 44, 'carry-in:2026')],
      }),
      2026,
      '2026-02-15',
    );
    expect(lines(ledger)).toEqual([
      ['2026-01-01', 'carry-forward', 44],
      ['2026-01-01', 'accrual', 1],
    ]);
  });

  it('4. a joiner on 17 March, 24 days a year pro rata: 290 of 365 days', () => {
    // 24 × 290 / 365 = 19.068… → 19.07
    const ledger = yearLedger(
      input({ person: person({ joiningDate: '2026-03-17' }), policies: [policy({ daysPerYear: 24 })] }),
      2026,
      '2026-06-01',
    );
    expect(lines(ledger)).toEqual([['2026-03-17', 'accrual', 19.07]]);
  });

  it('5. a joiner on 17 March, 1.25 a month pro rata: 15 of March’s 31 days, then April whole', () => {
    // 1.25 × 15 / 31 = 0.6048 → 0.60; 1 April 1.25 → 1.85
    const ledger = yearLedger(
      input({
        person: person({ joiningDate: '2026-03-17' }),
        policies: [policy({ accrual: 'monthly', daysPerYear: 15 })],
      }),
      2026,
      '2026-04-10',
    );
    expect(lines(ledger)).toEqual([
      ['2026-03-17', 'accrual', 0.6],
      ['2026-04-01', 'accrual', 1.25],
    ]);
    expect(sum(ledger)).toBe(1.85);
  });

  it('6. a leaver on 10 August, known before the year: 222 of 365 days of 24', () => {
    // 31+28+31+30+31+30+31+10 = 222; 24 × 222 / 365 = 14.597 → 14.60
    const ledger = yearLedger(
      input({ person: person({ leavingDate: '2026-08-10' }), policies: [policy({ daysPerYear: 24 })] }),
      2026,
      '2026-03-01',
    );
    expect(lines(ledger)).toEqual([['2026-01-01', 'accrual', 14.6]]);
  });

  it('7. a leaver on 10 August after the year’s 24 days were written: the rest comes back on the leaving day', () => {
    // 14.60 − 24 = −9.40 on 10 August
    const ledger = yearLedger(
      input({
        person: person({ leavingDate: '2026-08-10' }),
        policies: [policy({ daysPerYear: 24 })],
        written: [w('2026-01-01', 'accrual', 24, 'accrual:2026')],
      }),
      2026,
      '2026-09-01',
    );
    expect(lines(ledger)).toEqual([
      ['2026-01-01', 'accrual', 24],
      ['2026-08-10', 'accrual', -9.4],
    ]);
  });

  it('8. carry-forward 10 lapsing after 90 days: 15 left, 10 carried, 5 lapse; 3 used before the lapse', () => {
    const base = input({
      policies: [
        policy({
          daysPerYear: 20,
          carryForwardMax: 10,
          carryForwardExpiryDays: 90,
          effectiveFrom: '2025-01-01',
        }),
      ],
      requests: [taken(1, '2025-04-01', 5), taken(2, '2026-02-10', 3)],
    });
    // 2025: 20 − 5 = 15; 10 carried to 2026, 5 lapse. The year ends at 0.
    expect(lines(yearLedger(base, 2025, '2026-05-01'))).toEqual([
      ['2025-01-01', 'accrual', 20],
      ['2025-04-01', 'taken', -5],
      ['2025-12-31', 'carry-forward', -10],
      ['2025-12-31', 'expiry', -5],
    ]);
    // 2026: 10 in, 20 earned, 3 taken; on 1 April (1 January + 90 days) 10 − 3 = 7 carried days lapse → 20.
    const y2026 = yearLedger(base, 2026, '2026-05-01');
    expect(lines(y2026)).toEqual([
      ['2026-01-01', 'carry-forward', 10],
      ['2026-01-01', 'accrual', 20],
      ['2026-02-10', 'taken', -3],
      ['2026-04-01', 'expiry', -7],
    ]);
    expect(sum(y2026)).toBe(20);
    // Before the lapse, all 27 are there.
    expect(sum(yearLedger(base, 2026, '2026-03-31'))).toBe(27);
  });

  it('8b. the carried days’ expiry shows in the year’s own ledger once last year’s close is written, as the close will write it', () => {
    const base = input({
      policies: [
        policy({
          daysPerYear: 6,
          carryForwardMax: 1,
          carryForwardExpiryDays: 10,
          effectiveFrom: '2025-01-01',
        }),
      ],
    });
    // The close of 1 January 2026 wrote 2025's accrual and close and 2026's carry and accrual.
    const closed = { ...base, written: dueEntries(base, '2026-01-01').map(asWritten) };
    // On 11 January (1 January + 10 days) the carried day lapses: the year's ledger, read alone, says so...
    expect(lines(yearLedger(closed, 2026, '2026-01-11'))).toEqual([
      ['2026-01-01', 'carry-forward', 1],
      ['2026-01-01', 'accrual', 6],
      ['2026-01-11', 'expiry', -1],
    ]);
    // ...and the close of that day writes just that.
    expect(lines(dueEntries(closed, '2026-01-11'))).toEqual([['2026-01-11', 'expiry', -1]]);
  });

  it('9. negative allowed to −3: the lowest balance may reach −3, not −4', () => {
    const base = input({
      policies: [policy({ daysPerYear: 10, negativeAllowed: 3 })],
      requests: [taken(1, '2026-02-01', 10)],
    });
    expect(
      toDays(lowestFrom({ ...base, requests: [...base.requests, held(2, '2026-05-01', 3)] }, '2026-05-01')),
    ).toBe(-3);
    expect(
      toDays(lowestFrom({ ...base, requests: [...base.requests, held(2, '2026-05-01', 4)] }, '2026-05-01')),
    ).toBe(-4);
  });

  it('10. the hire anniversary: 21 days on 15 September', () => {
    const ledger = yearLedger(
      input({
        person: person({ joiningDate: '2019-09-15' }),
        policies: [policy({ accrual: 'anniversary', daysPerYear: 21 })],
      }),
      2026,
      '2026-10-01',
    );
    expect(lines(ledger)).toEqual([['2026-09-15', 'accrual', 21]]);
  });

  it('11. short leave that does not count stays out of the ledger', () => {
    const ledger = yearLedger(
      input({
        policies: [policy({ daysPerYear: 10, countsShortLeave: false })],
        requests: [
          { id: 1, from: '2026-03-02', days: 0.25, held: false, short: true },
          taken(2, '2026-03-03', 1),
        ],
      }),
      2026,
      '2026-04-01',
    );
    expect(lines(ledger)).toEqual([
      ['2026-01-01', 'accrual', 10],
      ['2026-03-03', 'taken', -1],
    ]);
  });

  it('12. a policy change from 1 July rewrites nothing before it, and a written accrual stays as written', () => {
    // January written at 0.75 under an older rule; Feb–Jun 1.00 each; July and August 2.00 each: 0.75 + 5 + 4 = 9.75
    const ledger = yearLedger(
      input({
        policies: [
          policy({ accrual: 'monthly', daysPerYear: 12, effectiveTo: '2026-06-30' }),
          policy({ accrual: 'monthly', daysPerYear: 24, effectiveFrom: '2026-07-01' }),
        ],
        written: [w('2026-01-01', 'accrual', 0.75, 'accrual:2026-01')],
      }),
      2026,
      '2026-08-15',
    );
    expect(sum(ledger)).toBe(9.75);
    expect(ledger.filter((e) => e.written).map((e) => e.period)).toEqual(['accrual:2026-01']);
  });

  it('13. the most specific policy wins: an office’s over its company’s; neither, the type’s days', () => {
    const company = policy({ companyId: 1, daysPerYear: 20 });
    const office = policy({ companyId: 1, officeId: 10, daysPerYear: 25 });
    expect(policyOn([company, office], TYPE, person(), '2026-05-01').daysPerYear).toBe(25);
    expect(policyOn([company, office], TYPE, person({ officeId: 11 }), '2026-05-01').daysPerYear).toBe(20);
    expect(
      policyOn([company, office], TYPE, person({ companyId: 2, officeId: 20 }), '2026-05-01').daysPerYear,
    ).toBe(14);
  });

  it('14. a debt is carried whole: −2 at the end of 2025 opens 2026 at −2', () => {
    const base = input({
      policies: [policy({ daysPerYear: 10, negativeAllowed: 3, effectiveFrom: '2025-01-01' })],
      requests: [taken(1, '2025-06-01', 12)],
    });
    expect(lines(yearLedger(base, 2025, '2026-02-01')).slice(-1)).toEqual([
      ['2025-12-31', 'carry-forward', 2],
    ]);
    expect(lines(yearLedger(base, 2026, '2026-02-01'))).toEqual([
      ['2026-01-01', 'carry-forward', -2],
      ['2026-01-01', 'accrual', 10],
    ]);
  });

  it('15. the close writes what the ledger already says, once', () => {
    const base = input({
      policies: [
        policy({
          accrual: 'monthly',
          daysPerYear: 15,
          carryForwardMax: 5,
          carryForwardExpiryDays: 60,
          effectiveFrom: '2025-01-01',
        }),
      ],
      requests: [taken(1, '2025-03-01', 2), taken(2, '2026-01-20', 1)],
    });
    const before = yearLedger(base, 2026, '2026-04-15');
    const due = dueEntries(base, '2026-04-15');
    // 2025's twelve months and its close (5 carried, 16.5 − 2 − 5 = 6 lapse... 15 − 2 − 5 = 8), 2026's four months, the carry in and its lapse.
    expect(due.map((e) => e.period)).toContain('carry-out:2025');
    expect(due.map((e) => e.period)).toContain('carry-expiry:2026');
    const written: Written[] = due.map((e) => ({
      date: e.date,
      kind: e.kind,
      days: toDays(e.cents),
      period: e.period,
      note: e.note,
      policyId: e.policyId,
    }));
    const after = { ...base, written };
    expect(dueEntries(after, '2026-04-15')).toEqual([]);
    const strip = (l: Entry[]) => l.map(({ written: _, ...e }) => e);
    expect(strip(yearLedger(after, 2026, '2026-04-15'))).toEqual(strip(before));
    // 5 carried, 4 × 1.25 earned, 1 taken, 5 − 1 = 4 lapse on 2 March → 5
    expect(sum(before)).toBe(5);
  });
});

function w(date: string, kind: Written['kind'], days: number, period: string | null): Written {
  return { date, kind, days, period, note: null, policyId: null };
}

function asWritten(e: Entry): Written {
  return {
    date: e.date,
    kind: e.kind as Written['kind'],
    days: toDays(e.cents),
    period: e.period,
    note: e.note,
    policyId: e.policyId,
  };
}

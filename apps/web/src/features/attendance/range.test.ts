import { describe, expect, test } from 'vitest';
import { fitRange, isReportRange, readState, thisMonthRange, todayRange, writeState } from './range';

const TODAY = '2026-05-21';
const read = (query: string) => readState(new URLSearchParams(query), TODAY);

describe('presets', () => {
  test('Today is one day; This Month runs from the first to today, never into the future', () => {
    expect(todayRange(TODAY)).toEqual({ from: TODAY, to: TODAY });
    expect(thisMonthRange(TODAY)).toEqual({ from: '2026-05-01', to: TODAY });
    expect(thisMonthRange('2026-05-01')).toEqual({ from: '2026-05-01', to: '2026-05-01' });
  });
});

describe('isReportRange', () => {
  test('takes real days in order, up to today, at most 366 days', () => {
    expect(isReportRange({ from: '2026-05-01', to: TODAY }, TODAY)).toBe(true);
    expect(isReportRange({ from: '2025-05-21', to: TODAY }, TODAY)).toBe(true);
    expect(isReportRange({ from: '2025-05-20', to: TODAY }, TODAY)).toBe(false);
    expect(isReportRange({ from: '2026-05-10', to: '2026-05-09' }, TODAY)).toBe(false);
    expect(isReportRange({ from: '2026-05-10', to: '2026-05-22' }, TODAY)).toBe(false);
    expect(isReportRange({ from: '2026-02-30', to: '2026-03-02' }, TODAY)).toBe(false);
    expect(isReportRange({ from: '', to: TODAY }, TODAY)).toBe(false);
  });
});

describe('readState', () => {
  test('defaults to the own report of this month so far', () => {
    expect(read('')).toEqual({
      view: 'individual',
      range: { from: '2026-05-01', to: TODAY },
      employeeId: undefined,
    });
  });

  test('reads the view, a usable range and an employee id', () => {
    expect(read('view=summary&from=2026-04-01&to=2026-04-30')).toEqual({
      view: 'summary',
      range: { from: '2026-04-01', to: '2026-04-30' },
      employeeId: undefined,
    });
    expect(read('employee=42').employeeId).toBe(42);
  });

  test('drops what it cannot use: a future end, half a range, a bad id', () => {
    expect(read('from=2026-05-01&to=2026-06-01').range).toEqual(thisMonthRange(TODAY));
    expect(read('from=2026-04-01').range).toEqual(thisMonthRange(TODAY));
    for (const id of ['0', '-3', '1.5', 'abc', '12345678901'])
      expect(read(`employee=${id}`).employeeId).toBe(undefined);
    expect(read('view=other').view).toBe('individual');
  });
});

describe('writeState', () => {
  test('writes only what differs from the default, and no employee on the summary', () => {
    expect(
      writeState(
        { view: 'individual', range: thisMonthRange(TODAY), employeeId: undefined },
        TODAY,
      ).toString(),
    ).toBe('');
    expect(
      writeState(
        { view: 'individual', range: { from: '2026-04-01', to: '2026-04-30' }, employeeId: 7 },
        TODAY,
      ).toString(),
    ).toBe('from=2026-04-01&to=2026-04-30&employee=7');
    expect(writeState({ view: 'summary', range: todayRange(TODAY), employeeId: 7 }, TODAY).toString()).toBe(
      `view=summary&from=${TODAY}&to=${TODAY}`,
    );
  });

  test('what it writes reads back the same', () => {
    const state = {
      view: 'individual' as const,
      range: { from: '2026-01-15', to: '2026-03-02' },
      employeeId: 9,
    };
    expect(readState(writeState(state, TODAY), TODAY)).toEqual(state);
  });
});

describe('fitRange', () => {
  test('a range in order and not too long stays as it is', () => {
    expect(fitRange({ from: '2026-05-01', to: TODAY }, 'from')).toEqual({ from: '2026-05-01', to: TODAY });
    expect(fitRange({ from: '2025-05-21', to: TODAY }, 'to')).toEqual({ from: '2025-05-21', to: TODAY });
  });

  test('a first day after the last moves the last day to it, and the other way round', () => {
    expect(fitRange({ from: '2026-05-10', to: '2026-05-09' }, 'from')).toEqual({
      from: '2026-05-10',
      to: '2026-05-10',
    });
    expect(fitRange({ from: '2026-05-10', to: '2026-05-09' }, 'to')).toEqual({
      from: '2026-05-09',
      to: '2026-05-09',
    });
  });

  test('a range over 366 days is cut to 366 days from the end just chosen', () => {
    const fromFirst = fitRange({ from: '2025-01-01', to: TODAY }, 'from');
    expect(fromFirst).toEqual({ from: '2025-01-01', to: '2026-01-01' });
    expect(isReportRange(fromFirst, TODAY)).toBe(true);
    const fromLast = fitRange({ from: '2025-01-01', to: TODAY }, 'to');
    expect(fromLast).toEqual({ from: '2025-05-21', to: TODAY });
    expect(isReportRange(fromLast, TODAY)).toBe(true);
  });
});

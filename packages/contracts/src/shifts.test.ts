import dayjs from 'dayjs';
import { describe, expect, test } from 'vitest';
import { endsNextDay, SHIFT_MESSAGES, shiftCreate, shiftForm, shiftUpdate } from './shifts';

describe('a shift past midnight', () => {
  test.each([
    ['09:00', '18:00', false],
    ['22:00', '06:00', true],
    ['00:00', '23:59', false],
    ['18:00', '00:00', true],
  ])('%s – %s ends the next day: %s', (start, end, next) => {
    expect(endsNextDay(start, end)).toBe(next);
  });
});

describe('the shift body', () => {
  test('fills what is left out and keeps the days of the week sorted', () => {
    expect(shiftCreate.parse({ name: ' Night ', start: '22:00', end: '06:00' })).toEqual({
      name: 'Night',
      start: '22:00',
      end: '06:00',
      grace_minutes: 0,
      weekly_off_days: null,
      is_default: false,
      enabled: true,
    });
    expect(shiftUpdate.parse({ weekly_off_days: [6, 0, 5] })).toEqual({ weekly_off_days: [0, 5, 6] });
  });

  test('a change with nothing in it is refused', () => {
    const result = shiftUpdate.safeParse({});
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual([SHIFT_MESSAGES.nothingToChange]);
  });
});

describe('the shift form (its times are pickers)', () => {
  const at = (hhmm: string) => dayjs(`2000-01-01T${hhmm}`);
  const issues = (values: Record<string, unknown>) =>
    shiftForm
      .safeParse({ name: 'Night', grace_minutes: 0, ...values })
      .error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [];

  test('an end that is the start is refused on the end, whether picked or typed', () => {
    expect(issues({ start: at('09:00'), end: at('09:00') })).toEqual([['end', SHIFT_MESSAGES.endIsStart]]);
    expect(issues({ start: '09:00', end: '09:00' })).toEqual([['end', SHIFT_MESSAGES.endIsStart]]);
    expect(issues({ start: at('22:00'), end: at('06:00') })).toEqual([]);
  });

  test('empty times and a disabled default are refused on their fields', () => {
    expect(issues({ start: null, end: undefined })).toEqual([
      ['start', SHIFT_MESSAGES.startRequired],
      ['end', SHIFT_MESSAGES.endRequired],
    ]);
    expect(issues({ start: '08:00', end: '16:00', is_default: true, enabled: false })).toEqual([
      ['enabled', SHIFT_MESSAGES.defaultDisabled],
    ]);
  });
});

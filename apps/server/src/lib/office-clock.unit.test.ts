import { afterEach, describe, expect, it } from 'vitest';
import { officeClockAt } from '../../test/office-clock';
import { officeNow, officeToday } from './office-clock';

/** The office's clock is the process's time zone (TZ), whatever the server's clock (UTC) says. */
let restore = () => {};
afterEach(() => restore());

describe("the office's clock", () => {
  const instant = new Date('2026-06-15T10:00:00.000Z');

  it.each([
    ['Pacific/Kiritimati', '2026-06-16 00:00:00'],
    ['Asia/Dhaka', '2026-06-15 16:00:00'],
    ['UTC', '2026-06-15 10:00:00'],
    ['Pacific/Pago_Pago', '2026-06-14 23:00:00'],
  ])('in %s reads %s', (timeZone, wall) => {
    restore = officeClockAt(timeZone, instant);
    expect(officeNow()).toBe(wall);
    expect(officeToday()).toBe(wall.slice(0, 10));
  });
});

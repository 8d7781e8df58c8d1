import { afterEach, describe, expect, it, vi } from 'vitest';
import { officeNow, officeToday } from './office-clock';

/** The office's clock is the process's time zone (TZ), whatever the server's clock (UTC) says. */
const zone = process.env.TZ;
afterEach(() => {
  vi.useRealTimers();
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

describe("the office's clock", () => {
  const instant = new Date('2026-06-15T10:00:00.000Z');

  it.each([
    ['Pacific/Kiritimati', '2026-06-16 00:00:00'],
    ['Asia/Dhaka', '2026-06-15 16:00:00'],
    ['UTC', '2026-06-15 10:00:00'],
    ['Pacific/Pago_Pago', '2026-06-14 23:00:00'],
  ])('in %s reads %s', (timeZone, wall) => {
    process.env.TZ = timeZone;
    vi.useFakeTimers({ toFake: ['Date'], now: instant });
    expect(officeNow()).toBe(wall);
    expect(officeToday()).toBe(wall.slice(0, 10));
  });
});

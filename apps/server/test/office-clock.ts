import { vi } from 'vitest';

/**
 * The office's clock in a test (lib/office-clock.ts): the process's time
 * zone set to `timeZone` (Node reads `TZ` again when it is set) and `Date`
 * stopped at `instant`. Answers the function that puts both back.
 */
export function officeClockAt(timeZone: string, instant: Date): () => void {
  const zone = process.env.TZ;
  process.env.TZ = timeZone;
  vi.useFakeTimers({ toFake: ['Date'], now: instant });
  return () => {
    vi.useRealTimers();
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  };
}

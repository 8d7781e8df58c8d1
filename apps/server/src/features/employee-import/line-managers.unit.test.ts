import { describe, expect, it } from 'vitest';
import { managerCircles } from './line-managers';

/** A line-manager map as a function: each person's manager, or null. */
const managers =
  (map: Record<string, string | null>) =>
  (eid: string): string | null =>
    map[eid] ?? null;

describe('managerCircles', () => {
  it('finds no circle in chains that end at the top', () => {
    const circles = managerCircles(['A', 'B', 'C', 'D'], managers({ A: 'B', B: 'C', C: null, D: 'B' }));
    expect(circles.size).toBe(0);
  });

  it('finds someone who is their own manager', () => {
    expect([...managerCircles(['A'], managers({ A: 'A' }))]).toEqual([['A', ['A', 'A']]]);
  });

  it('finds a circle whatever the order of the starts, each member with the circle from itself', () => {
    const map = managers({ A: 'B', B: 'C', C: 'A' });
    for (const starts of [['A', 'B', 'C'], ['C', 'B', 'A'], ['B']]) {
      const circles = managerCircles(starts, map);
      expect(Object.fromEntries(circles)).toEqual({
        A: ['A', 'B', 'C', 'A'],
        B: ['B', 'C', 'A', 'B'],
        C: ['C', 'A', 'B', 'C'],
      });
    }
  });

  it('leaves out those below a circle, who are not on it', () => {
    const circles = managerCircles(['X', 'Y', 'A'], managers({ X: 'Y', Y: 'A', A: 'B', B: 'A' }));
    expect([...circles.keys()].sort()).toEqual(['A', 'B']);
  });

  it('follows people outside the starts (the portal) to find a circle through them', () => {
    // A is in the file, managed by P; P (only in the portal) is managed by A.
    const circles = managerCircles(['A'], managers({ A: 'P', P: 'A' }));
    expect(circles.get('A')).toEqual(['A', 'P', 'A']);
    expect(circles.get('P')).toEqual(['P', 'A', 'P']);
  });

  it('finds two circles apart', () => {
    const circles = managerCircles(['A', 'C', 'E'], managers({ A: 'B', B: 'A', C: 'D', D: 'C', E: 'A' }));
    expect([...circles.keys()].sort()).toEqual(['A', 'B', 'C', 'D']);
  });

  it('walks a long chain once: ten thousand people in a line, each started from', () => {
    const n = 10_000;
    const eids = Array.from({ length: n }, (_, i) => `E${i}`);
    let calls = 0;
    const circles = managerCircles(eids, (eid) => {
      calls += 1;
      const i = Number(eid.slice(1));
      return i + 1 < n ? `E${i + 1}` : null;
    });
    expect(circles.size).toBe(0);
    expect(calls).toBe(n);
  });
});

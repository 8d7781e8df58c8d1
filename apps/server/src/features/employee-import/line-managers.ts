/**
 * Circles of line managers: A's manager is B, B's is C, C's is A. Nobody on
 * such a circle has a top, so the portal's "managers above" (approvals, the
 * O&O, the organisation chart) would never end. An import that would make
 * one is refused, on every row of the circle.
 */

/**
 * Of the people reached from `starts` by following their line managers,
 * those on a circle, each with the circle read from them round to them again
 * (`[A, B, C, A]`). `managerOf` answers a person's manager after the import
 * (null for none). Each person is visited once, however many start below
 * them: a file of ten thousand rows is walked in ten thousand steps.
 */
export function managerCircles(
  starts: Iterable<string>,
  managerOf: (eid: string) => string | null,
): Map<string, string[]> {
  const circles = new Map<string, string[]>();
  const seen = new Set<string>();
  for (const start of starts) {
    if (seen.has(start)) continue;
    // The walk from this start, up to someone seen before or someone without a manager.
    const path: string[] = [];
    const onPath = new Map<string, number>();
    let at: string | null = start;
    while (at !== null && !seen.has(at)) {
      seen.add(at);
      onPath.set(at, path.length);
      path.push(at);
      at = managerOf(at);
    }
    // Back on this walk's own path: the people from there on go round.
    const from = at === null ? undefined : onPath.get(at);
    if (from === undefined) continue;
    const circle = path.slice(from);
    circle.forEach((eid, i) => {
      circles.set(eid, [...circle.slice(i), ...circle.slice(0, i), eid]);
    });
  }
  return circles;
}

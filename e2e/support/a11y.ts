import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';

/** The rules checked: WCAG 2.0, 2.1 and 2.2, levels A and AA (best-practice rules are not among them). */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** How many target selectors (with their HTML) a failure names per rule. */
const NODES_SHOWN = 4;

interface Options {
  /** What is on screen ("leave: new request form (ar)"), named in the failure and the record. */
  context?: string;
  /** A CSS selector: only this part of the page is checked (an open dialog, a drawer). */
  include?: string;
}

/**
 * Runs axe-core on the page (or on `include`) against the WCAG A and AA rules
 * and expects no violation. A failure names, for each rule, its id, impact
 * and help, and the first few elements (selector and HTML) that break it.
 *
 * The check is soft: a walk through many screens goes on after a screen with
 * violations, so one run lists every screen's; the test still fails.
 *
 * With `A11Y_RECORD=<file>` each check also appends one JSON line
 * `{ context, counts, ms }` to that file: the violating elements by rule id
 * and the time the check took, per screen.
 *
 * Nothing is excluded.
 */
export async function expectNoAxeViolations(page: Page, options: Options = {}): Promise<void> {
  const context = options.context ?? page.url();
  // Legacy mode runs axe in the page itself, without opening a blank page to gather the results
  // of frames: the portal has no frames, and the blank page doubled the time of every check.
  let builder = new AxeBuilder({ page }).withTags(WCAG_TAGS).setLegacyMode(true);
  if (options.include) builder = builder.include(options.include);
  const started = Date.now();
  const { violations } = await test.step(`axe: ${context}`, () => builder.analyze(), { box: true });
  const ms = Date.now() - started;

  const record = process.env.A11Y_RECORD;
  if (record) {
    const counts = Object.fromEntries(violations.map((v) => [v.id, v.nodes.length]));
    fs.appendFileSync(record, `${JSON.stringify({ context, counts, ms })}\n`);
  }

  const report = violations
    .map((v) => {
      const nodes = v.nodes.slice(0, NODES_SHOWN).map((n) => {
        const target = n.target.map(String).join(' ');
        const html = n.html.length > 300 ? `${n.html.slice(0, 300)}…` : n.html;
        const why = (n.failureSummary ?? '').replace(/\s+/g, ' ').trim();
        return `    - ${target}\n      ${html}\n      ${why}`;
      });
      const more = v.nodes.length > NODES_SHOWN ? `\n    … and ${v.nodes.length - NODES_SHOWN} more` : '';
      return `  ${v.id} (${v.impact ?? 'no impact'}, ${v.nodes.length}): ${v.help}\n    ${v.helpUrl}\n${nodes.join('\n')}${more}`;
    })
    .join('\n');
  expect.soft(violations.length, `axe violations on ${context}:\n${report}`).toBe(0);
}

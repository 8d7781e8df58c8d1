/**
 * Lighthouse scores of the web app's pages (support/routes.ts: the sign-in
 * page, the dashboard and every module's main screens), with Lighthouse's
 * default settings: a mid-range phone on a slow 4G network (simulated),
 * categories performance, accessibility and best practices; beside each, the
 * largest contentful paint, the total blocking time, Lighthouse's benchmark
 * index of the machine and its load average, since a busy machine scores low.
 *
 *   npx tsx bench/lighthouse.ts                                  # builds if needed, starts a server
 *   npx tsx bench/lighthouse.ts --base http://127.0.0.1:3000     # against a running portal (demo seed)
 *   npx tsx bench/lighthouse.ts --runs 3                         # the median of three runs per page
 *   npx tsx bench/lighthouse.ts --save /tmp/lh                   # also keeps each whole report (JSON)
 *   npx tsx bench/lighthouse.ts --before /tmp/before              # an older checkout's build too, page by page
 *   npx tsx bench/lighthouse.ts --only 'dashboard|kpi'            # the pages whose name matches
 *
 * Each audit gets a browser of its own (the Chromium of the browser tests,
 * started by chrome-launcher on a fresh profile), so no page finds the other's
 * cache or service worker. A signed-in page needs a session: its user signs
 * in through the API, and the session is put where the web app keeps it
 * (local storage `hr.session`, lib/session.ts) through a page of the same
 * profile, opened over the DevTools protocol; that audit then keeps the
 * storage (`disableStorageReset`) instead of clearing it first.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { argsFor, findChromium } from '../e2e/support/browser';
import { demoPortal } from './support/demo-portal';
import { resolveRoutes } from './support/routes';

/** What the scripts run in the page use of it (the bench compiles without the DOM library). */
type PageGlobals = { localStorage: { setItem(key: string, value: string): void } };
const args = process.argv.slice(2);
const opt = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const runs = Number(opt('runs') ?? 1);
/** `--save DIR` keeps each run's whole report (JSON) there, to see where a page's time goes. */
const saveDir = opt('save');
const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;

type Scores = Record<(typeof CATEGORIES)[number], number>;

interface Audit {
  scores: Scores;
  lcpMs: number;
  tbtMs: number;
  benchmarkIndex: number;
  /** The failed audits of a category under 100, to know what to fix. */
  failed: string[];
}

/** One Lighthouse run of a page in a browser of its own; `session` is kept in local storage first. */
async function audit(url: string, session: unknown | null): Promise<Audit> {
  const found = await findChromium();
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'hr-lighthouse-'));
  const chrome = await chromeLauncher.launch({
    chromePath: found.executablePath,
    userDataDir: profile,
    chromeFlags: argsFor(found),
  });
  try {
    if (session) {
      const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      const context = cdp.contexts()[0];
      if (!context) throw new Error('the browser has no default context');
      const page = await context.newPage();
      // Storage belongs to the portal's origin: its smallest answer opens it.
      await page.goto(new URL('/api/health', url).toString());
      await page.evaluate(
        (value) => (globalThis as unknown as PageGlobals).localStorage.setItem('hr.session', value),
        JSON.stringify(session),
      );
      await page.close();
      // Only the protocol connection ends here; the browser stays for Lighthouse.
      await cdp.close();
    }
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
      disableStorageReset: session !== null,
      // A busy machine paints late: wait longer than Lighthouse's 30 s before giving up.
      maxWaitForFcp: 90_000,
      maxWaitForLoad: 180_000,
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { lhr } = result;
    if (saveDir) {
      fs.mkdirSync(saveDir, { recursive: true });
      const name = `${new URL(url).pathname.replace(/\W+/g, '') || 'root'}-${Date.now()}.json`;
      fs.writeFileSync(path.join(saveDir, name), JSON.stringify(lhr));
    }
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
    const landed = lhr.finalDisplayedUrl;
    if (new URL(landed).pathname !== new URL(url).pathname) {
      throw new Error(`${url}: Lighthouse landed on ${landed}`);
    }
    const scores = Object.fromEntries(
      CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
    ) as Scores;
    const failed = CATEGORIES.flatMap((c) =>
      (lhr.categories[c]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0)
        .map((ref) => lhr.audits[ref.id])
        .filter((a) => a && a.score !== null && a.score < 0.9)
        .map((a) => `${c}: ${a?.id} (${a?.displayValue ?? a?.score})`),
    );
    return {
      scores,
      failed,
      lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? 0,
      tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? 0,
      benchmarkIndex: lhr.environment.benchmarkIndex,
    };
  } finally {
    chrome.kill();
    fs.rmSync(profile, { recursive: true, force: true });
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

async function main() {
  const portal = await demoPortal(opt('base'), 'hr-lighthouse-data-');
  const beforeDir = opt('before');
  const before = beforeDir
    ? await demoPortal(undefined, 'hr-lighthouse-before-', { checkout: beforeDir })
    : null;
  const only = opt('only');
  const pick = only ? new RegExp(only, 'i') : undefined;
  try {
    const now = await resolveRoutes(portal.base, pick);
    const was = before ? await resolveRoutes(before.base, pick) : null;
    const sides = [
      ...(before && was ? [{ label: 'before', base: before.base, ...was }] : []),
      { label: before ? 'after' : '', base: portal.base, ...now },
    ];
    const rows: string[] = [];
    const load = [os.loadavg()[0] ?? 0];
    const indexes: number[] = [];
    for (const [i, route] of now.routes.entries()) {
      if (!route.lighthouse) continue;
      // Page by page, the older build's run right before this one's, so both meet the same load.
      for (const side of sides) {
        const r = side.routes[i];
        if (!r) continue;
        const audits: Audit[] = [];
        for (let run = 0; run < runs; run++) {
          const a = await audit(`${side.base}${r.path}`, r.as ? side.sessions[r.as] : null);
          load.push(os.loadavg()[0] ?? 0);
          indexes.push(a.benchmarkIndex);
          console.log(
            `  ${r.name}${side.label ? ` (${side.label})` : ''} run ${run + 1}: ` +
              `${CATEGORIES.map((c) => `${c} ${a.scores[c]}`).join(', ')}, ` +
              `LCP ${(a.lcpMs / 1000).toFixed(1)} s, TBT ${Math.round(a.tbtMs)} ms, benchmark index ${Math.round(a.benchmarkIndex)}`,
          );
          for (const f of a.failed) console.log(`    below 90: ${f}`);
          audits.push(a);
        }
        const score = (c: (typeof CATEGORIES)[number]) => median(audits.map((a) => a.scores[c]));
        const lcp = median(audits.map((a) => a.lcpMs));
        const tbt = median(audits.map((a) => a.tbtMs));
        rows.push(
          `| ${r.name} | ${side.label} | ${score('performance')} | ${(lcp / 1000).toFixed(1)} s | ${Math.round(tbt)} ms | ${score('accessibility')} | ${score('best-practices')} |`,
        );
      }
    }
    console.log(
      [
        '',
        `Lighthouse ${runs > 1 ? `(median of ${runs} runs) ` : ''}on ${portal.base}${before ? ` and, before, ${beforeDir}` : ''}, mobile (default settings);`,
        `benchmark index ${Math.round(Math.min(...indexes))}–${Math.round(Math.max(...indexes))}, ` +
          `load average (1 min) ${Math.min(...load).toFixed(2)}–${Math.max(...load).toFixed(2)} on ${os.cpus().length} cores:`,
        '',
        '| page | build | performance | LCP | total blocking time | accessibility | best practices |',
        '| --- | --- | ---: | ---: | ---: | ---: | ---: |',
        ...rows,
        '',
      ].join('\n'),
    );
  } finally {
    await portal.stop();
    await before?.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

/**
 * Lighthouse scores of the sign-in page and of the dashboard (signed in), with
 * Lighthouse's default settings: a mid-range phone on a slow 4G network
 * (simulated), categories performance, accessibility and best practices.
 *
 *   npx tsx bench/lighthouse.ts                                  # builds if needed, starts a server
 *   npx tsx bench/lighthouse.ts --base http://127.0.0.1:3000     # against a running portal (demo seed)
 *   npx tsx bench/lighthouse.ts --runs 3                         # the median of three runs per page
 *   npx tsx bench/lighthouse.ts --save /tmp/lh                   # also keeps each whole report (JSON)
 *
 * Each audit gets a browser of its own (the Chromium of the browser tests,
 * started by chrome-launcher on a fresh profile), so no page finds the other's
 * cache or service worker. The dashboard needs a session: the employee 1004
 * signs in through the API, and the session is put where the web app keeps it
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
    return { scores, failed };
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
  const base = portal.base;
  try {
    const login = await fetch(`${base}/api/v1/login_check`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: '1004', password: 'demo123', app_id: 3 }),
    });
    if (!login.ok) throw new Error(`sign-in of 1004 failed: ${login.status}`);
    const session: unknown = await login.json();

    const pages = [
      { name: 'sign-in', path: '/signin', session: null },
      { name: 'dashboard (1004)', path: '/dashboard', session },
    ];
    const rows: string[] = [];
    for (const p of pages) {
      const audits: Audit[] = [];
      for (let i = 0; i < runs; i++) {
        const a = await audit(`${base}${p.path}`, p.session);
        console.log(`  ${p.name} run ${i + 1}: ${CATEGORIES.map((c) => `${c} ${a.scores[c]}`).join(', ')}`);
        for (const f of a.failed) console.log(`    below 90: ${f}`);
        audits.push(a);
      }
      const score = (c: (typeof CATEGORIES)[number]) => median(audits.map((a) => a.scores[c]));
      rows.push(
        `| ${p.name} | ${p.path} | ${score('performance')} | ${score('accessibility')} | ${score('best-practices')} |`,
      );
    }
    console.log(
      [
        '',
        `Lighthouse ${runs > 1 ? `(median of ${runs} runs) ` : ''}on ${base}, mobile (default settings):`,
        '',
        '| page | path | performance | accessibility | best practices |',
        '| --- | --- | ---: | ---: | ---: |',
        ...rows,
        '',
      ].join('\n'),
    );
  } finally {
    await portal.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

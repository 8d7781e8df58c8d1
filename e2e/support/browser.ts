import fs from 'node:fs';

/**
 * The Chromium the browser tests (and the bench) drive, found in this order:
 *
 * 1. `CHROMIUM_PATH`, when set;
 * 2. a Chromium or Chrome installed on the machine, at the usual paths;
 * 3. the Chromium shipped inside the `@sparticuz/chromium` dev dependency,
 *    unpacked at first use (into the system's temporary folder), so
 *    `npm ci && npm test` needs nothing but Node.
 *
 * `HR_BROWSER=npm` skips the first two (to prove the third alone works on a
 * machine that has a system browser).
 */

export interface FoundBrowser {
  executablePath: string;
  source: 'CHROMIUM_PATH' | 'system' | 'npm';
}

const SYSTEM_PATHS = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/snap/bin/chromium',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
];

/** The flags every run uses, whichever browser it is. */
export const BROWSER_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Set by the first process that found the browser, so the processes it starts need not look again. */
const FOUND = 'HR_BROWSER_FOUND';

export async function findChromium(): Promise<FoundBrowser> {
  const known = process.env[FOUND];
  if (known) return JSON.parse(known) as FoundBrowser;
  const found = await look();
  process.env[FOUND] = JSON.stringify(found);
  return found;
}

async function look(): Promise<FoundBrowser> {
  const onlyNpm = process.env.HR_BROWSER === 'npm';
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv && !onlyNpm) {
    if (!fs.existsSync(fromEnv)) throw new Error(`CHROMIUM_PATH names ${fromEnv}, which does not exist.`);
    return { executablePath: fromEnv, source: 'CHROMIUM_PATH' };
  }
  if (!onlyNpm) {
    const system = SYSTEM_PATHS.find((p) => fs.existsSync(p));
    if (system) return { executablePath: system, source: 'system' };
  }
  try {
    const { default: chromium } = await import('@sparticuz/chromium');
    return { executablePath: await chromium.executablePath(), source: 'npm' };
  } catch (err) {
    throw new Error(
      'No Chromium was found: set CHROMIUM_PATH, install Chromium or Chrome, or run `npm ci` ' +
        `(which installs @sparticuz/chromium). ${err instanceof Error ? err.message : String(err)}`,
    );
  }
}

/** Extra flags for a browser: the npm one runs without a zygote process. */
export function argsFor(found: FoundBrowser): string[] {
  return found.source === 'npm' ? [...BROWSER_ARGS, '--no-zygote'] : BROWSER_ARGS;
}

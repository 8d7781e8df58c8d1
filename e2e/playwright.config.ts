import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { argsFor, findChromium } from './support/browser';

// The browser is found once, in the main process; the workers inherit what was found.
const announced = Boolean(process.env.HR_BROWSER_FOUND);
const browser = await findChromium();
if (!announced) process.stdout.write(`Browser tests drive ${browser.executablePath} (${browser.source}).\n`);

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.E2E_PORT ?? 3170);
const sinkPort = Number(process.env.SINK_PORT ?? 3199);
// The company's OpenID provider (support/oidc-provider.mjs), which the portal offers on its sign-in page.
const oidcPort = Number(process.env.OIDC_PORT ?? port + 40);
const oidc = {
  OIDC_ISSUER: `http://127.0.0.1:${oidcPort}`,
  OIDC_CLIENT_ID: 'hr-portal',
  OIDC_CLIENT_SECRET: 'e2e-client-secret',
  OIDC_CLAIM: 'preferred_username',
  OIDC_MATCH: 'eid',
  OIDC_LABEL: 'Contoso ID',
};
/**
 * The office's time zone (README: `TZ`). The browser, the portal and the
 * tests' own clock agree on it, so "today" is one day for all three: with
 * the server on the machine's zone (UTC), a delegation made after 18:00 UTC
 * started on the browser's tomorrow.
 */
const OFFICE_ZONE = 'Asia/Dhaka';
process.env.TZ = OFFICE_ZONE;
// One fresh embedded database per run; the workers inherit the variable.
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'hr-e2e-'));
process.env.E2E_SINK_URL = `http://127.0.0.1:${sinkPort}`;

export default defineConfig({
  testDir: './tests',
  // A flow signs in as two or three people on a 2-core machine shared with the server and a second worker.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  // A failing test runs once more, with a trace to read; `npm test` still counts it as failed
  // (a pass on the retry is "flaky", and flaky is a failure there).
  retries: 1,
  failOnFlakyTests: true,
  reporter: process.env.PW_JSON_OUTPUT
    ? [['list'], ['json', { outputFile: process.env.PW_JSON_OUTPUT }]]
    : [['list']],
  // One folder per run, so that runs side by side do not clear each other's results.
  outputDir: path.join(root, 'test-results', path.basename(process.env.E2E_DATA_DIR)),
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // Recording a trace of every test made the suite half again as slow: only the retry records one.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    locale: 'en-US',
    // The portal honours "reduce motion": dialogs and menus open without animations, so a click
    // never lands on a dialog that is still growing on a loaded machine.
    contextOptions: { reducedMotion: 'reduce' },
    timezoneId: OFFICE_ZONE,
    // The portal's service worker answers files from its own cache and fetches the rest itself,
    // where a test's routes do not see them; only the offline tests let it run.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: browser.executablePath,
      args: argsFor(browser),
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: [
    {
      command: 'node e2e/support/message-sink.mjs',
      cwd: root,
      url: `http://127.0.0.1:${sinkPort}/`,
      env: { SINK_PORT: String(sinkPort), SINK_SMTP_PORT: String(sinkPort + 1) },
      reuseExistingServer: false,
      timeout: 10_000,
    },
    {
      command: 'node e2e/support/oidc-provider.mjs',
      cwd: root,
      url: `${oidc.OIDC_ISSUER}/.well-known/openid-configuration`,
      env: {
        OIDC_PORT: String(oidcPort),
        PORTAL_URL: `http://127.0.0.1:${port}`,
        OIDC_CLIENT_ID: oidc.OIDC_CLIENT_ID,
        OIDC_CLIENT_SECRET: oidc.OIDC_CLIENT_SECRET,
      },
      reuseExistingServer: false,
      timeout: 10_000,
    },
    {
      // Builds only when the sources changed, then serves the portal (from its own copy of the web app)
      // on a fresh embedded database.
      command: `node scripts/build.mjs --snapshot=${path.join(process.env.E2E_DATA_DIR, 'web')} && node apps/server/dist/main.js`,
      cwd: root,
      url: `http://127.0.0.1:${port}/api/health`,
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        TZ: OFFICE_ZONE,
        DATA_DIR: process.env.E2E_DATA_DIR,
        WEB_DIST: path.join(process.env.E2E_DATA_DIR, 'web'),
        DATABASE_URL: '',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        // WebAuthn takes no IP address as relying party: passkeys are tried at localhost
        // (tests/passkeys.spec.ts), the same server under a name.
        PASSKEY_RP_ID: 'localhost',
        PASSKEY_ORIGINS: `http://localhost:${port}`,
        MESSAGE_TRANSPORT: 'webhook',
        MESSAGE_WEBHOOK_URL: `http://127.0.0.1:${sinkPort}/`,
        // E-mails leave by SMTP to the sink's real SMTP server (SMS by the webhook).
        SMTP_URL: `smtp://127.0.0.1:${sinkPort + 1}`,
        SEED: 'demo',
        DEMO: 'true',
        LOG_LEVEL: 'warn',
        LOG_FORMAT: 'json',
        ...oidc,
      },
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});

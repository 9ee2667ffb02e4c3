// End-to-end tests against the built app (`npm run build` first): two servers, each on its own
// fresh data dir — the main one, and one whose access tokens expire after 2 s for the refresh test.
// Chromium is Debian's (/usr/bin/chromium, see scripts/ensure-chromium.mjs); Playwright never
// downloads a browser here.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { ADMIN } from './e2e/support/users';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A port nothing listens on now; asked of a child process because the config must load synchronously. */
function freePort(): number {
  const probe =
    "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})";
  return Number(execFileSync(process.execPath, ['-e', probe], { encoding: 'utf8' }).trim());
}

// Free ports, unless given, so that several runs on one machine do not collide. Chosen once, in the
// runner, like the data dirs below.
process.env.E2E_PORT ??= String(freePort());
while (!process.env.E2E_EXPIRY_PORT || process.env.E2E_EXPIRY_PORT === process.env.E2E_PORT) {
  process.env.E2E_EXPIRY_PORT = String(freePort());
}
const mainPort = Number(process.env.E2E_PORT);
const expiryPort = Number(process.env.E2E_EXPIRY_PORT);

// The config is loaded by the runner and again by every worker: create the data dirs once, in the
// runner, and hand them on through the environment, which workers and globalSetup inherit.
let mainDataDir = process.env.E2E_DATA_DIR_MAIN;
let expiryDataDir = process.env.E2E_DATA_DIR_EXPIRY;
if (!mainDataDir || !expiryDataDir) {
  const givenRoot = process.env.E2E_TMP_DIR; // scripts/test.mjs passes one and removes it itself
  if (givenRoot) fs.mkdirSync(givenRoot, { recursive: true });
  const root = givenRoot ?? fs.mkdtempSync(path.join(os.tmpdir(), 'staff-e2e-'));
  mainDataDir = fs.mkdtempSync(path.join(root, 'main-'));
  expiryDataDir = fs.mkdtempSync(path.join(root, 'expiry-'));
  process.env.E2E_DATA_DIR_MAIN = mainDataDir;
  process.env.E2E_DATA_DIR_EXPIRY = expiryDataDir;
  // 'exit' fires after the web servers are stopped.
  if (!givenRoot) process.on('exit', () => fs.rmSync(root, { recursive: true, force: true }));
}

function serverEnv(
  dataDir: string,
  port: number,
  extra: Record<string, string> = {},
): Record<string, string> {
  return {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    RATE_LIMIT: 'off',
    LOG_LEVEL: 'warn',
    ...extra,
  };
}

const E2E_SERVERS = {
  main: { url: `http://127.0.0.1:${mainPort}`, env: serverEnv(mainDataDir, mainPort) },
  expiry: {
    url: `http://127.0.0.1:${expiryPort}`,
    env: serverEnv(expiryDataDir, expiryPort, { ACCESS_TOKEN_TTL: '2' }),
  },
};
process.env.E2E_SERVERS = JSON.stringify(E2E_SERVERS); // read by global-setup

const chromiumArgs = [
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  // Without these Chromium keeps calling home, and this closed network refuses the connections.
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
if (process.getuid?.() === 0) chromiumArgs.unshift('--no-sandbox');

const chromium = {
  ...devices['Desktop Chrome'],
  launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs },
};

const jsonReport = process.env.E2E_JSON_REPORT;

export default defineConfig({
  testDir: './e2e',
  outputDir: path.join(repoRoot, 'test-results'),
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: 2,
  timeout: 45_000, // generous: CI has 2 cores
  expect: { timeout: 10_000 },
  reporter: [['list'], ...(jsonReport ? [['json', { outputFile: jsonReport }] as const] : [])],
  use: {
    baseURL: E2E_SERVERS.main.url,
    // No trace unless asked for (`npx playwright test --trace retain-on-failure`): recording one for
    // every test more than doubled the line's end-to-end time on two cores (keyboard and users specs
    // 90 s without, 207 s with), and a CI run keeps only its output, never the trace files.
    trace: 'off',
    // The app's service worker would answer some requests itself, out of page.route()'s reach; the
    // offline test in cashflow.spec.ts turns it back on.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'desktop',
      testIgnore: /token-expiry\.spec\.ts/,
      grepInvert: /@phone/,
      use: { ...chromium, viewport: { width: 1280, height: 800 } },
    },
    {
      name: 'phone',
      testMatch: /(shell|cashflow)\.spec\.ts/,
      grep: /@phone/,
      use: { ...chromium, viewport: { width: 390, height: 844 }, isMobile: false, hasTouch: false },
    },
    {
      name: 'token-expiry',
      testMatch: /token-expiry\.spec\.ts/,
      use: { ...chromium, baseURL: E2E_SERVERS.expiry.url, viewport: { width: 1280, height: 800 } },
    },
  ],
  webServer: [
    {
      name: 'app',
      command: 'node apps/api/dist/main.js',
      cwd: repoRoot,
      url: `${E2E_SERVERS.main.url}/api/health`,
      env: E2E_SERVERS.main.env,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      name: 'app-short-tokens',
      command: 'node apps/api/dist/main.js',
      cwd: repoRoot,
      url: `${E2E_SERVERS.expiry.url}/api/health`,
      env: E2E_SERVERS.expiry.env,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});

// `npm run dev` as the README says to run it (scripts/dev.mjs: the API under tsx watch, Vite's dev server),
// on a copy of this checkout (sources copied, node_modules linked) so that the edits it makes to the
// sources are never left in this one, on free ports (DEV_API_PORT, DEV_WEB_PORT) and a fresh data folder:
// - Debian's Chromium loads the sign-in page from the dev server, styled, and signs in through its proxy;
// - an edit of the page's source shows in the open page, hot-reloaded (the page is not reloaded);
// - the live-quote stream (server-sent events) and /media come through the proxy, the stream unbuffered;
// - an edit of the API's source restarts the API;
// - Ctrl-C stops every process it started.
// vitest: first Node line only (the npm script's own logic and tooling; the server on the other line is
// covered by the process tests that start it there, decision 0029).
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './test/server-process';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const ADMIN = { email: 'admin@dev.test', password: 'Admin-pass-2024' };
/** Vite's first optimisation of the app's dependencies and first transform take a while on two busy cores. */
const START_MS = 180_000;

/**
 * What `npm run dev` reads. Its node_modules links to this checkout's packages one by one (hard-linking all
 * of them took a minute on two busy cores), except the workspaces, which link to the copy's own as npm does.
 */
function copyCheckout(): string {
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'staff-dev-'));
  const skip = new Set(['node_modules', 'dist', 'e2e', 'data', 'test-results', 'playwright-report', '.tmp']);
  for (const name of ['package.json', 'tsconfig.base.json', 'scripts', 'apps', 'packages']) {
    fs.cpSync(path.join(REPO, name), path.join(copy, name), {
      recursive: true,
      filter: (source) => !skip.has(path.basename(source)) && !path.basename(source).startsWith('.dist-'),
    });
  }
  const modules = path.join(REPO, 'node_modules');
  fs.mkdirSync(path.join(copy, 'node_modules', '@staff'), { recursive: true });
  for (const name of fs.readdirSync(modules)) {
    // Not vitest's and Vite's caches: the copy's Vite makes its own, under apps/web.
    if (name === '@staff' || name === '.vite' || name === '.package-lock.json') continue;
    fs.symlinkSync(path.join(modules, name), path.join(copy, 'node_modules', name));
  }
  for (const name of fs.readdirSync(path.join(modules, '@staff'))) {
    const target = fs.readlinkSync(path.join(modules, '@staff', name)); // ../../apps/web: relative
    fs.symlinkSync(target, path.join(copy, 'node_modules', '@staff', name));
  }
  return copy;
}

/** This test run's environment without npm's own variables, which npm sets afresh. */
function environment(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    // Nor vitest's: NODE_ENV=test would have the API check every answer against its schema, as in tests.
    if (!/^(npm_|VITEST)/i.test(key) && !['INIT_CWD', 'TEST_PG_URL', 'NODE_ENV'].includes(key))
      env[key] = value;
  }
  return { ...env, npm_config_update_notifier: 'false', ...extra };
}

/**
 * The processes of group `pgid` still running, with their command lines. A zombie (ended, and
 * waiting for init to reap it after its parent went first) has stopped, and is not counted.
 */
function groupMembers(pgid: number): string[] {
  const members: string[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // ended while being read
    }
    // pid (comm) state ppid pgrp …: comm may hold spaces and parentheses, so read after the last ')'.
    const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(pgrp) !== pgid || state === 'Z') continue;
    let command = '';
    try {
      command = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
    } catch {
      continue;
    }
    members.push(`${entry}: ${command}`);
  }
  return members;
}

function groupAlive(pgid: number): boolean {
  return groupMembers(pgid).length > 0;
}

/** Replaces `from` by `to` in a file of the copy (once, and it must be there). */
function edit(file: string, from: string, to: string): void {
  const text = fs.readFileSync(file, 'utf8');
  expect(text).toContain(from);
  fs.writeFileSync(file, text.replace(from, to));
}

describe('npm run dev', () => {
  let copy = '';
  let dataDir = '';
  let dev: ChildProcess | undefined;
  let closed: Promise<number | string> = Promise.resolve(0);
  let browser: Browser | undefined;
  let web = '';
  const lines: string[] = [];
  const waiting: { done: () => boolean; resolve: () => void }[] = [];

  /** Resolves once the output (from the start) holds `count` lines that include `text`. */
  const printed = (text: string | RegExp, count = 1) => {
    const done = () =>
      lines.filter((line) => (typeof text === 'string' ? line.includes(text) : text.test(line))).length >=
      count;
    if (done()) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      waiting.push({ done, resolve });
      void closed.then((code) =>
        reject(new Error(`ended (${code}) before printing ${text}:\n${lines.join('\n').slice(-4000)}`)),
      );
    });
  };

  beforeAll(async () => {
    copy = copyCheckout();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'staff-dev-data-'));
    const apiPort = await freePort();
    let webPort = await freePort();
    while (webPort === apiPort) webPort = await freePort();
    web = `http://localhost:${webPort}`;
    dev = spawn('npm', ['run', 'dev'], {
      cwd: copy,
      // Its own process group: Ctrl-C in a terminal signals the whole group, and so does this test.
      detached: true,
      env: environment({
        DEV_API_PORT: String(apiPort),
        DEV_WEB_PORT: String(webPort),
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        LOG_LEVEL: 'info',
      }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const child = dev;
    closed = new Promise((resolve) => child.once('close', (code, signal) => resolve(code ?? signal ?? '?')));
    for (const stream of [child.stdout, child.stderr]) {
      readline.createInterface({ input: stream as NodeJS.ReadableStream }).on('line', (line) => {
        // Without colours: Vite and pino-pretty colour their output when CI is set (picocolors'
        // rule), and Vite's banner then has the port in bold, between escape codes.
        lines.push(stripVTControlCharacters(line));
        for (const w of waiting.splice(0)) {
          if (w.done()) w.resolve();
          else waiting.push(w);
        }
      });
    }
    // The test line installs Debian's Chromium while these tests run (scripts/test.mjs): wait for it (apt's
    // lock makes a second install wait for the first, then find it done).
    const ensure = spawn(process.execPath, [path.join(REPO, 'scripts/ensure-chromium.mjs')], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let ensureOutput = '';
    for (const stream of [ensure.stdout, ensure.stderr])
      stream.on('data', (chunk) => (ensureOutput += chunk));
    const ensured = await new Promise<number | null>((resolve) => ensure.once('close', resolve));
    if (ensured !== 0) throw new Error(`scripts/ensure-chromium.mjs failed:\n${ensureOutput}`);
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
        '--disable-gpu',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
      ],
    });
    // Vite's banner, and the API's (pino-pretty's) line once it listens.
    await printed(`localhost:${webPort}/`);
    await printed(`Server listening at http://127.0.0.1:${apiPort}`);
  }, START_MS);

  afterAll(async () => {
    await browser?.close();
    const pid = dev?.pid;
    if (pid && groupAlive(pid)) process.kill(-pid, 'SIGKILL');
    await closed;
    if (copy) fs.rmSync(copy, { recursive: true, force: true });
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('serves the sign-in page, shows an edit of its source without a reload, and signs in through the proxy', {
    timeout: START_MS,
  }, async () => {
    const page = await (browser as Browser).newPage();
    await page.goto(`${web}/login`);
    const signIn = page.getByRole('button', { name: 'Sign in' });
    // Vite transforms the app on this first request: generous.
    await signIn.waitFor({ timeout: 60_000 });
    // Mantine's component styles are there (the dev server pre-bundles Mantine, out of reach of the build's
    // per-component stylesheets): the button is painted in the theme's primary colour, not the browser's grey.
    // The page's own document and window (the API's type-check has no DOM library).
    const [painted, primary] = await signIn.evaluate((button) => {
      const page = button.ownerDocument;
      const view = page.defaultView;
      const probe = page.createElement('div');
      probe.style.background = 'var(--mantine-primary-color-filled)';
      page.body.append(probe);
      const colour = view.getComputedStyle(probe).backgroundColor;
      probe.remove();
      return [view.getComputedStyle(button).backgroundColor, colour];
    });
    expect(painted).toBe(primary);

    // Hot module reload (React Fast Refresh): the new text in the same page, not a reloaded one.
    await page.evaluate('window.devServerTestPage = true');
    const edited = `Edited while the page is open ${Date.now()}`;
    edit(
      path.join(copy, 'apps/web/src/features/auth/components/login-page.tsx'),
      'Use your work e-mail and password.',
      edited,
    );
    await page.getByText(edited).waitFor({ timeout: 30_000 });
    expect(await page.evaluate('window.devServerTestPage')).toBe(true);

    await page.getByLabel('Email', { exact: true }).fill(ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await signIn.click();
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor({ timeout: 30_000 });
    expect(new URL(page.url()).pathname).toBe('/');
    // As a string: the API's TypeScript has no DOM (web storage) types.
    const access = await page.evaluate<string | null>("localStorage.getItem('access')");
    expect(access).toBeTruthy();

    // The live-quote stream through the proxy: its first lines arrive while it stays open.
    const ticket = await fetch(`${web}/api/stocks/stream-ticket/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${access}` },
    });
    expect(ticket.status).toBe(200);
    const { ticket: value } = (await ticket.json()) as { ticket: string };
    const stream = new AbortController();
    const answer = await fetch(`${web}/api/stocks/stream/?tickers=FPT&ticket=${encodeURIComponent(value)}`, {
      signal: stream.signal,
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = (answer.body as ReadableStream<Uint8Array>).getReader();
    const first = await reader.read();
    expect(first.done).toBe(false);
    expect(new TextDecoder().decode(first.value)).toContain(': connected');
    stream.abort();

    const logo = await fetch(`${web}/media/logos/logo.png`);
    expect(logo.status).toBe(200);
    expect(logo.headers.get('content-type')).toBe('image/png');
    await page.close();
  });

  it('restarts the API when its source changes', { timeout: 60_000 }, async () => {
    const listening = lines.filter((line) => line.includes('Server listening at')).length;
    fs.appendFileSync(path.join(copy, 'apps/api/src/app.ts'), '\n// edited by the dev-server test\n');
    await printed('Server listening at', listening + 1);
    const health = await fetch(`${web}/api/health`);
    expect(health.status).toBe(200);
  });

  it('stops every process it started on Ctrl-C', { timeout: 30_000 }, async () => {
    const pid = dev?.pid as number;
    // What a terminal does on Ctrl-C: SIGINT to the whole foreground process group.
    process.kill(-pid, 'SIGINT');
    // Every process of it holds its output open: all have ended once it is closed.
    await closed;
    expect(groupMembers(pid)).toEqual([]);
  });
});

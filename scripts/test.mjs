// The README's test line (`npm install && npm test`) ends here: lint (biome and the import rules),
// typecheck, unit and integration tests (the API's on a throwaway PostgreSQL, then on SQLite on the
// other supported Node line, scripts/node-release.mjs), build, then end-to-end
// tests in Debian's Chromium. Stops at the first failing step; always stops PostgreSQL and removes temp dirs.
//
//   npm test                      everything
//   npm test -- --only=unit       lint+typecheck skipped; vitest on both Node lines, PostgreSQL started
//   npm test -- --only=e2e        build + Playwright only
//   npm test -- --only=lint,unit  (or TEST_ONLY=lint,unit npm test)
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureChromium } from './ensure-chromium.mjs';
import { ensureNginx } from './ensure-nginx.mjs';
import { envOnLine, onSupportedNode, otherLine } from './node-release.mjs';
import { startThrowawayPostgres } from './throwaway-postgres.mjs';

// Node 22.14+ or 24 (README); on an older Node this runs itself again on Node 22 from the registry.
await onSupportedNode();

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const PARTS = ['lint', 'unit', 'e2e'];

function selectedParts() {
  const flag = process.argv.slice(2).find((a) => a.startsWith('--only='));
  const value = flag ? flag.slice('--only='.length) : process.env.TEST_ONLY;
  if (!value) return new Set(PARTS);
  const parts = value.split(',').map((p) => p.trim());
  const unknown = parts.filter((p) => !PARTS.includes(p));
  if (unknown.length > 0) {
    console.error(`test: unknown part(s) ${unknown.join(', ')}; choose from ${PARTS.join(', ')}`);
    process.exit(2);
  }
  return new Set(parts);
}

const parts = selectedParts();
const tmp = mkdtempSync(join(tmpdir(), 'staff-test-'));
const reports = {
  vitest: join(tmp, 'vitest.json'),
  vitestOther: join(tmp, 'vitest-other-line.json'),
  playwright: join(tmp, 'playwright.json'),
};
let postgres = null;
let currentChild = null;
let startingPostgres = false; // a signal then waits for the start to finish, so the server is stopped
let interrupted = null;
let cleanedUp = false;

function cleanup() {
  if (cleanedUp) return;
  cleanedUp = true;
  if (postgres) {
    try {
      postgres.stopSync();
    } catch (error) {
      console.error(`test: could not stop PostgreSQL cleanly: ${error.message}`);
    }
  }
  rmSync(tmp, { recursive: true, force: true });
}

/** Signals the running step's whole process group (npx, the runner and its workers). */
function signalChild(signal) {
  if (!currentChild) return;
  try {
    process.kill(-currentChild.pid, signal);
  } catch {
    // already gone
  }
}

process.on('exit', cleanup);
for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
  ['SIGHUP', 129],
]) {
  process.on(signal, () => {
    if (interrupted) {
      // Second signal: stop waiting for the child to wind down.
      signalChild('SIGKILL');
      cleanup();
      process.exit(code);
    }
    interrupted = { signal, code };
    console.error(`\ntest: ${signal} received, stopping...`);
    if (currentChild) {
      // Runners shut down cleanly on SIGINT (Playwright stops its web servers); insist if they hang.
      signalChild('SIGINT');
      setTimeout(() => signalChild('SIGTERM'), 15_000).unref();
      setTimeout(() => signalChild('SIGKILL'), 30_000).unref();
    } else if (!startingPostgres) {
      cleanup();
      process.exit(code);
    }
  });
}

let stepNumber = 0;
const timings = [];

function header(title) {
  stepNumber += 1;
  console.log(`\n==> [${stepNumber}] ${title}`);
}

class StepFailed extends Error {}

/** Runs a command from the repo root with inherited output; throws StepFailed on a non-zero exit. */
function run(command, args, env = {}) {
  console.log(`$ ${[command, ...args].join(' ')}`);
  return new Promise((resolve, reject) => {
    // Own process group, so a signal reaches every process of the step (see signalChild), not
    // only npx, which would leave the runner behind as an orphan.
    const child = spawn(command, args, {
      detached: true,
      cwd: ROOT,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, ...env },
    });
    currentChild = child;
    child.on('error', (error) => reject(new StepFailed(`${command}: ${error.message}`)));
    child.on('close', (code, signal) => {
      currentChild = null;
      if (interrupted) reject(new StepFailed(`interrupted by ${interrupted.signal}`));
      else if (code === 0) resolve();
      else reject(new StepFailed(`${command} ${args.join(' ')} failed (${signal ?? `exit code ${code}`})`));
    });
  });
}

async function step(title, action) {
  header(title);
  const started = Date.now();
  try {
    await action();
  } finally {
    timings.push(`${title}: ${((Date.now() - started) / 1000).toFixed(0)}s`);
  }
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return null;
  }
}

/** Pass/fail counts from the runners' JSON reports, or null when neither produced one. */
function counts() {
  const totals = { passed: 0, failed: 0, skipped: 0 };
  const detail = [];
  for (const [label, report] of [
    ['vitest', reports.vitest],
    [`vitest on Node ${otherLine()}`, reports.vitestOther],
  ]) {
    const vitest = readJson(report);
    if (!vitest) continue;
    totals.passed += vitest.numPassedTests ?? 0;
    totals.failed += vitest.numFailedTests ?? 0;
    totals.skipped += (vitest.numPendingTests ?? 0) + (vitest.numTodoTests ?? 0);
    detail.push(`${label} ${vitest.numPassedTests}/${vitest.numTotalTests} passed`);
  }
  const playwright = readJson(reports.playwright);
  if (playwright?.stats) {
    const s = playwright.stats;
    const passed = (s.expected ?? 0) + (s.flaky ?? 0);
    totals.passed += passed;
    totals.failed += s.unexpected ?? 0;
    totals.skipped += s.skipped ?? 0;
    detail.push(`playwright ${passed}/${passed + (s.unexpected ?? 0) + (s.skipped ?? 0)} passed`);
  }
  return detail.length > 0 ? { totals, detail } : null;
}

async function main() {
  console.log(`test: running ${[...parts].join(', ')} (Node ${process.version})`);

  // Installing Chromium is network-bound: let it proceed while the CPU-bound steps run.
  let chromiumLog = '';
  const chromium = parts.has('e2e')
    ? ensureChromium({ log: (chunk) => (chromiumLog += chunk) }).then(
        (version) => ({ version }),
        (error) => ({ error }),
      )
    : null;

  // The same for nginx, openssl and systemd-analyze, which the deployment tests run (deploy/).
  let nginxLog = '';
  const nginx = parts.has('unit')
    ? ensureNginx({ log: (chunk) => (nginxLog += chunk) }).then(
        (version) => ({ version }),
        (error) => ({ error }),
      )
    : null;

  if (parts.has('lint')) {
    // `npm run lint`, not biome alone: the script also runs dependency-cruiser's import rules
    // (.dependency-cruiser.cjs), and the test line must fail on everything the script checks.
    await step('Lint, format and import rules (biome, dependency-cruiser)', () =>
      run('npm', ['run', 'lint']),
    );
    await step('Typecheck (tsc)', async () => {
      await run('npm', ['run', 'typecheck']);
      // The e2e specs have their own tsconfig (Node + Playwright, not the SPA's); check them here
      // unless the typecheck script already does.
      const scripts = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts ?? {};
      if (!String(scripts.typecheck ?? '').includes('apps/web/e2e')) {
        await run('npx', ['tsc', '-p', 'apps/web/e2e', '--noEmit']);
      }
    });
  }

  if (parts.has('unit')) {
    await step("Ensure Debian's nginx, openssl and systemd-analyze", async () => {
      const result = await nginx;
      if (nginxLog) process.stdout.write(result.error ? nginxLog : nginxLog.split('\n').slice(-5).join('\n'));
      if (result.error) throw new StepFailed(result.error.message);
      console.log(result.version);
    });
    await step('Start a throwaway PostgreSQL', async () => {
      startingPostgres = true;
      try {
        postgres = await startThrowawayPostgres();
      } finally {
        startingPostgres = false;
      }
      if (interrupted) throw new StepFailed(`interrupted by ${interrupted.signal}`);
      console.log(`PostgreSQL ready at ${postgres.url}`);
    });
    // The product supports the LTS lines 22 and 24 (README, `engines`). Every test runs on this line;
    // the API projects (`api`, `api-processes`), where a Node release can break something (native
    // modules, the runtime's own changes), run on the other line as well, from the npm registry
    // (scripts/node-release.mjs). Each database's API tests run once, on one of the lines
    // (TEST_DATABASES, src/test/harness.ts; decision 0029): PostgreSQL here, SQLite there. The npm
    // scripts' own tests (start, dev) run here only (decision 0029's addendum).
    const other = otherLine();
    await step('Unit and integration tests (vitest; the API on PostgreSQL)', () =>
      run(
        'npx',
        [
          'vitest',
          'run',
          '--exclude',
          'apps/web/e2e/**',
          '--reporter=default',
          '--reporter=json',
          `--outputFile=${reports.vitest}`,
        ],
        { TEST_PG_URL: postgres.url, TEST_DATABASES: 'postgres' },
      ),
    );
    await step(`API tests on Node ${other} (SQLite)`, () =>
      run(
        'npx',
        [
          'vitest',
          'run',
          '--project',
          'api',
          '--project',
          'api-processes',
          '--reporter=dot',
          '--reporter=json',
          `--outputFile=${reports.vitestOther}`,
        ],
        // TEST_NODE_LINE: the npm scripts' own tests run on the first line only (apps/api/vitest.config.ts).
        {
          TEST_PG_URL: postgres.url,
          TEST_DATABASES: 'sqlite',
          TEST_NODE_LINE: 'other',
          PATH: envOnLine(other).PATH,
        },
      ),
    );
    await step('Stop PostgreSQL', async () => {
      const pg = postgres;
      postgres = null;
      await pg.stop();
    });
  }

  if (parts.has('e2e')) {
    await step('Build (web + api)', () => run('npm', ['run', 'build']));
    for (const built of ['apps/api/dist/main.js', 'apps/api/dist/manage.js']) {
      if (!existsSync(join(ROOT, built))) throw new StepFailed(`build did not produce ${built}`);
    }
    await step("Ensure Debian's Chromium", async () => {
      const result = await chromium;
      if (chromiumLog)
        process.stdout.write(result.error ? chromiumLog : chromiumLog.split('\n').slice(-5).join('\n'));
      if (result.error) throw new StepFailed(result.error.message);
      console.log(result.version);
    });
    await step('End-to-end tests (Playwright + Chromium)', () =>
      run('npx', ['playwright', 'test', '-c', 'apps/web/playwright.config.ts'], {
        E2E_JSON_REPORT: reports.playwright,
        E2E_TMP_DIR: join(tmp, 'e2e'),
        PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
      }),
    );
  }
}

let exitCode = 0;
let summary = null;
try {
  await main();
} catch (error) {
  exitCode = interrupted?.code ?? 1;
  console.error(
    `\ntest: FAILED at step ${stepNumber}: ${error instanceof StepFailed ? error.message : error.stack}`,
  );
} finally {
  summary = counts(); // the reports live in the temp dir that cleanup removes
  cleanup();
}

console.log(`\nSteps: ${timings.join(', ')}`);
if (exitCode === 0) console.log('test: every step passed');
if (summary) {
  console.log(`(${summary.detail.join('; ')})`);
  const { passed, failed, skipped } = summary.totals;
  console.log(`test: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
}
process.exit(exitCode);

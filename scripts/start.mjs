// `npm start`: serves the app from this checkout, building it first only when its sources changed
// since the last build (decision 0020). The server then runs in this very process (the built
// apps/api/dist/serve.js is imported, not spawned) and the start script is `exec node …`, so no
// shell stands between npm and the server: the SIGTERM a supervisor sends to `npm start`, which npm
// passes on to its child, reaches the server and drains it.
//
// - Current: a SHA-256 over the path and contents of every file the build reads (each workspace's
//   top-level files, src/ and public/, tests excluded; the root package.json, package-lock.json
//   and tsconfig.base.json), about 3 MB read in tens of milliseconds. The build writes it last, as
//   apps/api/dist/build-stamp.json; the same hash there (and both outputs present) means no build.
// - One build at a time per checkout: .tmp/build.lock is created exclusively and holds the
//   builder's pid; the builder refreshes its time every few seconds. Another start waits for it and
//   then, as a rule, finds the build current. A lock whose process is gone, or that nobody refreshed
//   for a minute (a crashed builder, a reused pid), is taken over.
// - The build goes to folders beside the outputs (apps/web/.dist-building-<pid>,
//   apps/api/.dist-building-<pid>) and each is renamed into place when complete, the web first, then
//   the API with its stamp: a running server never finds apps/web/dist empty or half written.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { onSupportedNode } from './node-release.mjs';

// Node 22.14+ or 24 (README); on an older Node this runs itself again on Node 22 from the registry.
await onSupportedNode();

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WEB = path.join(ROOT, 'apps', 'web');
const API = path.join(ROOT, 'apps', 'api');
const WEB_DIST = path.join(WEB, 'dist');
const API_DIST = path.join(API, 'dist');
const SERVE = path.join(API_DIST, 'serve.js');
const STAMP = path.join(API_DIST, 'build-stamp.json');
const LOCK = path.join(ROOT, '.tmp', 'build.lock');
const LOCK_REFRESH_MS = 5_000;
const LOCK_STALE_MS = 60_000;
const LOCK_POLL_MS = 250;
const BUILDING = '.dist-building-';
const REPLACED = '.dist-replaced-';

const say = (message) => process.stderr.write(`start: ${message}\n`);

// --- what the build reads, and its hash

const ROOT_FILES = ['package.json', 'package-lock.json', 'tsconfig.base.json'];
const SOURCE_DIRS = new Set(['src', 'public']);
/** Tests are not built; the tools' own temporary copies of their config files come and go. */
const IGNORED = /\.(test|spec)\.[cm]?[jt]sx?$|\.config\.[cm]?[jt]s\.timestamp-|\.config\.bundled_/;

function walk(dir, files) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, files);
    else if (entry.isFile() && !IGNORED.test(entry.name)) files.push(full);
  }
}

function sourceFiles() {
  const files = ROOT_FILES.map((name) => path.join(ROOT, name)).filter((file) => fs.existsSync(file));
  const packages = path.join(ROOT, 'packages');
  const workspaces = [
    API,
    WEB,
    ...fs
      .readdirSync(packages, { withFileTypes: true })
      .flatMap((e) => (e.isDirectory() ? [path.join(packages, e.name)] : [])),
  ];
  for (const workspace of workspaces) {
    for (const entry of fs.readdirSync(workspace, { withFileTypes: true })) {
      const full = path.join(workspace, entry.name);
      if (entry.isFile() && !IGNORED.test(entry.name)) files.push(full);
      else if (entry.isDirectory() && SOURCE_DIRS.has(entry.name)) walk(full, files);
    }
  }
  return files.sort();
}

function sourcesHash() {
  const hash = createHash('sha256');
  for (const file of sourceFiles()) {
    const content = fs.readFileSync(file);
    hash.update(`${path.relative(ROOT, file)}\0${content.length}\0`);
    hash.update(content);
  }
  return hash.digest('hex');
}

function isCurrent(sources) {
  try {
    const stamp = JSON.parse(fs.readFileSync(STAMP, 'utf8'));
    return (
      stamp.sources === sources && fs.existsSync(SERVE) && fs.existsSync(path.join(WEB_DIST, 'index.html'))
    );
  } catch {
    return false;
  }
}

// --- the lock

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
}

/** The lock's holder while it is building; null when there is no lock or it may be taken over. */
function lockHolder() {
  try {
    if (Date.now() - fs.statSync(LOCK).mtimeMs > LOCK_STALE_MS) return null;
  } catch (err) {
    if (err.code === 'ENOENT') return null;
    throw err;
  }
  let holder;
  try {
    holder = JSON.parse(fs.readFileSync(LOCK, 'utf8'));
  } catch {
    // Created but not yet written (or just removed): look again on the next round.
    return { pid: 'unknown' };
  }
  return isAlive(holder.pid) ? holder : null;
}

function tryLock() {
  fs.mkdirSync(path.dirname(LOCK), { recursive: true });
  try {
    fs.writeFileSync(LOCK, JSON.stringify({ pid: process.pid, since: new Date().toISOString() }), {
      flag: 'wx',
    });
    return true;
  } catch (err) {
    if (err.code === 'EEXIST') return false;
    throw err;
  }
}

async function lock() {
  let told = false;
  for (;;) {
    if (tryLock()) return;
    const holder = lockHolder();
    if (holder === null) {
      // Its builder ended without releasing it (killed): take it over.
      fs.rmSync(LOCK, { force: true });
      continue;
    }
    if (!told) {
      say(`waiting for the build started by process ${holder.pid}`);
      told = true;
    }
    await new Promise((resolve) => setTimeout(resolve, LOCK_POLL_MS));
  }
}

function unlock() {
  try {
    if (JSON.parse(fs.readFileSync(LOCK, 'utf8')).pid === process.pid) fs.rmSync(LOCK, { force: true });
  } catch {
    // Not ours, or gone.
  }
}

// --- the build

/** The command-line entry of `pkg` as installed for the workspace `dir`. */
function binOf(dir, pkg) {
  const require = createRequire(path.join(dir, 'package.json'));
  const manifest = require.resolve(`${pkg}/package.json`);
  const { bin } = JSON.parse(fs.readFileSync(manifest, 'utf8'));
  return path.join(path.dirname(manifest), typeof bin === 'string' ? bin : bin[pkg]);
}

let running = null; // the build step under way, ended by a signal
let stopping = null;

function run(args, cwd) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd, stdio: ['ignore', 'inherit', 'inherit'] });
    running = child;
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      running = null;
      if (code === 0) resolve();
      else reject(new Error(`${path.basename(args[0])} ${args[1] ?? ''} failed (${code ?? signal})`));
    });
  });
}

/** Removes what builds of processes that are gone left behind (and our own, when we stop). */
function removeLeftovers({ ours = false } = {}) {
  for (const dir of [WEB, API]) {
    for (const name of fs.readdirSync(dir)) {
      const match = /^\.dist-(building|replaced)-(\d+)$/.exec(name);
      if (!match) continue;
      const pid = Number(match[2]);
      if ((ours && pid === process.pid) || (!ours && !isAlive(pid)))
        fs.rmSync(path.join(dir, name), { recursive: true, force: true });
    }
  }
}

/** Puts the complete `built` folder where `target` is, in two renames; the old one is removed after. */
function swapIntoPlace(built, target) {
  const replaced = path.join(path.dirname(target), `${REPLACED}${process.pid}`);
  let moved = false;
  try {
    fs.renameSync(target, replaced);
    moved = true;
  } catch (err) {
    if (err.code !== 'ENOENT') throw err;
  }
  fs.renameSync(built, target);
  if (moved) fs.rmSync(replaced, { recursive: true, force: true });
}

async function build(sources) {
  const webOut = path.join(WEB, `${BUILDING}${process.pid}`);
  const apiOut = path.join(API, `${BUILDING}${process.pid}`);
  await run([binOf(WEB, 'vite'), 'build', '--outDir', webOut, '--emptyOutDir'], WEB);
  await run([binOf(API, 'tsup'), '--out-dir', apiOut], API);
  // Last, and inside the API's output: it is in place only once both outputs are.
  fs.writeFileSync(
    path.join(apiOut, 'build-stamp.json'),
    `${JSON.stringify({ sources, builtAt: new Date().toISOString() })}\n`,
  );
  swapIntoPlace(webOut, WEB_DIST);
  swapIntoPlace(apiOut, API_DIST);
}

// --- start

const SIGNAL_EXIT = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 };
const onSignal = (signal) => {
  if (stopping) return;
  stopping = signal;
  // The build step ends first, so its output folder is not written to while it is removed.
  if (running) running.kill(signal);
  else process.exit(SIGNAL_EXIT[signal]);
};
for (const signal of Object.keys(SIGNAL_EXIT)) process.on(signal, onSignal);

async function prepare() {
  const sources = sourcesHash();
  if (isCurrent(sources)) {
    say('the build is current');
    return;
  }
  await lock();
  const refresh = setInterval(() => {
    const at = new Date();
    fs.utimesSync(LOCK, at, at);
  }, LOCK_REFRESH_MS);
  try {
    // Whoever held the lock may have just built these very sources.
    if (isCurrent(sources)) {
      say('the build is current');
      return;
    }
    removeLeftovers();
    say('building the app (its sources changed since the last build)');
    await build(sources);
    say('built');
  } catch (err) {
    removeLeftovers({ ours: true });
    throw err;
  } finally {
    clearInterval(refresh);
    unlock();
  }
}

try {
  await prepare();
} catch (err) {
  if (stopping) process.exit(SIGNAL_EXIT[stopping]);
  say(err.message);
  process.exit(1);
}
if (stopping) process.exit(SIGNAL_EXIT[stopping]);
// From here on the server's own handlers drain it on a signal.
for (const signal of Object.keys(SIGNAL_EXIT)) process.off(signal, onSignal);
await import(pathToFileURL(SERVE).href);

// What the benchmarks share. For the feature benches (in-process, through app.inject): paths,
// deterministic random numbers, a fresh migrated database, the real app with a signed-in user,
// timing calls and their statistics, and the results files. For the load and soak benches (the
// built server over HTTP): the build check, the server process with its CPU and memory from /proc,
// autocannon, the requests built from the data generator's fixtures, and the machine's facts.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const here = path.dirname(fileURLToPath(import.meta.url));
export const root = path.join(here, '..');
export const resultsDir = path.join(here, 'results');
/** A module of the API's TypeScript sources (the benches load them through tsx). */
export const apiSource = (p) => path.join(root, 'apps', 'api', 'src', p);

const PASSWORD = 'bench-password-1';

/** Deterministic pseudo-random numbers in [0, 1): the same sequence for a seed on every run and database. */
export function rng(seed) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

/** An element of `list`, drawn with `random`. */
export const pick = (random, list) => list[Math.floor(random() * list.length)];

/** A value from [value, weight] pairs, drawn with `random` in proportion to the weights. */
export function weighted(random, pairs) {
  let r = random() * pairs.reduce((s, [, w]) => s + w, 0);
  for (const [value, w] of pairs) {
    r -= w;
    if (r < 0) return value;
  }
  return pairs[pairs.length - 1][0];
}

/** Minutes after midnight as `HH:MM`. */
export const hhmm = (minutes) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** Writes bench/results/`name`.json. */
export function writeResult(name, report) {
  fs.mkdirSync(resultsDir, { recursive: true });
  fs.writeFileSync(path.join(resultsDir, `${name}.json`), `${JSON.stringify(report, null, 2)}\n`);
}

// ---------------------------------------------------------------------------------------------
// In-process benches.

/**
 * A migrated database for a bench: SQLite in a new temp dir (or `dataDir`), or PostgreSQL when
 * DATABASE_URL is set. Rate limits are off.
 */
export async function openDb(tag, { dataDir } = {}) {
  const { loadConfig } = await import(apiSource('config.ts'));
  const { createDb, migrateToLatest } = await import(apiSource('db/index.ts'));
  const dir = dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), `${tag}-bench-`));
  const config = loadConfig({
    DATA_DIR: dir,
    WEB_DIST_DIR: path.join(dir, 'web'),
    RATE_LIMIT: 'off',
    // The feature benches time what a read costs to compute: no answer is kept between calls
    // (decision 0021). The load bench runs the server as production does, answers kept.
    ANSWER_CACHE_MB: process.env.ANSWER_CACHE_MB ?? '0',
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
  });
  const db = createDb(config);
  await migrateToLatest(db);
  return { dataDir: dir, config, kind: config.databaseUrl ? 'postgres' : 'sqlite', db };
}

/**
 * The real app on `db`, ready for app.inject, and a new user of `role` signed in through it:
 * `get(url)` sends an authenticated GET.
 */
export async function startApp({ config, db, now, role = 'staff', emailPrefix = 'bench' }) {
  const { buildApp } = await import(apiSource('app.ts'));
  const app = await buildApp({ config, db, logger: false, ...(now ? { now } : {}) });
  await app.ready();
  const email = `${emailPrefix}-${Date.now()}@example.com`;
  const user = await app.accounts.createUser({ email, password: PASSWORD, role });
  const login = await app.inject({
    method: 'POST',
    url: '/api/users/token/',
    payload: { email, password: PASSWORD },
  });
  const headers = { authorization: `Bearer ${login.json().access}` };
  return { app, user, headers, get: (url) => app.inject({ method: 'GET', url, headers }) };
}

/** Closes the app and the database; removes the data directory unless `keep`. */
export async function close({ app, db, dataDir, keep }) {
  await app?.close();
  await db.destroy();
  if (keep) console.log('kept', dataDir);
  else fs.rmSync(dataDir, { recursive: true, force: true });
}

/**
 * Writes parent rows with their child rows in batches of `batch` parents, one transaction each:
 * the parents with `returning('id')`, then their children with that id under `key`, 1,000 rows a
 * statement. `add` flushes a full batch; call `flush` once at the end.
 */
export function batchedWriter(db, { parentTable, childTable, key, batch = 500 }) {
  let parents = [];
  let children = [];
  const flush = async () => {
    if (parents.length === 0) return;
    const [rows, kids] = [parents, children];
    parents = [];
    children = [];
    await db.transaction().execute(async (tx) => {
      const ids = await tx.insertInto(parentTable).values(rows).returning('id').execute();
      const linked = ids.flatMap((row, i) => kids[i].map((child) => ({ ...child, [key]: row.id })));
      for (let k = 0; k < linked.length; k += 1000)
        await tx
          .insertInto(childTable)
          .values(linked.slice(k, k + 1000))
          .execute();
    });
  };
  return {
    async add(parent, childRows) {
      parents.push(parent);
      children.push(childRows);
      if (parents.length >= batch) await flush();
    },
    flush,
  };
}

/** The number of rows in `table`. */
export async function countRows(db, table) {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The fields every in-process bench's report opens with: database, when, Node, cores, load. */
export const reportHeader = (kind) => ({
  database: kind,
  date: new Date().toISOString(),
  node: process.version,
  cpus: os.cpus().length,
  load_average: os.loadavg().map((l) => +l.toFixed(2)),
});

/** The value at fraction `p` of an ascending list. */
export const quantile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];

/**
 * Times calls made by `send(i)` (an app.inject): first `warmup` unmeasured ones (i = 0 …), then
 * `runs` timed ones (i = `from` …). Every answer must be 200; `check(res)` may look further.
 * Besides the wall time it takes this process's CPU time per call: SQLite runs in it, so that is
 * what a call costs with a core to itself (the wall time also counts waiting for a core on a busy
 * machine). Returns the medians and p95 (and the max with `max`), rounded to `digits`, and the
 * first answer.
 */
export async function timeCalls(label, send, { runs, warmup = 0, from = 0, check, digits = 2, max = false }) {
  let first = null;
  const answered = (res) => {
    if (res.statusCode !== 200) throw new Error(`${label}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    check?.(res);
    first ??= res;
  };
  for (let i = 0; i < warmup; i++) answered(await send(i));
  const wall = [];
  const cpu = [];
  for (let k = 0; k < runs; k++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    const res = await send(from + k);
    wall.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
    answered(res);
  }
  wall.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  const round = (n) => Number(n.toFixed(digits));
  const stats = {
    median_ms: round(quantile(wall, 0.5)),
    p95_ms: round(quantile(wall, 0.95)),
    ...(max ? { max_ms: round(wall[wall.length - 1]) } : {}),
    cpu_median_ms: round(quantile(cpu, 0.5)),
  };
  return { stats, first };
}

// ---------------------------------------------------------------------------------------------
// The built server.

function newestMtime(dir) {
  let newest = 0;
  if (!fs.existsSync(dir)) return 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(p));
    else if (/\.(ts|mts|js|json)$/.test(entry.name) && !/\.test\.ts$/.test(entry.name))
      newest = Math.max(newest, fs.statSync(p).mtimeMs);
  }
  return newest;
}

/** Rebuilds the API bundle when it is missing or older than the API's or the workspace packages' sources. */
export function ensureBuilt() {
  const main = path.join(root, 'apps', 'api', 'dist', 'main.js');
  const built = fs.existsSync(main) ? fs.statSync(main).mtimeMs : 0;
  const sources = Math.max(
    newestMtime(path.join(root, 'apps', 'api', 'src')),
    ...fs
      .readdirSync(path.join(root, 'packages'))
      .map((p) => newestMtime(path.join(root, 'packages', p, 'src'))),
  );
  if (built >= sources) return 'up to date';
  // Only the API bundle: the load needs no web build (the server serves the API without it).
  console.log(`building the API (${built ? 'dist older than the sources' : 'no dist'}) ...`);
  const run = spawnSync('npm', ['run', 'build', '-w', '@staff/api'], { cwd: root, stdio: 'inherit' });
  if (run.status !== 0) throw new Error('npm run build -w @staff/api failed');
  return 'rebuilt';
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout?.trim()) || 100;

/** Resident memory of a process in kB (Linux), or null once it is gone. */
function rssKb(pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  } catch {
    return null;
  }
}

/** The processes of a server: its own pid and its cluster workers' (its children), Linux. */
function processTree(pid) {
  const pids = [pid];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.split(') ')[1].split(' ')[1]) === pid) pids.push(Number(entry));
    } catch {}
  }
  return pids;
}

/** CPU time (user + system) of one process so far in ms, or 0 once it is gone. */
function cpuMsOf(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}

/** The worker count `npm start` uses on this machine (WEB_CONCURRENCY's default). */
export const PRODUCTION_WORKERS = os.availableParallelism();

/**
 * Starts the production build as `npm start` serves it (apps/api/dist/serve.js: a cluster of
 * `workers` processes, WEB_CONCURRENCY; 1 is a single process) on `dataDir` or `databaseUrl`
 * with `RATE_LIMIT=off MARKET_DATA=demo LOG_LEVEL=warn` (and `env` on top) on a free port, and
 * resolves once /api/health answers. CPU and memory figures cover the primary and its workers.
 */
export async function startServer({ dataDir, databaseUrl, workers = 1, env: extraEnv = {} }) {
  const port = await freePort();
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl ?? '',
    RATE_LIMIT: 'off',
    MARKET_DATA: 'demo',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    WEB_CONCURRENCY: String(workers),
    ...extraEnv,
  };
  delete env.TEST_PG_URL;
  const child = spawn(process.execPath, [path.join(root, 'apps', 'api', 'dist', 'serve.js')], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => {
    output += d;
  });
  child.stderr.on('data', (d) => {
    output += d;
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    try {
      const res = await fetch(`${base}/api/health`);
      if (res.ok) break;
    } catch {}
    if (Date.now() > deadline) throw new Error(`server did not answer within 120 s:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  // A cluster answers as soon as its first worker listens; the others start after it (decision
  // 0020) and load the app meanwhile. Wait until every worker is there and has gone quiet, so a
  // run neither measures a worker's start-up nor serves on fewer workers than it says.
  if (workers > 1) {
    let last = new Map();
    for (;;) {
      const children = processTree(child.pid).filter((pid) => pid !== child.pid);
      const now = new Map(children.map((pid) => [pid, cpuMsOf(pid)]));
      const quiet =
        children.length === workers &&
        children.every((pid) => last.has(pid) && now.get(pid) - last.get(pid) < 30);
      if (quiet) break;
      if (Date.now() > deadline) {
        if (children.length !== workers)
          throw new Error(`${children.length} of ${workers} workers ran after 120 s:\n${output}`);
        console.warn(`  the ${workers} workers still use CPU after 120 s; measuring anyway`);
        break;
      }
      last = now;
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  return {
    base,
    pid: child.pid,
    output: () => output,
    /** Whether the process is still running. */
    alive: () => child.exitCode === null && child.signalCode === null,
    /** The server's processes: the primary and its workers (one pid for a single process). */
    pids: () => processTree(child.pid),
    /** CPU time the server's processes have used so far, in ms (Linux). */
    cpuMs() {
      if (child.exitCode !== null) return null;
      return processTree(child.pid).reduce((sum, pid) => sum + cpuMsOf(pid), 0);
    },
    /** Resident memory of the server's processes in MB (Linux), whole. */
    rssMb() {
      const kb = processTree(child.pid).reduce((sum, pid) => sum + (rssKb(pid) ?? 0), 0);
      return kb === 0 ? null : Math.round(kb / 1024);
    },
    /** Resident memory of the server's processes in kB (Linux). */
    rssKb: () => processTree(child.pid).reduce((sum, pid) => sum + (rssKb(pid) ?? 0), 0) || null,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

// ---------------------------------------------------------------------------------------------
// HTTP.

export async function call(base, method, url, { token, body } = {}) {
  const res = await fetch(base + url, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  let json = null;
  try {
    json = JSON.parse(text);
  } catch {}
  return { status: res.status, json, text };
}

export async function signIn(base, email, password) {
  const res = await call(base, 'POST', '/api/users/token/', { body: { email, password } });
  if (res.status !== 200) throw new Error(`sign-in ${email}: ${res.status} ${res.text.slice(0, 200)}`);
  return res.json;
}

/** One autocannon run against `base`; `requests` as autocannon takes them. */
export async function load({ base, requests, connections, duration, headers = {}, warmup = 0 }) {
  const result = await autocannon({
    url: base,
    connections,
    duration,
    headers,
    requests,
    timeout: 30,
    // Unmeasured first: JIT, caches and the pool warm up before the figures count.
    ...(warmup > 0 ? { warmup: { connections, duration: warmup } } : {}),
  });
  const total = result['1xx'] + result['2xx'] + result['3xx'] + result['4xx'] + result['5xx'];
  return {
    connections,
    duration_s: duration,
    requests: total,
    rps: Number((total / result.duration).toFixed(1)),
    ok_rps: Number((result['2xx'] / result.duration).toFixed(1)),
    p50_ms: result.latency.p50,
    p90_ms: result.latency.p90,
    p99_ms: result.latency.p99,
    max_ms: result.latency.max,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    status_4xx: result['4xx'],
    status_5xx: result['5xx'],
    throughput_kb_s: Math.round(result.throughput.average / 1024),
  };
}

/** A request whose JSON body `makeBody()` makes afresh each time. */
export function bodyRequest(method, url, makeBody) {
  return {
    method,
    path: url,
    headers: { 'content-type': 'application/json' },
    setupRequest(req) {
      req.body = JSON.stringify(makeBody());
      return req;
    },
  };
}

/**
 * A token refresh that spends a token from `pool` on each request and puts the answer's new one
 * back (refresh tokens are single-use).
 */
export function refreshRequest(pool) {
  return {
    method: 'POST',
    path: '/api/users/token/refresh/',
    headers: { 'content-type': 'application/json' },
    setupRequest(req) {
      req.body = JSON.stringify({ refresh: pool.shift() ?? 'pool-empty' });
      return req;
    },
    onResponse(status, body) {
      if (status === 200) pool.push(JSON.parse(body).refresh);
    },
  };
}

const addDays = (date, n) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/**
 * What the load and soak benches send, from the data generator's fixtures (load-data.mjs): a token
 * per fixture user, a 50-item watchlist made through the API, the paths of each read, fresh bodies
 * for the writes, and refresh tokens on demand.
 */
export async function traffic(base, data) {
  const { fixtures } = data;
  const pw = fixtures.password;
  const tokens = {};
  for (const key of Object.keys(fixtures.users))
    tokens[key] = (await signIn(base, fixtures.users[key].email, pw)).access;
  const auth = (key) => ({ authorization: `Bearer ${tokens[key]}` });

  // Deterministic ticker sets of 50 (all tickers when there are fewer).
  const random = rng(20261120);
  const tickerSets = Array.from({ length: 64 }, () => {
    const set = new Set();
    const want = Math.min(50, fixtures.tickers.length);
    while (set.size < want) set.add(fixtures.tickers[Math.floor(random() * fixtures.tickers.length)]);
    return [...set].join(',');
  });

  // A 50-item watchlist for the stocks user (through the API, as the app makes one).
  const list = await call(base, 'POST', '/api/stocks/watchlists/', {
    token: tokens.stocks,
    body: { name: `Bench ${Date.now()}` },
  });
  if (list.status !== 201) throw new Error(`watchlist: ${list.status} ${list.text}`);
  for (const ticker of tickerSets[0].split(',')) {
    const add = await call(base, 'POST', `/api/stocks/watchlists/${list.json.id}/add_item/`, {
      token: tokens.stocks,
      body: { ticker },
    });
    if (add.status >= 300) throw new Error(`add_item ${ticker}: ${add.status} ${add.text}`);
  }

  const today = fixtures.today;
  const heavy = fixtures.diary.heavy;
  const searches = ['nguyen', 'tran thi', 'duc', 'hoa', 'le van', '0912', 'minh', 'dang'];
  const symbols = fixtures.forexSymbols.map(encodeURIComponent);
  const week = `start_date=${addDays(today, -6)}&end_date=${today}`;
  const paths = {
    profile: '/api/users/profile/',
    users: searches.map(
      (s) => `/api/users/users/?search=${encodeURIComponent(s)}&role=staff&ordering=last_name`,
    ),
    diaryEntries: `/api/diaries/${heavy.diaryId}/entries/?${week}`,
    diaryAnalysis: '/api/diaries/analysis/?days=365',
    forexMonthly: symbols.map((s) => `/api/forex/monthly/?symbol=${s}`),
    forexYearly: symbols.map((s) => `/api/forex/yearly/?symbol=${s}`),
    snapshots: tickerSets.map((t) => `/api/stocks/snapshots/?tickers=${t}`),
    watchlist: `/api/stocks/watchlists/${list.json.id}/`,
    realtime: tickerSets.map((t) => `/api/stocks/realtime/?tickers=${t}`),
    leaderboard: '/api/cashflow/leaderboard/?range=all&include_guests=true',
    sessions: '/api/cashflow/sessions/',
    entryCreate: `/api/diaries/${heavy.diaryId}/entries/`,
    finalize: '/api/cashflow/sessions/finalize/',
  };

  // Writes: every request a fresh body.
  let entrySeq = 0;
  const entryBody = () => {
    const n = entrySeq++;
    const date = addDays(today, -(n % 1000));
    const minute = (n * 7) % 1380;
    return {
      title: `Load entry ${n}`,
      start_date: date,
      start_time: hhmm(minute),
      end_date: date,
      end_time: hhmm(minute + 30),
      category: [heavy.categoryIds[n % heavy.categoryIds.length]],
      place: 'Office',
      note: 'Written by the load benchmark',
      time_zone: 'Asia/Ho_Chi_Minh',
    };
  };
  let pendingTs = 1_000_000_000_000 + fixtures.hostGames;
  const finalizeBody = () => {
    const end = Date.now() - 60_000;
    const results = Array.from({ length: 4 }, (_, i) => ({
      career: 'Kỹ sư',
      salary: 3000,
      expenses: 2500,
      passive_income: i === 1 ? 4000 : 1000,
      cash_on_hand_end: 12_000,
      escaped_ratrace: i === 1,
      is_winner: i === 1,
      guest_name: `Khách tải ${i + 1}`,
    }));
    return {
      num_players: 4,
      start_time: new Date(end - 3_600_000).toISOString(),
      end_time: new Date(end).toISOString(),
      win_type: 'PASSIVE_INCOME_FAST',
      winner_index: 1,
      _pending_ts: pendingTs++,
      results,
    };
  };

  /** `count` refresh tokens of the writer, each from its own sign-in. */
  const refreshTokens = async (count) => {
    const out = [];
    for (let i = 0; i < count; i++) out.push((await signIn(base, fixtures.users.writer.email, pw)).refresh);
    return out;
  };

  return { fixtures, auth, tickerSets, paths, entryBody, finalizeBody, refreshTokens };
}

// ---------------------------------------------------------------------------------------------
// The machine.

/** The machine and the versions the figures were taken with. */
export function machine() {
  const cpus = os.cpus();
  const npm = spawnSync('npm', ['--version'], { encoding: 'utf8' }).stdout?.trim() ?? '';
  return {
    cpu: cpus[0]?.model ?? 'unknown',
    cores: cpus.length,
    memory_gb: Number((os.totalmem() / 2 ** 30).toFixed(1)),
    os: `${os.type()} ${os.release()}`,
    node: process.version,
    npm,
    autocannon: JSON.parse(
      fs.readFileSync(path.join(root, 'node_modules', 'autocannon', 'package.json'), 'utf8'),
    ).version,
  };
}

/** The date and time for a results file name: 2026-11-22-1942 (UTC). */
export const fileStamp = (date = new Date()) =>
  date.toISOString().slice(0, 16).replace(':', '').replace('T', '-');

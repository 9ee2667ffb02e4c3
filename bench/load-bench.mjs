// Load benchmark (issues 9 and 17): fills a fresh database at the issue's scale (load-data.mjs),
// starts the built production server as `npm start` runs it (apps/api/dist/serve.js: one worker
// per core), then again as one process (WEB_CONCURRENCY=1, a second row group to compare with),
// and drives each main
// read and write over HTTP with autocannon from this process at a fixed concurrency; the
// framework's ceiling is GET /api/health (a `select 1`) on the same server. Sign-in is measured
// on its own at low concurrency, since password hashing (Argon2id) bounds it by design.
//
//   npm run bench -- load                                   # SQLite, full scale
//   BENCH_SCALE=0.05 BENCH_DURATION=3 npm run bench -- load # a quick run
//   node scripts/throwaway-postgres.mjs npm run bench -- load   # SQLite, then PostgreSQL
//
// Options (env): BENCH_SCALE (1), BENCH_DURATION (10 s per endpoint, after BENCH_WARMUP 2 s
// unmeasured), BENCH_CONNECTIONS (64),
// BENCH_SIGNIN_CONNECTIONS (4), BENCH_DB (sqlite,postgres: which to run; postgres needs
// TEST_PG_URL or DATABASE_URL), BENCH_ONLY (comma-separated scenario names), BENCH_KEEP=1 (keep
// the SQLite data dir), BENCH_DATA_DIR (seed the SQLite data there once and reuse it on later runs
// at the same scale; the writes of earlier runs stay in it), BENCH_WORKERS (the production group's
// worker count; default what npm start uses, one per core), BENCH_SINGLE=off (skip the one-process
// group), BENCH_UNCACHED=off (skip the third group: the production workers with ANSWER_CACHE_MB=0,
// reads only). Writes bench/results/load-<date>-<db>.json and .md (and copies the .md to
// load-latest-<db>.md); prints PASS/FAIL per budget. Exits 0 when budgets fail: it measures.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import * as bench from './lib.mjs';
import { generateData } from './load-data.mjs';

const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const WARMUP = Number(process.env.BENCH_WARMUP ?? Math.min(2, DURATION));
const SIGNIN_CONNECTIONS = Number(process.env.BENCH_SIGNIN_CONNECTIONS ?? 4);
const ONLY = process.env.BENCH_ONLY ? process.env.BENCH_ONLY.split(',').map((s) => s.trim()) : null;
const PG_URL = process.env.TEST_PG_URL || process.env.DATABASE_URL || '';
const DBS = (process.env.BENCH_DB ?? (PG_URL ? 'sqlite,postgres' : 'sqlite')).split(',').map((s) => s.trim());

const WORKERS = Number(process.env.BENCH_WORKERS ?? bench.PRODUCTION_WORKERS);
const SINGLE = process.env.BENCH_SINGLE !== 'off' && WORKERS !== 1;

/**
 * Budgets of issue 17 for every read at 64 connections, production worker count: on SQLite at
 * least 25 % of the ceiling's requests per second with p99 under 100 ms, on PostgreSQL at least
 * 15 % of its ceiling; no request fails.
 */
const READ_MIN_RATIO = { sqlite: 0.25, postgres: 0.15 };
const READ_MAX_P99_MS = { sqlite: 100, postgres: null };

/**
 * Issue 22. The framework's own cost: the production ceiling at least this share of the bare
 * node:http baseline measured in the same run. The writes: token refresh and diary entry creation
 * against the production ceiling. Without the kept answers (ANSWER_CACHE_MB=0, a third row group on
 * the production worker count): every read at least 10 % of that group's ceiling, p99 under 250 ms.
 */
const CEILING_MIN_RATIO_TO_BASELINE = { sqlite: 0.4, postgres: 0.25 };
const WRITE_BUDGETS = {
  refresh: { minRatio: 0.25, maxP99: 100 },
  'entry-create': { minRatio: 0.1, maxP99: 250 },
};
const UNCACHED_READ_MIN_RATIO = 0.1;
const UNCACHED_READ_MAX_P99_MS = 250;
const UNCACHED = process.env.BENCH_UNCACHED !== 'off';
/**
 * The reads whose 10 % budget with nothing kept is refused, per database (decision 0021, "What the
 * reads with nothing kept are held to"): their figures are still printed against the target, and a
 * row below it reads "refused" instead of FAIL; a failed request still fails it.
 */
const UNCACHED_REFUSED = {
  sqlite: new Set([
    'users',
    'diary-entries',
    'diary-analysis',
    'forex-monthly',
    'forex-yearly',
    'snapshots',
    'watchlist',
  ]),
  postgres: new Set(['users', 'diary-entries', 'forex-monthly', 'forex-yearly', 'snapshots', 'watchlist']),
};

/** A budget row's verdict: PASS, FAIL, n/a, or refused (below a target decision 0021 refuses). */
function verdictOf(b) {
  if (b.pass === null) return 'n/a';
  if (b.pass) return 'PASS';
  return b.refused ? 'refused' : 'FAIL';
}

/**
 * The machine's own ceiling, for reading the others: a bare node:http server answering the same
 * JSON, in its own process, loaded the same way. Not the app; no budget.
 */
async function measureBareNode() {
  const port = await bench.freePort();
  const code = `require('node:http').createServer((q, s) => { s.setHeader('content-type', 'application/json'); s.end('{"status":"ok"}'); }).listen(${port}, '127.0.0.1', () => console.log('up'))`;
  const child = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise((resolve) => child.stdout.once('data', resolve));
  try {
    return await load({ base: `http://127.0.0.1:${port}`, requests: [{ method: 'GET', path: '/' }] });
  } finally {
    child.kill('SIGKILL');
  }
}

/** One autocannon run at this bench's settings unless the scenario says otherwise. */
function load({
  base,
  requests,
  connections = CONNECTIONS,
  duration = DURATION,
  headers = {},
  warmup = WARMUP,
}) {
  return bench.load({ base, requests, connections, duration, headers, warmup });
}

/** A GET scenario rotating over `paths`. */
function rotating(paths, method = 'GET', body) {
  let i = 0;
  return [
    {
      method,
      ...(body ? { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } } : {}),
      setupRequest(req) {
        req.path = paths[i++ % paths.length];
        return req;
      },
    },
  ];
}

// ---------------------------------------------------------------------------------------------
// The scenarios: what the issue lists, with the fixtures the generator made.

async function scenarios(base, data) {
  const { fixtures, auth, paths, entryBody, finalizeBody, refreshTokens } = await bench.traffic(base, data);
  const pw = fixtures.password;

  // Refresh: each request spends a token from a pool and its answer puts the new one back.
  const refreshPool = [];
  const refreshScenario = async () => {
    refreshPool.push(...(await refreshTokens(CONNECTIONS + 8)));
    return [bench.refreshRequest(refreshPool)];
  };

  return [
    {
      name: 'ceiling',
      label: 'ceiling: GET /api/health (select 1)',
      kind: 'ceiling',
      requests: rotating(['/api/health']),
    },
    {
      name: 'profile',
      label: 'GET /api/users/profile/',
      kind: 'read',
      headers: auth('diary'),
      requests: rotating([paths.profile]),
    },
    {
      name: 'users',
      label: 'users list: search (8 terms) + role=staff + ordering=last_name',
      kind: 'read',
      headers: auth('admin'),
      requests: rotating(paths.users),
    },
    {
      name: 'diary-entries',
      label: 'diary entries, 7-day window (the heavy user)',
      kind: 'read',
      headers: auth('diary'),
      requests: rotating([paths.diaryEntries]),
    },
    {
      name: 'diary-analysis',
      label: 'diary analysis, 365 days (the heavy user)',
      kind: 'read',
      headers: auth('diary'),
      requests: rotating([paths.diaryAnalysis]),
    },
    {
      name: 'forex-monthly',
      label: 'forex monthly range (24 symbols rotating)',
      kind: 'read',
      headers: auth('stocks'),
      requests: rotating(paths.forexMonthly),
    },
    {
      name: 'forex-yearly',
      label: 'forex yearly range (24 symbols rotating)',
      kind: 'read',
      headers: auth('stocks'),
      requests: rotating(paths.forexYearly),
    },
    {
      name: 'snapshots',
      label: 'stock snapshots, 50 tickers (64 sets rotating)',
      kind: 'read',
      headers: auth('stocks'),
      requests: rotating(paths.snapshots),
    },
    {
      name: 'watchlist',
      label: 'watchlist detail, 50 items with snapshots',
      kind: 'read',
      headers: auth('stocks'),
      requests: rotating([paths.watchlist]),
    },
    {
      name: 'realtime',
      label: 'realtime quotes, 50 tickers (64 sets rotating)',
      kind: 'read',
      headers: auth('stocks'),
      requests: rotating(paths.realtime),
    },
    {
      name: 'leaderboard',
      label: 'CashFlow leaderboard, range=all with guests',
      kind: 'read',
      headers: auth('host'),
      requests: rotating([paths.leaderboard]),
    },
    {
      name: 'sessions',
      label: 'CashFlow sessions, first page',
      kind: 'read',
      headers: auth('host'),
      requests: rotating([paths.sessions]),
    },
    {
      name: 'refresh',
      label: 'POST token/refresh/ (a fresh token each time)',
      kind: 'write',
      // No warm-up: the tokens in flight when it stopped would be lost, and the pool only has a few spare.
      warmup: 0,
      requests: refreshScenario,
    },
    {
      name: 'entry-create',
      label: 'POST diary entry (the heavy user)',
      kind: 'write',
      headers: auth('diary'),
      requests: [bench.bodyRequest('POST', paths.entryCreate, entryBody)],
    },
    {
      name: 'finalize',
      label: 'POST CashFlow finalize (unique _pending_ts)',
      kind: 'write',
      headers: auth('host'),
      requests: [bench.bodyRequest('POST', paths.finalize, finalizeBody)],
    },
    {
      name: 'sign-in',
      label: `POST token/ (sign-in, Argon2id), ${SIGNIN_CONNECTIONS} connections`,
      kind: 'sign-in',
      connections: SIGNIN_CONNECTIONS,
      requests: rotating(['/api/users/token/'], 'POST', { email: fixtures.users.writer.email, password: pw }),
    },
  ];
}

// ---------------------------------------------------------------------------------------------
// One database: seed, serve, load, report.

/** One server (`workers` processes) on the seeded data: every scenario in turn. */
async function runGroup({ dataDir, databaseUrl, data, workers, rssStart, env, name, only }) {
  const server = await bench.startServer({ dataDir, databaseUrl, workers, env });
  rssStart[name] = server.rssMb();
  const processes = server.pids().length;
  const results = [];
  try {
    const list = await scenarios(server.base, data);
    for (const s of list) {
      if (ONLY && s.kind !== 'ceiling' && !ONLY.includes(s.name)) continue;
      if (only && s.kind !== 'ceiling' && !only(s)) continue;
      const requests = typeof s.requests === 'function' ? await s.requests() : s.requests;
      // A first request by hand: it must succeed, and it warms the caches.
      const first = requests[0];
      const probe = first.setupRequest ? first.setupRequest({ ...first, headers: {} }) : first;
      const check = await fetch(server.base + probe.path, {
        method: probe.method,
        headers: { ...(s.headers ?? {}), ...(probe.body ? { 'content-type': 'application/json' } : {}) },
        body: probe.body,
      });
      const checkBody = await check.text();
      if (first.onResponse) first.onResponse(check.status, checkBody);
      if (check.status >= 300)
        console.warn(`  ${s.name}: probe answered ${check.status} ${checkBody.slice(0, 200)}`);
      const loadBefore = os.loadavg()[0];
      const t0 = performance.now();
      const cpu0 = server.cpuMs();
      const r = await load({
        base: server.base,
        requests,
        headers: s.headers,
        connections: s.connections ?? CONNECTIONS,
        warmup: s.warmup ?? WARMUP,
      });
      const row = {
        name: s.name,
        label: s.label,
        kind: s.kind,
        probe_status: check.status,
        probe_bytes: checkBody.length,
        ...r,
        wall_s: Number(((performance.now() - t0) / 1000).toFixed(1)),
        // The server's own CPU (all its processes) per answered request: what a request costs it.
        server_cpu_ms_per_request: r.requests
          ? Number(((server.cpuMs() - cpu0) / r.requests).toFixed(2))
          : null,
        server_rss_mb: server.rssMb(),
        server_processes: processes,
        load_average: Number(loadBefore.toFixed(2)),
      };
      results.push(row);
      console.log(
        `  ${s.name.padEnd(15)} ${String(row.rps).padStart(8)} req/s  p50 ${String(row.p50_ms).padStart(4)} ms  p99 ${String(row.p99_ms).padStart(5)} ms  non-2xx ${row.non2xx}  errors ${row.errors + row.timeouts}  server CPU ${row.server_cpu_ms_per_request} ms/req`,
      );
    }
  } finally {
    await server.stop();
    const tail = server.output().trim();
    if (tail) console.log(`server output (last lines):\n${tail.split('\n').slice(-10).join('\n')}`);
  }
  return results;
}

async function runOne(kind) {
  // BENCH_DATA_DIR (SQLite only): seed there once and keep it; later runs at the same scale reuse it.
  const keptDir = kind === 'sqlite' ? process.env.BENCH_DATA_DIR : undefined;
  const dataDir = keptDir
    ? path.resolve(keptDir)
    : fs.mkdtempSync(path.join(os.tmpdir(), `load-bench-${kind}-`));
  const databaseUrl = kind === 'postgres' ? PG_URL : undefined;
  if (kind === 'postgres' && !databaseUrl) throw new Error('postgres needs TEST_PG_URL or DATABASE_URL');
  const marker = path.join(dataDir, 'bench-data.json');
  let data = keptDir && fs.existsSync(marker) ? JSON.parse(fs.readFileSync(marker, 'utf8')) : null;
  if (data && data.scale !== SCALE) throw new Error(`${dataDir} holds scale ${data.scale}, not ${SCALE}`);
  if (data) {
    console.log(`\n== load bench on ${kind}: reusing the data seeded in ${dataDir} (scale ${SCALE})`);
  } else {
    console.log(`\n== load bench on ${kind}: seeding at scale ${SCALE} ...`);
    data = await generateData({ dataDir, databaseUrl, scale: SCALE, log: console.log });
    console.log(`seeded in ${data.seconds} s`);
    if (keptDir) fs.writeFileSync(marker, `${JSON.stringify(data)}\n`);
  }

  const groups = [{ name: 'production', workers: WORKERS }];
  if (SINGLE) groups.push({ name: 'one process', workers: 1 });
  // The production workers without the kept answers (decision 0021): what every read costs when
  // each request does its work (the reads only; the writes are the same as the first group's).
  // It runs first, on the data as seeded: the write rows of the other groups add tens of thousands
  // of entries to the heavy diary (a 7-day window of 320 entries grows to over 500), and its reads
  // would then measure a bigger diary than the first group's.
  if (UNCACHED)
    groups.unshift({
      name: 'no kept answers',
      workers: WORKERS,
      env: { ANSWER_CACHE_MB: '0' },
      only: (s) => s.kind === 'read',
    });
  const results = [];
  const rssStart = {};
  for (const group of groups) {
    console.log(
      `\n-- ${group.name}: ${group.workers} worker${group.workers === 1 ? ' (one process)' : 's'}${
        group.env
          ? ` (${Object.entries(group.env)
              .map(([k, v]) => `${k}=${v}`)
              .join(' ')})`
          : ''
      }`,
    );
    const rows = await runGroup({
      dataDir,
      databaseUrl,
      data,
      workers: group.workers,
      rssStart,
      env: group.env,
      name: group.name,
      only: group.only,
    });
    for (const row of rows) results.push({ group: group.name, workers: group.workers, ...row });
  }
  if (process.env.BENCH_KEEP || keptDir) console.log(`kept ${dataDir}`);
  else fs.rmSync(dataDir, { recursive: true, force: true });

  if (!ONLY || ONLY.includes('baseline')) {
    const bare = await measureBareNode();
    results.unshift({
      name: 'baseline',
      group: 'machine',
      workers: 1,
      label: 'machine baseline: bare node:http, not the app',
      kind: 'baseline',
      ...bare,
      server_cpu_ms_per_request: null,
      server_rss_mb: null,
      load_average: Number(os.loadavg()[0].toFixed(2)),
    });
    console.log(
      `  baseline        ${String(bare.rps).padStart(8)} req/s  p50 ${bare.p50_ms} ms  p99 ${bare.p99_ms} ms (bare node:http)`,
    );
  }
  // Each row against the ceiling of its own group (the same server).
  for (const r of results) {
    const ceiling = results.find((c) => c.kind === 'ceiling' && c.group === r.group);
    r.ratio_to_ceiling =
      ceiling?.ok_rps && r.kind !== 'baseline' ? Number((r.ok_rps / ceiling.ok_rps).toFixed(3)) : null;
  }
  // Budgets (issues 17 and 22), on the production groups at 64 connections.
  const budgets = [];
  const ceiling = results.find((r) => r.kind === 'ceiling' && r.group === 'production');
  if (CONNECTIONS === 64) {
    const minRatio = READ_MIN_RATIO[kind];
    const maxP99 = READ_MAX_P99_MS[kind];
    for (const r of results.filter((x) => x.kind === 'read' && x.group === 'production')) {
      const failures = r.non2xx + r.errors + r.timeouts;
      const ok = r.ratio_to_ceiling >= minRatio && (maxP99 === null || r.p99_ms < maxP99) && failures === 0;
      budgets.push({
        budget: `${r.name}: ≥ ${minRatio * 100} % of ceiling rps${maxP99 === null ? '' : `, p99 < ${maxP99} ms`}, no errors (${r.workers} workers)`,
        measured: `${Math.round(r.ratio_to_ceiling * 100)} % (${r.ok_rps} / ${ceiling.ok_rps} req/s), p99 ${r.p99_ms} ms${failures ? `, ${failures} failed` : ''}`,
        pass: ok,
      });
    }
    // Issue 22: the ceiling against the bare baseline, the writes, the reads without kept answers.
    const baseline = results.find((r) => r.kind === 'baseline');
    if (baseline?.ok_rps && ceiling?.ok_rps) {
      const minRatio = CEILING_MIN_RATIO_TO_BASELINE[kind];
      const ratio = ceiling.ok_rps / baseline.ok_rps;
      budgets.push({
        budget: `ceiling (${ceiling.workers} workers) ≥ ${minRatio * 100} % of the bare node:http baseline (one process, same run)`,
        measured: `${Math.round(ratio * 100)} % (${ceiling.ok_rps} / ${baseline.ok_rps} req/s)`,
        pass: ratio >= minRatio,
      });
    }
    for (const [name, { minRatio, maxP99 }] of Object.entries(WRITE_BUDGETS)) {
      const r = results.find((x) => x.name === name && x.group === 'production');
      if (!r) continue;
      const failures = r.non2xx + r.errors + r.timeouts;
      budgets.push({
        budget: `${name}: ≥ ${minRatio * 100} % of ceiling rps, p99 < ${maxP99} ms, no errors (${r.workers} workers)`,
        measured: `${Math.round(r.ratio_to_ceiling * 100)} % (${r.ok_rps} / ${ceiling.ok_rps} req/s), p99 ${r.p99_ms} ms${failures ? `, ${failures} failed` : ''}`,
        pass: r.ratio_to_ceiling >= minRatio && r.p99_ms < maxP99 && failures === 0,
      });
    }
    const uncachedCeiling = results.find((r) => r.kind === 'ceiling' && r.group === 'no kept answers');
    for (const r of results.filter((x) => x.kind === 'read' && x.group === 'no kept answers')) {
      const failures = r.non2xx + r.errors + r.timeouts;
      const pass =
        r.ratio_to_ceiling >= UNCACHED_READ_MIN_RATIO &&
        r.p99_ms < UNCACHED_READ_MAX_P99_MS &&
        failures === 0;
      budgets.push({
        budget: `no kept answers, ${r.name}: ≥ ${UNCACHED_READ_MIN_RATIO * 100} % of ceiling rps, p99 < ${UNCACHED_READ_MAX_P99_MS} ms, no errors (${r.workers} workers, ANSWER_CACHE_MB=0)`,
        measured: `${Math.round(r.ratio_to_ceiling * 100)} % (${r.ok_rps} / ${uncachedCeiling?.ok_rps} req/s), p99 ${r.p99_ms} ms, ${r.server_cpu_ms_per_request} ms of server CPU a request${failures ? `, ${failures} failed` : ''}`,
        pass,
        refused: !pass && failures === 0 && UNCACHED_REFUSED[kind].has(r.name),
      });
    }
    if (kind === 'sqlite') budgets.push(...featureBudgets());
  }
  return {
    database: kind,
    date: new Date().toISOString(),
    machine: bench.machine(),
    settings: {
      scale: SCALE,
      duration_s: DURATION,
      warmup_s: WARMUP,
      connections: CONNECTIONS,
      signin_connections: SIGNIN_CONNECTIONS,
    },
    dataset: {
      sizes: data.sizes,
      rows: data.counts,
      seed_seconds: data.seconds,
      seed_timings_s: data.timings,
    },
    server: {
      command: 'node apps/api/dist/serve.js (what npm start runs)',
      env: 'RATE_LIMIT=off MARKET_DATA=demo LOG_LEVEL=warn',
      workers: WORKERS,
      groups: groups.map((g) => g.name),
      rss_mb_start: rssStart,
    },
    results,
    budgets,
  };
}

/** The feature issues' budgets, from the latest in-process results of the feature benches (SQLite). */
function featureBudgets() {
  const read = (name) => {
    const file = path.join(bench.resultsDir, `${name}-sqlite.json`);
    if (!fs.existsSync(file)) return null;
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  };
  const out = [];
  const add = (file, report, label, limit, pick) => {
    if (!report) {
      out.push({
        budget: `${label} < ${limit} ms median`,
        measured: `no bench/results/${file}-sqlite.json (run npm run bench -- ${file})`,
        pass: null,
      });
      return;
    }
    const rows = report.results.filter(pick);
    for (const r of rows) {
      out.push({
        budget: `${file}: ${r.name ?? r.label ?? r.scenario} < ${limit} ms median (in-process)`,
        measured: `${r.median_ms} ms (${(report.date ?? report.at ?? '').slice(0, 16)}, bench/results/${file}-sqlite.json)`,
        pass: r.median_ms < limit,
      });
    }
  };
  add(
    'users',
    read('users'),
    'users list',
    50,
    (r, i) => r.scenario?.startsWith('search "nguyen"') ?? i === 0,
  );
  const diary = read('diary');
  add('diary', diary, 'analysis 365 days', 100, (r) => r.name === 'analysis 365 days');
  add('diary', diary, 'entries 7 days', 20, (r) => r.name === 'entries list, 7-day window');
  const cashflow = read('cashflow');
  add('cashflow', cashflow, 'leaderboard', 50, (r) => r.name.startsWith('leaderboard'));
  add('cashflow', cashflow, 'sessions', 20, (r) => r.name === 'sessions, first page');
  add('forex', read('forex'), 'forex ranges', 20, (r) => /^(daily|monthly|yearly)/.test(r.name));
  add('stocks', read('stocks'), 'snapshots', 30, (r) => r.label?.startsWith('snapshots,'));
  return out;
}

function markdown(report, jsonName) {
  const m = report.machine;
  const d = report.dataset;
  const lines = [];
  lines.push(`# Load benchmark, ${report.database}, ${report.date.slice(0, 16).replace('T', ' ')} UTC`);
  lines.push('');
  lines.push(
    `Machine: ${m.cores} × ${m.cpu}, ${m.memory_gb} GB, ${m.os}; Node ${m.node}, npm ${m.npm}, autocannon ${m.autocannon}. ` +
      `Server: \`${report.server.command}\` with ${report.server.workers} worker${report.server.workers === 1 ? '' : 's'} (the production group: one per core, as \`npm start\` runs it)${report.server.groups.includes('one process') ? ', then one process (WEB_CONCURRENCY=1) for comparison' : ''}${report.server.groups.includes('no kept answers') ? ', and the production workers with ANSWER_CACHE_MB=0 for the reads (run first, on the data as seeded, before any write row adds to it)' : ''}; ${report.server.env}. ` +
      `Load: autocannon in the benchmark process, ${report.settings.connections} connections, ${report.settings.duration_s} s per endpoint after ${report.settings.warmup_s} s of unmeasured warm-up (none for refresh) ` +
      `(sign-in ${report.settings.signin_connections} connections). The load generator and the server share the machine's cores.`,
  );
  lines.push('');
  lines.push(
    `Data (scale ${report.settings.scale}, seeded in ${d.seed_seconds} s: ${Object.entries(d.seed_timings_s)
      .map(([k, v]) => `${k} ${v} s`)
      .join(', ')}): ${Object.entries(d.rows)
      .map(([k, v]) => `${k} ${v.toLocaleString('en-US')}`)
      .join(', ')}.`,
  );
  lines.push('');
  // Shown in this order whatever order they ran in; the machine's baseline heads the first.
  const order = ['production', 'one process', 'no kept answers'];
  const groups = [...new Set(report.results.map((r) => r.group))]
    .filter((g) => g !== 'machine')
    .sort((a, b) => order.indexOf(a) - order.indexOf(b));
  for (const group of groups) {
    const rows = report.results.filter(
      (r) => r.group === group || (r.group === 'machine' && group === groups[0]),
    );
    const workers = rows.find((r) => r.group === group)?.workers ?? 1;
    lines.push(
      group === 'production'
        ? `### Production: ${workers === 1 ? 'one process' : `${workers} workers`}, as npm start runs it`
        : group === 'no kept answers'
          ? `### Production workers (${workers}) without the kept answers (ANSWER_CACHE_MB=0): the reads`
          : '### One process (WEB_CONCURRENCY=1), for comparison',
    );
    lines.push('');
    lines.push(
      '| endpoint | kind | req/s | ratio to ceiling | p50 ms | p99 ms | max ms | non-2xx | errors | server CPU ms/req | server RSS MB | load avg |',
    );
    lines.push('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
    for (const r of rows) {
      lines.push(
        `| ${r.label} | ${r.kind} | ${r.ok_rps} | ${r.ratio_to_ceiling === null ? '' : `${Math.round(r.ratio_to_ceiling * 100)} %`} | ${r.p50_ms} | ${r.p99_ms} | ${r.max_ms} | ${r.non2xx} | ${r.errors + r.timeouts} | ${r.server_cpu_ms_per_request ?? ''} | ${r.server_rss_mb ?? ''} | ${r.load_average} |`,
      );
    }
    lines.push('');
  }
  lines.push('');
  lines.push(
    "req/s counts 2xx answers only; the ratio is to the ceiling row of the same group. Server CPU ms/req is the server's " +
      'CPU time (primary and workers) over the run divided by the requests answered: what a request costs it. ' +
      'Load avg is the 1-minute load average when the run began (other work on the machine slows every figure). ' +
      "By Little's law, p99 < 100 ms at 64 connections needs well over 640 req/s from that endpoint.",
  );
  if (report.budgets.length) {
    lines.push('');
    lines.push('## Budgets (issues 17 and 22)');
    lines.push('');
    lines.push('| budget | measured | verdict |');
    lines.push('|---|---|---|');
    for (const b of report.budgets)
      lines.push(`| ${b.budget} | ${b.measured} | ${verdictOf(b) === 'FAIL' ? '**FAIL**' : verdictOf(b)} |`);
  }
  lines.push('');
  lines.push(`Raw figures: [${jsonName}](${jsonName}).`);
  return `${lines.join('\n')}\n`;
}

// ---------------------------------------------------------------------------------------------

console.log(`build: ${bench.ensureBuilt()}`);
const stamp = bench.fileStamp();
const summary = [];
for (const kind of DBS) {
  const report = await runOne(kind);
  const name = `load-${stamp}-${kind}`;
  bench.writeResult(name, report);
  const md = markdown(report, `${name}.json`);
  fs.writeFileSync(path.join(bench.resultsDir, `${name}.md`), md);
  fs.writeFileSync(path.join(bench.resultsDir, `load-latest-${kind}.md`), md);
  console.log(`\nwrote bench/results/${name}.json and .md (also load-latest-${kind}.md)`);
  summary.push({ kind, report });
}

console.log('\n== summary');
for (const { kind, report } of summary) {
  for (const ceiling of report.results.filter((r) => r.kind === 'ceiling'))
    console.log(
      `${kind}, ${ceiling.group} (${ceiling.workers} worker${ceiling.workers === 1 ? '' : 's'}): ceiling ${ceiling.ok_rps} req/s (p99 ${ceiling.p99_ms} ms)`,
    );
  for (const b of report.budgets)
    console.log(`  ${verdictOf(b).toUpperCase().padEnd(4)}  ${b.budget}: ${b.measured}`);
  const failed = report.budgets.filter((b) => verdictOf(b) === 'FAIL').length;
  const refused = report.budgets.filter((b) => verdictOf(b) === 'refused').length;
  if (report.budgets.length)
    console.log(
      `  ${failed === 0 ? 'every budget met' : `${failed} of ${report.budgets.length} budgets missed`}${refused ? ` (${refused} below a target decision 0021 refuses)` : ''}`,
    );
}

// Soak benchmark (issue 9): ten minutes of mixed reads and writes against the built production
// server (apps/api/dist/main.js, one process) on a seeded SQLite database, with autocannon at a
// moderate fixed concurrency from this process, sampling the server's resident memory (VmRSS from
// /proc) every few seconds. It passes when the memory levels off instead of growing and no request
// fails. The data is small (load-data.mjs at SOAK_SCALE): the soak looks for leaks, not limits.
//
//   npm run bench -- soak                         # 600 s
//   SOAK_SECONDS=60 npm run bench -- soak         # a quick look, too short to judge a leak
//
// Options (env): SOAK_SECONDS (600), SOAK_SCALE (0.05), SOAK_CONNECTIONS (16), SOAK_SAMPLE_SECONDS
// (5), SOAK_KEEP=1 (keep the SQLite data dir). Writes bench/results/soak-<date>.json and
// soak-latest.md; prints PASS/FAIL and exits 0 either way (it measures).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import * as bench from './lib.mjs';
import { generateData } from './load-data.mjs';

const SECONDS = Number(process.env.SOAK_SECONDS ?? 600);
const SCALE = Number(process.env.SOAK_SCALE ?? 0.05);
const CONNECTIONS = Number(process.env.SOAK_CONNECTIONS ?? 16);
const SAMPLE_SECONDS = Number(process.env.SOAK_SAMPLE_SECONDS ?? 5);
/** Levelling off: the last third's mean RSS at most this far above the middle third's, and the
 * second half's growth rate, over the whole run, within the same allowance. */
const TOLERANCE_RATIO = 0.1;
const TOLERANCE_MB = 20;

/**
 * The mix, in requests out of 40: what the screens ask for, reads well ahead of writes (about one
 * request in five writes: a diary entry, a finished game, a token refresh).
 */
const MIX = {
  profile: 6,
  users: 3,
  'diary-entries': 5,
  'diary-analysis': 2,
  'forex-monthly': 3,
  'forex-yearly': 2,
  snapshots: 4,
  realtime: 2,
  leaderboard: 2,
  sessions: 3,
  refresh: 3,
  'entry-create': 3,
  finalize: 2,
};

/** Each route of the mix: whose token, and the paths it rotates over or the request it sends. */
function routes(traffic, refreshPool) {
  const { paths } = traffic;
  return {
    profile: { user: 'diary', paths: [paths.profile] },
    users: { user: 'admin', paths: paths.users },
    'diary-entries': { user: 'diary', paths: [paths.diaryEntries] },
    'diary-analysis': { user: 'diary', paths: [paths.diaryAnalysis] },
    'forex-monthly': { user: 'stocks', paths: paths.forexMonthly },
    'forex-yearly': { user: 'stocks', paths: paths.forexYearly },
    snapshots: { user: 'stocks', paths: paths.snapshots },
    realtime: { user: 'stocks', paths: paths.realtime },
    leaderboard: { user: 'host', paths: [paths.leaderboard] },
    sessions: { user: 'host', paths: [paths.sessions] },
    refresh: { request: bench.refreshRequest(refreshPool) },
    'entry-create': {
      user: 'diary',
      request: bench.bodyRequest('POST', paths.entryCreate, traffic.entryBody),
    },
    finalize: { user: 'host', request: bench.bodyRequest('POST', paths.finalize, traffic.finalizeBody) },
  };
}

/**
 * One autocannon request that becomes a route of the mix each time it is sent (weighted,
 * deterministic), and tallies each answer by route with its latency (per connection, one request
 * in flight: from building the request to its answer).
 */
function mixedRequest(traffic, table, tally) {
  const names = Object.keys(MIX);
  const total = names.reduce((s, n) => s + MIX[n], 0);
  const random = bench.rng(20261122);
  const turn = Object.fromEntries(names.map((n) => [n, 0]));
  const choose = () => {
    let r = random() * total;
    for (const n of names) {
      r -= MIX[n];
      if (r < 0) return n;
    }
    return names[names.length - 1];
  };
  return {
    setupRequest(req, context) {
      const name = choose();
      const route = table[name];
      const fixed = route.request;
      req.method = fixed?.method ?? 'GET';
      req.path = route.paths ? route.paths[turn[name]++ % route.paths.length] : fixed.path;
      req.headers = { ...(fixed?.headers ?? {}), ...(route.user ? traffic.auth(route.user) : {}) };
      const out = fixed?.setupRequest ? fixed.setupRequest(req) : req;
      context.route = name;
      context.sentAt = performance.now();
      return out;
    },
    onResponse(status, body, context) {
      tally(context.route, status, performance.now() - context.sentAt);
      table[context.route].request?.onResponse?.(status, body);
    },
  };
}

const mean = (xs) => xs.reduce((s, x) => s + x, 0) / xs.length;

/** Least-squares slope of y over x. */
function slope(points) {
  const mx = mean(points.map((p) => p.x));
  const my = mean(points.map((p) => p.y));
  const num = points.reduce((s, p) => s + (p.x - mx) * (p.y - my), 0);
  const den = points.reduce((s, p) => s + (p.x - mx) ** 2, 0);
  return den === 0 ? 0 : num / den;
}

/** Whether the RSS series levels off: last third against the middle third, and the second half's slope. */
function judgeMemory(samples, seconds) {
  if (samples.length < 6) return { pass: null, reason: `only ${samples.length} samples` };
  const third = Math.floor(samples.length / 3);
  const middle = mean(samples.slice(third, 2 * third).map((s) => s.rss_mb));
  const last = mean(samples.slice(2 * third).map((s) => s.rss_mb));
  const allowance = Math.max(TOLERANCE_MB, middle * TOLERANCE_RATIO);
  const secondHalf = samples.slice(Math.floor(samples.length / 2));
  const perMinute = slope(secondHalf.map((s) => ({ x: s.t_s / 60, y: s.rss_mb })));
  const projected = perMinute * (seconds / 60);
  const round = (n) => Number(n.toFixed(1));
  return {
    pass: last - middle <= allowance && projected <= allowance,
    middle_third_mean_mb: round(middle),
    last_third_mean_mb: round(last),
    growth_mb: round(last - middle),
    allowance_mb: round(allowance),
    second_half_slope_mb_per_min: Number(perMinute.toFixed(2)),
    slope_over_run_mb: round(projected),
  };
}

/** The RSS series by minute of load: min, mean and max. */
function byMinute(samples) {
  const minutes = new Map();
  for (const s of samples) {
    const m = Math.floor(s.t_s / 60);
    minutes.set(m, [...(minutes.get(m) ?? []), s.rss_mb]);
  }
  return [...minutes].map(([minute, xs]) => ({
    minute: minute + 1,
    samples: xs.length,
    min_mb: Math.min(...xs),
    mean_mb: Number(mean(xs).toFixed(1)),
    max_mb: Math.max(...xs),
  }));
}

function markdown(report, jsonName) {
  const m = report.machine;
  const s = report.settings;
  const d = report.dataset;
  const t = report.totals;
  const mem = report.memory.verdict;
  const verdict = (pass) => (pass === null ? 'n/a' : pass ? 'PASS' : '**FAIL**');
  const lines = [
    `# Soak benchmark, SQLite, ${report.date.slice(0, 16).replace('T', ' ')} UTC`,
    '',
    `Machine: ${m.cores} × ${m.cpu}, ${m.memory_gb} GB, ${m.os}; Node ${m.node}, npm ${m.npm}, autocannon ${m.autocannon}. ` +
      `Server: \`${report.server.command}\` (one process, ${report.server.env}). ` +
      `Load: autocannon in the benchmark process, ${s.connections} connections for ${s.seconds} s, a weighted mix of ${Object.keys(MIX).length} routes; ` +
      `the server's RSS sampled every ${s.sample_seconds} s. The load generator and the server share the machine's cores ` +
      `(1-minute load average ${report.load_average.before} at the start, ${report.load_average.after} at the end).`,
    '',
    `Data (scale ${s.scale}, seeded in ${d.seed_seconds} s): ${Object.entries(d.rows)
      .map(([k, v]) => `${k} ${v.toLocaleString('en-US')}`)
      .join(', ')}.`,
    '',
    `Verdict: ${verdict(report.pass)} (memory ${verdict(mem.pass)}, failed requests ${verdict(report.errors_pass)}).`,
    '',
    `Memory: RSS ${report.memory.start_mb} MB after start-up, ${report.memory.end_mb} MB at the end of the load; ` +
      (mem.pass === null
        ? `not judged (${mem.reason}).`
        : `mean of the middle third ${mem.middle_third_mean_mb} MB, of the last third ${mem.last_third_mean_mb} MB ` +
          `(${mem.growth_mb >= 0 ? '+' : ''}${mem.growth_mb} MB; allowed +${mem.allowance_mb} MB: ${TOLERANCE_RATIO * 100} % or ${TOLERANCE_MB} MB, whichever is more); ` +
          `second half's slope ${mem.second_half_slope_mb_per_min} MB/min, ${mem.slope_over_run_mb} MB over a run of this length (allowed ${mem.allowance_mb}).`),
    '',
    `Requests: ${t.requests.toLocaleString('en-US')} in ${s.seconds} s, ${t.rps} req/s; p50 ${t.p50_ms} ms, p99 ${t.p99_ms} ms, max ${t.max_ms} ms; ` +
      `non-2xx ${t.non2xx}, connection errors ${t.errors}, timeouts ${t.timeouts}.`,
    '',
    '| route | share of mix | requests | req/s | p50 ms | p99 ms | non-2xx |',
    '|---|---:|---:|---:|---:|---:|---:|',
  ];
  for (const r of report.routes) {
    const failed = Object.entries(r.non2xx)
      .map(([status, n]) => `${n} × ${status}`)
      .join(', ');
    lines.push(
      `| ${r.route} | ${r.share} | ${r.requests.toLocaleString('en-US')} | ${r.rps} | ${r.p50_ms} | ${r.p99_ms} | ${failed || 0} |`,
    );
  }
  lines.push('');
  lines.push(
    "Per-route latency is measured in the benchmark process from building a request to its answer (one request in flight per connection); the totals' p50/p99 are autocannon's.",
  );
  lines.push('');
  lines.push('| minute | samples | RSS min MB | mean MB | max MB |');
  lines.push('|---:|---:|---:|---:|---:|');
  for (const row of report.memory.by_minute)
    lines.push(`| ${row.minute} | ${row.samples} | ${row.min_mb} | ${row.mean_mb} | ${row.max_mb} |`);
  lines.push('');
  lines.push(`Raw figures and every sample: [${jsonName}](${jsonName}).`);
  return `${lines.join('\n')}\n`;
}

// ---------------------------------------------------------------------------------------------

console.log(`build: ${bench.ensureBuilt()}`);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'soak-bench-'));
console.log(`\n== soak bench on sqlite: seeding at scale ${SCALE} ...`);
const data = await generateData({ dataDir, scale: SCALE, log: console.log });
console.log(`seeded in ${data.seconds} s`);

// Access tokens must outlive the run (the app's default is 15 minutes).
const server = await bench.startServer({
  dataDir,
  env: { ACCESS_TOKEN_TTL: String(Math.max(900, SECONDS + 600)) },
});
const tallies = {};
const tally = (route, status, ms) => {
  tallies[route] ??= { requests: 0, non2xx: {}, latencies: [] };
  const t = tallies[route];
  t.requests += 1;
  t.latencies.push(ms);
  if (status < 200 || status >= 300) t.non2xx[status] = (t.non2xx[status] ?? 0) + 1;
};
const samples = [];
let result;
let endMb = null;
let loadBefore = null;
const startMb = server.rssMb();
try {
  const traffic = await bench.traffic(server.base, data);
  // One spare refresh token per connection and some: each refresh spends one and puts its answer's back.
  const refreshPool = await traffic.refreshTokens(CONNECTIONS + 8);
  const request = mixedRequest(traffic, routes(traffic, refreshPool), tally);
  console.log(`soaking: ${CONNECTIONS} connections for ${SECONDS} s, RSS every ${SAMPLE_SECONDS} s`);
  loadBefore = os.loadavg()[0];
  const t0 = performance.now();
  const cpu0 = server.cpuMs();
  const sample = () => {
    const kb = server.rssKb();
    if (kb === null) return;
    const t_s = Math.round((performance.now() - t0) / 1000);
    const requests = Object.values(tallies).reduce((s, t) => s + t.requests, 0);
    samples.push({
      t_s,
      rss_mb: Number((kb / 1024).toFixed(1)),
      requests,
      server_cpu_s: Number(((server.cpuMs() - cpu0) / 1000).toFixed(1)),
    });
    if (samples.length % Math.max(1, Math.round(60 / SAMPLE_SECONDS)) === 0)
      console.log(`  ${String(t_s).padStart(4)} s  RSS ${samples.at(-1).rss_mb} MB  ${requests} requests`);
  };
  sample();
  const timer = setInterval(sample, SAMPLE_SECONDS * 1000);
  try {
    result = await autocannon({
      url: server.base,
      connections: CONNECTIONS,
      duration: SECONDS,
      requests: [request],
      timeout: 30,
    });
  } finally {
    clearInterval(timer);
  }
  sample();
  if (!server.alive()) throw new Error(`the server died during the soak:\n${server.output()}`);
} finally {
  endMb = server.rssMb();
  await server.stop();
  const tail = server.output().trim();
  if (tail) console.log(`server output (last lines):\n${tail.split('\n').slice(-10).join('\n')}`);
  if (process.env.SOAK_KEEP) console.log(`kept ${dataDir}`);
  else fs.rmSync(dataDir, { recursive: true, force: true });
}

const loadSamples = samples.slice(1); // the first is before any load
const memoryVerdict = judgeMemory(loadSamples, SECONDS);
const totalMix = Object.values(MIX).reduce((s, w) => s + w, 0);
const routeRows = Object.keys(MIX).map((route) => {
  const t = tallies[route] ?? { requests: 0, non2xx: {}, latencies: [] };
  const sorted = Float64Array.from(t.latencies).sort();
  const q = (p) => (sorted.length ? Number(bench.quantile(sorted, p).toFixed(1)) : null);
  return {
    route,
    share: `${Math.round((MIX[route] / totalMix) * 100)} %`,
    requests: t.requests,
    rps: Number((t.requests / result.duration).toFixed(1)),
    p50_ms: q(0.5),
    p99_ms: q(0.99),
    non2xx: t.non2xx,
  };
});
const total = result['1xx'] + result['2xx'] + result['3xx'] + result['4xx'] + result['5xx'];
const totals = {
  requests: total,
  rps: Number((total / result.duration).toFixed(1)),
  p50_ms: result.latency.p50,
  p99_ms: result.latency.p99,
  max_ms: result.latency.max,
  non2xx: result.non2xx,
  errors: result.errors,
  timeouts: result.timeouts,
};
const errorsPass = totals.non2xx + totals.errors + totals.timeouts === 0;
const report = {
  database: 'sqlite',
  date: new Date().toISOString(),
  machine: bench.machine(),
  load_average: { before: Number(loadBefore.toFixed(2)), after: Number(os.loadavg()[0].toFixed(2)) },
  settings: {
    seconds: SECONDS,
    scale: SCALE,
    connections: CONNECTIONS,
    sample_seconds: SAMPLE_SECONDS,
    mix: MIX,
    tolerance: { ratio: TOLERANCE_RATIO, mb: TOLERANCE_MB },
  },
  dataset: { sizes: data.sizes, rows: data.counts, seed_seconds: data.seconds },
  server: {
    command: 'node apps/api/dist/main.js',
    env: 'RATE_LIMIT=off MARKET_DATA=demo LOG_LEVEL=warn',
  },
  pass: memoryVerdict.pass === null ? null : memoryVerdict.pass && errorsPass,
  errors_pass: errorsPass,
  totals,
  routes: routeRows,
  memory: {
    start_mb: startMb,
    end_mb: endMb,
    verdict: memoryVerdict,
    by_minute: byMinute(loadSamples),
    samples: loadSamples,
  },
};

const name = `soak-${bench.fileStamp()}`;
bench.writeResult(name, report);
fs.writeFileSync(path.join(bench.resultsDir, 'soak-latest.md'), markdown(report, `${name}.json`));
console.log(`\nwrote bench/results/${name}.json and soak-latest.md`);
console.table(
  routeRows.map(({ non2xx, ...r }) => ({ ...r, non2xx: Object.values(non2xx).reduce((s, n) => s + n, 0) })),
);
console.log(
  `memory: ${memoryVerdict.pass === null ? 'N/A ' : memoryVerdict.pass ? 'PASS' : 'FAIL'}  ${JSON.stringify(memoryVerdict)}`,
);
console.log(
  `errors: ${errorsPass ? 'PASS' : 'FAIL'}  non-2xx ${totals.non2xx}, errors ${totals.errors}, timeouts ${totals.timeouts}`,
);
console.log(`soak: ${report.pass === null ? 'N/A' : report.pass ? 'PASS' : 'FAIL'}`);

// Forex benchmark: 30 symbols, each with ten years of daily points and 90 days of 5-minute points
// (about 890,000 rows), then each range call timed through the real app (app.inject: routing,
// auth, validation, the downsampling SQL, serialisation). Also times the demo seeding a fresh
// install runs at start-up.
//
//   node --import tsx bench/forex-bench.mjs             # SQLite in a temp dir
//   node scripts/throwaway-postgres.mjs sh -c 'DATABASE_URL=$TEST_PG_URL node --import tsx bench/forex-bench.mjs'
//
// Options (env): SYMBOLS (30), RUNS (60), KEEP=1 keeps the SQLite file. Writes
// bench/results/forex-<sqlite|postgres>.json and prints a table.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';

const here = path.dirname(fileURLToPath(import.meta.url));
const api = (p) => path.join(here, '..', 'apps', 'api', 'src', p);
const { buildApp } = await import(api('app.ts'));
const { loadConfig } = await import(api('config.ts'));
const { createDb, migrateToLatest } = await import(api('db/index.ts'));
const { seedDemoForex } = await import(api('modules/forex/demo.ts'));

const SYMBOLS = Number(process.env.SYMBOLS ?? 30);
const RUNS = Number(process.env.RUNS ?? 60);
const DAY = 86_400_000;
const FIVE_MIN = 300_000;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'forex-bench-'));
const config = loadConfig({
  DATA_DIR: dataDir,
  WEB_DIST_DIR: path.join(dataDir, 'web'),
  RATE_LIMIT: 'off',
  ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
});
const kind = config.databaseUrl ? 'postgres' : 'sqlite';
const db = createDb(config);
await migrateToLatest(db);

// 1. What a fresh install pays at start-up: the demo history (batched, one transaction).
const quiet = { info() {}, warn() {}, error() {} };
const s0 = performance.now();
const demoPoints = await seedDemoForex(db, new Date(), quiet, 300_000);
const demoSeedMs = Math.round(performance.now() - s0);
await db.deleteFrom('forex_prices').execute();
await db.deleteFrom('forex_symbols').execute();

// 2. The budget's data: deterministic random walks, inserted straight into the table.
let seed = 20261122;
const random = () => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return seed / 2 ** 31;
};
const now = Math.floor(Date.now() / FIVE_MIN) * FIVE_MIN;
const symbols = Array.from({ length: SYMBOLS }, (_, i) =>
  i === 0 ? 'SJC' : `C${String(i).padStart(2, '0')}`,
);
const started = performance.now();
let rows = 0;
for (const symbol of symbols) {
  const times = [];
  for (let t = now - 3650 * DAY; t < now - 90 * DAY; t += DAY) times.push(t);
  for (let t = now - 90 * DAY; t <= now; t += FIVE_MIN) times.push(t);
  let value = symbol === 'SJC' ? 60_000_000 : 20_000;
  const batch = times.map((t) => {
    value *= 1 + (random() - 0.5) * 0.004;
    return { symbol, time_ms: t, source: 'vcb', last: value, bid: value * 0.995, ask: value * 1.005 };
  });
  await db.transaction().execute(async (tx) => {
    for (let i = 0; i < batch.length; i += 2000) {
      await tx
        .insertInto('forex_prices')
        .values(batch.slice(i, i + 2000))
        .execute();
    }
    await tx
      .insertInto('forex_symbols')
      .values({
        symbol,
        source: 'vcb',
        last_time_ms: now,
        arrived_at_ms: now,
        stale_after_ms: 3_600_000,
        has_live: 1,
      })
      .execute();
  });
  rows += batch.length;
}
await sql`analyze`.execute(db);
const loadSeconds = ((performance.now() - started) / 1000).toFixed(1);

const app = await buildApp({ config, db, logger: false });
await app.ready();
const email = `bench-${Date.now()}@example.com`;
await app.accounts.createUser({ email, password: 'bench-password-1', role: 'staff' });
const login = await app.inject({
  method: 'POST',
  url: '/api/users/token/',
  payload: { email, password: 'bench-password-1' },
});
const headers = { authorization: `Bearer ${login.json().access}` };
const get = (url) => app.inject({ method: 'GET', url, headers });

async function time(name, urlFor) {
  const first = await get(urlFor(0));
  if (first.statusCode !== 200) throw new Error(`${name}: ${first.statusCode} ${first.body}`);
  const body = first.json();
  const points = Array.isArray(body.data)
    ? body.data.length
    : Array.isArray(body.symbols)
      ? body.symbols.length
      : 1;
  for (let i = 0; i < 5; i++) await get(urlFor(i));
  const samples = [];
  const cpu = [];
  for (let i = 0; i < RUNS; i++) {
    const url = urlFor(i);
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    const res = await get(url);
    samples.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
    if (res.statusCode !== 200) throw new Error(`${name}: ${res.statusCode}`);
  }
  const q = (list, p) =>
    [...list].sort((a, b) => a - b)[Math.min(list.length - 1, Math.floor(p * list.length))];
  return {
    name,
    points,
    median_ms: +q(samples, 0.5).toFixed(2),
    p95_ms: +q(samples, 0.95).toFixed(2),
    cpu_median_ms: +q(cpu, 0.5).toFixed(2),
  };
}

// Rotate over the symbols so no answer is served from a warm page of one symbol only.
const pick = (i) => encodeURIComponent(symbols[i % symbols.length]);
const results = [
  await time('daily (24 h, 5-min buckets)', (i) => `/api/forex/daily/?symbol=${pick(i)}`),
  await time('monthly (30 days, 3-h buckets)', (i) => `/api/forex/monthly/?symbol=${pick(i)}`),
  await time('yearly (365 days, day buckets)', (i) => `/api/forex/yearly/?symbol=${pick(i)}`),
  await time('latest', (i) => `/api/forex/latest/?symbol=${pick(i)}`),
  await time('symbols', () => '/api/forex/symbols/'),
];

const report = {
  database: kind,
  date: new Date().toISOString(),
  node: process.version,
  cpus: os.cpus().length,
  load_average: os.loadavg().map((l) => +l.toFixed(2)),
  symbols: SYMBOLS,
  rows,
  runs: RUNS,
  load_seconds: Number(loadSeconds),
  demo_seed: { points: demoPoints, ms: demoSeedMs },
  results,
};
console.log(
  `forex bench on ${kind}: ${rows} points for ${SYMBOLS} symbols, loaded in ${loadSeconds} s; ` +
    `demo seed ${demoPoints} points in ${demoSeedMs} ms; ${RUNS} runs each`,
);
console.table(results);
const outDir = path.join(here, 'results');
fs.mkdirSync(outDir, { recursive: true });
fs.writeFileSync(path.join(outDir, `forex-${kind}.json`), `${JSON.stringify(report, null, 2)}\n`);

await app.close();
await db.destroy();
if (process.env.KEEP) console.log('kept', dataDir);
else fs.rmSync(dataDir, { recursive: true, force: true });

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
import { sql } from 'kysely';
import { DAY, FIVE_MIN, insertSeries, randomWalk, seriesTimes } from './generators/forex.mjs';
import * as bench from './lib.mjs';

const { seedDemoForex } = await import(bench.apiSource('modules/forex/demo.ts'));

const SYMBOLS = Number(process.env.SYMBOLS ?? 30);
const RUNS = Number(process.env.RUNS ?? 60);

const { dataDir, config, kind, db } = await bench.openDb('forex');

// 1. What a fresh install pays at start-up: the demo history (batched, one transaction).
const quiet = { info() {}, warn() {}, error() {} };
const s0 = performance.now();
const demoPoints = await seedDemoForex(db, new Date(), quiet, 300_000);
const demoSeedMs = Math.round(performance.now() - s0);
await db.deleteFrom('forex_prices').execute();
await db.deleteFrom('forex_symbols').execute();

// 2. The budget's data: deterministic random walks, inserted straight into the table.
const random = bench.rng(20261122);
const now = Math.floor(Date.now() / FIVE_MIN) * FIVE_MIN;
const symbols = Array.from({ length: SYMBOLS }, (_, i) =>
  i === 0 ? 'SJC' : `C${String(i).padStart(2, '0')}`,
);
const started = performance.now();
let rows = 0;
const times = seriesTimes({ dailyFrom: now - 3650 * DAY, intradayFrom: now - 90 * DAY, end: now });
for (const symbol of symbols) {
  const walk = randomWalk(random, symbol === 'SJC' ? 60_000_000 : 20_000, 0.004);
  const batch = times.map((t) => {
    const value = walk();
    return { symbol, time_ms: t, source: 'vcb', last: value, bid: value * 0.995, ask: value * 1.005 };
  });
  await insertSeries(db, batch, {
    symbol,
    source: 'vcb',
    last_time_ms: now,
    arrived_at_ms: now,
    stale_after_ms: 3_600_000,
    has_live: 1,
  });
  rows += batch.length;
}
await sql`analyze`.execute(db);
const loadSeconds = ((performance.now() - started) / 1000).toFixed(1);

const { app, get } = await bench.startApp({ config, db });

/** 6 warm-up calls (the first counts the points answered), then RUNS timed ones. */
async function time(name, urlFor) {
  const { stats, first } = await bench.timeCalls(name, (i) => get(urlFor(i)), { runs: RUNS, warmup: 6 });
  const body = first.json();
  const points = Array.isArray(body.data)
    ? body.data.length
    : Array.isArray(body.symbols)
      ? body.symbols.length
      : 1;
  return { name, points, ...stats };
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
  ...bench.reportHeader(kind),
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
bench.writeResult(`forex-${kind}`, report);

await bench.close({ app, db, dataDir, keep: Boolean(process.env.KEEP) });

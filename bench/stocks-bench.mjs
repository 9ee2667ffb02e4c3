// Stocks benchmark: 400 stocks with five years of daily bars and a week of intraday quotes, then
// the batch snapshot for 50 tickers through the real app (app.inject: routing, auth, validation,
// SQL, snapshot computation, serialisation; no sockets). The loader writes through the bars and
// quotes repositories, which keep each stock's snapshot row (decision 0024); the bench checks
// every stock has one. Also times the demo seeding a fresh
// install runs at start-up.
//
//   node --import tsx bench/stocks-bench.mjs             # SQLite in a temp dir
//   node scripts/throwaway-postgres.mjs sh -c 'DATABASE_URL=$TEST_PG_URL node --import tsx bench/stocks-bench.mjs'
//
// Options (env): STOCKS (400), YEARS (5), RUNS (60), BATCH (50), KEEP=1 keeps the SQLite file.
// Writes bench/results/stocks-<sqlite|postgres>.json and prints a table.
import os from 'node:os';
import { sql } from 'kysely';
import { listings as benchListings, insertStocksWithBars, tradingDays } from './generators/stocks.mjs';
import * as bench from './lib.mjs';

const { createMarketCalendar, marketInstant } = await import(
  bench.apiSource('modules/stocks/calendar/calendar.ts')
);
const { HOLIDAY_SEED } = await import(bench.apiSource('modules/stocks/calendar/holidays.ts'));
const { seedStocksDemo } = await import(bench.apiSource('modules/stocks/index.ts'));
const { createCatalogueRepo } = await import(bench.apiSource('modules/stocks/catalogue/repo.ts'));
const { createQuotesRepo } = await import(bench.apiSource('modules/stocks/snapshots/repo.ts'));

const STOCKS = Number(process.env.STOCKS ?? 400);
const YEARS = Number(process.env.YEARS ?? 5);
const RUNS = Number(process.env.RUNS ?? 60);
const BATCH = Number(process.env.BATCH ?? 50);
// A Friday morning session: bars up to Thursday, quotes for this week so far.
const NOW = marketInstant('2026-11-20', '10:30');
const TODAY = '2026-11-20';

const round = (n) => Math.round(n * 10) / 10;

// 1. Demo seeding on a fresh database (what every new install and e2e server does).
const seedRun = await bench.openDb('stocks-seed');
let t0 = performance.now();
const seeded = await seedStocksDemo(seedRun.db, NOW);
const seedMs = performance.now() - t0;
await bench.close(seedRun);
console.log(
  `demo seed: ${seeded.stocks} stocks, ${seeded.bars} bars, ${seeded.quotes} quotes in ${Math.round(seedMs)} ms`,
);

// 2. The data set, loaded straight into the tables.
const { dataDir, config, kind, db } = await bench.openDb('stocks-main');
if (kind === 'postgres') {
  await sql`truncate stock_quotes, stock_daily_bars, watchlist_items, watchlists, stocks restart identity cascade`.execute(
    db,
  );
}
const cal = createMarketCalendar(HOLIDAY_SEED.map((h) => h.date));
const exchangeIds = await createCatalogueRepo(db).exchangeIds();
const until = cal.previousTradingDay(TODAY);
const days = tradingDays(cal, until, YEARS);

t0 = performance.now();
const listings = benchListings(STOCKS);
await db.transaction().execute(async (trx) => {
  const { created } = await insertStocksWithBars(trx, {
    list: listings,
    days,
    exchangeIds,
    createdAt: NOW.toISOString(),
  });
  // This week's sessions, a quote every five minutes (Mon–Thu whole sessions, Friday to 10:30).
  const quotes = [];
  for (const date of ['2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', TODAY]) {
    for (let m = 9 * 60; m <= 15 * 60; m += 5) {
      if ((m > 11 * 60 + 30 && m < 13 * 60) || (date === TODAY && m > 10 * 60 + 30)) continue;
      const at = marketInstant(date, bench.hhmm(m));
      for (const c of created) {
        const price = 20_000 + ((c.id * 37 + m) % 500) * 10;
        quotes.push({
          stock_id: c.id,
          trading_date: date,
          price,
          volume: m * 100,
          open: 20_000,
          high: 25_000,
          low: 19_000,
          as_of_ms: at.getTime(),
          source: 'demo',
        });
      }
    }
  }
  await createQuotesRepo(trx).insertQuotes(quotes);
});
const loadMs = performance.now() - t0;
await sql`analyze`.execute(db);
const counts = {
  stocks: await bench.countRows(db, 'stocks'),
  bars: await bench.countRows(db, 'stock_daily_bars'),
  quotes: await bench.countRows(db, 'stock_quotes'),
  snapshot_rows: await bench.countRows(db, 'stock_snapshots'),
};
if (counts.snapshot_rows !== counts.stocks) {
  throw new Error(
    `expected a snapshot row per stock, got ${counts.snapshot_rows} for ${counts.stocks} stocks`,
  );
}
console.log(
  `loaded ${counts.stocks} stocks, ${counts.bars} bars, ${counts.quotes} quotes in ${Math.round(loadMs)} ms`,
);

const { app, headers, get } = await bench.startApp({ config, db, now: () => NOW });

// Deterministic ticker sets, rotating over the whole universe.
const random = bench.rng(20261120);
const tickerSets = Array.from({ length: RUNS + 5 }, () => {
  const set = new Set();
  while (set.size < BATCH) set.add(listings[Math.floor(random() * listings.length)].ticker);
  return [...set];
});

/** 5 warm-up calls, then RUNS timed ones, each with its own URL; `check` looks at every answer. */
async function time(label, url, check) {
  const { stats } = await bench.timeCalls(label, (i) => get(url(i)), {
    runs: RUNS,
    warmup: 5,
    from: 5,
    digits: 1,
    check: check && ((res) => check(res.json())),
  });
  return { label, ...stats };
}

const results = [];
results.push(
  await time(
    `snapshots, ${BATCH} tickers`,
    (i) => `/api/stocks/snapshots/?tickers=${tickerSets[i].join(',')}`,
    (body) => {
      if (body.length !== BATCH) throw new Error(`expected ${BATCH} snapshots, got ${body.length}`);
      if (body.some((s) => s.live_as_of === null || s.prev_close === null || s.month_open === null)) {
        throw new Error('a snapshot lacks live data, prev_close or month_open');
      }
    },
  ),
);
results.push(await time('snapshot, one ticker', (i) => `/api/stocks/snapshots/${tickerSets[i][0]}/`));
results.push(
  await time(`realtime, ${BATCH} tickers`, (i) => `/api/stocks/realtime/?tickers=${tickerSets[i].join(',')}`),
);
results.push(await time('search q=ngan', () => '/api/stocks/stocks/?q=ngan'));

// A 50-item watchlist detail (items and their snapshots).
const list = await app.inject({
  method: 'POST',
  url: '/api/stocks/watchlists/',
  headers,
  payload: { name: 'Bench' },
});
for (const t of tickerSets[0]) {
  await app.inject({
    method: 'POST',
    url: `/api/stocks/watchlists/${list.json().id}/add_item/`,
    headers,
    payload: { ticker: t },
  });
}
results.push(
  await time(`watchlist detail, ${BATCH} items`, () => `/api/stocks/watchlists/${list.json().id}/`),
);

console.table(results);
const out = {
  date: new Date().toISOString(),
  node: process.version,
  database: kind,
  load_average: os.loadavg().map(round),
  data: { ...counts, years: YEARS, batch: BATCH, runs: RUNS },
  demo_seed: { ...seeded, ms: Math.round(seedMs) },
  load_ms: Math.round(loadMs),
  results,
};
bench.writeResult(`stocks-${kind}`, out);
await bench.close({ app, db, dataDir, keep: Boolean(process.env.KEEP) });
const snapshotMedian = results[0].median_ms;
console.log(`batch snapshot median ${snapshotMedian} ms (budget 30 ms on SQLite)`);

// Stocks benchmark: 400 stocks with five years of daily bars and a week of intraday quotes, then
// the batch snapshot for 50 tickers through the real app (app.inject: routing, auth, validation,
// SQL, snapshot computation, serialisation; no sockets). Also times the demo seeding a fresh
// install runs at start-up.
//
//   node --import tsx bench/stocks-bench.mjs             # SQLite in a temp dir
//   node scripts/throwaway-postgres.mjs sh -c 'DATABASE_URL=$TEST_PG_URL node --import tsx bench/stocks-bench.mjs'
//
// Options (env): STOCKS (400), YEARS (5), RUNS (60), BATCH (50), KEEP=1 keeps the SQLite file.
// Writes bench/results/stocks-<sqlite|postgres>.json and prints a table.
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
const { createMarketCalendar, addDays, marketInstant } = await import(api('modules/stocks/calendar.ts'));
const { HOLIDAY_SEED } = await import(api('modules/stocks/holidays.ts'));
const { generateHistory, seedStocksDemo } = await import(api('modules/stocks/providers/demo.ts'));
const { DEMO_LISTINGS } = await import(api('modules/stocks/providers/demo-listings.ts'));
const { createStocksRepo, stockSearchText } = await import(api('modules/stocks/repo.ts'));

const STOCKS = Number(process.env.STOCKS ?? 400);
const YEARS = Number(process.env.YEARS ?? 5);
const RUNS = Number(process.env.RUNS ?? 60);
const BATCH = Number(process.env.BATCH ?? 50);
// A Friday morning session: bars up to Thursday, quotes for this week so far.
const NOW = marketInstant('2026-11-20', '10:30');
const TODAY = '2026-11-20';

function freshApp(tag) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `stocks-bench-${tag}-`));
  const config = loadConfig({
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(dataDir, 'web'),
    RATE_LIMIT: 'off',
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
  });
  return { dataDir, config };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};
const p95 = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * 0.95))];
};
const round = (n) => Math.round(n * 10) / 10;

// 1. Demo seeding on a fresh database (what every new install and e2e server does).
const seedRun = freshApp('seed');
const seedDb = createDb(seedRun.config);
await migrateToLatest(seedDb);
let t0 = performance.now();
const seeded = await seedStocksDemo(seedDb, NOW);
const seedMs = performance.now() - t0;
await seedDb.destroy();
if (!seedRun.config.databaseUrl) fs.rmSync(seedRun.dataDir, { recursive: true, force: true });
console.log(
  `demo seed: ${seeded.stocks} stocks, ${seeded.bars} bars, ${seeded.quotes} quotes in ${Math.round(seedMs)} ms`,
);

// 2. The data set, loaded straight into the tables.
const { dataDir, config } = freshApp('main');
const kind = config.databaseUrl ? 'postgres' : 'sqlite';
const db = createDb(config);
await migrateToLatest(db);
if (kind === 'postgres') {
  await sql`truncate stock_quotes, stock_daily_bars, watchlist_items, watchlists, stocks restart identity cascade`.execute(
    db,
  );
}
const repo = createStocksRepo(db);
const cal = createMarketCalendar(HOLIDAY_SEED.map((h) => h.date));
const exchangeIds = await repo.exchangeIds();
const until = cal.previousTradingDay(TODAY);
const days = [];
for (let d = addDays(until, -Math.round(365.25 * YEARS)); d <= until; d = addDays(d, 1))
  if (cal.isTradingDay(d)) days.push(d);

t0 = performance.now();
const listings = Array.from({ length: STOCKS }, (_, i) => {
  const base = DEMO_LISTINGS[i % DEMO_LISTINGS.length];
  return i < DEMO_LISTINGS.length
    ? base
    : { ...base, ticker: `${base.ticker.slice(0, 3)}${Math.floor(i / DEMO_LISTINGS.length)}` };
});
await db.transaction().execute(async (trx) => {
  const created = await trx
    .insertInto('stocks')
    .values(
      listings.map((l) => ({
        ticker: l.ticker,
        name: l.name,
        exchange_id: exchangeIds[l.exchange],
        lot_size: 100,
        sector: l.sector,
        is_active: 1,
        source: 'demo',
        search: stockSearchText(l.ticker, l.name),
        created_at: NOW.toISOString(),
      })),
    )
    .returning(['id', 'ticker'])
    .execute();
  const trxRepo = createStocksRepo(trx);
  const byTicker = new Map(listings.map((l) => [l.ticker, l]));
  for (let i = 0; i < created.length; i += 50) {
    const rows = [];
    for (const c of created.slice(i, i + 50)) {
      for (const bar of generateHistory(byTicker.get(c.ticker), days))
        rows.push({ ...bar, stock_id: c.id, source: 'demo' });
    }
    await trxRepo.insertBarsBulk(rows);
  }
  // This week's sessions, a quote every five minutes (Mon–Thu whole sessions, Friday to 10:30).
  const quotes = [];
  for (const date of ['2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', TODAY]) {
    for (let m = 9 * 60; m <= 15 * 60; m += 5) {
      if ((m > 11 * 60 + 30 && m < 13 * 60) || (date === TODAY && m > 10 * 60 + 30)) continue;
      const at = marketInstant(
        date,
        `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`,
      );
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
  await trxRepo.insertQuotes(quotes);
});
const loadMs = performance.now() - t0;
if (kind === 'postgres') await sql`analyze`.execute(db);
else await sql`analyze`.execute(db);
const counts = {
  stocks: Number(
    (
      await db
        .selectFrom('stocks')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  ),
  bars: Number(
    (
      await db
        .selectFrom('stock_daily_bars')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  ),
  quotes: Number(
    (
      await db
        .selectFrom('stock_quotes')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  ),
};
console.log(
  `loaded ${counts.stocks} stocks, ${counts.bars} bars, ${counts.quotes} quotes in ${Math.round(loadMs)} ms`,
);

const app = await buildApp({ config, db, logger: false, now: () => NOW });
await app.ready();
const email = `bench-${Date.now()}@example.com`;
await app.accounts.createUser({ email, password: 'bench-password-1', role: 'staff' });
const login = await app.inject({
  method: 'POST',
  url: '/api/users/token/',
  payload: { email, password: 'bench-password-1' },
});
const headers = { authorization: `Bearer ${login.json().access}` };

// Deterministic ticker sets, rotating over the whole universe.
let seed = 20261120;
const random = () => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return seed / 2 ** 31;
};
const tickerSets = Array.from({ length: RUNS + 5 }, () => {
  const set = new Set();
  while (set.size < BATCH) set.add(listings[Math.floor(random() * listings.length)].ticker);
  return [...set];
});

async function time(label, url, check) {
  const wall = [];
  const cpu = [];
  for (let i = 0; i < RUNS + 5; i++) {
    const target = url(i);
    const c0 = process.cpuUsage();
    const w0 = performance.now();
    const res = await app.inject({ method: 'GET', url: target, headers });
    const w = performance.now() - w0;
    const c = process.cpuUsage(c0);
    if (res.statusCode !== 200) throw new Error(`${label}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    check?.(res.json());
    if (i >= 5) {
      wall.push(w);
      cpu.push((c.user + c.system) / 1000);
    }
  }
  return {
    label,
    median_ms: round(median(wall)),
    p95_ms: round(p95(wall)),
    cpu_median_ms: round(median(cpu)),
  };
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
fs.mkdirSync(path.join(here, 'results'), { recursive: true });
fs.writeFileSync(path.join(here, 'results', `stocks-${kind}.json`), `${JSON.stringify(out, null, 2)}\n`);
await app.close();
await db.destroy();
if (!process.env.KEEP && kind === 'sqlite') fs.rmSync(dataDir, { recursive: true, force: true });
const snapshotMedian = results[0].median_ms;
console.log(`batch snapshot median ${snapshotMedian} ms (budget 30 ms on SQLite)`);

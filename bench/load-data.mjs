// Data generator for the load benchmark (issue 9): fills a freshly migrated database at the
// issue's scale, inserting straight into the tables in batched transactions (as the feature
// benches do), with deterministic random walks so every run draws the same data.
//
//   100,000 users; one user with 50,000 diary entries over three years and 1,000 users with 500
//   each; the 24 demo forex symbols with ten years of daily points and 90 days of 5-minute points;
//   400 stocks with five years of daily bars and one session of minute quotes; 100,000 finished
//   CashFlow games with their results and monthly roll-ups.
//
// scale (BENCH_SCALE) multiplies the counts: 0.05 gives a quick run. Used by load-bench.mjs; on
// its own: `node --import tsx bench/load-data.mjs DIR` (SQLite in DIR) or with DATABASE_URL set.
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { sql } from 'kysely';
import { insertGames } from './generators/cashflow.mjs';
import { addEntries, entryWriter, insertDiary } from './generators/diary.mjs';
import { DAY, FIVE_MIN, insertSeries, randomWalk, seriesTimes } from './generators/forex.mjs';
import { insertStocksWithBars, listings, tradingDays } from './generators/stocks.mjs';
import { insertCrowd, userRow } from './generators/users.mjs';
import { apiSource as api, countRows, hhmm, rng } from './lib.mjs';

const { loadConfig } = await import(api('config.ts'));
const { createDb, migrateToLatest } = await import(api('db/index.ts'));
const { hashPassword } = await import(api('modules/accounts/index.ts'));
const { addDays } = await import(api('modules/diary/time.ts'));
const { rebuildAllWeekTotals } = await import(api('modules/diary/index.ts'));
const { DEMO_SERIES, demoStaleAfterMs } = await import(api('modules/forex/demo.ts'));
const { marketDate, marketMinutes, marketInstant } = await import(api('modules/stocks/calendar/calendar.ts'));
const { lastCompletedSession } = await import(api('modules/stocks/providers/demo.ts'));
const { createCalendarRepo } = await import(api('modules/stocks/calendar/repo.ts'));
const { createCatalogueRepo } = await import(api('modules/stocks/catalogue/repo.ts'));
const { createQuotesRepo } = await import(api('modules/stocks/snapshots/repo.ts'));

export const BENCH_PASSWORD = 'bench-password-1';
/** The accounts the load benchmark signs in as (created first, so they have the lowest ids). */
export const FIXTURE_USERS = {
  admin: { email: 'bench-admin@bench.test', role: 'admin' },
  diary: { email: 'bench-diary@bench.test', role: 'staff' },
  writer: { email: 'bench-writer@bench.test', role: 'staff' },
  host: { email: 'bench-host@bench.test', role: 'ndf' },
  stocks: { email: 'bench-stocks@bench.test', role: 'staff' },
};

/** The sizes times `scale` (never below what the scenarios need). */
export function sizesFor(scale) {
  const n = (full, min = 1) => Math.max(min, Math.round(full * scale));
  return {
    users: n(100_000, 400),
    heavyDiaryEntries: n(50_000, 500),
    diaryUsers: n(1_000, 5),
    entriesPerDiaryUser: 500,
    diaryDays: 1095,
    forexSymbols: DEMO_SERIES.length,
    forexDailyYears: Math.max(1, Math.round(10 * Math.min(1, scale * 4))),
    forexIntradayDays: n(90, 2),
    stocks: n(400, 60),
    stockYears: Math.max(1, Math.round(5 * Math.min(1, scale * 4))),
    games: n(100_000, 500),
  };
}

/**
 * Migrates and fills the database of `dataDir` (SQLite) or `databaseUrl` (PostgreSQL, which must be
 * empty). Returns what it made and how long each part took.
 */
export async function generateData({ dataDir, databaseUrl, scale = 1, log = console.log }) {
  const config = loadConfig({
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(dataDir, 'web'),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const kind = config.databaseUrl ? 'postgres' : 'sqlite';
  const db = createDb(config);
  const sizes = sizesFor(scale);
  const timings = {};
  const started = performance.now();
  const part = async (name, fn) => {
    const t0 = performance.now();
    const made = await fn();
    timings[name] = Number(((performance.now() - t0) / 1000).toFixed(1));
    log(`  ${name}: ${made} in ${timings[name]} s`);
  };
  try {
    await migrateToLatest(db);
    const now = new Date();
    const nowIso = now.toISOString();
    const passwordHash = await hashPassword(BENCH_PASSWORD);

    // --- users: the fixtures, then the crowd with Vietnamese names at their real frequencies.
    const ids = {};
    await part('users', async () => {
      for (const [key, u] of Object.entries(FIXTURE_USERS)) {
        const row = await db
          .insertInto('users')
          .values(
            userRow(
              { email: u.email, first_name: key, last_name: 'Bench', role: u.role },
              { passwordHash, nowIso },
            ),
          )
          .returning('id')
          .executeTakeFirstOrThrow();
        ids[key] = row.id;
      }
      // The first 2,000 are always active: the diary writers and CashFlow players come from them.
      await insertCrowd(db, {
        random: rng(20240601),
        count: sizes.users,
        passwordHash,
        nowIso,
        activeFirst: 2000,
      });
      return `${(sizes.users + Object.keys(FIXTURE_USERS).length).toLocaleString('en-US')} users`;
    });
    const firstCrowdId = ids.stocks + 1;

    // --- diary: the heavy user (ENTRIES over three years, 20 categories) and the diary users.
    const today = new Date(now.getTime() + 7 * 3_600_000).toISOString().slice(0, 10);
    const diaryFixture = {};
    await part('diary', async () => {
      const random = rng(20240602);
      let made = 0;
      const owners = [
        { userId: ids.diary, entries: sizes.heavyDiaryEntries, categories: 20 },
        { userId: ids.writer, entries: sizes.entriesPerDiaryUser, categories: 10 },
        ...Array.from({ length: sizes.diaryUsers - 1 }, (_, i) => ({
          userId: firstCrowdId + i,
          entries: sizes.entriesPerDiaryUser,
          categories: 10,
        })),
      ];
      const firstDay = addDays(today, -sizes.diaryDays + 1);
      const writer = entryWriter(db);
      for (const owner of owners) {
        Object.assign(
          owner,
          await insertDiary(db, { userId: owner.userId, categories: owner.categories, nowIso }),
        );
        made += await addEntries(writer, {
          random,
          diaryId: owner.diaryId,
          userId: owner.userId,
          count: owner.entries,
          firstDay,
          days: sizes.diaryDays,
          categoryIds: owner.categoryIds,
          nowIso,
          feelingFrom: made,
        });
      }
      await writer.flush();
      // The entries went in straight, so their week totals (migration 0009) are summed once here.
      await rebuildAllWeekTotals(db);
      diaryFixture.heavy = { diaryId: owners[0].diaryId, categoryIds: owners[0].categoryIds };
      diaryFixture.writer = { diaryId: owners[1].diaryId, categoryIds: owners[1].categoryIds };
      return `${made.toLocaleString('en-US')} entries for ${owners.length} users`;
    });

    // --- forex: the demo symbols, daily points for years, then 5-minute points for the last days.
    await part('forex', async () => {
      const random = rng(20261122);
      const end = Math.floor(now.getTime() / FIVE_MIN) * FIVE_MIN;
      const intradayFrom = end - sizes.forexIntradayDays * DAY;
      // Daily points at 16:00 UTC, as the demo history has them.
      const dailyFrom = Math.floor((end - sizes.forexDailyYears * 365 * DAY) / DAY) * DAY + 16 * 3_600_000;
      const times = seriesTimes({ dailyFrom, intradayFrom, end });
      let rows = 0;
      for (const series of DEMO_SERIES) {
        const walk = randomWalk(random, series.level, 0.002);
        const points = times.map((time_ms) => {
          const value = walk();
          const last = series.metal ? Math.round(value / 10_000) * 10_000 : Math.round(value * 100) / 100;
          return {
            symbol: series.symbol,
            time_ms,
            source: 'demo',
            last,
            bid: series.metal ? last - series.spread : last - series.spread / 2,
            ask: series.metal ? last : last + series.spread / 2,
          };
        });
        await insertSeries(db, points, {
          symbol: series.symbol,
          source: 'demo',
          last_time_ms: end,
          arrived_at_ms: now.getTime(),
          stale_after_ms: demoStaleAfterMs(300_000),
          has_live: 0,
        });
        rows += points.length;
      }
      return `${rows.toLocaleString('en-US')} points for ${DEMO_SERIES.length} symbols`;
    });

    // --- stocks: listings (the demo's, then numbered copies), years of bars, one session of quotes.
    const tickers = [];
    await part('stocks', async () => {
      const cal = await createCalendarRepo(db).calendar();
      const exchangeIds = await createCatalogueRepo(db).exchangeIds();
      const until = lastCompletedSession(cal, now);
      const days = tradingDays(cal, until, sizes.stockYears);
      // The quotes' session: today's if it has begun, else the last completed one.
      const todayMarket = marketDate(now);
      const live = cal.isTradingDay(todayMarket) && marketMinutes(now) >= 9 * 60;
      const quoteDay = live ? todayMarket : until;
      const lastMinute = live ? Math.min(15 * 60, marketMinutes(now)) : 15 * 60;
      let bars = 0;
      let quotes = 0;
      await db.transaction().execute(async (trx) => {
        const stocks = await insertStocksWithBars(trx, {
          list: listings(sizes.stocks),
          days,
          exchangeIds,
          createdAt: nowIso,
        });
        const { created } = stocks;
        bars = stocks.bars;
        const trxQuotes = createQuotesRepo(trx);
        for (let i = 0; i < created.length; i += 50) {
          const rows = [];
          for (const c of created.slice(i, i + 50)) {
            let price = 20_000 + ((c.id * 37) % 500) * 10;
            let volume = 0;
            for (let m = 9 * 60; m <= lastMinute; m++) {
              if (m > 11 * 60 + 30 && m < 13 * 60) continue;
              price = Math.max(
                1000,
                Math.round((price * (1 + (((c.id * 7 + m) % 11) - 5) / 2000)) / 10) * 10,
              );
              volume += 100 * (1 + ((c.id + m) % 50));
              rows.push({
                stock_id: c.id,
                trading_date: quoteDay,
                price,
                volume,
                open: 20_000,
                high: Math.max(price, 25_000),
                low: Math.min(price, 19_000),
                as_of_ms: marketInstant(quoteDay, hhmm(m)).getTime(),
                source: 'demo',
              });
            }
          }
          await trxQuotes.insertQuotes(rows);
          quotes += rows.length;
        }
        tickers.push(...created.map((c) => c.ticker));
      });
      return `${sizes.stocks} stocks, ${bars.toLocaleString('en-US')} bars, ${quotes.toLocaleString('en-US')} quotes (${quoteDay})`;
    });

    // --- cashflow: finished games over five years, their results and the monthly roll-ups.
    await part('cashflow', async () => {
      const { results } = await insertGames(db, {
        random: rng(20261123),
        games: sizes.games,
        players: Array.from({ length: 300 }, (_, i) => firstCrowdId + i),
        careers: ['Lao công', 'Công nhân', 'Thư ký', 'Tài xế', 'Cảnh sát', 'Y tá', 'Giáo viên', 'Kỹ sư'],
        submittedBy: ids.host,
        endMs: now.getTime(),
        nowIso,
      });
      return `${sizes.games.toLocaleString('en-US')} games, ${results.toLocaleString('en-US')} results`;
    });

    // Fresh statistics, as a running server would have them (autovacuum on PostgreSQL).
    await part('analyze', async () => {
      await (kind === 'postgres' ? sql`vacuum analyze` : sql`analyze`).execute(db);
      return kind === 'postgres' ? 'vacuum analyze' : 'analyze';
    });

    const counts = {};
    for (const table of [
      'users',
      'diary_entries',
      'diary_entry_categories',
      'forex_prices',
      'stocks',
      'stock_daily_bars',
      'stock_quotes',
      'cashflow_sessions',
      'cashflow_results',
    ])
      counts[table] = await countRows(db, table);
    const seconds = Number(((performance.now() - started) / 1000).toFixed(1));
    return {
      kind,
      scale,
      sizes,
      counts,
      seconds,
      timings,
      fixtures: {
        users: FIXTURE_USERS,
        password: BENCH_PASSWORD,
        diary: diaryFixture,
        today,
        tickers,
        forexSymbols: DEMO_SERIES.map((s) => s.symbol),
        hostGames: sizes.games,
      },
    };
  } finally {
    await db.destroy();
  }
}

// CLI: fill DIR (or DATABASE_URL) and print what was made.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const dir = process.argv[2];
  if (!dir) {
    console.error('usage: node --import tsx bench/load-data.mjs DATA_DIR  (BENCH_SCALE, DATABASE_URL)');
    process.exit(2);
  }
  const result = await generateData({
    dataDir: dir,
    databaseUrl: process.env.DATABASE_URL,
    scale: Number(process.env.BENCH_SCALE ?? 1),
  });
  console.log(JSON.stringify({ ...result, fixtures: undefined }, null, 2));
}

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
import { fileURLToPath, pathToFileURL } from 'node:url';
import { sql } from 'kysely';
import { countRows, rng } from './lib.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const api = (p) => path.join(here, '..', 'apps', 'api', 'src', p);
const { loadConfig } = await import(api('config.ts'));
const { createDb, migrateToLatest } = await import(api('db/index.ts'));
const { userSearchText } = await import(api('modules/users/index.ts'));
const { hashPassword } = await import(api('modules/accounts/index.ts'));
const { localToEpochMs, addDays } = await import(api('modules/diary/time.ts'));
const { rebuildAllWeekTotals } = await import(api('modules/diary/index.ts'));
const { periodOf } = await import(api('modules/cashflow/period.ts'));
const { DEMO_SERIES, demoStaleAfterMs } = await import(api('modules/forex/demo.ts'));
const { marketDate, marketMinutes, marketInstant } = await import(api('modules/stocks/calendar/calendar.ts'));
const { generateHistory, lastCompletedSession } = await import(api('modules/stocks/providers/demo.ts'));
const { DEMO_LISTINGS } = await import(api('modules/stocks/providers/demo-listings.ts'));
const { createCalendarRepo } = await import(api('modules/stocks/calendar/repo.ts'));
const { createCatalogueRepo, stockSearchText } = await import(api('modules/stocks/catalogue/repo.ts'));
const { createBarsRepo, createQuotesRepo } = await import(api('modules/stocks/snapshots/repo.ts'));
const { JAR_KEYS, JAR_DEFAULT_RATIOS } = await import('@staff/contracts');

export const BENCH_PASSWORD = 'bench-password-1';
/** The accounts the load benchmark signs in as (created first, so they have the lowest ids). */
export const FIXTURE_USERS = {
  admin: { email: 'bench-admin@bench.test', role: 'admin' },
  diary: { email: 'bench-diary@bench.test', role: 'staff' },
  writer: { email: 'bench-writer@bench.test', role: 'staff' },
  host: { email: 'bench-host@bench.test', role: 'ndf' },
  stocks: { email: 'bench-stocks@bench.test', role: 'staff' },
};

const DAY = 86_400_000;
const FIVE_MIN = 300_000;
const ZONE = 'Asia/Ho_Chi_Minh';

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

const LAST = [
  ['Nguyễn', 38],
  ['Trần', 11],
  ['Lê', 9.5],
  ['Phạm', 7],
  ['Hoàng', 5],
  ['Huỳnh', 5],
  ['Phan', 4.5],
  ['Vũ', 3.9],
  ['Võ', 3.9],
  ['Đặng', 2.1],
  ['Bùi', 2],
  ['Đỗ', 1.4],
  ['Hồ', 1.3],
  ['Ngô', 1.3],
  ['Dương', 1],
  ['Đinh', 0.8],
  ['Trương', 0.8],
  ['Lý', 0.5],
];
const MIDDLE = ['Văn', 'Thị', 'Minh', 'Ngọc', 'Đức', 'Thanh', 'Hữu', 'Quang', 'Thu', 'Xuân', 'Anh', ''];
const FIRST = (
  'An Bình Chi Dũng Đạt Giang Hà Hải Hạnh Hiếu Hoa Hùng Hương Khoa Lan Linh Long Mai Minh Nam Nga ' +
  'Ngọc Phong Phúc Quân Sơn Tâm Thảo Thắng Trang Trung Tuấn Tú Việt Vy Yến Đức Dương Khánh Lộc'
).split(' ');
const ROLES = [
  ['staff', 70],
  ['manager', 15],
  ['ndf', 10],
  ['admin', 5],
];
const ascii = (s) =>
  s
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/[đĐ]/g, 'd')
    .toLowerCase();

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
          .values({
            email: u.email,
            username: u.email,
            password_hash: passwordHash,
            first_name: key,
            middle_name: '',
            last_name: 'Bench',
            phone: '',
            gender: null,
            role: u.role,
            is_active: 1,
            avatar: null,
            created_at: nowIso,
            updated_at: nowIso,
            last_login_at: null,
            search: userSearchText({
              email: u.email,
              first_name: key,
              middle_name: '',
              last_name: 'Bench',
              phone: '',
            }),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        ids[key] = row.id;
      }
      const random = rng(20240601);
      const weighted = (pairs) => {
        let r = random() * pairs.reduce((s, [, w]) => s + w, 0);
        for (const [value, w] of pairs) {
          r -= w;
          if (r < 0) return value;
        }
        return pairs[pairs.length - 1][0];
      };
      const pick = (list) => list[Math.floor(random() * list.length)];
      const BATCH = 500;
      for (let start = 0; start < sizes.users; start += BATCH) {
        const rows = [];
        for (let i = start; i < Math.min(sizes.users, start + BATCH); i++) {
          const last = weighted(LAST);
          const middle = pick(MIDDLE);
          const first = pick(FIRST);
          const phone =
            random() < 0.8
              ? `09${Math.floor(random() * 10)} ${String(Math.floor(random() * 1e7)).padStart(7, '0')}`
              : '';
          const email = `${ascii(first)}.${ascii(last)}${i}@corp.vn`;
          const searched = { email, first_name: first, middle_name: middle, last_name: last, phone };
          rows.push({
            ...searched,
            username: email,
            password_hash: passwordHash,
            gender: pick(['M', 'F', 'O', null]),
            role: weighted(ROLES),
            // The first 2,000 are active: the diary writers and CashFlow players come from them.
            is_active: i < 2000 || random() < 0.9 ? 1 : 0,
            avatar: null,
            created_at: nowIso,
            updated_at: nowIso,
            last_login_at: null,
            search: userSearchText(searched),
          });
        }
        await db.transaction().execute((tx) => tx.insertInto('users').values(rows).execute());
      }
      return `${(sizes.users + Object.keys(FIXTURE_USERS).length).toLocaleString('en-US')} users`;
    });
    const firstCrowdId = ids.stocks + 1;

    // --- diary: the heavy user (ENTRIES over three years, 20 categories) and the diary users.
    const today = new Date(now.getTime() + 7 * 3_600_000).toISOString().slice(0, 10);
    const diaryFixture = {};
    await part('diary', async () => {
      const random = rng(20240602);
      const pad = (n) => String(n).padStart(2, '0');
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
      let entryRows = [];
      let linkRows = [];
      const flush = async () => {
        if (entryRows.length === 0) return;
        const entries = entryRows;
        const links = linkRows;
        entryRows = [];
        linkRows = [];
        await db.transaction().execute(async (tx) => {
          const inserted = await tx.insertInto('diary_entries').values(entries).returning('id').execute();
          const rows = [];
          inserted.forEach((row, i) => {
            for (const c of links[i]) rows.push({ entry_id: row.id, category_id: c });
          });
          for (let k = 0; k < rows.length; k += 1000)
            await tx
              .insertInto('diary_entry_categories')
              .values(rows.slice(k, k + 1000))
              .execute();
        });
      };
      for (const owner of owners) {
        const categoryIds = await db.transaction().execute(async (tx) => {
          const diary = await tx
            .insertInto('diaries')
            .values({ user_id: owner.userId, title: `Diary ${owner.userId}`, created_at: nowIso })
            .returning('id')
            .executeTakeFirstOrThrow();
          owner.diaryId = diary.id;
          const jars = await tx
            .insertInto('diary_jars')
            .values(JAR_KEYS.map((key) => ({ user_id: owner.userId, key, ratio: JAR_DEFAULT_RATIOS[key] })))
            .returning(['id', 'key'])
            .execute();
          const jarIds = jars.filter((j) => j.key !== 'unclassified').map((j) => j.id);
          const cats = await tx
            .insertInto('diary_categories')
            .values(
              Array.from({ length: owner.categories }, (_, i) => ({
                user_id: owner.userId,
                title: `Category ${i}`,
                jar_id: i < owner.categories - 2 ? jarIds[i % jarIds.length] : null,
                created_at: nowIso,
              })),
            )
            .returning('id')
            .execute();
          return cats.map((c) => c.id);
        });
        owner.categoryIds = categoryIds;
        // Entries spread evenly over the days: back-to-back blocks through each day that has any.
        const perDay = owner.entries / sizes.diaryDays;
        let done = 0;
        for (let d = 0; d < sizes.diaryDays && done < owner.entries; d++) {
          const n = Math.min(owner.entries - done, Math.round((d + 1) * perDay) - Math.round(d * perDay));
          if (n <= 0) continue;
          const date = addDays(firstDay, d);
          const slot = Math.floor(1440 / n);
          for (let k = 0; k < n; k++) {
            const offset = n === 1 ? Math.floor(random() * 1200) : k * slot;
            const startMin = offset;
            const endMin = Math.min(
              1439,
              startMin + Math.max(5, Math.floor((n === 1 ? 120 : slot) * (0.5 + random() * 0.5))),
            );
            const start_time = `${pad(Math.floor(startMin / 60))}:${pad(startMin % 60)}`;
            const end_time = `${pad(Math.floor(endMin / 60))}:${pad(endMin % 60)}`;
            const start_ms = localToEpochMs(date, start_time, ZONE);
            const end_ms = localToEpochMs(date, end_time, ZONE);
            const cats = new Set();
            const c = 1 + Math.floor(random() * 3);
            while (cats.size < c) cats.add(categoryIds[Math.floor(random() * categoryIds.length)]);
            entryRows.push({
              diary_id: owner.diaryId,
              user_id: owner.userId,
              title: `Entry ${done}`,
              feeling: ['excited', 'happy', 'neutral', 'sad', 'tired', 'angry', 'anxious'][made % 7],
              start_date: date,
              start_time,
              end_date: date,
              end_time,
              time_zone: ZONE,
              start_at: new Date(start_ms).toISOString(),
              end_at: new Date(end_ms).toISOString(),
              start_ms,
              end_ms,
              category_count: cats.size,
              place: 'Office',
              note: 'Benchmark entry',
              feedback: '',
              created_at: nowIso,
              updated_at: nowIso,
            });
            linkRows.push([...cats]);
            done++;
            made++;
            if (entryRows.length >= 500) await flush();
          }
        }
      }
      await flush();
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
      let rows = 0;
      for (const series of DEMO_SERIES) {
        const times = [];
        for (
          let t = Math.floor((end - sizes.forexDailyYears * 365 * DAY) / DAY) * DAY + 16 * 3_600_000;
          t < intradayFrom;
          t += DAY
        )
          times.push(t);
        for (let t = intradayFrom; t <= end; t += FIVE_MIN) times.push(t);
        let value = series.level;
        const points = times.map((time_ms) => {
          value *= 1 + (random() - 0.5) * 0.002;
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
        await db.transaction().execute(async (tx) => {
          for (let i = 0; i < points.length; i += 2000)
            await tx
              .insertInto('forex_prices')
              .values(points.slice(i, i + 2000))
              .execute();
          await tx
            .insertInto('forex_symbols')
            .values({
              symbol: series.symbol,
              source: 'demo',
              last_time_ms: end,
              arrived_at_ms: now.getTime(),
              stale_after_ms: demoStaleAfterMs(300_000),
              has_live: 0,
            })
            .execute();
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
      const days = [];
      for (let d = addDays(until, -Math.round(365.25 * sizes.stockYears)); d <= until; d = addDays(d, 1))
        if (cal.isTradingDay(d)) days.push(d);
      // The quotes' session: today's if it has begun, else the last completed one.
      const todayMarket = marketDate(now);
      const live = cal.isTradingDay(todayMarket) && marketMinutes(now) >= 9 * 60;
      const quoteDay = live ? todayMarket : until;
      const lastMinute = live ? Math.min(15 * 60, marketMinutes(now)) : 15 * 60;
      const listings = Array.from({ length: sizes.stocks }, (_, i) => {
        const base = DEMO_LISTINGS[i % DEMO_LISTINGS.length];
        return i < DEMO_LISTINGS.length
          ? base
          : { ...base, ticker: `${base.ticker.slice(0, 3)}${Math.floor(i / DEMO_LISTINGS.length)}` };
      });
      let bars = 0;
      let quotes = 0;
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
              created_at: nowIso,
            })),
          )
          .returning(['id', 'ticker'])
          .execute();
        const trxBars = createBarsRepo(trx);
        const trxQuotes = createQuotesRepo(trx);
        const byTicker = new Map(listings.map((l) => [l.ticker, l]));
        for (let i = 0; i < created.length; i += 25) {
          const rows = [];
          for (const c of created.slice(i, i + 25)) {
            for (const bar of generateHistory(byTicker.get(c.ticker), days))
              rows.push({ ...bar, stock_id: c.id, source: 'demo' });
          }
          await trxBars.insertBarsBulk(rows);
          bars += rows.length;
        }
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
                as_of_ms: marketInstant(
                  quoteDay,
                  `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`,
                ).getTime(),
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
      const random = rng(20261123);
      const pick = (list) => list[Math.floor(random() * list.length)];
      const players = Array.from({ length: 300 }, (_, i) => firstCrowdId + i);
      const guests = Array.from({ length: 400 }, (_, i) => `Khách ${i + 1}`);
      const careers = ['Lao công', 'Công nhân', 'Thư ký', 'Tài xế', 'Cảnh sát', 'Y tá', 'Giáo viên', 'Kỹ sư'];
      const endMs = now.getTime();
      const spanMs = 5 * 365 * DAY;
      let sessions = [];
      let seats = [];
      let results = 0;
      const monthTotals = new Map();
      const monthWins = new Map();
      const flush = async () => {
        if (sessions.length === 0) return;
        const s = sessions;
        const p = seats;
        sessions = [];
        seats = [];
        await db.transaction().execute(async (tx) => {
          const inserted = await tx.insertInto('cashflow_sessions').values(s).returning('id').execute();
          const rows = [];
          inserted.forEach((row, i) => {
            for (const r of p[i]) rows.push({ ...r, session_id: row.id });
          });
          for (let k = 0; k < rows.length; k += 1000)
            await tx
              .insertInto('cashflow_results')
              .values(rows.slice(k, k + 1000))
              .execute();
        });
      };
      for (let g = 0; g < sizes.games; g++) {
        const end = endMs - Math.floor((g / sizes.games) * spanMs) - Math.floor(random() * 3_600_000);
        const duration = 1800 + Math.floor(random() * 9000);
        const n = 1 + Math.floor(random() * 6);
        const seated = new Set();
        const rows = [];
        for (let p = 0; p < n; p++) {
          let userId = random() < 0.6 ? pick(players) : null;
          if (userId !== null && seated.has(userId)) userId = null;
          if (userId !== null) seated.add(userId);
          const guest = userId === null ? pick(guests) : null;
          rows.push({
            position: p,
            user_id: userId,
            guest_name: guest,
            display_name: guest ?? `Người ${userId}`,
            career: pick(careers),
            salary: 3000,
            expenses: 2000 + Math.floor(random() * 2000),
            passive_income: Math.floor(random() * 60000),
            cash_on_hand_end: Math.floor(random() * 100000),
            escaped_ratrace: 0,
            is_winner: 0,
          });
        }
        const winner = Math.floor(random() * n);
        rows[winner].is_winner = 1;
        rows[winner].escaped_ratrace = 1;
        sessions.push({
          submitted_by: ids.host,
          pending_ts: g + 1,
          start_time: new Date(end - duration * 1000).toISOString(),
          end_time: new Date(end).toISOString(),
          start_ms: end - duration * 1000,
          end_ms: end,
          duration_seconds: duration,
          win_type: random() < 0.8 ? 'PASSIVE_INCOME_FAST' : 'DREAM',
          num_players: n,
          winner_index: winner,
          winner_user_id: rows[winner].user_id,
          winner_guest_name: rows[winner].guest_name,
          created_at: nowIso,
        });
        seats.push(rows);
        results += n;
        const period = periodOf(end);
        const total = monthTotals.get(period) ?? { period, games: 0, duration_seconds: 0 };
        total.games += 1;
        total.duration_seconds += duration;
        monthTotals.set(period, total);
        const { user_id, guest_name } = rows[winner];
        const key = user_id !== null ? `u:${user_id}` : `g:${guest_name}`;
        const win = monthWins.get(`${period}|${key}`) ?? {
          period,
          winner_key: key,
          winner_user_id: user_id,
          winner_guest_name: user_id !== null ? null : guest_name,
          wins: 0,
          last_end_ms: end,
        };
        win.wins += 1;
        win.last_end_ms = Math.max(win.last_end_ms, end);
        monthWins.set(`${period}|${key}`, win);
        if (sessions.length >= 500) await flush();
      }
      await flush();
      const wins = [...monthWins.values()];
      await db.transaction().execute(async (tx) => {
        await tx
          .insertInto('cashflow_monthly_totals')
          .values([...monthTotals.values()])
          .execute();
        for (let i = 0; i < wins.length; i += 1000)
          await tx
            .insertInto('cashflow_monthly_wins')
            .values(wins.slice(i, i + 1000))
            .execute();
        // The all-time roll-up is the monthly rows summed per winner, as migration 0012 fills it.
        await sql`insert into cashflow_alltime_wins (winner_key, winner_user_id, winner_guest_name, wins, last_end_ms)
          select winner_key, max(winner_user_id), max(winner_guest_name), sum(wins), max(last_end_ms)
          from cashflow_monthly_wins group by winner_key`.execute(tx);
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

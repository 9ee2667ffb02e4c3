// CashFlow benchmark: 100,000 finished games (about 350,000 results) over five
// years, then the leaderboard for each range and the first page of the
// history, timed through the real app (app.inject: routing, auth, validation,
// SQL, serialisation; no sockets).
//
//   node --import tsx bench/cashflow-bench.mjs            # SQLite in a temp dir
//   node scripts/throwaway-postgres.mjs sh -c 'DATABASE_URL=$TEST_PG_URL node --import tsx bench/cashflow-bench.mjs'
//
// Options (env): GAMES (100000), USERS (300), RUNS (40), KEEP=1 keeps the SQLite file. Writes
// bench/results/cashflow-<sqlite|postgres>.json and prints a table.
import { sql } from 'kysely';
import * as bench from './lib.mjs';

const { periodOf } = await import(bench.apiSource('modules/cashflow/period.ts'));

const GAMES = Number(process.env.GAMES ?? 100_000);
const USERS = Number(process.env.USERS ?? 300);
const RUNS = Number(process.env.RUNS ?? 40);
const YEARS = 5;
const CAREERS = [
  'Lao công',
  'Công nhân',
  'Thư ký',
  'Tài xế',
  'Cảnh sát',
  'Y tá',
  'Giáo viên',
  'Doanh nhân',
  'Kỹ sư',
  'Luật sư',
];
const GUESTS = Array.from({ length: 400 }, (_, i) => `Khách ${i + 1}`);

// Deterministic data: the same games on every run and both databases.
const random = bench.rng(20261122);
const pick = (list) => list[Math.floor(random() * list.length)];

const { dataDir, config, kind, db } = await bench.openDb('cashflow');
const { app, user: host, get } = await bench.startApp({ config, db, role: 'ndf', emailPrefix: 'bench-host' });

// Players: USERS accounts inserted straight into the table (one shared hash).
const started = performance.now();
const { password_hash } = await db
  .selectFrom('users')
  .select('password_hash')
  .where('id', '=', host.id)
  .executeTakeFirstOrThrow();
const now = new Date().toISOString();
const userRows = Array.from({ length: USERS }, (_, i) => ({
  email: `player-${i}@bench.test`,
  username: `player-${i}@bench.test`,
  password_hash,
  first_name: `Người ${i}`,
  middle_name: '',
  last_name: pick(['Nguyễn', 'Trần', 'Lê', 'Phạm', 'Hoàng']),
  phone: '',
  gender: null,
  role: 'staff',
  is_active: 1,
  avatar: null,
  created_at: now,
  updated_at: now,
  last_login_at: null,
  search: `player-${i}`,
}));
const userIds = [];
for (let i = 0; i < userRows.length; i += 100) {
  const ids = await db
    .insertInto('users')
    .values(userRows.slice(i, i + 100))
    .returning('id')
    .execute();
  userIds.push(...ids.map((r) => r.id));
}

// GAMES games over YEARS years ending now, 1 to 6 players, 60 % registered.
const endMs = Date.now();
const spanMs = YEARS * 365 * 86_400_000;
const games = bench.batchedWriter(db, {
  parentTable: 'cashflow_sessions',
  childTable: 'cashflow_results',
  key: 'session_id',
});
// The monthly roll-ups the finalize transaction keeps, accumulated here and written at the end.
const monthTotals = new Map();
const monthWins = new Map();
let resultCount = 0;
for (let g = 0; g < GAMES; g++) {
  const end = endMs - Math.floor((g / GAMES) * spanMs) - Math.floor(random() * 3_600_000);
  const duration = 1800 + Math.floor(random() * 9000);
  const n = 1 + Math.floor(random() * 6);
  const seated = new Set();
  const rows = [];
  for (let p = 0; p < n; p++) {
    let userId = null;
    if (random() < 0.6) {
      userId = pick(userIds);
      if (seated.has(userId)) userId = null;
      else seated.add(userId);
    }
    const guest = userId === null ? pick(GUESTS) : null;
    rows.push({
      position: p,
      user_id: userId,
      guest_name: guest,
      display_name: guest ?? `Người ${userId}`,
      career: pick(CAREERS),
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
  const session = {
    submitted_by: host.id,
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
    created_at: now,
  };
  await games.add(session, rows);
  resultCount += n;
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
}
await games.flush();
const rollups = [...monthWins.values()];
await db
  .insertInto('cashflow_monthly_totals')
  .values([...monthTotals.values()])
  .execute();
for (let i = 0; i < rollups.length; i += 1000) {
  await db
    .insertInto('cashflow_monthly_wins')
    .values(rollups.slice(i, i + 1000))
    .execute();
}
// Fresh statistics, as a running server would have them; on PostgreSQL autovacuum would also
// have filled the visibility map that index-only scans need.
if (kind === 'postgres') {
  await sql`vacuum analyze cashflow_sessions`.execute(db);
  await sql`vacuum analyze cashflow_results`.execute(db);
  await sql`vacuum analyze cashflow_monthly_totals`.execute(db);
  await sql`vacuum analyze cashflow_monthly_wins`.execute(db);
} else {
  await sql`analyze`.execute(db);
}
const loadSeconds = ((performance.now() - started) / 1000).toFixed(1);

/** The first call, 3 warm-ups, then RUNS timed calls; `check` describes the first answer. */
async function time(name, url, check) {
  const { stats, first } = await bench.timeCalls(name, () => get(url), { runs: RUNS, warmup: 4 });
  return { name, ...stats, detail: check(first.json()) };
}

// The current year and month in Vietnam.
const vn = new Date(Date.now() + 7 * 3_600_000);
const year = vn.getUTCFullYear();
const month = vn.getUTCMonth() + 1;
const board = (b) => `${b.total_games} games, ${b.users.length} users, ${b.guests.length} guests`;
const results = [
  await time('leaderboard all, guests', '/api/cashflow/leaderboard/?range=all&include_guests=true', board),
  await time('leaderboard all', '/api/cashflow/leaderboard/?range=all', board),
  await time(
    'leaderboard year, guests',
    `/api/cashflow/leaderboard/?range=year&year=${year - 1}&include_guests=true`,
    board,
  ),
  await time(
    'leaderboard month, guests',
    `/api/cashflow/leaderboard/?range=month&year=${year}&month=${month}&include_guests=true`,
    board,
  ),
  await time('sessions, first page', '/api/cashflow/sessions/', (p) => `${p.results.length} of ${p.count}`),
  await time(
    'sessions, page 100',
    '/api/cashflow/sessions/?page=100',
    (p) => `${p.results.length} of ${p.count}`,
  ),
];

const report = {
  ...bench.reportHeader(kind),
  games: GAMES,
  results_rows: resultCount,
  monthly_win_rows: rollups.length,
  users: USERS,
  runs: RUNS,
  load_seconds: Number(loadSeconds),
  results,
};
console.log(
  `cashflow bench on ${kind}: ${GAMES} games, ${resultCount} results, loaded in ${loadSeconds} s, ${RUNS} runs each`,
);
console.table(results);
bench.writeResult(`cashflow-${kind}`, report);

await bench.close({ app, db, dataDir, keep: Boolean(process.env.KEEP) });

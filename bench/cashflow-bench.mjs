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
import { insertGames } from './generators/cashflow.mjs';
import { userRow } from './generators/users.mjs';
import * as bench from './lib.mjs';

const GAMES = Number(process.env.GAMES ?? 100_000);
const USERS = Number(process.env.USERS ?? 300);
const RUNS = Number(process.env.RUNS ?? 40);
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

// Deterministic data: the same players and games on every run and both databases.
const random = bench.rng(20261122);

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
  ...userRow(
    {
      email: `player-${i}@bench.test`,
      first_name: `Người ${i}`,
      last_name: bench.pick(random, ['Nguyễn', 'Trần', 'Lê', 'Phạm', 'Hoàng']),
    },
    { passwordHash: password_hash, nowIso: now },
  ),
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

// GAMES games over five years ending now, 1 to 6 players, 60 % registered, with their roll-ups.
const { results: resultCount, monthlyWinRows } = await insertGames(db, {
  random,
  games: GAMES,
  players: userIds,
  careers: CAREERS,
  submittedBy: host.id,
  endMs: Date.now(),
  nowIso: now,
});
// Fresh statistics, as a running server would have them; on PostgreSQL autovacuum would also
// have filled the visibility map that index-only scans need.
if (kind === 'postgres') {
  await sql`vacuum analyze cashflow_sessions`.execute(db);
  await sql`vacuum analyze cashflow_results`.execute(db);
  await sql`vacuum analyze cashflow_monthly_totals`.execute(db);
  await sql`vacuum analyze cashflow_monthly_wins`.execute(db);
  await sql`vacuum analyze cashflow_alltime_wins`.execute(db);
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
  monthly_win_rows: monthlyWinRows,
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

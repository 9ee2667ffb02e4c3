// CashFlow benchmark: 100,000 finished games (about 350,000 results) over five
// years, then the leaderboard for each range, the first page of the history and
// finalize (a new game each call), timed through the real app (app.inject: routing, auth, validation,
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
const {
  app,
  user: host,
  headers,
  get,
} = await bench.startApp({ config, db, role: 'ndf', emailPrefix: 'bench-host' });

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
const storedGames = await bench.countRows(db, 'cashflow_sessions');
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
  await time('sessions, first page', '/api/cashflow/sessions/', (p) => {
    // The count is the monthly roll-up's sum (decision 0027): it must be the number of stored games.
    if (p.count !== storedGames) throw new Error(`sessions count ${p.count}, ${storedGames} games stored`);
    return `${p.results.length} of ${p.count}`;
  }),
  await time(
    'sessions, page 100',
    '/api/cashflow/sessions/?page=100',
    (p) => `${p.results.length} of ${p.count}`,
  ),
];

// Finalize: a new four-player game each call (one of them registered), its answer 201.
let pendingTs = GAMES + 1;
const finalizeBody = () => {
  const end = Date.now() - 60_000;
  return {
    num_players: 4,
    start_time: new Date(end - 3_600_000).toISOString(),
    end_time: new Date(end).toISOString(),
    win_type: 'PASSIVE_INCOME_FAST',
    winner_index: 1,
    _pending_ts: pendingTs++,
    results: Array.from({ length: 4 }, (_, i) => ({
      career: bench.pick(random, CAREERS),
      salary: 3000,
      expenses: 2500,
      passive_income: i === 1 ? 4000 : 1000,
      cash_on_hand_end: 12_000,
      escaped_ratrace: i === 1,
      is_winner: i === 1,
      ...(i === 0 ? { user_id: userIds[0] } : { guest_name: `Khách ${i}` }),
    })),
  };
};
{
  const { stats, first } = await bench.timeCalls(
    'finalize',
    async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/cashflow/sessions/finalize/',
        headers,
        payload: finalizeBody(),
      });
      // timeCalls expects 200; a stored game answers 201, anything else fails the run.
      return {
        statusCode: res.statusCode === 201 ? 200 : res.statusCode,
        body: res.body,
        json: () => res.json(),
      };
    },
    { runs: RUNS, warmup: 4 },
  );
  results.push({
    name: 'finalize, new game',
    ...stats,
    detail: `${first.json().results.length} players stored`,
  });
}

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

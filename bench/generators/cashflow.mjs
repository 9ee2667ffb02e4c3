// Finished CashFlow games for the benches, inserted straight into the tables together with the
// roll-ups the finalize transaction keeps (monthly totals and wins, decision 0010; the all-time
// wins, migration 0012).
import { sql } from 'kysely';
import { apiSource, batchedWriter, pick } from '../lib.mjs';

const { periodOf } = await import(apiSource('modules/cashflow/period.ts'));

const DAY = 86_400_000;
const GUESTS = Array.from({ length: 400 }, (_, i) => `Khách ${i + 1}`);

/**
 * Inserts `games` finished games ending over the `years` before `endMs`, newest first, submitted by
 * `submittedBy`: 1 to 6 players each, a seat a registered user of `players` 60 % of the time (never
 * twice in one game) and otherwise one of 400 guest names, with careers from `careers`, all drawn
 * from `random`; then their roll-ups. Returns the number of results and of monthly win rows.
 */
export async function insertGames(
  db,
  { random, games, players, careers, submittedBy, endMs, nowIso, years = 5 },
) {
  const spanMs = years * 365 * DAY;
  const writer = batchedWriter(db, {
    parentTable: 'cashflow_sessions',
    childTable: 'cashflow_results',
    key: 'session_id',
  });
  const monthTotals = new Map();
  const monthWins = new Map();
  let results = 0;
  for (let g = 0; g < games; g++) {
    const end = endMs - Math.floor((g / games) * spanMs) - Math.floor(random() * 3_600_000);
    const duration = 1800 + Math.floor(random() * 9000);
    const n = 1 + Math.floor(random() * 6);
    const seated = new Set();
    const rows = [];
    for (let p = 0; p < n; p++) {
      let userId = random() < 0.6 ? pick(random, players) : null;
      if (userId !== null && seated.has(userId)) userId = null;
      if (userId !== null) seated.add(userId);
      const guest = userId === null ? pick(random, GUESTS) : null;
      rows.push({
        position: p,
        user_id: userId,
        guest_name: guest,
        display_name: guest ?? `Người ${userId}`,
        career: pick(random, careers),
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
    await writer.add(
      {
        submitted_by: submittedBy,
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
      },
      rows,
    );
    results += n;
    // The roll-ups the finalize transaction keeps, accumulated here and written at the end.
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
  await writer.flush();
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
  return { results, monthlyWinRows: wins.length };
}

// The leaderboard's roll-ups are derived data: after games stored every way they can be (one by
// one, at the same moment, sent late, resent, won by users and guests) and a winner's account
// deleted, the monthly and all-time rows equal a recomputation from the stored games, on SQLite
// and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDatabases } from '../../test/harness';
import { caller, makeUser, type TestUser } from '../../test/users';
import { periodOf } from './period';
import { finalizeBody } from './test-fixtures';

const FINALIZE = '/api/cashflow/sessions/finalize/';
const MINUTE = 60_000;

/** Seeded, so a failure replays. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/** The roll-ups as they should be, from cashflow_sessions alone. */
async function recomputed(t: TestApp) {
  const games = await t.db
    .selectFrom('cashflow_sessions')
    .select(['end_ms', 'duration_seconds', 'winner_user_id', 'winner_guest_name'])
    .execute();
  const totals = new Map<number, { period: number; games: number; duration_seconds: number }>();
  const monthly = new Map<
    string,
    { period: number; winner_key: string; wins: number; last_end_ms: number }
  >();
  const alltime = new Map<string, { winner_key: string; wins: number; last_end_ms: number }>();
  for (const g of games) {
    const end = Number(g.end_ms);
    const period = periodOf(end);
    const total = totals.get(period) ?? { period, games: 0, duration_seconds: 0 };
    total.games += 1;
    total.duration_seconds += Number(g.duration_seconds);
    totals.set(period, total);
    // A deleted winner's game counts in the totals; its win leaves the board.
    const key =
      g.winner_user_id !== null
        ? `u:${g.winner_user_id}`
        : g.winner_guest_name !== null
          ? `g:${g.winner_guest_name}`
          : null;
    if (key === null) continue;
    const m = monthly.get(`${period}|${key}`) ?? { period, winner_key: key, wins: 0, last_end_ms: end };
    m.wins += 1;
    m.last_end_ms = Math.max(m.last_end_ms, end);
    monthly.set(`${period}|${key}`, m);
    const a = alltime.get(key) ?? { winner_key: key, wins: 0, last_end_ms: end };
    a.wins += 1;
    a.last_end_ms = Math.max(a.last_end_ms, end);
    alltime.set(key, a);
  }
  const byKey = <T extends { winner_key: string }>(rows: T[]) =>
    rows.sort((x, y) => x.winner_key.localeCompare(y.winner_key));
  return {
    totals: [...totals.values()].sort((x, y) => x.period - y.period),
    monthly: byKey([...monthly.values()]).sort((x, y) => x.period - y.period),
    alltime: byKey([...alltime.values()]),
  };
}

async function stored(t: TestApp) {
  const totals = await t.db.selectFrom('cashflow_monthly_totals').selectAll().execute();
  const monthly = await t.db
    .selectFrom('cashflow_monthly_wins')
    .select(['period', 'winner_key', 'wins', 'last_end_ms'])
    .execute();
  const alltime = await t.db
    .selectFrom('cashflow_alltime_wins')
    .select(['winner_key', 'wins', 'last_end_ms'])
    .execute();
  const num = <T extends object>(row: T) =>
    Object.fromEntries(
      Object.entries(row).map(([k, v]) => [k, typeof v === 'string' && k !== 'winner_key' ? Number(v) : v]),
    ) as T;
  return {
    totals: totals.map(num).sort((x, y) => x.period - y.period),
    monthly: monthly
      .map(num)
      .sort((x, y) => x.winner_key.localeCompare(y.winner_key))
      .sort((x, y) => x.period - y.period),
    alltime: alltime.map(num).sort((x, y) => x.winner_key.localeCompare(y.winner_key)),
  };
}

describe.each(testDatabases())('cashflow roll-ups against a recomputation (%s)', (kind) => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let hosts: TestUser[];
  let players: TestUser[];
  const next = random(kind === 'sqlite' ? 17 : 29);

  /** A random game: 2–6 seats, users and guests, ending some time in 2025–2027. */
  function randomGame(pendingTs?: number) {
    const seats = 2 + Math.floor(next() * 5);
    const free = [...players];
    const list = Array.from({ length: seats }, (_, i) => {
      if (next() < 0.6 && free.length > 0) {
        const [user] = free.splice(Math.floor(next() * free.length), 1);
        return { user_id: (user as TestUser).id };
      }
      return { guest_name: `Khách ${['An', 'Bình', 'Chi'][Math.floor(next() * 3)]} ${i}` };
    });
    const end =
      Date.UTC(2025, 0, 1) + Math.floor(next() * 3 * 365) * 86_400_000 + Math.floor(next() * 86_400_000);
    const minutes = 10 + Math.floor(next() * 200);
    return finalizeBody(list, {
      winner: Math.floor(next() * seats),
      start: new Date(end - minutes * MINUTE).toISOString(),
      end: new Date(end).toISOString(),
      pendingTs,
    });
  }

  beforeAll(async () => {
    t = await createTestApp(kind);
    // Finalize refuses a game in the future: the server's clock is past the games sent below.
    t.clock.advance((Date.UTC(2032, 0, 1) - t.clock.now().getTime()) / 1000);
    call = caller(t);
    hosts = await Promise.all([makeUser(t, 'ndf'), makeUser(t, 'admin')]);
    players = await Promise.all(Array.from({ length: 6 }, () => makeUser(t, 'staff')));
  });
  afterAll(() => t.close());

  it('match after games one by one, at once, late and resent, and a deleted winner', async () => {
    for (let i = 0; i < 25; i += 1) {
      const res = await call(hosts[i % 2] as TestUser, 'POST', FINALIZE, randomGame());
      expect(res.statusCode).toBe(201);
    }
    // At the same moment, including the same game sent twice at once and again later.
    const twice = randomGame(9_000_000_000_000);
    const burst = await Promise.all([
      ...Array.from({ length: 15 }, () => call(hosts[0] as TestUser, 'POST', FINALIZE, randomGame())),
      call(hosts[1] as TestUser, 'POST', FINALIZE, twice),
      call(hosts[1] as TestUser, 'POST', FINALIZE, twice),
    ]);
    expect(burst.every((r) => r.statusCode === 200 || r.statusCode === 201)).toBe(true);
    expect((await call(hosts[1] as TestUser, 'POST', FINALIZE, twice)).statusCode).toBe(200);
    expect(await stored(t)).toEqual(await recomputed(t));

    // A winner's account deleted through the API: their wins leave every roll-up, their games stay.
    const winner = await t.db
      .selectFrom('cashflow_sessions')
      .select('winner_user_id')
      .where('winner_user_id', 'is not', null)
      .executeTakeFirstOrThrow();
    const admin = hosts[1] as TestUser;
    const res = await call(admin, 'DELETE', `/api/users/users/${winner.winner_user_id}/`);
    expect(res.statusCode).toBe(204);
    const after = await stored(t);
    expect(after.alltime.some((r) => r.winner_key === `u:${winner.winner_user_id}`)).toBe(false);
    expect(after).toEqual(await recomputed(t));
    expect(after.totals.reduce((sum, r) => sum + r.games, 0)).toBe(41);
  });
});

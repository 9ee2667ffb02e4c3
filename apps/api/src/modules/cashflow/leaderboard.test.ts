// API tests for the leaderboard, on SQLite and PostgreSQL: ranges at month and
// year edges in Asia/Ho_Chi_Minh (UTC+7), guests on and off, ranking, totals
// and the query's rules.
import { LEADERBOARD_MESSAGES, type LeaderboardResponse } from '@staff/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDatabases } from '../../test/harness';
import { caller, makeUser, type TestUser } from '../../test/users';
import { finalizeBody } from './test-fixtures';

const FINALIZE = '/api/cashflow/sessions/finalize/';
const LEADERBOARD = '/api/cashflow/leaderboard/';
const MINUTE = 60_000;

describe.each(testDatabases())('cashflow leaderboard (%s)', (kind) => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let host: TestUser;
  let an: TestUser;
  let binh: TestUser;

  /** A game ending at `end` (UTC) after `minutes`, won by the first player. */
  async function game(end: string, winner: { user_id: number } | { guest_name: string }, minutes = 60) {
    const start = new Date(Date.parse(end) - minutes * MINUTE).toISOString();
    const res = await call(
      host,
      'POST',
      FINALIZE,
      finalizeBody([winner, { guest_name: 'Người thua' }], { start, end }),
    );
    if (res.statusCode !== 201) throw new Error(`finalize: ${res.statusCode} ${res.body}`);
  }

  const board = async (query: string) => {
    const res = await call(host, 'GET', `${LEADERBOARD}?${query}`);
    expect(res.statusCode).toBe(200);
    return res.json() as LeaderboardResponse;
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    // Finalize refuses a game in the future: the server's clock is past the games sent below.
    t.clock.advance((Date.UTC(2032, 0, 1) - t.clock.now().getTime()) / 1000);
    call = caller(t);
    [host, an, binh] = await Promise.all([
      makeUser(t, 'ndf'),
      makeUser(t, 'staff', { firstName: 'An', lastName: 'Nguyễn' }),
      makeUser(t, 'staff', { firstName: 'Bình', lastName: 'Lê' }),
    ]);
    // 23:59 on 31 January in Vietnam: January.
    await game('2026-01-31T16:59:00Z', { user_id: an.id }, 30);
    // 00:30 on 1 February in Vietnam (still 31 January in UTC): February.
    await game('2026-01-31T17:30:00Z', { user_id: an.id }, 90);
    // Midnight starting 2026 in Vietnam: January 2026.
    await game('2025-12-31T17:00:00Z', { guest_name: 'Chi' }, 45);
    // One second earlier: December 2025.
    await game('2025-12-31T16:59:59Z', { user_id: binh.id }, 60);
    await game('2026-02-15T05:00:00Z', { user_id: binh.id }, 120);
    await game('2026-02-20T05:00:00Z', { guest_name: 'Dũng' }, 60);
    await game('2026-03-01T02:00:00Z', { guest_name: 'Chi' }, 60);
  });
  afterAll(() => t.close());

  it('counts a game ending 2026-01-31T17:30Z in February, one a minute before midnight in January', async () => {
    const january = await board('range=month&year=2026&month=1&include_guests=true');
    expect(january).toEqual({
      users: [{ user_id: an.id, display_name: 'Nguyễn An', wins: 1 }],
      guests: [{ display_name: 'Chi', wins: 1 }],
      total_games: 2,
      avg_game_duration_minutes: 37.5,
    });
    const february = await board('range=month&year=2026&month=2&include_guests=true');
    expect(february).toEqual({
      // One win each: An reached it first (31 January 17:30 UTC).
      users: [
        { user_id: an.id, display_name: 'Nguyễn An', wins: 1 },
        { user_id: binh.id, display_name: 'Lê Bình', wins: 1 },
      ],
      guests: [{ display_name: 'Dũng', wins: 1 }],
      total_games: 3,
      avg_game_duration_minutes: 90,
    });
  });

  it('splits the years at midnight in Vietnam', async () => {
    const y2025 = await board('range=year&year=2025&include_guests=true');
    expect(y2025).toEqual({
      users: [{ user_id: binh.id, display_name: 'Lê Bình', wins: 1 }],
      guests: [],
      total_games: 1,
      avg_game_duration_minutes: 60,
    });
    const y2026 = await board('range=year&year=2026&include_guests=true');
    expect(y2026.total_games).toBe(6);
    expect(y2026.users).toEqual([
      { user_id: an.id, display_name: 'Nguyễn An', wins: 2 },
      { user_id: binh.id, display_name: 'Lê Bình', wins: 1 },
    ]);
    expect(y2026.guests).toEqual([
      { display_name: 'Chi', wins: 2 },
      { display_name: 'Dũng', wins: 1 },
    ]);
    // December 2025 and a year with no games.
    expect((await board('range=month&year=2025&month=12')).total_games).toBe(1);
    expect(await board('range=year&year=2030&include_guests=true')).toEqual({
      users: [],
      guests: [],
      total_games: 0,
      avg_game_duration_minutes: 0,
    });
  });

  it('ranks all time by wins, ties by who reached the count first, and leaves guests out unless asked', async () => {
    const all = await board('range=all');
    // Two wins each: An's second came on 31 January, Bình's on 15 February.
    expect(all).toEqual({
      users: [
        { user_id: an.id, display_name: 'Nguyễn An', wins: 2 },
        { user_id: binh.id, display_name: 'Lê Bình', wins: 2 },
      ],
      guests: [],
      total_games: 7,
      avg_game_duration_minutes: Math.round(((30 + 90 + 45 + 60 + 120 + 60 + 60) / 7) * 10) / 10,
    });
    expect((await board('include_guests=true')).guests).toEqual([
      { display_name: 'Chi', wins: 2 },
      { display_name: 'Dũng', wins: 1 },
    ]);
    expect((await board('include_guests=false')).guests).toEqual([]);
  });

  it('ignores year and month the range does not use', async () => {
    expect((await board('range=all&year=2025&month=12')).total_games).toBe(7);
    expect((await board('range=year&year=2026&month=1')).total_games).toBe(6);
  });

  describe('kept with every stored game', () => {
    let t2: TestApp;
    let c2: ReturnType<typeof caller>;
    let h2: TestUser;
    let x: TestUser;
    let y: TestUser;
    const send = async (end: string, winner: { user_id: number } | { guest_name: string }) => {
      const start = new Date(Date.parse(end) - 60 * MINUTE).toISOString();
      return c2(h2, 'POST', FINALIZE, finalizeBody([winner], { start, end }));
    };
    const july = async () => {
      const res = await c2(h2, 'GET', `${LEADERBOARD}?range=month&year=2027&month=7&include_guests=true`);
      return res.json() as LeaderboardResponse;
    };
    beforeAll(async () => {
      t2 = await createTestApp(kind);
      // Finalize refuses a game in the future: the server's clock is past the games sent below.
      t2.clock.advance((Date.UTC(2032, 0, 1) - t2.clock.now().getTime()) / 1000);
      c2 = caller(t2);
      [h2, x, y] = await Promise.all([
        makeUser(t2, 'ndf'),
        makeUser(t2, 'staff', { firstName: 'Xuân' }),
        makeUser(t2, 'staff', { firstName: 'Yến' }),
      ]);
    });
    afterAll(() => t2.close());

    it('counts games stored at the same moment exactly', async () => {
      const answers = await Promise.all(
        ['x', 'y', 'x', 'g', 'x', 'g'].map((who, i) =>
          send(
            `2027-07-1${i}T05:00:00Z`,
            who === 'x' ? { user_id: x.id } : who === 'y' ? { user_id: y.id } : { guest_name: 'Giang' },
          ),
        ),
      );
      expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201, 201, 201]);
      expect(await july()).toEqual({
        users: [
          { user_id: x.id, display_name: 'Xuân', wins: 3 },
          { user_id: y.id, display_name: 'Yến', wins: 1 },
        ],
        guests: [{ display_name: 'Giang', wins: 2 }],
        total_games: 6,
        avg_game_duration_minutes: 60,
      });
    });

    it('keeps the tie rule when a game that ended earlier is sent late', async () => {
      // Yến reaches 3 wins on 20 July; Xuân has 3 since 14 July. A late-sent Yến win from
      // 1 July must not make her count look older than it is.
      await send('2027-07-20T05:00:00Z', { user_id: y.id });
      await send('2027-07-01T05:00:00Z', { user_id: y.id });
      const board = await july();
      expect(board.users.map((u) => [u.display_name, u.wins])).toEqual([
        ['Xuân', 3],
        ['Yến', 3],
      ]);
      expect(board.total_games).toBe(8);
    });

    it("drops a deleted user's wins from the board and keeps their games in the totals", async () => {
      await t2.db.deleteFrom('users').where('id', '=', x.id).execute();
      const board = await july();
      expect(board.users).toEqual([{ user_id: y.id, display_name: 'Yến', wins: 3 }]);
      expect(board.total_games).toBe(8);
    });
  });

  it.each([
    ['range=year', { year: [LEADERBOARD_MESSAGES.yearRequired] }],
    ['range=month&year=2026', { month: [LEADERBOARD_MESSAGES.monthRequired] }],
    ['range=month&month=2', { year: [LEADERBOARD_MESSAGES.yearRequired] }],
    ['range=year&year=1999', { year: ['Ensure this value is greater than or equal to 2000.'] }],
    ['range=month&year=2026&month=0', { month: ['Ensure this value is greater than or equal to 1.'] }],
    ['range=month&year=2026&month=13', { month: ['Ensure this value is less than or equal to 12.'] }],
    ['range=week', { range: ['"week" is not a valid choice.'] }],
    ['range=year&year=abc', { year: ['A valid number is required.'] }],
    ['include_guests=maybe', { include_guests: ['"maybe" is not a valid choice.'] }],
  ])('answers 400 for ?%s', async (query, errors) => {
    const res = await call(host, 'GET', `${LEADERBOARD}?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(errors);
  });
});

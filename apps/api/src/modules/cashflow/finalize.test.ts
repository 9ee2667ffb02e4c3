// API tests for finishing a game and the history, on SQLite and PostgreSQL:
// every validation rule, idempotent and concurrent resends, the role matrix,
// the list's order, paging and names.
import {
  FINALIZE_MESSAGES,
  type FinishedSession,
  type FinishedSessionPage,
  invalidPk,
} from '@staff/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDatabases } from '../../test/harness';
import { caller, makeUser, type TestUser } from '../../test/users';
import { finalizeBody, nextPendingTs, sessionCount } from './test-fixtures';

const FINALIZE = '/api/cashflow/sessions/finalize/';
const SESSIONS = '/api/cashflow/sessions/';
const LEADERBOARD = '/api/cashflow/leaderboard/';

describe.each(testDatabases())('cashflow finalize and history (%s)', (kind) => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let host: TestUser;
  let admin: TestUser;
  let staff: TestUser;
  let manager: TestUser;
  let an: TestUser;
  let binh: TestUser;
  let inactive: TestUser;

  beforeAll(async () => {
    t = await createTestApp(kind);
    call = caller(t);
    [host, admin, staff, manager, an, binh, inactive] = await Promise.all([
      makeUser(t, 'ndf'),
      makeUser(t, 'admin'),
      makeUser(t, 'staff'),
      makeUser(t, 'manager'),
      makeUser(t, 'staff', { firstName: 'An', lastName: 'Nguyễn' }),
      makeUser(t, 'staff'),
      makeUser(t, 'staff', { firstName: 'Ngủ', lastName: 'Lê' }),
    ]);
    await t.db.updateTable('users').set({ is_active: 0 }).where('id', '=', inactive.id).execute();
  });
  afterAll(() => t.close());

  describe('roles', () => {
    it.each([
      ['POST', FINALIZE],
      ['GET', SESSIONS],
      ['GET', `${LEADERBOARD}?range=all`],
    ] as const)(
      '%s %s: 401 without a token, 403 for staff and manager even with a bad request',
      async (method, url) => {
        const bad = method === 'POST' ? { num_players: 'x' } : undefined;
        const badUrl = method === 'GET' ? `${url.split('?')[0]}?range=nope&page=0` : url;
        expect((await call(null, method, url, bad)).statusCode).toBe(401);
        for (const user of [staff, manager]) {
          const res = await call(user, method, badUrl, bad);
          expect(res.statusCode).toBe(403);
          expect(res.json()).toMatchObject({ code: 'permission_denied' });
        }
      },
    );

    it('admin and ndf may finalize, list and read the leaderboard', async () => {
      for (const user of [admin, host]) {
        expect((await call(user, 'POST', FINALIZE, finalizeBody([{ guest_name: 'Khách' }]))).statusCode).toBe(
          201,
        );
        expect((await call(user, 'GET', SESSIONS)).statusCode).toBe(200);
        expect((await call(user, 'GET', LEADERBOARD)).statusCode).toBe(200);
      }
    });
  });

  describe('finalize', () => {
    it('stores the game and its results and answers the stored session with 201', async () => {
      const body = finalizeBody([{ user_id: an.id }, { guest_name: '  Bình khách ' }, { user_id: binh.id }], {
        winner: 1,
        start: '2026-04-01T10:00:00+07:00',
        end: '2026-04-01T11:45:30+07:00',
      });
      const res = await call(host, 'POST', FINALIZE, body);
      expect(res.statusCode).toBe(201);
      const session = res.json() as FinishedSession;
      expect(session).toEqual({
        id: expect.any(Number),
        start_time: '2026-04-01T03:00:00.000Z',
        num_players: 3,
        win_type: 'PASSIVE_INCOME_FAST',
        duration_seconds: 6330,
        results: [
          {
            id: expect.any(Number),
            display_name: 'Nguyễn An',
            career: 'Kỹ sư',
            is_winner: false,
            passive_income: 1200.5,
            expenses: 3190,
            cash_on_hand_end: 15000,
            escaped_ratrace: false,
          },
          expect.objectContaining({ display_name: 'Bình khách', is_winner: true, escaped_ratrace: true }),
          expect.objectContaining({ display_name: `#${binh.id}`, is_winner: false, cash_on_hand_end: 14998 }),
        ],
      });
      const row = await t.db
        .selectFrom('cashflow_sessions')
        .selectAll()
        .where('id', '=', session.id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        submitted_by: host.id,
        winner_index: 1,
        winner_user_id: null,
        winner_guest_name: 'Bình khách',
        end_ms: Date.parse('2026-04-01T04:45:30Z'),
      });
      const results = await t.db
        .selectFrom('cashflow_results')
        .select(['position', 'user_id', 'guest_name'])
        .where('session_id', '=', session.id)
        .orderBy('position')
        .execute();
      expect(results).toEqual([
        { position: 0, user_id: an.id, guest_name: null },
        { position: 1, user_id: null, guest_name: 'Bình khách' },
        { position: 2, user_id: binh.id, guest_name: null },
      ]);
    });

    it('answers a resend with the same _pending_ts with the stored session (200), never a copy', async () => {
      const body = finalizeBody([{ user_id: an.id }, { guest_name: 'Chi' }]);
      const before = await sessionCount(t);
      const first = await call(host, 'POST', FINALIZE, body);
      const again = await call(host, 'POST', FINALIZE, body);
      expect(first.statusCode).toBe(201);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(first.json());
      expect(await sessionCount(t)).toBe(before + 1);
    });

    it('confirms a resend even when a player has since been deactivated', async () => {
      const player = await makeUser(t, 'staff');
      const body = finalizeBody([{ user_id: player.id }]);
      const first = await call(host, 'POST', FINALIZE, body);
      expect(first.statusCode).toBe(201);
      await t.db.updateTable('users').set({ is_active: 0 }).where('id', '=', player.id).execute();
      const again = await call(host, 'POST', FINALIZE, body);
      expect(again.statusCode).toBe(200);
      expect((again.json() as FinishedSession).id).toBe((first.json() as FinishedSession).id);
    });

    it('keys resends by submitter: another host with the same _pending_ts stores its own game', async () => {
      const pendingTs = nextPendingTs();
      const mine = await call(host, 'POST', FINALIZE, finalizeBody([{ guest_name: 'Dũng' }], { pendingTs }));
      const theirs = await call(
        admin,
        'POST',
        FINALIZE,
        finalizeBody([{ guest_name: 'Dũng' }], { pendingTs }),
      );
      expect([mine.statusCode, theirs.statusCode]).toEqual([201, 201]);
      expect((mine.json() as FinishedSession).id).not.toBe((theirs.json() as FinishedSession).id);
    });

    it('stores one session when the same result is sent twice at once', async () => {
      const body = finalizeBody([{ user_id: an.id }, { user_id: binh.id }, { guest_name: 'Em' }], {
        winner: 2,
      });
      const before = await sessionCount(t);
      const answers = await Promise.all([
        call(host, 'POST', FINALIZE, body),
        call(host, 'POST', FINALIZE, body),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 201]);
      const [a, b] = answers.map((x) => x.json() as FinishedSession);
      expect(a?.id).toBe(b?.id);
      expect(await sessionCount(t)).toBe(before + 1);
      const stored = await t.db
        .selectFrom('cashflow_results')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('session_id', '=', a?.id as number)
        .executeTakeFirstOrThrow();
      expect(Number(stored.n)).toBe(3);
    });
  });

  describe('finalize validation', () => {
    const two = () => finalizeBody([{ user_id: 0 }, { guest_name: 'Giang' }]);
    const valid = () => {
      const body = two();
      (body.results[0] as { user_id: number }).user_id = an.id;
      return body;
    };
    type Body = ReturnType<typeof valid>;
    const withResult = (i: number, patch: Record<string, unknown>) => (b: Body) => {
      b.results[i] = { ...b.results[i], ...patch } as Body['results'][number];
    };

    const cases: [string, (b: Body) => void, Record<string, string[]>][] = [
      [
        'no players',
        (b) => Object.assign(b, { num_players: 0, results: [] }),
        {
          num_players: ['Ensure this value is greater than or equal to 1.'],
          results: ['Ensure this field has at least 1 elements.'],
        },
      ],
      [
        'seven players',
        (b) => Object.assign(b, { num_players: 7 }),
        { num_players: ['Ensure this value is less than or equal to 6.'] },
      ],
      [
        'results length differs from num_players',
        (b) => Object.assign(b, { num_players: 3 }),
        { results: [FINALIZE_MESSAGES.resultsCount] },
      ],
      [
        'winner_index past the list',
        (b) => Object.assign(b, { winner_index: 2 }),
        { winner_index: [FINALIZE_MESSAGES.winnerOutOfRange] },
      ],
      [
        'negative winner_index',
        (b) => Object.assign(b, { winner_index: -1 }),
        { winner_index: ['Ensure this value is greater than or equal to 0.'] },
      ],
      [
        'winner_index missing',
        (b) => Object.assign(b, { winner_index: null }),
        { winner_index: ['This field may not be null.'] },
      ],
      [
        'winner_index at a result that did not win',
        (b) => Object.assign(b, { winner_index: 1 }),
        { winner_index: [FINALIZE_MESSAGES.winnerMismatch] },
      ],
      ['two winners', withResult(1, { is_winner: true }), { results: [FINALIZE_MESSAGES.oneWinner] }],
      ['no winner', withResult(0, { is_winner: false }), { results: [FINALIZE_MESSAGES.oneWinner] }],
      [
        'an unknown win_type',
        (b) => Object.assign(b, { win_type: 'LUCK' }),
        { win_type: ['"LUCK" is not a valid choice.'] },
      ],
      [
        'end before start',
        (b) => Object.assign(b, { end_time: '2026-03-10T11:00:00Z' }),
        { end_time: [FINALIZE_MESSAGES.endBeforeStart] },
      ],
      [
        'end equal to start',
        (b) => Object.assign(b, { end_time: b.start_time }),
        { end_time: [FINALIZE_MESSAGES.endBeforeStart] },
      ],
      [
        'a game of more than seven days',
        (b) => Object.assign(b, { start_time: '2026-03-03T12:00:00Z', end_time: '2026-03-10T12:00:01Z' }),
        { end_time: [FINALIZE_MESSAGES.tooLong] },
      ],
      [
        'a game of a hundred years',
        (b) => Object.assign(b, { start_time: '1926-03-10T12:00:00Z' }),
        { start_time: [FINALIZE_MESSAGES.startTooEarly], end_time: [FINALIZE_MESSAGES.tooLong] },
      ],
      [
        'a game that ends tomorrow',
        (b) =>
          Object.assign(b, {
            start_time: new Date(t.clock.now().getTime() - 3600_000).toISOString(),
            end_time: new Date(t.clock.now().getTime() + 25 * 3600_000).toISOString(),
          }),
        { end_time: [FINALIZE_MESSAGES.endInFuture] },
      ],
      [
        'a game that starts next year',
        (b) =>
          Object.assign(b, {
            start_time: new Date(t.clock.now().getTime() + 365 * 86400_000).toISOString(),
            end_time: new Date(t.clock.now().getTime() + 365 * 86400_000 + 3600_000).toISOString(),
          }),
        { start_time: [FINALIZE_MESSAGES.startInFuture], end_time: [FINALIZE_MESSAGES.endInFuture] },
      ],
      [
        'a start that is not an instant',
        (b) => Object.assign(b, { start_time: '10/03/2026' }),
        { start_time: ['Enter a valid date and time (ISO 8601).'] },
      ],
      [
        'a salary sent as text',
        withResult(0, { salary: '4900' }),
        { 'results.0.salary': ['A valid number is required.'] },
      ],
      [
        'cash missing',
        withResult(1, { cash_on_hand_end: undefined }),
        { 'results.1.cash_on_hand_end': ['This field is required.'] },
      ],
      [
        'passive income null',
        withResult(1, { passive_income: null }),
        { 'results.1.passive_income': ['This field may not be null.'] },
      ],
      [
        'escaped_ratrace missing',
        withResult(0, { escaped_ratrace: undefined }),
        { 'results.0.escaped_ratrace': ['This field is required.'] },
      ],
      [
        'both user_id and guest_name',
        withResult(0, { guest_name: 'An' }),
        { 'results.0': [FINALIZE_MESSAGES.userOrGuest] },
      ],
      [
        'neither user_id nor guest_name',
        withResult(1, { guest_name: undefined }),
        { 'results.1': [FINALIZE_MESSAGES.userOrGuestMissing] },
      ],
      [
        'a blank guest name',
        withResult(1, { guest_name: '   ' }),
        { 'results.1.guest_name': ['This field may not be blank.'] },
      ],
      [
        '_pending_ts missing',
        (b) => Object.assign(b, { _pending_ts: undefined }),
        { _pending_ts: ['This field is required.'] },
      ],
    ];

    it.each(cases)('refuses %s with a field error', async (_name, change, errors) => {
      const body = valid();
      change(body);
      const before = await sessionCount(t);
      const res = await call(host, 'POST', FINALIZE, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(errors);
      expect(await sessionCount(t)).toBe(before);
    });

    it('takes a game of exactly seven days, and one that a fast device clock ends a little ahead', async () => {
      const before = await sessionCount(t);
      const week = valid();
      Object.assign(week, { start_time: '2026-03-03T12:00:00Z', end_time: '2026-03-10T12:00:00Z' });
      expect((await call(host, 'POST', FINALIZE, week)).statusCode).toBe(201);
      const ahead = valid();
      Object.assign(ahead, {
        start_time: new Date(t.clock.now().getTime() - 2 * 3600_000).toISOString(),
        end_time: new Date(t.clock.now().getTime() + 10 * 60_000).toISOString(),
      });
      expect((await call(host, 'POST', FINALIZE, ahead)).statusCode).toBe(201);
      expect(await sessionCount(t)).toBe(before + 2);
    });

    it('refuses a money field that is not finite (1e400 parses to Infinity)', async () => {
      const text = JSON.stringify(valid()).replace('"salary":4900', '"salary":1e400');
      const res = await t.app.inject({
        method: 'POST',
        url: FINALIZE,
        headers: { ...host.headers, 'content-type': 'application/json' },
        payload: text,
      });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json())).toEqual(['results.0.salary']);
    });

    it('refuses an unknown user, an inactive user and a user seated twice', async () => {
      const body = finalizeBody([
        { user_id: 999_999 },
        { user_id: inactive.id },
        { user_id: an.id },
        { user_id: an.id },
      ]);
      const before = await sessionCount(t);
      const res = await call(host, 'POST', FINALIZE, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        'results.0.user_id': [invalidPk(999_999)],
        'results.1.user_id': [FINALIZE_MESSAGES.inactiveUser],
        'results.3.user_id': [FINALIZE_MESSAGES.duplicateUser],
      });
      expect(await sessionCount(t)).toBe(before);
    });
  });

  describe('history', () => {
    let t2: TestApp;
    let c2: ReturnType<typeof caller>;
    let h2: TestUser;
    let player: TestUser;
    beforeAll(async () => {
      t2 = await createTestApp(kind);
      c2 = caller(t2);
      [h2, player] = await Promise.all([
        makeUser(t2, 'ndf'),
        makeUser(t2, 'staff', { firstName: 'Hà', lastName: 'Trần' }),
      ]);
    });
    afterAll(() => t2.close());

    it('answers an empty first page before any game', async () => {
      const res = await c2(h2, 'GET', SESSIONS);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ count: 0, next: null, previous: null, results: [] });
    });

    it('lists games newest start first, paged, with current names and results in seat order', async () => {
      // 12 games an hour apart, sent out of order.
      const order = [5, 0, 11, 3, 8, 1, 10, 2, 7, 4, 9, 6];
      for (const h of order) {
        const start = new Date(Date.UTC(2026, 5, 1, h)).toISOString();
        const end = new Date(Date.UTC(2026, 5, 1, h, 40)).toISOString();
        const res = await c2(
          h2,
          'POST',
          FINALIZE,
          finalizeBody([{ guest_name: `G${h}` }, { user_id: player.id }], { start, end, winner: h % 2 }),
        );
        expect(res.statusCode).toBe(201);
      }
      const first = await c2(h2, 'GET', `${SESSIONS}?page_size=10`);
      expect(first.statusCode).toBe(200);
      const page = first.json() as FinishedSessionPage;
      expect(page.count).toBe(12);
      expect(page.previous).toBeNull();
      expect(page.next).toMatch(/\/api\/cashflow\/sessions\/\?page=2&page_size=10$/);
      expect(page.results.map((s) => s.results[0]?.display_name)).toEqual([
        'G11',
        'G10',
        'G9',
        'G8',
        'G7',
        'G6',
        'G5',
        'G4',
        'G3',
        'G2',
      ]);
      expect(page.results[0]).toMatchObject({
        start_time: '2026-06-01T11:00:00.000Z',
        duration_seconds: 2400,
        num_players: 2,
      });
      expect(page.results[0]?.results.map((r) => [r.display_name, r.is_winner])).toEqual([
        ['G11', false],
        ['Trần Hà', true],
      ]);

      const second = (await c2(h2, 'GET', `${SESSIONS}?page_size=10&page=2`)).json() as FinishedSessionPage;
      expect(second.results.map((s) => s.results[0]?.display_name)).toEqual(['G1', 'G0']);
      expect(second.next).toBeNull();
      expect(second.previous).toMatch(/\?page=1&page_size=10$/);
      const past = await c2(h2, 'GET', `${SESSIONS}?page=3&page_size=10`);
      expect(past.statusCode).toBe(404);
      expect(past.json()).toEqual({ detail: 'Invalid page.', code: 'not_found' });
      expect((await c2(h2, 'GET', `${SESSIONS}?page_size=7`)).statusCode).toBe(400);
    });

    it("shows a renamed player's new name, and the stored name once the account is deleted", async () => {
      await t2.db.updateTable('users').set({ first_name: 'Hạnh' }).where('id', '=', player.id).execute();
      const renamed = (await c2(h2, 'GET', SESSIONS)).json() as FinishedSessionPage;
      expect(renamed.results[0]?.results[1]?.display_name).toBe('Trần Hạnh');
      await t2.db.deleteFrom('users').where('id', '=', player.id).execute();
      const gone = (await c2(h2, 'GET', SESSIONS)).json() as FinishedSessionPage;
      expect(gone.count).toBe(12);
      expect(gone.results[0]?.results[1]?.display_name).toBe('Trần Hà');
    });
  });
});

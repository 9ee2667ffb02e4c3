// CashFlow shared tables through the API, on SQLite and PostgreSQL (issue 25): a table created set
// up, joined by code, played by its host and its seated players through the engine on the server;
// refusals with the engine's reasons; resends answered once; racing actions applied in order or
// refused, never twice; auditor mode's pending actions approved and rejected; undo that names what
// it takes back; access (roles, another user's table and its pending actions, reserved and taken
// seats, guessed codes); and the stored state equal to a replay of the setup and the events.
import { type GameState, MESSAGES } from '@staff/cashflow-engine';
import {
  TABLE_CODE_ALPHABET,
  TABLE_MESSAGES,
  type Table,
  type TableActionAnswer,
  type TableEventsPage,
  type TableJoinAnswer,
} from '@staff/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDatabases } from '../../../test/harness';
import { caller, makeUser, type TestUser } from '../../../test/users';
import { replayTable, type TableSetup } from './service';

const TABLES = '/api/cashflow/tables/';
const JOIN = '/api/cashflow/tables/join/';

let clientIds = 0;
const clientId = () => `client-${String(++clientIds).padStart(4, '0')}`;

describe.each(testDatabases())('cashflow shared tables (%s)', (kind) => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let host: TestUser;
  let lan: TestUser;
  let minh: TestUser;
  let other: TestUser;
  let staff: TestUser;

  beforeAll(async () => {
    // Rate limits on: the join code's guessing throttle is one of the rules under test.
    t = await createTestApp(kind, { RATE_LIMIT: 'on' });
    call = caller(t);
    [host, lan, minh, other, staff] = await Promise.all([
      makeUser(t, 'ndf'),
      makeUser(t, 'ndf', { firstName: 'Lan', lastName: 'Trần' }),
      makeUser(t, 'admin', { firstName: 'Minh', lastName: 'Lê' }),
      makeUser(t, 'ndf'),
      makeUser(t, 'staff'),
    ]);
  });
  afterAll(() => t.close());

  /**
   * A table hosted by `host`: Lan's seat reserved for her, Bình's open to anyone. The dice deal the
   * turn order, and the seats follow it: Lan (12) sits first, Bình (3) second, whatever the order of
   * entry.
   */
  async function newTable(auditor = false): Promise<Table> {
    const res = await call(host, 'POST', TABLES, {
      players: [
        { name: 'Bình', dice_sum: 3 },
        { name: 'Lan', dice_sum: 12, user_id: lan.id },
      ],
      auditor,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Table;
  }

  async function seat(user: TestUser, table: Table, seatIndex: number): Promise<TableJoinAnswer> {
    const res = await call(user, 'POST', JOIN, { code: table.code, seat: seatIndex });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as TableJoinAnswer;
  }

  const post = (user: TestUser, table: Table, action: object, id = clientId()) =>
    call(user, 'POST', `${TABLES}${table.id}/actions/`, { client_id: id, device_id: 'phone-1', action });

  async function read(user: TestUser, table: Table): Promise<Table> {
    const res = await call(user, 'GET', `${TABLES}${table.id}/`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Table;
  }

  const stateOf = (table: Table) => table.state as unknown as GameState;
  const cashOf = (table: Table, seatIndex: number) => stateOf(table).players[seatIndex]?.cash ?? Number.NaN;
  const playerId = (table: Table, seatIndex: number) => table.seats[seatIndex]?.player_id as string;

  /** The stored state must be what the setup and the events give, replayed from scratch. */
  async function expectReplayMatches(table: Table) {
    const row = await t.db
      .selectFrom('cashflow_tables')
      .select(['setup', 'state', 'seq'])
      .where('id', '=', table.id)
      .executeTakeFirstOrThrow();
    const events = await t.db
      .selectFrom('cashflow_table_events')
      .select(['seq', 'kind', 'action', 'at'])
      .where('table_id', '=', table.id)
      .where('seq', 'is not', null)
      .orderBy('seq')
      .execute();
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1));
    expect(row.seq).toBe(events.length);
    expect(JSON.parse(row.state)).toEqual(replayTable(JSON.parse(row.setup) as TableSetup, events));
  }

  it('creates a table set up as on one phone, with a join code of no look-alike characters', async () => {
    const table = await newTable();
    expect(table.code).toMatch(new RegExp(`^[${TABLE_CODE_ALPHABET}]{6}$`));
    expect(table.code).not.toMatch(/[01IOL]/);
    expect(table).toMatchObject({ host_id: host.id, auditor: false, status: 'open', seq: 0, pending: [] });
    expect(table.seats).toEqual([
      {
        seat: 0,
        player_id: expect.any(String),
        name: 'Lan',
        user_id: lan.id,
        taken_by: null,
        guest_invited: false,
        state: 'waiting',
      },
      {
        seat: 1,
        player_id: expect.any(String),
        name: 'Bình',
        user_id: null,
        taken_by: null,
        guest_invited: false,
        state: 'waiting',
      },
    ]);
    const players = stateOf(table).players;
    expect(players.map((p) => [p.name, p.userId, p.isGuest])).toEqual([
      ['Lan', lan.id, false],
      ['Bình', null, true],
    ]);
    expect(players.every((p) => p.career !== '' && p.cash > 0)).toBe(true);
    await expectReplayMatches(table);
  });

  it('refuses staff, a missing token and a bad setup, and shows a table only to its host and seats', async () => {
    expect((await call(null, 'POST', TABLES, {})).statusCode).toBe(401);
    expect((await call(staff, 'POST', TABLES, { players: [] })).statusCode).toBe(403);
    for (const bad of [
      { players: [] },
      { players: [{ name: '', dice_sum: 7 }] },
      { players: [{ name: 'A', dice_sum: 13 }] },
      { players: Array.from({ length: 7 }, (_, i) => ({ name: `P${i}`, dice_sum: 7 })) },
    ]) {
      const res = await call(host, 'POST', TABLES, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(
        Object.keys(res.json()).every((key) => key.startsWith('players')),
        res.body,
      ).toBe(true);
    }
    const table = await newTable();
    for (const [method, url] of [
      ['GET', `${TABLES}${table.id}/`],
      ['GET', `${TABLES}${table.id}/events/`],
    ] as const) {
      expect((await call(other, method, url)).statusCode).toBe(404);
      expect((await call(staff, method, url)).statusCode).toBe(403);
    }
    const res = await post(other, table, { type: 'nextTurn' });
    expect(res.statusCode).toBe(404);
    expect((await read(host, table)).seq).toBe(0);
  });

  it('lets a user look a table up by code, take a free seat, and only the reserved user take theirs', async () => {
    const table = await newTable();
    const lookup = await call(other, 'POST', JOIN, { code: table.code.toLowerCase() });
    expect(lookup.statusCode, lookup.body).toBe(200);
    expect(lookup.json()).toMatchObject({ id: table.id, your_seat: null });
    // Looking up grants nothing.
    expect((await call(other, 'GET', `${TABLES}${table.id}/`)).statusCode).toBe(404);

    const reserved = await call(other, 'POST', JOIN, { code: table.code, seat: 0 });
    expect(reserved.statusCode).toBe(403);
    expect(reserved.json()).toEqual({
      detail: TABLE_MESSAGES.seatReserved('Lan'),
      code: 'permission_denied',
    });

    expect((await seat(other, table, 1)).your_seat).toBe(1);
    expect((await seat(other, table, 1)).your_seat).toBe(1); // taking it again changes nothing
    const taken = await call(minh, 'POST', JOIN, { code: table.code, seat: 1 });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ detail: TABLE_MESSAGES.seatTaken, code: 'seat_taken' });
    expect((await seat(lan, table, 0)).seats.map((s) => s.taken_by)).toEqual([lan.id, other.id]);
    const second = await call(lan, 'POST', JOIN, { code: table.code, seat: 1 });
    expect(second.statusCode).toBe(409);

    expect((await read(other, table)).your_seat).toBe(1);
    for (const code of ['ABC', 'ABCDE0', 'ABCDEFG']) {
      const res = await call(other, 'POST', JOIN, { code });
      expect(res.statusCode, code).toBe(400);
      expect(res.json()).toEqual({ code: [TABLE_MESSAGES.badCode] });
    }
  });

  it('throttles codes that name no open table, per user; a right code costs nothing', async () => {
    const table = await newTable();
    const wrong = table.code === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA';
    for (let i = 0; i < 20; i++) {
      expect((await call(minh, 'POST', JOIN, { code: table.code })).statusCode).toBe(200);
      const res = await call(minh, 'POST', JOIN, { code: wrong });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: TABLE_MESSAGES.noTable, code: 'not_found' });
    }
    const throttled = await call(minh, 'POST', JOIN, { code: table.code });
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json()).toMatchObject({ code: 'throttled' });
    // Another user is not throttled by Minh's guesses.
    expect((await call(lan, 'POST', JOIN, { code: table.code })).statusCode).toBe(200);
  });

  it('runs the engine on every action: the host acts for anyone, a player on their own card and turn', async () => {
    const table = await newTable();
    await seat(lan, table, 0);
    await seat(other, table, 1);
    const lanCash = cashOf(table, 0);

    const byHost = await post(host, table, { type: 'adjustCash', playerId: playerId(table, 1), delta: 500 });
    expect(byHost.statusCode, byHost.body).toBe(201);
    expect(byHost.json()).toMatchObject({
      seq: 1,
      event: { seq: 1, kind: 'action', seat: null, user_id: host.id, device_id: 'phone-1', ref_seq: null },
    });

    const own = await post(lan, table, {
      type: 'receiveCash',
      playerId: playerId(table, 0),
      name: 'Quà',
      amount: 1000,
    });
    expect(own.statusCode, own.body).toBe(201);
    expect((own.json() as TableActionAnswer).event).toMatchObject({ seq: 2, seat: 0, user_id: lan.id });

    const others = await post(lan, table, { type: 'adjustCash', playerId: playerId(table, 1), delta: 100 });
    expect(others.statusCode).toBe(403);
    expect(others.json()).toEqual({ detail: TABLE_MESSAGES.notYourSeat, code: 'permission_denied' });
    // The turn is Lan's (seat 0): Bình cannot end it; Lan can.
    expect((await post(other, table, { type: 'nextTurn' })).statusCode).toBe(403);
    expect((await post(lan, table, { type: 'nextTurn' })).statusCode).toBe(201);
    expect((await post(other, table, { type: 'nextTurn' })).statusCode).toBe(201);

    const now = await read(other, table);
    expect(now.seq).toBe(4);
    expect(cashOf(now, 0)).toBe(lanCash + 1000);
    expect(cashOf(now, 1)).toBe(cashOf(table, 1) + 500);
    const events = (await call(lan, 'GET', `${TABLES}${table.id}/events/?after=2`)).json() as TableEventsPage;
    expect(events.seq).toBe(4);
    expect(events.events.map((e) => [e.seq, e.action.type])).toEqual([
      [3, 'nextTurn'],
      [4, 'nextTurn'],
    ]);
    await expectReplayMatches(table);
  });

  it('refuses what the engine refuses with its reason, changes nothing, and answers a resend the same', async () => {
    const table = await newTable();
    const cash = cashOf(table, 0);
    const id = clientId();
    const spend = { type: 'payExpense', playerId: playerId(table, 0), name: 'Du lịch', amount: cash + 1 };
    for (let i = 0; i < 2; i++) {
      const res = await post(host, table, spend, id);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ detail: MESSAGES.notEnoughCashToSpend, code: 'action_refused' });
    }
    const after = await read(host, table);
    expect(after.seq).toBe(0);
    expect(cashOf(after, 0)).toBe(cash);
    // A malformed action never reaches the rules.
    const bad = await post(host, table, { type: 'adjustCash', playerId: playerId(table, 0), delta: 'lots' });
    expect(bad.statusCode).toBe(400);
    expect((await post(host, table, { type: 'reset' })).statusCode).toBe(400);
  });

  it('applies a resent action once, also when the copies race, and answers each with the first result', async () => {
    const table = await newTable();
    const id = clientId();
    const action = { type: 'receiveCash', playerId: playerId(table, 1), name: 'Thưởng', amount: 700 };
    const answers = await Promise.all([post(host, table, action, id), post(host, table, action, id)]);
    for (const res of answers) expect(res.statusCode, res.body).toBe(201);
    const again = await post(host, table, action, id);
    expect(again.statusCode).toBe(201);
    const events = answers.map((res) => (res.json() as TableActionAnswer).event);
    expect(new Set([...events, (again.json() as TableActionAnswer).event].map((e) => e.seq))).toEqual(
      new Set([1]),
    );
    const now = await read(host, table);
    expect(now.seq).toBe(1);
    expect(cashOf(now, 1)).toBe(cashOf(table, 1) + 700);
    await expectReplayMatches(table);
  });

  it('orders racing actions from two devices: the second is checked against the state the first left', async () => {
    const table = await newTable();
    await seat(other, table, 1);
    const cash = cashOf(table, 1);
    // Each spends more than half of Bình's cash: whichever comes second no longer applies.
    const spend = {
      type: 'payExpense',
      playerId: playerId(table, 1),
      name: 'Sửa xe',
      amount: Math.floor(cash * 0.6),
    };
    const [a, b] = await Promise.all([post(host, table, spend), post(other, table, spend)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const refused = [a, b].find((res) => res.statusCode === 409);
    expect(refused?.json()).toEqual({ detail: MESSAGES.notEnoughCashToSpend, code: 'action_refused' });
    const now = await read(host, table);
    expect(now.seq).toBe(1);
    expect(cashOf(now, 1)).toBe(cash - spend.amount);

    // Many at once: every one applied exactly once, numbered without gaps.
    const gifts = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        post(i % 2 ? host : other, table, {
          type: 'receiveCash',
          playerId: playerId(table, 1),
          name: 'Quà',
          amount: 10,
        }),
      ),
    );
    expect(gifts.map((res) => res.statusCode)).toEqual(Array(8).fill(201));
    expect(new Set(gifts.map((res) => (res.json() as TableActionAnswer).event.seq))).toEqual(
      new Set([2, 3, 4, 5, 6, 7, 8, 9]),
    );
    expect(cashOf(await read(other, table), 1)).toBe(cash - spend.amount + 80);
    await expectReplayMatches(table);
  });

  it('undoes only the action the device saw last', async () => {
    const table = await newTable();
    const first = await post(host, table, {
      type: 'receiveCash',
      playerId: playerId(table, 0),
      name: 'A',
      amount: 100,
    });
    const seen = stateOf((await read(host, table)) as Table).log.at(-1);
    expect(first.statusCode).toBe(201);
    await post(host, table, { type: 'receiveCash', playerId: playerId(table, 1), name: 'B', amount: 200 });
    const stale = await post(host, table, { type: 'undo', logSeq: seen?.seq, logAt: seen?.at });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ detail: MESSAGES.undoMoved, code: 'action_refused' });
    const last = stateOf(await read(host, table)).log.at(-1);
    const undone = await post(host, table, { type: 'undo', logSeq: last?.seq, logAt: last?.at });
    expect(undone.statusCode, undone.body).toBe(201);
    const now = await read(host, table);
    expect(cashOf(now, 1)).toBe(cashOf(table, 1));
    expect(cashOf(now, 0)).toBe(cashOf(table, 0) + 100);
    await expectReplayMatches(table);
  });

  it('in auditor mode holds a player’s money actions and undos for the host to approve or reject', async () => {
    const table = await newTable(true);
    await seat(lan, table, 0);
    const lanId = playerId(table, 0);
    const cash = cashOf(table, 0);

    const asked = await post(lan, table, {
      type: 'receiveCash',
      playerId: lanId,
      name: 'Lương',
      amount: 300,
    });
    expect(asked.statusCode, asked.body).toBe(201);
    expect((asked.json() as TableActionAnswer).event).toMatchObject({ seq: 1, kind: 'pending', seat: 0 });
    let now = await read(lan, table);
    expect(now.pending).toEqual([1]);
    expect(cashOf(now, 0)).toBe(cash);

    // Only the host decides.
    const byPlayer = await call(lan, 'POST', `${TABLES}${table.id}/pending/1/approve/`, {
      client_id: clientId(),
    });
    expect(byPlayer.statusCode).toBe(403);
    const approved = await call(host, 'POST', `${TABLES}${table.id}/pending/1/approve/`, {
      client_id: clientId(),
    });
    expect(approved.statusCode, approved.body).toBe(201);
    expect((approved.json() as TableActionAnswer).event).toMatchObject({
      seq: 2,
      kind: 'approve',
      ref_seq: 1,
    });
    now = await read(lan, table);
    expect(now.pending).toEqual([]);
    expect(cashOf(now, 0)).toBe(cash + 300);
    const twice = await call(host, 'POST', `${TABLES}${table.id}/pending/1/reject/`, {
      client_id: clientId(),
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ detail: TABLE_MESSAGES.notPending, code: 'not_pending' });

    // A pending spend rejected; another approved after the state moved on is refused with the reason.
    await post(lan, table, { type: 'payExpense', playerId: lanId, name: 'Mua sắm', amount: 100 });
    const rejected = await call(host, 'POST', `${TABLES}${table.id}/pending/3/reject/`, {
      client_id: clientId(),
    });
    expect((rejected.json() as TableActionAnswer).event).toMatchObject({
      seq: 4,
      kind: 'reject',
      ref_seq: 3,
    });
    expect(cashOf(await read(host, table), 0)).toBe(cash + 300);
    await post(lan, table, { type: 'payExpense', playerId: lanId, name: 'Nhà', amount: cash + 300 });
    await post(host, table, { type: 'payExpense', playerId: lanId, name: 'Thuế', amount: 1 });
    const late = await call(host, 'POST', `${TABLES}${table.id}/pending/5/approve/`, {
      client_id: clientId(),
    });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ detail: MESSAGES.notEnoughCashToSpend, code: 'action_refused' });
    expect((await read(host, table)).pending).toEqual([5]);

    // The player's undo of the host's last action waits too; approved, it applies.
    const last = stateOf(await read(lan, table)).log.at(-1);
    const undo = await post(host, table, { type: 'undo', logSeq: last?.seq, logAt: last?.at });
    expect((undo.json() as TableActionAnswer).event.kind).toBe('action'); // the host's never waits
    const gift = await post(lan, table, { type: 'receiveCash', playerId: lanId, name: 'Quà', amount: 50 });
    const giftSeq = (gift.json() as TableActionAnswer).event.seq;
    await call(host, 'POST', `${TABLES}${table.id}/pending/${giftSeq}/approve/`, { client_id: clientId() });
    const mine = stateOf(await read(lan, table)).log.at(-1);
    const askUndo = await post(lan, table, { type: 'undo', logSeq: mine?.seq, logAt: mine?.at });
    const undoSeq = (askUndo.json() as TableActionAnswer).event.seq;
    expect((askUndo.json() as TableActionAnswer).event.kind).toBe('pending');
    expect(cashOf(await read(lan, table), 0)).toBe(cash + 350);
    await call(host, 'POST', `${TABLES}${table.id}/pending/${undoSeq}/approve/`, { client_id: clientId() });
    expect(cashOf(await read(lan, table), 0)).toBe(cash + 300);
    await expectReplayMatches(table);
  });

  it('answers 404 to approvals and rejections on another user’s table and changes nothing; staff get 403', async () => {
    const table = await newTable(true);
    await seat(lan, table, 0);
    const askedId = clientId();
    const asked = await post(
      lan,
      table,
      { type: 'receiveCash', playerId: playerId(table, 0), name: 'Lương', amount: 300 },
      askedId,
    );
    expect((asked.json() as TableActionAnswer).event).toMatchObject({ seq: 1, kind: 'pending' });
    const before = await read(host, table);
    const stored = () =>
      t.db
        .selectFrom('cashflow_table_events')
        .select(['seq', 'client_id', 'kind'])
        .where('table_id', '=', table.id)
        .orderBy('id')
        .execute();
    const eventsBefore = await stored();

    for (const verdict of ['approve', 'reject'] as const) {
      const url = `${TABLES}${table.id}/pending/1/${verdict}/`;
      // A new client id, and the id of Lan's own action: neither tells a stranger anything.
      for (const id of [clientId(), askedId]) {
        const res = await call(other, 'POST', url, { client_id: id });
        expect(res.statusCode, `${verdict} ${id}`).toBe(404);
        expect(res.json()).toEqual({ detail: 'Not found.', code: 'not_found' });
      }
      // A table that does not exist answers the same.
      const missing = await call(other, 'POST', `${TABLES}${table.id + 10_000}/pending/1/${verdict}/`, {
        client_id: clientId(),
      });
      expect(missing.statusCode).toBe(404);
      // Staff have no CashFlow role: 403 before the table or the body is looked at.
      for (const body of [{ client_id: clientId() }, {}]) {
        const res = await call(staff, 'POST', url, body);
        expect(res.statusCode, verdict).toBe(403);
        expect(res.json()).toMatchObject({ code: 'permission_denied' });
      }
    }
    expect(await read(host, table)).toEqual(before);
    expect(await stored()).toEqual(eventsBefore);

    // Still pending for its host, who decides it.
    const approved = await call(host, 'POST', `${TABLES}${table.id}/pending/1/approve/`, {
      client_id: clientId(),
    });
    expect(approved.statusCode, approved.body).toBe(201);
    expect((approved.json() as TableActionAnswer).event).toMatchObject({
      seq: 2,
      kind: 'approve',
      ref_seq: 1,
    });
    expect(cashOf(await read(lan, table), 0)).toBe(cashOf(table, 0) + 300);
    await expectReplayMatches(table);
  });

  it('finishes: the table is closed to further actions', async () => {
    const table = await newTable();
    const winner = playerId(table, 0);
    const finished = await post(host, table, { type: 'finishGame', winnerId: winner, winMethod: 'DREAM' });
    expect(finished.statusCode, finished.body).toBe(201);
    const now = await read(host, table);
    expect(now.status).toBe('finished');
    expect(stateOf(now).finishedAt).not.toBeNull();
    const late = await post(host, table, { type: 'nextTurn' });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ detail: TABLE_MESSAGES.tableNotOpen, code: 'table_not_open' });
    // A finished table's code no longer finds it.
    expect((await call(host, 'POST', JOIN, { code: table.code })).statusCode).toBe(404);
    await expectReplayMatches(table);
  });
});

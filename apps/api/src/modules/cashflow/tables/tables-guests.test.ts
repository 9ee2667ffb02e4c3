// A shared table's guest seats and seat presence, on SQLite and PostgreSQL (issue 25): the host opens a
// seat to a guest with an invite whose token is a credential for that one seat of that one table (no
// account): it reads the table, acts on its own card and turn, follows the stream; it is refused on
// every other route, and once revoked or once the game has ended; the server keeps only its hash and
// the log never holds it. The host sees each seat waiting, joined (a device follows the table from it
// now) or offline.
import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import {
  GUEST_TOKEN_PATTERN,
  TABLE_MESSAGES,
  TABLE_PRESENCE_MS,
  type Table,
  type TableGuestInvite,
} from '@staff/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app';
import { createTestApp, type TestApp, testDatabases } from '../../../test/harness';
import { caller, makeUser, type TestUser } from '../../../test/users';
import { TABLE_STREAM_RECHECK_MS } from './routes';

const TABLES = '/api/cashflow/tables/';

let ids = 0;
const clientId = () => `guest-${String(++ids).padStart(5, '0')}`;

/** A guest's device: no account, only the invite's token. */
const guest = (token: string): TestUser => ({
  id: 0,
  email: '',
  headers: { authorization: `Guest ${token}` },
});

describe.each(testDatabases())('cashflow table guests and presence (%s)', (kind) => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let base: string;
  let host: TestUser;
  let lan: TestUser;
  let other: TestUser;
  let staff: TestUser;

  beforeAll(async () => {
    t = await createTestApp(kind);
    call = caller(t);
    [host, lan, other, staff] = await Promise.all([
      makeUser(t, 'ndf'),
      makeUser(t, 'ndf', { firstName: 'Lan', lastName: 'Trần' }),
      makeUser(t, 'ndf'),
      makeUser(t, 'staff'),
    ]);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  /** Lan's seat (0) is reserved for her; Bình's (1) is for nobody in particular. */
  async function newTable(): Promise<Table> {
    const res = await call(host, 'POST', TABLES, {
      players: [
        { name: 'Bình', dice_sum: 3 },
        { name: 'Lan', dice_sum: 12, user_id: lan.id },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Table;
  }

  const inviteUrl = (table: Table, seat: number) => `${TABLES}${table.id}/seats/${seat}/invite/`;

  async function invite(table: Table, seat = 1): Promise<string> {
    const res = await call(host, 'POST', inviteUrl(table, seat));
    expect(res.statusCode, res.body).toBe(201);
    const answer = res.json() as TableGuestInvite;
    expect(answer.seat).toBe(seat);
    expect(answer.token).toMatch(GUEST_TOKEN_PATTERN);
    return answer.token;
  }

  async function read(user: TestUser, table: Table): Promise<Table> {
    const res = await call(user, 'GET', `${TABLES}${table.id}/`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Table;
  }

  const post = (user: TestUser, table: Table, action: object) =>
    call(user, 'POST', `${TABLES}${table.id}/actions/`, { client_id: clientId(), device_id: 'g', action });

  it('opens a free seat to a guest, whose token reads the table, takes the seat and plays its own card', async () => {
    const table = await newTable();
    const token = await invite(table);
    // Stored as its SHA-256 only.
    const stored = await t.db
      .selectFrom('cashflow_table_seats')
      .select(['guest_token_hash', 'taken_by', 'taken_at'])
      .where('table_id', '=', table.id)
      .where('seat', '=', 1)
      .executeTakeFirstOrThrow();
    expect(stored.guest_token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(stored.taken_at).toBeNull();
    expect((await read(host, table)).seats[1]).toMatchObject({ guest_invited: true, state: 'waiting' });

    // The first read takes the seat; no device follows the table yet, so the host sees it offline.
    const seen = await read(guest(token), table);
    expect(seen.your_seat).toBe(1);
    expect((await read(host, table)).seats[1]).toMatchObject({ taken_by: null, state: 'offline' });

    // Lan plays first: the guest may not end her turn, and may not act on her card.
    const lanId = table.seats[0]?.player_id as string;
    const binhId = table.seats[1]?.player_id as string;
    expect((await post(guest(token), table, { type: 'nextTurn' })).json()).toEqual({
      detail: TABLE_MESSAGES.notYourSeat,
      code: 'permission_denied',
    });
    const gift = { type: 'receiveCash', name: 'Quà', amount: 5 };
    expect((await post(guest(token), table, { ...gift, playerId: lanId })).statusCode).toBe(403);
    // Their own card, and their own turn once the host has moved it on.
    const own = await post(guest(token), table, { ...gift, playerId: binhId });
    expect(own.statusCode, own.body).toBe(201);
    expect(own.json().event).toMatchObject({ seat: 1, user_id: null, device_id: 'g' });
    expect((await post(host, table, { type: 'nextTurn' })).statusCode).toBe(201);
    expect((await post(guest(token), table, { type: 'nextTurn' })).statusCode).toBe(201);
    const events = await call(guest(token), 'GET', `${TABLES}${table.id}/events/`);
    expect(events.statusCode).toBe(200);
    expect(events.json().events.map((e: { seat: number | null }) => e.seat)).toEqual([1, null, 1]);
  });

  it('lets only the host invite, only to a seat for nobody in particular that no user has taken', async () => {
    const table = await newTable();
    expect((await call(other, 'POST', inviteUrl(table, 1))).statusCode).toBe(404);
    expect((await call(staff, 'POST', inviteUrl(table, 1))).statusCode).toBe(403);
    expect((await call(null, 'POST', inviteUrl(table, 1))).statusCode).toBe(401);
    expect((await call(lan, 'POST', `${TABLES}join/`, { code: table.code, seat: 0 })).statusCode).toBe(200);
    // A seated player is not the host.
    expect((await call(lan, 'POST', inviteUrl(table, 1))).json()).toEqual({
      detail: TABLE_MESSAGES.hostOnly,
      code: 'permission_denied',
    });
    const reserved = await call(host, 'POST', inviteUrl(table, 0));
    expect(reserved.statusCode).toBe(409);
    expect(reserved.json()).toEqual({
      detail: TABLE_MESSAGES.inviteForGuestSeat('Lan'),
      code: 'seat_reserved',
    });
    expect((await call(host, 'POST', `${TABLES}${table.id}/seats/6/invite/`)).statusCode).toBe(400);
    expect((await call(host, 'POST', `${TABLES}${table.id}/seats/5/invite/`)).statusCode).toBe(404);

    // A seat a user took cannot be given to a guest; an invited seat cannot be taken by a user.
    const taken = await newTable();
    expect((await call(other, 'POST', `${TABLES}join/`, { code: taken.code, seat: 1 })).statusCode).toBe(200);
    expect((await call(host, 'POST', inviteUrl(taken, 1))).json()).toEqual({
      detail: TABLE_MESSAGES.seatTaken,
      code: 'seat_taken',
    });
    await invite(table);
    const refused = await call(other, 'POST', `${TABLES}join/`, { code: table.code, seat: 1 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: TABLE_MESSAGES.guestSeatReserved, code: 'permission_denied' });
  });

  it('refuses a guest token on every other route and on another table', async () => {
    const table = await newTable();
    const token = await invite(table);
    const elsewhere = await newTable();
    const g = guest(token);
    for (const [method, url, body] of [
      ['GET', '/api/users/profile/'],
      ['GET', '/api/cashflow/sessions/'],
      ['GET', '/api/cashflow/leaderboard/'],
      ['POST', TABLES, { players: [{ name: 'X', dice_sum: 7 }] }],
      ['POST', `${TABLES}join/`, { code: table.code, seat: 1 }],
      ['POST', inviteUrl(table, 1)],
      ['DELETE', inviteUrl(table, 1)],
      ['POST', `${TABLES}${table.id}/pending/1/approve/`, { client_id: clientId() }],
      ['GET', '/api/diaries/entries/'],
      ['GET', '/api/stocks/watchlists/'],
      ['GET', `${TABLES}${elsewhere.id}/`],
      ['GET', `${TABLES}${elsewhere.id}/events/`],
    ] as const) {
      const res = await call(g, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.body).not.toContain(token);
    }
    // A malformed guest header is refused before anything is read.
    for (const header of ['Guest', `Guest ${token} extra`, 'Guest short']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `${TABLES}${table.id}/`,
        headers: { authorization: header },
      });
      expect(res.statusCode, header).toBe(401);
    }
    // Still good on its own table.
    expect((await read(g, table)).your_seat).toBe(1);
  });

  it('ends an invite when the host revokes it (the seat free again) or replaces it, and when the game ends', async () => {
    const table = await newTable();
    const first = await invite(table);
    expect((await read(guest(first), table)).your_seat).toBe(1);
    const second = await invite(table);
    const ended = await call(guest(first), 'GET', `${TABLES}${table.id}/`);
    expect(ended.statusCode).toBe(401);
    expect(ended.json()).toEqual({ detail: TABLE_MESSAGES.guestEnded, code: 'guest_token_invalid' });
    // The replacing invite has not been used: the seat waits for it.
    expect((await read(host, table)).seats[1]).toMatchObject({ guest_invited: true, state: 'waiting' });
    expect((await read(guest(second), table)).your_seat).toBe(1);

    expect((await call(host, 'DELETE', inviteUrl(table, 1))).statusCode).toBe(204);
    expect((await call(guest(second), 'GET', `${TABLES}${table.id}/`)).statusCode).toBe(401);
    expect((await post(guest(second), table, { type: 'nextTurn' })).statusCode).toBe(401);
    expect((await read(host, table)).seats[1]).toMatchObject({ guest_invited: false, state: 'waiting' });
    // Free again: a user with the code may take it.
    expect((await call(other, 'POST', `${TABLES}join/`, { code: table.code, seat: 1 })).statusCode).toBe(200);

    const game = await newTable();
    const token = await invite(game);
    const winner = game.seats[0]?.player_id;
    const finished = await post(host, game, { type: 'finishGame', winnerId: winner, winMethod: 'DREAM' });
    expect(finished.statusCode, finished.body).toBe(201);
    expect((await call(guest(token), 'GET', `${TABLES}${game.id}/`)).statusCode).toBe(401);
    expect((await call(guest(token), 'GET', `${TABLES}${game.id}/stream/`)).statusCode).toBe(401);
  });

  it('streams to a guest, shows the seat joined while a device follows it and offline after, and ends at revocation', async () => {
    const table = await newTable();
    const token = await invite(table);
    const res = await fetch(`${base}${TABLES}${table.id}/stream/`, {
      headers: { authorization: `Guest ${token}` },
    });
    expect(res.status).toBe(200);
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    expect((await read(host, table)).seats[1]).toMatchObject({ state: 'joined' });
    // Lan's seat has nobody; the guest's device, once silent for longer than the window, is offline.
    expect((await read(host, table)).seats[0]).toMatchObject({ state: 'waiting' });
    expect((await call(host, 'DELETE', inviteUrl(table, 1))).statusCode).toBe(204);
    t.clock.advance(TABLE_STREAM_RECHECK_MS / 1000 + 1);
    const decoder = new TextDecoder();
    let text = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
    expect(text).not.toContain('event: reconnect');

    const again = await invite(table);
    expect((await read(guest(again), table)).your_seat).toBe(1);
    await t.db
      .updateTable('cashflow_table_seats')
      .set({ seen_at: t.clock.now().toISOString() })
      .where('table_id', '=', table.id)
      .where('seat', '=', 1)
      .execute();
    expect((await read(host, table)).seats[1]).toMatchObject({ state: 'joined' });
    t.clock.advance(TABLE_PRESENCE_MS / 1000);
    expect((await read(host, table)).seats[1]).toMatchObject({ state: 'offline' });
  });

  it('keeps the token out of the log', async () => {
    const lines: string[] = [];
    const logged = await buildApp({
      config: t.config,
      db: t.db,
      now: t.clock.now,
      logStream: { write: (line) => lines.push(line) },
    });
    try {
      const table = await newTable();
      const token = await invite(table);
      for (const url of [`${TABLES}${table.id}/`, '/api/users/profile/', `${TABLES}${table.id}/events/`]) {
        await logged.inject({ method: 'GET', url, headers: { authorization: `Guest ${token}` } });
      }
      await call(host, 'DELETE', inviteUrl(table, 1));
      await logged.inject({
        method: 'GET',
        url: `${TABLES}${table.id}/`,
        headers: { authorization: `Guest ${token}` },
      });
      const log = lines.join('');
      expect(log).toContain(`${TABLES}${table.id}/events/`);
      expect(log).not.toContain(token);
    } finally {
      await logged.close();
    }
  });
});

// A table's stream of events, on SQLite and PostgreSQL, through a listening server: what a device
// missed before it opened (after=), each new event as it is written by this process (the bell) or
// by another app on the same database (its poll), in order and once; the table's close and resume told
// to its devices (`event: status`); another user's table is 404;
// and the stream ends once the sign-in it was opened under ends, or its user can no longer see the table.
import type { AddressInfo } from 'node:net';
import { TABLE_IDLE_CLOSE_MS, type Table, type TableEvent } from '@staff/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app';
import { createDb, type Db } from '../../../db/index';
import { bearer, createTestApp, signIn, type TestApp, testDatabases } from '../../../test/harness';
import { caller, makeUser, TEST_PASSWORD, type TestUser } from '../../../test/users';
import { createTableBell } from './bell';
import { startPostgresRelay } from './postgres-relay';
import { TABLE_STREAM_RECHECK_MS } from './routes';

const TABLES = '/api/cashflow/tables/';

type Reader = ReadableStreamDefaultReader<Uint8Array>;

/** Reads server-sent events until `count` table events have arrived (or the stream ends). */
async function nextEvents(reader: Reader, buffer: { text: string }, count: number): Promise<TableEvent[]> {
  const decoder = new TextDecoder();
  const events: TableEvent[] = [];
  for (;;) {
    for (let match = /id: (\d+)\nevent: table\ndata: (.*)\n\n/.exec(buffer.text); match; ) {
      buffer.text = buffer.text.slice((match.index ?? 0) + match[0].length);
      const event = JSON.parse(match[2] as string) as TableEvent;
      expect(event.seq).toBe(Number(match[1]));
      events.push(event);
      if (events.length === count) return events;
      match = /id: (\d+)\nevent: table\ndata: (.*)\n\n/.exec(buffer.text);
    }
    const { value, done } = await reader.read();
    if (done) throw new Error(`stream ended after ${events.length} of ${count} events`);
    buffer.text += decoder.decode(value, { stream: true });
  }
}

/** Reads until `text` has arrived, and drops what came up to its end from the buffer. */
async function untilText(reader: Reader, buffer: { text: string }, text: string): Promise<void> {
  const decoder = new TextDecoder();
  for (;;) {
    const at = buffer.text.indexOf(text);
    if (at >= 0) {
      buffer.text = buffer.text.slice(at + text.length);
      return;
    }
    const { value, done } = await reader.read();
    if (done) throw new Error(`stream ended before ${JSON.stringify(text)}`);
    buffer.text += decoder.decode(value, { stream: true });
  }
}

/** Reads until the stream ends; what arrived meanwhile is returned. */
async function untilEnd(reader: Reader): Promise<string> {
  const decoder = new TextDecoder();
  let text = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return text;
    text += decoder.decode(value, { stream: true });
  }
}

describe.each(testDatabases())('cashflow table streams (%s)', (kind) => {
  let t: TestApp;
  let second: { app: FastifyInstance; db: Db };
  let call: ReturnType<typeof caller>;
  let base: string;
  let host: TestUser;
  let player: TestUser;
  let stranger: TestUser;
  let ids = 0;

  beforeAll(async () => {
    t = await createTestApp(kind);
    call = caller(t);
    [host, player, stranger] = await Promise.all([
      makeUser(t, 'ndf'),
      makeUser(t, 'ndf'),
      makeUser(t, 'admin'),
    ]);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    // Another API process on the same database: its own app, its own connection, its own bell.
    const db = createDb(t.config);
    second = { app: await buildApp({ config: t.config, db, now: t.clock.now, logger: false }), db };
    await second.app.ready();
  });
  afterAll(async () => {
    await second.app.close();
    await second.db.destroy();
    await t.close();
  });

  async function newTable(): Promise<Table> {
    const res = await call(host, 'POST', TABLES, {
      players: [
        { name: 'An', dice_sum: 10, user_id: player.id },
        { name: 'Khách', dice_sum: 4 },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const table = res.json() as Table;
    expect((await call(player, 'POST', `${TABLES}join/`, { code: table.code, seat: 0 })).statusCode).toBe(
      200,
    );
    return table;
  }

  const gift = (table: Table, amount: number) => ({
    client_id: `gift-${String(++ids).padStart(6, '0')}`,
    action: { type: 'receiveCash', playerId: table.seats[1]?.player_id, name: 'Quà', amount },
  });

  async function open(user: TestUser, table: Table, after = 0) {
    const res = await fetch(`${base}${TABLES}${table.id}/stream/?after=${after}`, { headers: user.headers });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    return { reader: (res.body as ReadableStream<Uint8Array>).getReader(), buffer: { text: '' } };
  }

  it('sends what was missed, then every new event to every device, in order and once', async () => {
    const table = await newTable();
    for (const amount of [1, 2]) {
      expect(
        (await call(host, 'POST', `${TABLES}${table.id}/actions/`, gift(table, amount))).statusCode,
      ).toBe(201);
    }
    const hostStream = await open(host, table, 1);
    const playerStream = await open(player, table);
    expect((await nextEvents(hostStream.reader, hostStream.buffer, 1)).map((e) => e.seq)).toEqual([2]);
    expect((await nextEvents(playerStream.reader, playerStream.buffer, 2)).map((e) => e.seq)).toEqual([1, 2]);

    // Written here (the bell) and by another process (the poll), some at once: each device gets all, in order.
    const posted = await Promise.all([
      call(host, 'POST', `${TABLES}${table.id}/actions/`, gift(table, 3)),
      second.app.inject({
        method: 'POST',
        url: `${TABLES}${table.id}/actions/`,
        headers: host.headers,
        payload: gift(table, 4),
      }),
      call(host, 'POST', `${TABLES}${table.id}/actions/`, gift(table, 5)),
    ]);
    expect(posted.map((res) => res.statusCode)).toEqual([201, 201, 201]);
    for (const stream of [hostStream, playerStream]) {
      const events = await nextEvents(stream.reader, stream.buffer, 3);
      expect(events.map((e) => e.seq)).toEqual([3, 4, 5]);
      expect(events.map((e) => (e.action as { amount: number }).amount).sort()).toEqual([3, 4, 5]);
    }
    // Written only by the other process: nothing rings here, the streams' poll finds it.
    const alone = await second.app.inject({
      method: 'POST',
      url: `${TABLES}${table.id}/actions/`,
      headers: host.headers,
      payload: gift(table, 6),
    });
    expect(alone.statusCode).toBe(201);
    for (const stream of [hostStream, playerStream]) {
      expect((await nextEvents(stream.reader, stream.buffer, 1)).map((e) => e.seq)).toEqual([6]);
    }
    await hostStream.reader.cancel();
    await playerStream.reader.cancel();
  });

  // PostgreSQL's notifications (SQLite has one machine, whose processes learn it by their poll).
  if (kind === 'postgres')
    it('rings the table in every process that listens, at the commit of an event written by any', async () => {
      const table = await newTable();
      // A third process's listener, on its own connection: only PostgreSQL's notification can reach it.
      const bell = createTableBell();
      const warnings: string[] = [];
      const relay = startPostgresRelay({
        databaseUrl: t.config.databaseUrl as string,
        bell,
        warn: (message) => warnings.push(message),
      });
      try {
        await relay.ready;
        const rung: number[] = [];
        const three = new Promise<void>((resolve) =>
          bell.listen(table.id, (seq) => {
            rung.push(seq);
            if (rung.length === 3) resolve();
          }),
        );
        // Another table's events ring that table, not this one.
        const elsewhere = await newTable();
        await call(host, 'POST', `${TABLES}${elsewhere.id}/actions/`, gift(elsewhere, 1));
        for (const app of [t.app, second.app, t.app]) {
          const res = await app.inject({
            method: 'POST',
            url: `${TABLES}${table.id}/actions/`,
            headers: host.headers,
            payload: gift(table, 1),
          });
          expect(res.statusCode).toBe(201);
        }
        // A refused action writes no event and rings nothing.
        const refused = await call(host, 'POST', `${TABLES}${table.id}/actions/`, {
          client_id: `refused-${++ids}`,
          action: { type: 'payExpense', playerId: table.seats[0]?.player_id, name: 'X', amount: 10 ** 9 },
        });
        expect(refused.statusCode).toBe(409);
        await three;
        expect(rung).toEqual([1, 2, 3]);
        expect(warnings).toEqual([]);
      } finally {
        await relay.close();
      }
    });

  it('tells the devices when the table is closed after its idle hours and when its host resumes it', async () => {
    const table = await newTable();
    const stream = await open(player, table);
    // The sweep as it would run a day from now (the clock stays, for the sign-ins of the tests after).
    const later = new Date(t.clock.now().getTime() + TABLE_IDLE_CLOSE_MS);
    expect(await t.app.cashflowTables.closeStale(later)).toContain(table.id);
    await untilText(stream.reader, stream.buffer, 'event: status\ndata: {"status":"closed"}\n\n');
    const resumed = await call(host, 'POST', `${TABLES}${table.id}/resume/`);
    expect(resumed.statusCode, resumed.body).toBe(200);
    await untilText(stream.reader, stream.buffer, 'event: status\ndata: {"status":"open"}\n\n');
    // Played on: the next event comes as ever.
    expect((await call(host, 'POST', `${TABLES}${table.id}/actions/`, gift(table, 8))).statusCode).toBe(201);
    expect((await nextEvents(stream.reader, stream.buffer, 1)).map((e) => e.seq)).toEqual([1]);
    await stream.reader.cancel();
  });

  it('tells the devices of a status change whose ring was lost, at the stream’s next re-check', async () => {
    const table = await newTable();
    const stream = await open(player, table);
    // Closed by a process whose ring never came here: only the table's row says so.
    await t.db.updateTable('cashflow_tables').set({ status: 'closed' }).where('id', '=', table.id).execute();
    t.clock.advance(TABLE_STREAM_RECHECK_MS / 1000 + 1);
    await untilText(stream.reader, stream.buffer, 'event: status\ndata: {"status":"closed"}\n\n');
    await stream.reader.cancel();
  });

  it('answers 404 for a table the user neither hosts nor sits at, and 401 without a token', async () => {
    const table = await newTable();
    expect((await fetch(`${base}${TABLES}${table.id}/stream/`, { headers: stranger.headers })).status).toBe(
      404,
    );
    expect((await fetch(`${base}${TABLES}${table.id}/stream/`)).status).toBe(401);
  });

  it('ends the stream of a sign-in that ends, and leaves the same user’s other sign-ins streaming', async () => {
    const table = await newTable();
    // The player signed in on a phone too: that sign-in's stream, and the one of their first sign-in.
    const phone = await signIn(t.app, player.email, TEST_PASSWORD);
    const onPhone = await open({ ...player, headers: bearer(phone.access) }, table);
    const onDesk = await open(player, table);
    const out = await call(null, 'POST', '/api/users/token/blacklist/', { refresh: phone.refresh });
    expect(out.statusCode, out.body).toBe(200);
    // The user is still active and seated: only the ended sign-in tells the re-check to end the stream.
    t.clock.advance(TABLE_STREAM_RECHECK_MS / 1000 + 1);
    expect(await untilEnd(onPhone.reader)).not.toContain('event: reconnect');
    // The other sign-in's stream goes on, and gets what is written next.
    const gifted = await call(host, 'POST', `${TABLES}${table.id}/actions/`, gift(table, 7));
    expect(gifted.statusCode).toBe(201);
    expect((await nextEvents(onDesk.reader, onDesk.buffer, 1)).map((e) => e.seq)).toEqual([1]);
    await onDesk.reader.cancel();
  });

  it('ends the stream of a user who loses the CashFlow roles', async () => {
    const table = await newTable();
    const stream = await open(player, table);
    await t.db.updateTable('users').set({ role: 'staff' }).where('id', '=', player.id).execute();
    try {
      t.clock.advance(TABLE_STREAM_RECHECK_MS / 1000 + 1);
      expect(await untilEnd(stream.reader)).not.toContain('event: reconnect');
    } finally {
      await t.db.updateTable('users').set({ role: 'ndf' }).where('id', '=', player.id).execute();
    }
  });

  it('ends the stream of a user who can no longer see the table, and any stream after 15 minutes', async () => {
    const table = await newTable();
    const stream = await open(player, table);
    const lasting = await open(host, table);
    await t.db.updateTable('users').set({ is_active: 0 }).where('id', '=', player.id).execute();
    try {
      // The re-check runs every 5 s of the app's clock: the stream then ends without a reconnect hint.
      t.clock.advance(6);
      expect(await untilEnd(stream.reader)).not.toContain('event: reconnect');
    } finally {
      await t.db.updateTable('users').set({ is_active: 1 }).where('id', '=', player.id).execute();
    }
    // The host's goes on, until its lifetime is over: then it says to reconnect.
    t.clock.advance(15 * 60);
    expect(await untilEnd(lasting.reader)).toContain('event: reconnect');
  });
});

// The live-quote stream's rules over real HTTP, on SQLite and PostgreSQL (issue 14): a ticket opens
// one stream, once, even when two API processes on one database are offered it at the same moment;
// a user holds at most MAX_OPEN_STREAMS_PER_USER streams, counted through the database; an open
// stream ends when its user or sign-in stops being entitled to it, and after its lifetime, which it
// announces so the client reconnects after the last quote it saw. The app's clock is moved instead
// of waiting; the tests wait only for the stream loop's next poll (a second).
import type { AddressInfo } from 'node:net';
import type { LiveQuoteEvent } from '@staff/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app';
import { dbBool, toIso } from '../../../db/dialect';
import { createDb, type Db } from '../../../db/index';
import { bearer, createTestApp, signIn, type TestApp, testDatabases } from '../../../test/harness';
import { caller, makeUser, TEST_PASSWORD, type TestUser } from '../../../test/users';
import { writeQuote } from '../test-kit';
import {
  MAX_OPEN_STREAMS_PER_USER,
  STREAM_MAX_LIFETIME_MS,
  STREAM_MESSAGES,
  STREAM_RECHECK_MS,
  STREAM_STALE_MS,
  STREAM_TICKET_TTL_SECONDS,
} from './service';

/** An open stream read as text: its events as they arrive, and its end. */
class OpenStream {
  private text = '';
  private readonly decoder = new TextDecoder();
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>;

  constructor(
    res: Response,
    private readonly abort: AbortController,
  ) {
    this.reader = (res.body as ReadableStream<Uint8Array>).getReader();
  }

  /** Reads until the text holds a match of the pattern; false when the stream ends first. */
  private async readUntil(pattern: RegExp): Promise<RegExpExecArray | null> {
    for (;;) {
      const match = pattern.exec(this.text);
      if (match) {
        this.text = this.text.slice(match.index + match[0].length);
        return match;
      }
      const { value, done } = await this.reader.read();
      if (done) return null;
      this.text += this.decoder.decode(value, { stream: true });
    }
  }

  async connected(): Promise<void> {
    expect(await this.readUntil(/: connected\n\n/)).not.toBeNull();
  }

  async nextQuote(): Promise<{ id: number; data: LiveQuoteEvent }> {
    const match = await this.readUntil(/id: (\d+)\nevent: quote\ndata: (.*)\n\n/);
    if (!match) throw new Error('stream ended');
    return { id: Number(match[1]), data: JSON.parse(match[2] as string) as LiveQuoteEvent };
  }

  /** Waits for the server to end the stream; the text it sent after the last read. */
  async ended(): Promise<string> {
    for (;;) {
      const { value, done } = await this.reader.read();
      if (done) return this.text;
      this.text += this.decoder.decode(value, { stream: true });
    }
  }

  close(): void {
    this.abort.abort();
  }
}

async function until(condition: () => Promise<boolean>): Promise<void> {
  while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, 25));
}

describe.each(testDatabases())('live quote stream rules (%s)', (kind) => {
  let t: TestApp;
  let base: string;
  let vnm: number;
  // A second API process on the same database: its own app, pool and port.
  let second: { app: FastifyInstance; db: Db; base: string };

  async function listen(app: FastifyInstance): Promise<string> {
    await app.listen({ port: 0, host: '127.0.0.1' });
    return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  }

  beforeAll(async () => {
    t = await createTestApp(kind);
    const manager = await makeUser(t, 'manager');
    const exchanges = (await caller(t)(manager, 'GET', '/api/stocks/exchanges/')).json() as { id: number }[];
    const res = await caller(t)(manager, 'POST', '/api/stocks/stocks/', {
      ticker: 'VNM',
      name: 'Vinamilk',
      exchange_id: exchanges[0]?.id,
    });
    vnm = res.json().id;
    base = await listen(t.app);
    const db = createDb(t.config);
    const app = await buildApp({ config: t.config, db, now: t.clock.now, logger: false });
    second = { app, db, base: await listen(app) };
  });
  afterAll(async () => {
    await second.app.close();
    await second.db.destroy();
    await t.close();
  });

  async function ticket(headers: Record<string, string>): Promise<string> {
    const res = await fetch(`${base}/api/stocks/stream-ticket/`, { method: 'POST', headers });
    expect(res.status).toBe(200);
    return ((await res.json()) as { ticket: string }).ticket;
  }

  function streamUrl(on: string, streamTicket: string, after?: number): string {
    return `${on}/api/stocks/stream/?tickers=VNM&ticket=${streamTicket}${after ? `&after=${after}` : ''}`;
  }

  /** Opens a stream with the ticket and waits until it is connected. */
  async function open(streamTicket: string, options: { on?: string; after?: number } = {}) {
    const abort = new AbortController();
    const res = await fetch(streamUrl(options.on ?? base, streamTicket, options.after), {
      signal: abort.signal,
    });
    expect(res.status).toBe(200);
    const stream = new OpenStream(res, abort);
    await stream.connected();
    return stream;
  }

  const openSlots = async (user: TestUser) =>
    Number(
      (
        await t.db
          .selectFrom('live_streams')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('user_id', '=', user.id)
          .executeTakeFirstOrThrow()
      ).n,
    );

  const quote = (price: number) =>
    writeQuote(second.db, { stockId: vnm, at: t.clock.now(), price, volume: 100 });

  it('opens one stream per ticket, once: the second use is refused with 401', async () => {
    const user = await makeUser(t);
    const once = await ticket(user.headers);
    const stream = await open(once);
    const again = await fetch(streamUrl(base, once));
    expect(again.status).toBe(401);
    expect(await again.json()).toEqual({ detail: STREAM_MESSAGES.ticketUsed, code: 'token_not_valid' });
    // Also once the first stream is closed: the record of the use, not the open stream, refuses it.
    stream.close();
    await until(async () => (await openSlots(user)) === 0);
    expect((await fetch(streamUrl(second.base, once))).status).toBe(401);
  });

  it('sweeps the record of a used ticket once the ticket is long expired, and refuses the ticket still', async () => {
    const user = await makeUser(t);
    const expiry = toIso(new Date(t.clock.now().getTime() + STREAM_TICKET_TTL_SECONDS * 1000));
    const used = await ticket(user.headers);
    (await open(used)).close();
    const recordsUpToExpiry = async () =>
      Number(
        (
          await t.db
            .selectFrom('stream_ticket_uses')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('expires_at', '<=', expiry)
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await recordsUpToExpiry()).toBeGreaterThan(0);
    await until(async () => (await openSlots(user)) === 0);
    // Expired 59 s ago: kept a while longer, in case another process's clock runs behind.
    t.clock.advance(STREAM_TICKET_TTL_SECONDS + 59);
    (await open(await ticket(user.headers))).close();
    expect(await recordsUpToExpiry()).toBeGreaterThan(0);
    await until(async () => (await openSlots(user)) === 0);
    t.clock.advance(2);
    (await open(await ticket(user.headers))).close();
    expect(await recordsUpToExpiry()).toBe(0);
    const again = await fetch(streamUrl(base, used));
    expect(again.status).toBe(401);
    expect(await again.json()).toEqual({ detail: STREAM_MESSAGES.ticketInvalid, code: 'token_not_valid' });
  });

  it('lets only one of two API processes on one database accept a ticket offered to both at once', {
    timeout: 20_000,
  }, async () => {
    const user = await makeUser(t);
    for (let round = 0; round < 3; round++) {
      const shared = await ticket(user.headers);
      const aborts = [new AbortController(), new AbortController()];
      const answers = await Promise.all(
        [base, second.base].map((on, i) =>
          fetch(streamUrl(on, shared), { signal: (aborts[i] as AbortController).signal }),
        ),
      );
      expect(answers.map((r) => r.status).sort()).toEqual([200, 401]);
      for (const a of aborts) a.abort();
      await until(async () => (await openSlots(user)) === 0);
    }
  });

  it(`caps open streams at ${MAX_OPEN_STREAMS_PER_USER} per user across processes, and frees a slot when one closes`, {
    timeout: 20_000,
  }, async () => {
    const user = await makeUser(t);
    const streams: OpenStream[] = [];
    for (let i = 0; i < MAX_OPEN_STREAMS_PER_USER; i++) {
      // Alternate processes: the count lives in the database, not in either process.
      streams.push(await open(await ticket(user.headers), { on: i % 2 ? second.base : base }));
    }
    const refusedTickets: string[] = [];
    for (const on of [base, second.base]) {
      refusedTickets.push(await ticket(user.headers));
      const refused = await fetch(streamUrl(on, refusedTickets.at(-1) as string));
      expect(refused.status).toBe(429);
      expect(await refused.json()).toEqual({ detail: STREAM_MESSAGES.tooMany, code: 'too_many_streams' });
    }
    // Another user is not held back by this one's streams.
    const colleague = await makeUser(t);
    const theirs = await open(await ticket(colleague.headers));
    theirs.close();

    streams.pop()?.close();
    await until(async () => (await openSlots(user)) === MAX_OPEN_STREAMS_PER_USER - 1);
    // A refusal changed nothing: the refused ticket was not spent.
    streams.push(await open(refusedTickets[0] as string, { on: second.base }));
    for (const s of streams) s.close();
    await until(async () => (await openSlots(user)) === 0);
  });

  it("stops counting a crashed process's streams once their heartbeat is stale", async () => {
    const user = await makeUser(t);
    const family = (
      await t.db.selectFrom('sessions').select('id').where('user_id', '=', user.id).executeTakeFirstOrThrow()
    ).id;
    // Slots a process that died without closing them left behind.
    const at = toIso(t.clock.now());
    await second.db
      .insertInto('live_streams')
      .values(
        Array.from({ length: MAX_OPEN_STREAMS_PER_USER }, (_, slot) => ({
          id: `crashed-${user.id}-${slot}`,
          user_id: user.id,
          slot,
          session_id: family,
          opened_at: at,
          heartbeat_at: at,
        })),
      )
      .execute();
    expect((await fetch(streamUrl(base, await ticket(user.headers)))).status).toBe(429);
    t.clock.advance(STREAM_STALE_MS / 1000 + 1);
    const stream = await open(await ticket(user.headers));
    expect(await openSlots(user)).toBe(1);
    stream.close();
  });

  it('keeps its slot with a heartbeat while it stays open', async () => {
    const user = await makeUser(t);
    const stream = await open(await ticket(user.headers));
    // Long past the staleness limit, in heartbeat-sized steps the poll loop answers one by one.
    for (let step = 0; step < 4; step++) {
      t.clock.advance(STREAM_STALE_MS / 3 / 1000);
      const expected = toIso(t.clock.now());
      await until(async () => {
        const row = await t.db
          .selectFrom('live_streams')
          .select('heartbeat_at')
          .where('user_id', '=', user.id)
          .executeTakeFirst();
        return row !== undefined && new Date(row.heartbeat_at).toISOString() === expected;
      });
    }
    // A newcomer's sweep of stale slots leaves the live one alone.
    const other = await open(await ticket(user.headers));
    expect(await openSlots(user)).toBe(2);
    stream.close();
    other.close();
  });

  // Each change, and how the user's next ticket request is then answered.
  const endings: [string, (user: TestUser) => Promise<unknown>, number][] = [
    [
      'its user is deactivated',
      (user) =>
        t.db
          .updateTable('users')
          .set({ is_active: dbBool(false) })
          .where('id', '=', user.id)
          .execute(),
      401,
    ],
    ['its user is deleted', (user) => t.db.deleteFrom('users').where('id', '=', user.id).execute(), 401],
    [
      'its user loses the stocks role',
      (user) => t.db.updateTable('users').set({ role: 'ndf' }).where('id', '=', user.id).execute(),
      403,
    ],
    [
      'its sign-in is revoked',
      (user) =>
        t.db
          .updateTable('sessions')
          .set({ revoked_at: toIso(t.clock.now()) })
          .where('user_id', '=', user.id)
          .execute(),
      401,
    ],
    [
      'its sign-in is swept',
      (user) => t.db.deleteFrom('sessions').where('user_id', '=', user.id).execute(),
      401,
    ],
  ];

  it.each(endings)(
    'ends an open stream when %s, and refuses its next ticket',
    async (_, change, nextTicketStatus) => {
      const user = await makeUser(t);
      const stream = await open(await ticket(user.headers));
      await change(user);
      t.clock.advance(STREAM_RECHECK_MS / 1000);
      const rest = await stream.ended();
      expect(rest).not.toContain('event: reconnect'); // not a planned end: nothing to resume
      expect(await openSlots(user)).toBe(0);
      const next = await fetch(`${base}/api/stocks/stream-ticket/`, {
        method: 'POST',
        headers: user.headers,
      });
      expect(next.status).toBe(nextTicketStatus);
    },
    15_000,
  );

  it('ends a stream of another sign-in of the same user only when that sign-in ends', {
    timeout: 15_000,
  }, async () => {
    const user = await makeUser(t);
    const phone = bearer((await signIn(t.app, user.email, TEST_PASSWORD)).access);
    const onPhone = await open(await ticket(phone));
    const onDesk = await open(await ticket(user.headers));
    // Each stream row names the sign-in it was opened under; the phone's took the first slot.
    const phoneStream = await t.db
      .selectFrom('live_streams')
      .select('session_id')
      .where('user_id', '=', user.id)
      .where('slot', '=', 0)
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable('sessions')
      .set({ revoked_at: toIso(t.clock.now()) })
      .where('id', '=', phoneStream.session_id)
      .execute();
    t.clock.advance(STREAM_RECHECK_MS / 1000);
    await onPhone.ended();
    await quote(70_100);
    expect((await onDesk.nextQuote()).data.price).toBe(70_100);
    onDesk.close();
  });

  it('ends every stream after its lifetime with event: reconnect, and a new ticket resumes after the last quote', {
    timeout: 15_000,
  }, async () => {
    const user = await makeUser(t);
    const stream = await open(await ticket(user.headers));
    await quote(61_000);
    const seen = await stream.nextQuote();
    expect(seen.data.price).toBe(61_000);
    t.clock.advance(STREAM_MAX_LIFETIME_MS / 1000);
    expect(await stream.ended()).toContain('event: reconnect\ndata: {}\n\n');
    expect(await openSlots(user)).toBe(0);
    await quote(61_100); // while no stream is open
    // The access token ran out with the lifetime (both 15 minutes): the web refreshes it first.
    const again = bearer((await signIn(t.app, user.email, TEST_PASSWORD)).access);
    const resumed = await open(await ticket(again), { on: second.base, after: seen.id });
    const next = await resumed.nextQuote();
    expect(next.data.price).toBe(61_100);
    expect(next.id).toBeGreaterThan(seen.id);
    resumed.close();
  });
});

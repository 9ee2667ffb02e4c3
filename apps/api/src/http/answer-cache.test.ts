// Answers kept ready are derived data: after writes made every way (through the API of this
// process or of another one, by plain SQL as an import, a manage command or the benchmark's bulk
// loader would), a kept answer equals what a process with nothing kept computes, on SQLite and
// PostgreSQL. And the cache itself: a hit computes nothing, simultaneous misses compute once, the
// clock bounds a clock-bound answer, errors are never kept, 304 for a current If-None-Match.
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app';
import { finalizeBody } from '../modules/cashflow/test-fixtures';
import { diaryOf } from '../modules/diary/test-fixtures';
import { seedStocksDemo } from '../modules/stocks/index';
import { ADMIN, bearer, createTestApp, signIn, type TestApp, testDatabases } from '../test/harness';
import { caller, makeUser, type TestUser } from '../test/users';
import { ANSWER_ENTRY_OVERHEAD, type AnswerCache, createAnswerCache } from './answer-cache';

const BOARD = '/api/cashflow/leaderboard/?range=all&include_guests=true';
const SESSIONS = '/api/cashflow/sessions/';
const USERS = '/api/users/users/?ordering=last_name';
const FINALIZE = '/api/cashflow/sessions/finalize/';

async function versionOf(t: TestApp, scope: string): Promise<number> {
  const row = await t.db
    .selectFrom('data_versions')
    .select('version')
    .where('scope', '=', scope)
    .executeTakeFirst();
  return row ? Number(row.version) : 0;
}

describe.each(testDatabases())('answers kept ready (%s)', (kind) => {
  let t: TestApp;
  /** A second server process: its own app and answers, the same database. */
  let other: Awaited<ReturnType<typeof buildApp>>;
  let host: TestUser;
  let admin: Record<string, string>;
  const send = (app: TestApp['app'], url: string, headers: Record<string, string>) =>
    app.inject({ method: 'GET', url, headers });
  /** What a process with nothing kept answers now. */
  async function fresh(url: string, headers: Record<string, string>) {
    const app = await buildApp({ config: t.config, db: t.db, now: t.clock.now, logger: false });
    await app.ready();
    try {
      return (await send(app, url, headers)).json();
    } finally {
      await app.close();
    }
  }

  beforeAll(async () => {
    t = await createTestApp(kind);
    other = await buildApp({ config: t.config, db: t.db, now: t.clock.now, logger: false });
    await other.ready();
    host = await makeUser(t, 'ndf', { firstName: 'Lan', lastName: 'Trần' });
    admin = bearer((await signIn(t.app, ADMIN.email, ADMIN.password)).access);
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  it('keeps a shared answer until a write in any process moves its version, with ETag and 304', async () => {
    const call = caller(t);
    await call(host, 'POST', FINALIZE, finalizeBody([{ user_id: host.id }, { guest_name: 'Khách' }]));
    const first = await send(t.app, BOARD, host.headers);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    // Unchanged: 304 without a body, for the tag alone, weak or in a list, or `*`.
    for (const tag of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const again = await t.app.inject({
        method: 'GET',
        url: BOARD,
        headers: { ...host.headers, 'if-none-match': tag },
      });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
    }
    const stale = await t.app.inject({
      method: 'GET',
      url: BOARD,
      headers: { ...host.headers, 'if-none-match': '"x"' },
    });
    expect(stale.statusCode).toBe(200);
    expect(stale.body).toBe(first.body);

    // A game stored through the other process.
    const before = await versionOf(t, 'cashflow');
    const otherHost = bearer((await signIn(other, host.email, 'password-123')).access);
    const stored = await other.inject({
      method: 'POST',
      url: FINALIZE,
      headers: otherHost,
      payload: finalizeBody([{ guest_name: 'Khách' }, { user_id: host.id }], { winner: 0 }) as never,
    });
    expect(stored.statusCode).toBe(201);
    expect(await versionOf(t, 'cashflow')).toBeGreaterThan(before);
    const after = await t.app.inject({
      method: 'GET',
      url: BOARD,
      headers: { ...host.headers, 'if-none-match': etag },
    });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(after.json()).toEqual(await fresh(BOARD, host.headers));
    expect(after.json().guests).toEqual([{ display_name: 'Khách', wins: 1 }]);
  });

  it('follows writes made by plain SQL, as an import, a manage command or a bulk loader makes them', async () => {
    // Both processes keep the history and the board.
    for (const app of [t.app, other]) {
      for (const url of [SESSIONS, BOARD]) expect((await send(app, url, host.headers)).statusCode).toBe(200);
    }
    // A rename changes the names both answers show; the users version moves.
    await sql`update users set first_name = 'Mai' where id = ${host.id}`.execute(t.db);
    // A guest's name corrected everywhere it is stored, as a repair command would.
    await t.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('cashflow_results')
        .set({ guest_name: 'Khách quý', display_name: 'Khách quý' })
        .where('guest_name', '=', 'Khách')
        .execute();
      await trx
        .updateTable('cashflow_sessions')
        .set({ winner_guest_name: 'Khách quý' })
        .where('winner_guest_name', '=', 'Khách')
        .execute();
      for (const table of ['cashflow_monthly_wins', 'cashflow_alltime_wins'] as const) {
        await trx
          .updateTable(table)
          .set({ winner_guest_name: 'Khách quý', winner_key: 'g:Khách quý' })
          .where('winner_key', '=', 'g:Khách')
          .execute();
      }
    });
    for (const app of [t.app, other]) {
      for (const url of [SESSIONS, BOARD]) {
        const kept = await send(app, url, host.headers);
        expect(kept.json()).toEqual(await fresh(url, host.headers));
      }
    }
    const sessions = JSON.stringify((await send(other, SESSIONS, host.headers)).json());
    expect(sessions).toContain('Mai');
    expect(sessions).toContain('Khách quý');
    expect((await send(t.app, BOARD, host.headers)).json().guests).toEqual([
      { display_name: 'Khách quý', wins: 1 },
    ]);
  });

  it('keeps lists of people too, but never lets a browser keep them', async () => {
    const first = await send(t.app, USERS, admin);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.headers.etag).toBeUndefined();
    // Created through the other process, then changed by plain SQL.
    const otherAdmin = bearer((await signIn(other, ADMIN.email, ADMIN.password)).access);
    const created = await other.inject({
      method: 'POST',
      url: '/api/users/users/',
      headers: otherAdmin,
      payload: {
        email: 'kept@example.com',
        password: 'Kept-pass-123',
        role: 'staff',
        first_name: 'An',
        last_name: 'Aa',
      },
    });
    expect(created.statusCode).toBe(201);
    const listed = await send(t.app, USERS, admin);
    expect(listed.json().count).toBe(first.json().count + 1);
    expect(listed.json()).toEqual(await fresh(USERS, admin));
    await sql`update users set last_name = 'Zz' where email = 'kept@example.com'`.execute(t.db);
    expect((await send(t.app, USERS, admin)).json()).toEqual(await fresh(USERS, admin));
    const search = `/api/users/search/?q=${encodeURIComponent('an')}`;
    expect((await send(t.app, search, host.headers)).json()).toEqual(await fresh(search, host.headers));
  });

  it("keeps a diary's answers per owner, yet checks and records every read", async () => {
    const owner = await makeUser(t);
    const stranger = await makeUser(t);
    const diary = await diaryOf(t, owner);
    const reading = await diary.category('Đọc', 'education');
    await diary.entry({ category: [reading.id], start_date: '2030-01-10', end_date: '2030-01-10' });
    const week = `/api/diaries/${diary.diaryId}/entries/?start_date=2030-01-07&end_date=2030-01-13`;
    const urls = [week, '/api/diaries/entries/?start_date=2030-01-07', '/api/diaries/analysis/?days=7'];
    for (const url of urls) {
      const kept = await send(t.app, url, owner.headers);
      expect(kept.statusCode, url).toBe(200);
      expect(kept.headers['cache-control']).toBe('no-store');
      expect(kept.headers.etag).toBeUndefined();
      expect((await send(t.app, url, owner.headers)).json()).toEqual(await fresh(url, owner.headers));
    }
    // Kept or not, another user's read is refused and an administrator's is recorded each time.
    expect((await send(t.app, week, stranger.headers)).statusCode).toBe(404);
    const reads = async () =>
      Number(
        (
          await t.db
            .selectFrom('audit_events')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('action', '=', 'diary.read_other')
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await reads();
    for (let i = 0; i < 3; i++)
      expect((await send(t.app, week, admin)).json()).toEqual(await fresh(week, owner.headers));
    expect(await reads()).toBe(before + 3); // the owner's own reads are not recorded
    // Writes through the API of the other process and by plain SQL.
    const otherOwner = bearer((await signIn(other, owner.email, 'password-123')).access);
    const renamed = await other.inject({
      method: 'PATCH',
      url: `/api/diaries/categories/${reading.id}/`,
      headers: otherOwner,
      payload: { title: 'Đọc sách' },
    });
    expect(renamed.statusCode).toBe(200);
    await sql`update diary_entries set title = 'Chạy' where user_id = ${owner.id}`.execute(t.db);
    for (const url of urls) {
      const kept = (await send(t.app, url, owner.headers)).json();
      expect(kept).toEqual(await fresh(url, owner.headers));
    }
    expect(JSON.stringify((await send(t.app, week, owner.headers)).json())).toContain('Đọc sách');
    expect(JSON.stringify((await send(t.app, week, owner.headers)).json())).toContain('Chạy');
  });

  it("moves a user's own scope only for that user's diary and watchlists, one statement or many", async () => {
    const [a, b] = [await makeUser(t), await makeUser(t)];
    const call = caller(t);
    const diary = await diaryOf(t, a);
    const reading = await diary.category('Đọc sách', 'education');
    await (await diaryOf(t, b)).category('Chạy bộ', 'education');
    const [va, vb] = [await versionOf(t, `diary:${a.id}`), await versionOf(t, `diary:${b.id}`)];
    const entry = await diary.entry({ category: [reading.id] });
    const va2 = await versionOf(t, `diary:${a.id}`);
    expect(va2).toBeGreaterThan(va);
    expect(await versionOf(t, `diary:${b.id}`)).toBe(vb);
    // One statement touching both users' rows (as a bulk fix would) moves both.
    await sql`update diary_categories set title = title where user_id in (${a.id}, ${b.id})`.execute(t.db);
    expect(await versionOf(t, `diary:${a.id}`)).toBeGreaterThan(va2);
    expect(await versionOf(t, `diary:${b.id}`)).toBeGreaterThan(vb);
    // A child row names its owner through its parent: an entry's categories, a watchlist's items.
    const va3 = await versionOf(t, `diary:${a.id}`);
    const vb3 = await versionOf(t, `diary:${b.id}`);
    await sql`delete from diary_entry_categories where entry_id = ${entry.id}`.execute(t.db);
    expect(await versionOf(t, `diary:${a.id}`)).toBeGreaterThan(va3);
    expect(await versionOf(t, `diary:${b.id}`)).toBe(vb3);
    const list = await call(a, 'POST', '/api/stocks/watchlists/', { name: 'Theo dõi' });
    expect(list.statusCode).toBe(201);
    const vw = await versionOf(t, `watchlists:${a.id}`);
    expect(vw).toBeGreaterThan(0);
    expect(await versionOf(t, `watchlists:${b.id}`)).toBe(0);
    // The demo market's seeder writes listings and bars: the shared 'stocks' version moves.
    const vs = await versionOf(t, 'stocks');
    await seedStocksDemo(t.db, t.clock.now());
    expect(await versionOf(t, 'stocks')).toBeGreaterThan(vs);
    const stock = await t.db.selectFrom('stocks').select('id').executeTakeFirstOrThrow();
    await sql`insert into watchlist_items (watchlist_id, stock_id, note, added_at) values (${list.json().id}, ${stock.id}, '', ${new Date().toISOString()})`.execute(
      t.db,
    );
    expect(await versionOf(t, `watchlists:${a.id}`)).toBeGreaterThan(vw);
    expect(await versionOf(t, `watchlists:${b.id}`)).toBe(0);
    // The demo market's seeding takes over 20 s on PostgreSQL on a loaded machine.
  }, 60_000);
});

/**
 * Every table a kept answer is read from. A table missing here, or a migration that rebuilds a
 * table and loses its triggers (SQLite's way to change a column), fails the test below.
 */
const READ_BY_KEPT_ANSWERS = [
  'users',
  'forex_symbols',
  'forex_prices',
  'stock_exchanges',
  'stocks',
  'stock_daily_bars',
  'stock_quotes',
  'stock_snapshots',
  'market_holidays',
  'cashflow_sessions',
  'cashflow_results',
  'cashflow_monthly_totals',
  'cashflow_monthly_wins',
  'cashflow_alltime_wins',
  'diaries',
  'diary_jars',
  'diary_categories',
  'diary_entries',
  'diary_entry_categories',
  'watchlists',
  'watchlist_items',
];

describe.each(testDatabases())('data version triggers (%s)', (kind) => {
  it('are on every table a kept answer reads, for inserts, updates and deletes', async () => {
    const t = await createTestApp(kind);
    try {
      const rows =
        kind === 'postgres'
          ? (
              await sql<{ table: string; event: string }>`
                select event_object_table as "table", lower(event_manipulation) as event
                from information_schema.triggers where trigger_name like 'data_version_%'`.execute(t.db)
            ).rows
          : (
              await sql<{ table: string; sql: string }>`
                select tbl_name as "table", sql from sqlite_master
                where type = 'trigger' and name like 'data_version_%'`.execute(t.db)
            ).rows.map((r) => ({
              table: r.table,
              event: /after (insert|update|delete)/i.exec(r.sql)?.[1]?.toLowerCase(),
            }));
      const have = new Set(rows.map((r) => `${r.table} ${r.event}`));
      const missing = READ_BY_KEPT_ANSWERS.flatMap((table) =>
        ['insert', 'update', 'delete'].map((event) => `${table} ${event}`).filter((e) => !have.has(e)),
      );
      expect(missing).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('stay still for a statement that writes no row', async () => {
    const t = await createTestApp(kind);
    try {
      const versions = async () =>
        JSON.stringify(await t.db.selectFrom('data_versions').selectAll().orderBy('scope').execute());
      await sql`update users set first_name = 'x' where id = -1`.execute(t.db);
      const before = await versions();
      await sql`delete from market_holidays where date = '1900-01-01'`.execute(t.db);
      await sql`update users set first_name = 'x' where id = -1`.execute(t.db);
      await sql`delete from diary_entries where user_id = -1`.execute(t.db);
      await sql`delete from watchlist_items where watchlist_id = -1`.execute(t.db);
      expect(await versions()).toBe(before);
      await sql`update users set first_name = first_name || 'y' where id = 1`.execute(t.db);
      expect(await versions()).not.toBe(before);
    } finally {
      await t.close();
    }
  });
});

describe.each(testDatabases())('the answer cache itself (%s)', (kind) => {
  let t: TestApp;
  let app: FastifyInstance;
  let answers: AnswerCache;
  let computed = 0;
  let fail = false;
  /** While set, a computation waits for it: simultaneous requests meet a computation under way. */
  let gate: Promise<void> | null = null;
  beforeAll(async () => {
    t = await createTestApp(kind);
    answers = createAnswerCache({ db: t.db, now: t.clock.now, maxEntries: 7 });
    app = Fastify();
    app.get('/test/kept/:name', async (request, reply) => {
      const { name } = request.params as { name: string };
      return answers.send(
        request,
        reply,
        { scopes: ['users', 'forex'], shared: true, clockMs: 60_000 },
        async () => {
          computed += 1;
          if (gate) await gate;
          if (fail) throw Object.assign(new Error('no'), { statusCode: 418 });
          return { name, computed, pad: 'x'.repeat(20) };
        },
      );
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await t.close();
  });
  const get = (name: string) => app.inject({ method: 'GET', url: `/test/kept/${name}` });

  it('computes once for simultaneous misses, then not until a version or the clock moves', async () => {
    let open = () => {};
    gate = new Promise((resolve) => {
      open = resolve;
    });
    const requests = Promise.all([1, 2, 3, 4, 5].map(() => get('a')));
    await vi.waitFor(() => expect(answers.stats().joined).toBe(4));
    open();
    gate = null;
    const first = await requests;
    expect(computed).toBe(1);
    expect(answers.stats()).toMatchObject({ misses: 1, hits: 0 });
    expect(new Set(first.map((r) => r.body)).size).toBe(1);
    await get('a');
    expect(computed).toBe(1);
    expect(answers.stats().hits).toBe(1);
    // Any scope of the answer.
    await sql`update users set middle_name = middle_name || 'm' where id = 1`.execute(t.db);
    await get('a');
    expect(computed).toBe(2);
    await get('a');
    expect(computed).toBe(2);
    t.clock.advance(60);
    const later = await get('a');
    expect(computed).toBe(3);
    expect(later.json().computed).toBe(3);
  });

  it('keeps nothing when given no room, computing every time', async () => {
    const none = createAnswerCache({ db: t.db, now: t.clock.now, maxBytes: 0 });
    const bare = Fastify();
    let made = 0;
    bare.get('/n', (request, reply) =>
      none.send(request, reply, { scopes: ['users'], shared: false }, async () => ({
        made: ++made,
      })),
    );
    bare.get('/shared', (request, reply) =>
      none.send(request, reply, { scopes: ['users'], shared: true }, async () => ({ same: true })),
    );
    await bare.ready();
    try {
      for (let i = 1; i <= 3; i++)
        expect((await bare.inject({ method: 'GET', url: '/n' })).json()).toEqual({ made: i });
      expect(none.stats()).toMatchObject({ answers: 0, bytes: 0, misses: 3, hits: 0 });
      const personal = await bare.inject({ method: 'GET', url: '/n' });
      expect(personal.headers.etag).toBeUndefined();
      expect(personal.headers['content-type']).toBe('application/json; charset=utf-8');
      // A shared answer still carries its ETag, and naming it answers 304 without a body.
      const first = await bare.inject({ method: 'GET', url: '/shared' });
      expect(first.json()).toEqual({ same: true });
      expect(first.headers.etag).toMatch(/^"[\w-]{27}"$/);
      expect(first.headers['cache-control']).toBe('private, no-cache');
      const again = await bare.inject({
        method: 'GET',
        url: '/shared',
        headers: { 'if-none-match': first.headers.etag as string },
      });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(none.stats()).toMatchObject({ answers: 0, bytes: 0, misses: 6 });
    } finally {
      await bare.close();
    }
  });

  it("counts keys and each entry's overhead in its size, not the bodies alone", async () => {
    const maxBytes = 16 * ANSWER_ENTRY_OVERHEAD;
    const small = createAnswerCache({ db: t.db, now: t.clock.now, maxBytes });
    const bare = Fastify({ maxParamLength: 2_000 });
    bare.get('/s/:name', (request, reply) =>
      small.send(request, reply, { scopes: ['users'], shared: false }, async () => ({ n: 1 })),
    );
    await bare.ready();
    try {
      // Seven-byte answers under 500-character keys: each costs over 1,500 bytes, so a few fit.
      const urls = Array.from({ length: 20 }, (_, i) => `/s/${String(i).padStart(500, '0')}`);
      expect((await bare.inject({ method: 'GET', url: urls[0] as string })).json()).toEqual({ n: 1 });
      const each = small.stats().bytes;
      expect(each).toBeGreaterThan(2 * 500 + ANSWER_ENTRY_OVERHEAD);
      for (const url of urls) {
        expect((await bare.inject({ method: 'GET', url })).json()).toEqual({ n: 1 });
        expect(small.stats().bytes).toBeLessThanOrEqual(maxBytes);
      }
      expect(small.stats().answers).toBe(Math.floor(maxBytes / each));
    } finally {
      await bare.close();
    }
  });

  it('drops a stale answer when a request finds it, even if the new one fails', async () => {
    await get('stale');
    const kept = answers.stats();
    await sql`update users set middle_name = middle_name || 's' where id = 1`.execute(t.db);
    fail = true;
    try {
      expect((await get('stale')).statusCode).toBe(418);
    } finally {
      fail = false;
    }
    expect(answers.stats()).toMatchObject({ answers: kept.answers - 1, stale: kept.stale + 1 });
    expect(answers.stats().bytes).toBeLessThan(kept.bytes);
  });

  it('keeps no error, and drops the least recently used answer past its number', async () => {
    fail = true;
    expect((await get('broken')).statusCode).toBe(418);
    expect((await get('broken')).statusCode).toBe(418);
    fail = false;
    const before = computed;
    expect((await get('broken')).statusCode).toBe(200);
    expect(computed).toBe(before + 1);
    // Seven answers at most: the least recently used fall out.
    for (const name of ['b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j']) await get(name);
    expect(answers.stats().answers).toBe(7);
    const n = computed;
    await get('i');
    await get('j');
    expect(computed).toBe(n);
    await get('b');
    expect(computed).toBe(n + 1);
  });
});

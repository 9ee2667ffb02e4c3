// Migrations that reshape existing data, checked on data written under the schema before them.
import { Migrator, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { recomputedSnapshotRows, storedSnapshotRows } from '../modules/stocks/test-kit';
import { createTestDatabase, testDatabases } from '../test/harness';
import { toDate, toIso } from './dialect';
import type { Db } from './index';
import { migrateToLatest } from './index';
import { migrations } from './migrations/index';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const drop of cleanups.splice(0)) await drop();
});

async function databaseAt(kind: 'sqlite' | 'postgres', migration: string): Promise<Db> {
  const { db, drop } = await createTestDatabase(kind);
  cleanups.push(drop);
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error } = await migrator.migrateTo(migration);
  if (error) throw error;
  return db;
}

/** One staff user, written in plain SQL so it fits any schema from 0004 (which added `search`) on. */
async function insertUser(db: Db, kind: 'sqlite' | 'postgres', at: string): Promise<{ id: number }> {
  await sql`insert into users (email, username, password_hash, role, is_active, created_at, updated_at, search)
    values ('a@example.com', 'a@example.com', 'x', 'staff', ${kind === 'postgres' ? sql`true` : sql`1`}, ${at}, ${at}, 'a')`.execute(
    db,
  );
  return db.selectFrom('users').select('id').executeTakeFirstOrThrow();
}

describe.each(testDatabases())('0010 sessions and audit (%s)', (kind) => {
  it('turns every refresh-token family into a session, revoked only when all its tokens were', async () => {
    const db = await databaseAt(kind, '0009_diary_week_totals');
    const at = '2026-11-01T00:00:00.000Z';
    const user = await insertUser(db, kind, at);
    const token = (id: string, family: string, expires: string, revoked: string | null) =>
      sql`insert into refresh_tokens (id, user_id, family_id, token_hash, created_at, expires_at, rotated_at, revoked_at)
        values (${id}, ${user.id}, ${family}, ${`hash-${id}`}, ${at}, ${expires}, null, ${revoked})`.execute(
        db,
      );
    await token('t1', 'live', '2026-11-05T00:00:00.000Z', null);
    await token('t2', 'live', '2026-11-08T00:00:00.000Z', null);
    await token('t3', 'ended', '2026-11-06T00:00:00.000Z', '2026-11-02T00:00:00.000Z');
    await token('t4', 'ended', '2026-11-07T00:00:00.000Z', '2026-11-02T00:00:00.000Z');

    await migrateToLatest(db);

    const sessions = await db
      .selectFrom('sessions')
      .select(['id', 'user_id', 'expires_at', 'revoked_at'])
      .orderBy('id')
      .execute();
    expect(sessions.map((s) => s.id)).toEqual(['ended', 'live']);
    const [ended, live] = sessions;
    expect(live?.user_id).toBe(user.id);
    expect(live?.revoked_at).toBeNull();
    expect(toDate(live?.expires_at as string).toISOString()).toBe('2026-11-08T00:00:00.000Z');
    expect(toDate(ended?.revoked_at as string).toISOString()).toBe('2026-11-02T00:00:00.000Z');
    const flag = await db.selectFrom('users').select('must_change_password').executeTakeFirstOrThrow();
    expect(Boolean(flag.must_change_password)).toBe(false);
  });
});

describe.each(testDatabases())('0004 user search (%s)', (kind) => {
  it('backfills the folded search text of the users already there', async () => {
    const db = await databaseAt(kind, '0003_diary');
    const at = '2026-11-01T00:00:00.000Z';
    await sql`insert into users (email, username, password_hash, first_name, middle_name, last_name, phone, role, is_active, created_at, updated_at)
      values ('An.Nguyen@example.com', 'an', 'x', 'An', 'Văn', 'Nguyễn', '0912 345 678', 'staff', ${kind === 'postgres' ? sql`true` : sql`1`}, ${at}, ${at}),
             ('dung@example.com', 'dung', 'x', 'Dũng', '', 'Đặng', '', 'staff', ${kind === 'postgres' ? sql`true` : sql`1`}, ${at}, ${at})`.execute(
      db,
    );

    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    const { error } = await migrator.migrateTo('0004_user_search');
    if (error) throw error;

    const rows = await db.selectFrom('users').select(['email', 'search']).orderBy('id').execute();
    expect(rows).toEqual([
      {
        email: 'An.Nguyen@example.com',
        search: 'an.nguyen@example.com nguyen van an 0912 345 678 0912345678',
      },
      { email: 'dung@example.com', search: 'dung@example.com dang dung' },
    ]);
  });
});

describe.each(testDatabases())('0008 stocks (%s)', (kind) => {
  it('seeds the exchanges and the holiday years announced when it shipped', async () => {
    const db = await databaseAt(kind, '0008_stocks');
    const exchanges = await db.selectFrom('stock_exchanges').select('code').orderBy('code').execute();
    expect(exchanges.map((e) => e.code)).toEqual(['HNX', 'HOSE', 'UPCOM']);
    const holidays = await db
      .selectFrom('market_holidays')
      .select(['date', 'kind'])
      .orderBy('date')
      .execute();
    expect(holidays).toHaveLength(32);
    expect(holidays[0]).toEqual({ date: '2024-02-08', kind: 'holiday' });
    expect(holidays.at(-1)).toEqual({ date: '2027-09-03', kind: 'provisional' });
    expect(holidays.filter((h) => h.date.startsWith('2026')).map((h) => h.date)).toEqual([
      '2026-02-16',
      '2026-02-17',
      '2026-02-18',
      '2026-02-19',
      '2026-02-20',
      '2026-04-27',
      '2026-08-31',
      '2026-09-01',
    ]);
  });
});

describe.each(testDatabases())('0012 all-time wins (%s)', (kind) => {
  it("sums each winner's monthly wins, keeping the latest win", async () => {
    const db = await databaseAt(kind, '0011_live_streams');
    const at = '2026-11-01T00:00:00.000Z';
    const user = await insertUser(db, kind, at);
    const win = (
      period: number,
      key: string,
      userId: number | null,
      guest: string | null,
      wins: number,
      last: number,
    ) =>
      sql`insert into cashflow_monthly_wins (period, winner_key, winner_user_id, winner_guest_name, wins, last_end_ms)
        values (${period}, ${key}, ${userId}, ${guest}, ${wins}, ${last})`.execute(db);
    await win(202601, `u:${user.id}`, user.id, null, 3, 1_000);
    await win(202603, `u:${user.id}`, user.id, null, 2, 5_000);
    await win(202602, 'g:Chi', null, 'Chi', 4, 3_000);

    await migrateToLatest(db);

    const rows = await db.selectFrom('cashflow_alltime_wins').selectAll().orderBy('winner_key').execute();
    expect(rows.map((r) => ({ ...r, wins: Number(r.wins), last_end_ms: Number(r.last_end_ms) }))).toEqual([
      { winner_key: 'g:Chi', winner_user_id: null, winner_guest_name: 'Chi', wins: 4, last_end_ms: 3_000 },
      {
        winner_key: `u:${user.id}`,
        winner_user_id: user.id,
        winner_guest_name: null,
        wins: 5,
        last_end_ms: 5_000,
      },
    ]);
  });
});

describe.each(testDatabases())('0014 stock snapshots (%s)', (kind) => {
  it("fills each stock's row from its stored bars and latest quote, as the writers keep it", async () => {
    const db = await databaseAt(kind, '0012_cashflow_alltime_wins');
    const at = '2026-11-01T00:00:00.000Z';
    const hose = await db
      .selectFrom('stock_exchanges')
      .select('id')
      .where('code', '=', 'HOSE')
      .executeTakeFirstOrThrow();
    const stock = (ticker: string) =>
      db
        .insertInto('stocks')
        .values({
          ticker,
          name: ticker,
          exchange_id: hose.id,
          lot_size: 100,
          sector: '',
          is_active: 1,
          source: 'manual',
          search: ticker,
          created_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const [bars, quoted, empty] = [await stock('AAA'), await stock('BBB'), await stock('CCC')];
    // AAA: bars across a month's turn, the latest on a Monday (the week's first bar is that day).
    const bar = (stockId: number, date: string, close: number, average: number | null = null) => ({
      stock_id: stockId,
      date,
      open: close - 100,
      high: close + 200,
      low: close - 200,
      close,
      volume: close * 10,
      average,
      source: 'manual',
    });
    await db
      .insertInto('stock_daily_bars')
      .values([
        bar(bars.id, '2026-04-28', 10_000),
        bar(bars.id, '2026-04-29', 10_100, 10_050),
        bar(bars.id, '2026-05-02', 10_200),
        bar(bars.id, '2026-05-04', 10_300, 10_250),
        bar(quoted.id, '2026-05-04', 50_000),
      ])
      .execute();
    // BBB: quotes out of time order, two at one instant (the newer id is the latest).
    const quote = (stockId: number, ms: number, price: number) => ({
      stock_id: stockId,
      trading_date: '2026-05-05',
      price,
      volume: 100,
      open: null,
      high: null,
      low: null,
      as_of: new Date(ms).toISOString(),
      as_of_ms: ms,
      source: 'vci',
    });
    const t0 = Date.parse('2026-05-05T03:00:00.000Z');
    await db
      .insertInto('stock_quotes')
      .values([
        quote(quoted.id, t0 + 60_000, 50_100),
        quote(quoted.id, t0, 50_200),
        quote(quoted.id, t0 + 60_000, 50_300),
      ])
      .execute();

    await migrateToLatest(db);

    const stored = await storedSnapshotRows(db);
    expect(stored).toEqual(await recomputedSnapshotRows(db));
    expect(Object.keys(stored).map(Number).sort()).toEqual([bars.id, quoted.id].sort());
    expect(stored[empty.id]).toBeUndefined();
    expect(stored[bars.id]).toMatchObject({
      last_date: '2026-05-04',
      prev_date: '2026-05-02',
      week_first_date: '2026-05-04',
      month_first_date: '2026-05-02',
      quote_id: null,
    });
    expect(stored[quoted.id]).toMatchObject({
      quote_price: 50_300,
      last_date: '2026-05-04',
      prev_date: null,
    });
  });
});

describe.each(testDatabases())('0013 user search index (%s)', (kind) => {
  it('indexes the users already there, and keeps the index with later writes', async () => {
    const db = await databaseAt(kind, '0012_cashflow_alltime_wins');
    const at = '2026-11-01T00:00:00.000Z';
    const active = kind === 'postgres' ? sql`true` : sql`1`;
    await sql`insert into users (email, username, password_hash, role, is_active, created_at, updated_at, search)
      values ('an@example.com', 'an', 'x', 'staff', ${active}, ${at}, ${at}, 'an@example.com nguyen van an'),
             ('binh@example.com', 'binh', 'x', 'staff', ${active}, ${at}, ${at}, 'binh@example.com tran binh')`.execute(
      db,
    );

    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    const { error } = await migrator.migrateTo('0013_user_search_index');
    if (error) throw error;

    if (kind === 'sqlite') {
      const found = async (phrase: string) =>
        (
          await sql<{
            id: number;
          }>`select rowid as id from users_fts where users_fts match ${phrase} order by rowid`.execute(db)
        ).rows.map((r) => Number(r.id));
      const [an, binh] = (await db.selectFrom('users').select('id').orderBy('id').execute()).map((r) => r.id);
      // The backfill: both rows, by any three letters of their text.
      expect(await found('"guy"')).toEqual([an]);
      expect(await found('"@example"')).toEqual([an, binh]);
      // The triggers: an edit of the text, a deletion, an insert.
      await sql`update users set search = 'an@example.com le van an' where id = ${an}`.execute(db);
      await sql`delete from users where id = ${binh}`.execute(db);
      await sql`insert into users (email, username, password_hash, role, is_active, created_at, updated_at, search)
        values ('chi@example.com', 'chi', 'x', 'staff', 1, ${at}, ${at}, 'chi@example.com pham chi')`.execute(
        db,
      );
      expect(await found('"guy"')).toEqual([]);
      expect(await found('"le van"')).toEqual([an]);
      expect(await found('"tran"')).toEqual([]);
      expect(await found('"pham"')).toHaveLength(1);
      await sql`insert into users_fts (users_fts, rank) values ('integrity-check', 1)`.execute(db);
    } else {
      const index = await sql<{ def: string }>`
        select indexdef as def from pg_indexes where tablename = 'users' and indexname = 'users_search_trgm_idx'
      `.execute(db);
      expect(index.rows[0]?.def).toMatch(/USING gin \(search gin_trgm_ops\)/);
      const ext = await sql<{
        n: number;
      }>`select count(*)::int as n from pg_extension where extname = 'pg_trgm'`.execute(db);
      expect(ext.rows[0]?.n).toBe(1);
    }

    // And back: 0013's down leaves the table as 0012 had it.
    const down = await migrator.migrateTo('0012_cashflow_alltime_wins');
    if (down.error) throw down.error;
    const left =
      kind === 'sqlite'
        ? await sql<{ name: string }>`select name from sqlite_master where name like 'users_fts%'`.execute(db)
        : await sql<{
            name: string;
          }>`select indexname as name from pg_indexes where indexname = 'users_search_trgm_idx'`.execute(db);
    expect(left.rows).toEqual([]);
    await sql`update users set search = 'still writable' where email = 'an@example.com'`.execute(db);
  });
});

describe.each(testDatabases())('0020 diary versions once per transaction (%s)', (kind) => {
  it('bumps the owner once per write after it, and per statement again once undone', async () => {
    const db = await databaseAt(kind, '0020_diary_versions_once_per_transaction');
    const at = '2030-01-01T00:00:00.000Z';
    const { id: userId } = await insertUser(db, kind, at);
    const version = async () =>
      Number(
        (
          await db
            .selectFrom('data_versions')
            .select('version')
            .where('scope', '=', `diary:${userId}`)
            .executeTakeFirst()
        )?.version ?? 0,
      );
    /** Two statements in one transaction: a diary and a category of the user. */
    const write = (title: string) =>
      db.transaction().execute(async (tx) => {
        await sql`insert into diaries (user_id, title, created_at) values (${userId}, ${title}, ${at})`.execute(
          tx,
        );
        await sql`insert into diary_categories (user_id, title, created_at) values (${userId}, ${title}, ${at})`.execute(
          tx,
        );
      });
    await write('one');
    const once = await version();
    expect(once).toBe(kind === 'postgres' ? 1 : 2);
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    const down = await migrator.migrateTo('0019_media');
    expect(down.error).toBeUndefined();
    await sql`delete from diary_categories where user_id = ${userId}`.execute(db);
    await sql`delete from diaries where user_id = ${userId}`.execute(db);
    const cleared = await version();
    expect(cleared).toBe(once + 2);
    // 0015's triggers again: a bump per statement that wrote.
    await write('two');
    expect(await version()).toBe(cleared + 2);
  });
});

describe.each(testDatabases())('0021 drop unread sign-in indexes (%s)', (kind) => {
  it('drops the two indexes only the sweep or nothing read, keeps the rows, and puts them back when undone', async () => {
    const db = await databaseAt(kind, '0020_diary_versions_once_per_transaction');
    const indexes = async () =>
      (kind === 'sqlite'
        ? await sql<{
            name: string;
          }>`select name from sqlite_master where type = 'index' and tbl_name in ('refresh_tokens', 'sessions') and sql is not null order by name`.execute(
            db,
          )
        : await sql<{
            name: string;
          }>`select indexname as name from pg_indexes where tablename in ('refresh_tokens', 'sessions') and indexname like '%_idx' order by indexname`.execute(
            db,
          )
      ).rows.map((r) => r.name);
    const all = [
      'refresh_tokens_family_idx',
      'refresh_tokens_user_idx',
      'sessions_expires_idx',
      'sessions_user_idx',
    ];
    expect(await indexes()).toEqual(all);
    const at = '2030-01-01T00:00:00.000Z';
    const { id: userId } = await insertUser(db, kind, at);
    await sql`insert into sessions (id, user_id, created_at, expires_at) values ('f1', ${userId}, ${at}, ${at})`.execute(
      db,
    );
    await sql`insert into refresh_tokens (id, user_id, family_id, token_hash, created_at, expires_at)
      values ('t1', ${userId}, 'f1', 'h1', ${at}, ${at})`.execute(db);

    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    const up = await migrator.migrateTo('0021_drop_unread_sign_in_indexes');
    if (up.error) throw up.error;
    expect(await indexes()).toEqual(['refresh_tokens_user_idx', 'sessions_user_idx']);
    expect((await sql`select id, family_id from refresh_tokens`.execute(db)).rows).toEqual([
      { id: 't1', family_id: 'f1' },
    ]);
    expect(await db.selectFrom('sessions').select('id').execute()).toEqual([{ id: 'f1' }]);

    const down = await migrator.migrateTo('0020_diary_versions_once_per_transaction');
    if (down.error) throw down.error;
    expect(await indexes()).toEqual(all);
  });
});

describe.each(testDatabases())('0022 refresh token on its session (%s)', (kind) => {
  it('moves each sign-in’s current and latest rotated token onto its row, and puts the table back when undone', async () => {
    const db = await databaseAt(kind, '0021_drop_unread_sign_in_indexes');
    const at = (minute: number) => `2030-01-01T00:${String(minute).padStart(2, '0')}:00.000Z`;
    const { id: userId } = await insertUser(db, kind, at(0));
    for (const family of ['f1', 'f2']) {
      await sql`insert into sessions (id, user_id, created_at, expires_at) values (${family}, ${userId}, ${at(0)}, ${at(59)})`.execute(
        db,
      );
    }
    // f1 rotated twice (h1 at minute 5, h2 at minute 9) and holds h3; f2 holds h4 and never rotated.
    const tokens: [string, string, string, string | null][] = [
      ['t1', 'f1', 'h1', at(5)],
      ['t2', 'f1', 'h2', at(9)],
      ['t3', 'f1', 'h3', null],
      ['t4', 'f2', 'h4', null],
    ];
    for (const [id, family, hash, rotated] of tokens) {
      await sql`insert into refresh_tokens (id, user_id, family_id, token_hash, created_at, expires_at, rotated_at)
        values (${id}, ${userId}, ${family}, ${hash}, ${at(Number(id.slice(1)))}, ${at(59)}, ${rotated})`.execute(
        db,
      );
    }
    const tables = async () =>
      (kind === 'sqlite'
        ? await sql<{
            name: string;
          }>`select name from sqlite_master where type = 'table' and name = 'refresh_tokens'`.execute(db)
        : await sql<{
            name: string;
          }>`select tablename as name from pg_tables where tablename = 'refresh_tokens'`.execute(db)
      ).rows.map((r) => r.name);

    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    const up = await migrator.migrateTo('0022_refresh_token_on_its_session');
    if (up.error) throw up.error;
    expect(await tables()).toEqual([]);
    const sessions = await db
      .selectFrom('sessions')
      .select(['id', 'refresh_hash', 'previous_hash', 'rotated_at'])
      .orderBy('id')
      .execute();
    expect(sessions.map((s) => ({ ...s, rotated_at: s.rotated_at && toIso(toDate(s.rotated_at)) }))).toEqual([
      { id: 'f1', refresh_hash: 'h3', previous_hash: 'h2', rotated_at: at(9) },
      { id: 'f2', refresh_hash: 'h4', previous_hash: null, rotated_at: null },
    ]);

    const down = await migrator.migrateTo('0021_drop_unread_sign_in_indexes');
    if (down.error) throw down.error;
    expect(await tables()).toEqual(['refresh_tokens']);
    const restored = await sql<{ family_id: string; token_hash: string; rotated_at: string | Date | null }>`
      select family_id, token_hash, rotated_at from refresh_tokens order by token_hash`.execute(db);
    expect(
      restored.rows.map((r) => ({ ...r, rotated_at: r.rotated_at && toIso(toDate(r.rotated_at)) })),
    ).toEqual([
      { family_id: 'f1', token_hash: 'h2', rotated_at: at(9) },
      { family_id: 'f1', token_hash: 'h3', rotated_at: null },
      { family_id: 'f2', token_hash: 'h4', rotated_at: null },
    ]);
    const columns = Object.keys((await sql`select * from sessions`.execute(db)).rows[0] as object);
    expect(columns).not.toContain('refresh_hash');
  });
});

describe.each(testDatabases())('0023 diary week totals window index (%s)', (kind) => {
  // The analysis's read of a window of one user's week totals, grouped as it groups them.
  const windowRead = sql`select category_id, n, sum(ms) as ms from diary_week_totals
    where user_id = 1 and week >= 100 and week < 152 group by category_id, n`;

  /** The access paths of the read's plan: on PostgreSQL with scans of the table itself ruled out. */
  async function plan(db: Db): Promise<string> {
    if (kind === 'sqlite') {
      const rows = (await sql<{ detail: string }>`explain query plan ${windowRead}`.execute(db)).rows;
      return rows.map((r) => r.detail).join('\n');
    }
    return db.transaction().execute(async (tx) => {
      await sql`set local enable_seqscan = off`.execute(tx);
      await sql`set local enable_bitmapscan = off`.execute(tx);
      const rows = (await sql<{ 'QUERY PLAN': string }>`explain ${windowRead}`.execute(tx)).rows;
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });
  }

  it('reads a window of week totals from an index alone, and down undoes it', async () => {
    const db = await databaseAt(kind, '0023_diary_week_totals_window_index');
    const planned = await plan(db);
    // SQLite has read it from an index since 0016 (its planner picks the key or that index, both
    // tables of a few pages for one user); 0023 changes nothing there.
    if (kind === 'postgres') expect(planned).toMatch(/Index Only Scan using diary_week_totals_window_idx/);
    else expect(planned).toMatch(/SEARCH diary_week_totals USING (COVERING )?INDEX/);
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    const down = await migrator.migrateTo('0022_refresh_token_on_its_session');
    if (down.error) throw down.error;
    if (kind === 'postgres') expect(await plan(db)).not.toMatch(/Index Only Scan/);
    else expect(await plan(db)).toBe(planned);
  });
});

describe.each(testDatabases())('0024 diary running entries (%s)', (kind) => {
  it('keeps one running entry per user, removed with the user, and down drops the table', async () => {
    const db = await databaseAt(kind, '0024_diary_running_entries');
    const at = '2030-01-01T00:00:00.000Z';
    const { id: userId } = await insertUser(db, kind, at);
    const row = (title: string) =>
      sql`insert into diary_running_entries (user_id, title, category_ids, started_ms, time_zone, created_at)
        values (${userId}, ${title}, '[]', ${1_893_456_000_000}, 'Asia/Ho_Chi_Minh', ${at})`.execute(db);
    await row('Reading');
    await expect(row('A second one')).rejects.toThrow();
    const stored = await sql<{ title: string; started_ms: number | string }>`
      select title, started_ms from diary_running_entries where user_id = ${userId}`.execute(db);
    expect(stored.rows.map((r) => ({ title: r.title, started_ms: Number(r.started_ms) }))).toEqual([
      { title: 'Reading', started_ms: 1_893_456_000_000 },
    ]);
    await sql`delete from users where id = ${userId}`.execute(db);
    const left = await sql`select user_id from diary_running_entries`.execute(db);
    expect(left.rows).toEqual([]);
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    const down = await migrator.migrateTo('0023_diary_week_totals_window_index');
    if (down.error) throw down.error;
    await expect(sql`select 1 from diary_running_entries`.execute(db)).rejects.toThrow();
  });
});

describe.each(testDatabases())('0028 watchlist item target side (%s)', (kind) => {
  it("gives existing targets the side of the stock's latest price, none without a price, and down drops it", async () => {
    const db = await databaseAt(kind, '0027_cashflow_tables');
    const at = '2026-11-01T00:00:00.000Z';
    const { id: userId } = await insertUser(db, kind, at);
    const hose = await db
      .selectFrom('stock_exchanges')
      .select('id')
      .where('code', '=', 'HOSE')
      .executeTakeFirstOrThrow();
    const stock = async (ticker: string) =>
      (
        await db
          .insertInto('stocks')
          .values({
            ticker,
            name: ticker,
            exchange_id: hose.id,
            lot_size: 100,
            sector: '',
            is_active: 1,
            source: 'manual',
            search: ticker,
            created_at: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const [closed, quoted, stale, unpriced] = [
      await stock('AAA'),
      await stock('BBB'),
      await stock('CCC'),
      await stock('DDD'),
    ];
    // The snapshot rows as the writers keep them (0014): AAA's latest close 50 000; BBB closed at
    // 50 000 and trades at 30 000 the next day; CCC's quote is older than its latest bar (40 000).
    await db
      .insertInto('stock_snapshots')
      .values([
        { stock_id: closed, last_date: '2026-10-30', last_close: 50_000 },
        {
          stock_id: quoted,
          last_date: '2026-10-29',
          last_close: 50_000,
          quote_trading_date: '2026-10-30',
          quote_price: 30_000,
        },
        {
          stock_id: stale,
          last_date: '2026-10-30',
          last_close: 40_000,
          quote_trading_date: '2026-10-29',
          quote_price: 90_000,
        },
      ])
      .execute();
    // One list per item: a stock sits in a list once.
    let lists = 0;
    const item = async (stockId: number, target: number | null) => {
      lists += 1;
      const list = await db
        .insertInto('watchlists')
        .values({ user_id: userId, name: `L${lists}`, name_key: `l${lists}`, is_default: 0, created_at: at })
        .returning('id')
        .executeTakeFirstOrThrow();
      return (
        await db
          .insertInto('watchlist_items')
          .values({ watchlist_id: list.id, stock_id: stockId, note: '', target_price: target, added_at: at })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    };
    const expected: [number, string | null][] = [
      [await item(closed, 55_000), 'above'],
      [await item(closed, 45_000), 'below'],
      [await item(closed, 50_000), null],
      [await item(closed, null), null],
      [await item(quoted, 40_000), 'above'],
      [await item(stale, 45_000), 'above'],
      [await item(unpriced, 10_000), null],
    ];

    await migrateToLatest(db);

    const rows = await db
      .selectFrom('watchlist_items')
      .select(['id', 'target_direction'])
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.id, r.target_direction])).toEqual(expected);
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    const down = await migrator.migrateTo('0027_cashflow_tables');
    if (down.error) throw down.error;
    await expect(sql`select target_direction from watchlist_items`.execute(db)).rejects.toThrow();
    expect((await sql`select id from watchlist_items`.execute(db)).rows).toHaveLength(expected.length);
  });
});

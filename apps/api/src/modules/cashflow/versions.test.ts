// The CashFlow data version (decision 0021, "Once per transaction"; migration 0018): on PostgreSQL a
// finalize moves it once, at its commit, and holds no lock on it before, so concurrent finalizes do
// not queue on it for their whole transaction; on both databases the kept board and history equal
// what a process with nothing kept answers after games in different periods.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createTestApp, type TestApp, testDatabases } from '../../test/harness';
import { caller, makeUser, type TestUser } from '../../test/users';
import { finalizeBody } from './test-fixtures';

const FINALIZE = '/api/cashflow/sessions/finalize/';

describe.each(testDatabases())('the CashFlow data version (%s)', (kind) => {
  let t: TestApp;
  let host: TestUser;
  beforeAll(async () => {
    t = await createTestApp(kind);
    host = await makeUser(t, 'ndf');
  });
  afterAll(() => t.close());

  const version = async () => {
    const row = await t.db
      .selectFrom('data_versions')
      .select('version')
      .where('scope', '=', 'cashflow')
      .executeTakeFirst();
    return Number(row?.version ?? 0);
  };

  it('moves when a game is stored, and on PostgreSQL once, at the commit, locking nothing before', async () => {
    // The version's row exists (a committed write made it), so an open writer could hold it.
    await sql`insert into cashflow_monthly_totals (period, games, duration_seconds) values (190001, 1, 60)`.execute(
      t.db,
    );
    await sql`delete from cashflow_monthly_totals where period = 190001`.execute(t.db);
    const before = await version();
    expect(before).toBeGreaterThan(0);
    await t.db.transaction().execute(async (tx) => {
      await sql`insert into cashflow_monthly_totals (period, games, duration_seconds) values (190001, 1, 60)`.execute(
        tx,
      );
      await sql`update cashflow_monthly_totals set games = games + 1 where period = 190001`.execute(tx);
      if (kind === 'postgres') {
        // Another connection takes the version row's lock at once: the open transaction holds none.
        const other = await t.db
          .selectFrom('data_versions')
          .select('version')
          .where('scope', '=', 'cashflow')
          .forUpdate()
          .noWait()
          .execute();
        expect(other.map((r) => Number(r.version))).toEqual([before]);
      }
    });
    const after = await version();
    if (kind === 'postgres') expect(after).toBe(before + 1);
    else expect(after).toBeGreaterThan(before);
    // The next transaction bumps again; a statement that writes no row does not.
    await sql`delete from cashflow_monthly_totals where period = 190001`.execute(t.db);
    expect(await version()).toBeGreaterThan(after);
    const still = await version();
    await sql`delete from cashflow_monthly_totals where period = 190001`.execute(t.db);
    expect(await version()).toBe(still);
  });

  it('keeps boards and history equal to fresh ones after games in different months and years', async () => {
    const call = caller(t);
    const urls = [
      '/api/cashflow/leaderboard/?range=all&include_guests=true',
      '/api/cashflow/leaderboard/?range=month&year=2026&month=3&include_guests=true',
      '/api/cashflow/leaderboard/?range=month&year=2025&month=12&include_guests=true',
      '/api/cashflow/leaderboard/?range=year&year=2025',
      '/api/cashflow/sessions/',
    ];
    const fresh = async (url: string) => {
      const app = await buildApp({ config: t.config, db: t.db, now: t.clock.now, logger: false });
      await app.ready();
      try {
        return (await app.inject({ method: 'GET', url, headers: host.headers })).json();
      } finally {
        await app.close();
      }
    };
    const games = [
      { start: '2026-03-10T12:00:00.000Z', end: '2026-03-10T13:00:00.000Z', guest: 'Khách tháng ba' },
      { start: '2025-12-20T12:00:00.000Z', end: '2025-12-20T13:00:00.000Z', guest: 'Khách tháng mười hai' },
      { start: '2026-03-11T12:00:00.000Z', end: '2026-03-11T14:00:00.000Z', guest: 'Khách tháng ba' },
    ];
    for (const game of games) {
      for (const url of urls) {
        expect((await t.app.inject({ method: 'GET', url, headers: host.headers })).statusCode).toBe(200);
      }
      const stored = await call(
        host,
        'POST',
        FINALIZE,
        finalizeBody([{ guest_name: game.guest }, { user_id: host.id }], {
          start: game.start,
          end: game.end,
        }),
      );
      expect(stored.statusCode).toBe(201);
      for (const url of urls) {
        const kept = await t.app.inject({ method: 'GET', url, headers: host.headers });
        expect(kept.json(), url).toEqual(await fresh(url));
      }
    }
    const board = await t.app.inject({ method: 'GET', url: urls[0] as string, headers: host.headers });
    expect(board.json().guests).toEqual([
      { display_name: 'Khách tháng ba', wins: 2 },
      { display_name: 'Khách tháng mười hai', wins: 1 },
    ]);
  });
});

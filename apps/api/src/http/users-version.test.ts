// Issue 22: a sign-in wrote users.last_login_at, which moved the `users` data version and so dropped
// every kept answer that names people (the users list, the player search, the CashFlow history and
// board) at every sign-in. Since migration 0017 the version moves only when a column some answer
// reads changes; the bookkeeping columns no kept answer reads (the last sign-in, the password hash,
// updated_at) do not move it. On both databases.
import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../db/index';
import { migrations } from '../db/migrations/index';
import { finalizeBody } from '../modules/cashflow/test-fixtures';
import { ADMIN, bearer, createTestApp, signIn, type TestApp, testDatabases } from '../test/harness';
import { caller, makeUser, TEST_PASSWORD } from '../test/users';

/** The columns of `users` no kept answer reads (users/presenter.ts, USER_ORDERING_FIELDS, cashflow). */
const BOOKKEEPING = ['last_login_at', 'password_hash', 'updated_at'];
const USERS = '/api/users/users/?ordering=last_name';

describe.each(testDatabases())('the users data version (%s)', (kind) => {
  let t: TestApp;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = bearer((await signIn(t.app, ADMIN.email, ADMIN.password)).access);
  });
  afterAll(() => t.close());

  const usersVersion = async () =>
    Number(
      (
        await t.db
          .selectFrom('data_versions')
          .select('version')
          .where('scope', '=', 'users')
          .executeTakeFirst()
      )?.version ?? 0,
    );
  /** What a process with nothing kept answers now. */
  async function fresh(url: string, headers: Record<string, string>) {
    const { buildApp } = await import('../app');
    const app = await buildApp({ config: t.config, db: t.db, now: t.clock.now, logger: false });
    await app.ready();
    try {
      return (await app.inject({ method: 'GET', url, headers })).json();
    } finally {
      await app.close();
    }
  }

  it('stays still at a sign-in, and the users list kept before it is still right and still kept', async () => {
    const user = await makeUser(t, 'staff', { firstName: 'Hoa', lastName: 'Lê' });
    const kept = await t.app.inject({ method: 'GET', url: USERS, headers: admin });
    expect(kept.statusCode).toBe(200);
    const before = await usersVersion();
    const stats = t.app.answers.stats();
    t.clock.advance(60);
    await signIn(t.app, user.email, TEST_PASSWORD);
    const row = await t.db
      .selectFrom('users')
      .select('last_login_at')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(new Date(row.last_login_at as string).getTime()).toBe(t.clock.now().getTime());
    expect(await usersVersion()).toBe(before);
    const after = await t.app.inject({ method: 'GET', url: USERS, headers: admin });
    expect(after.body).toBe(kept.body);
    expect(after.json()).toEqual(await fresh(USERS, admin));
    expect(t.app.answers.stats()).toMatchObject({ misses: stats.misses, hits: stats.hits + 1 });
  });

  it('moves for a change of anything a kept answer shows, through the API or plain SQL', async () => {
    const user = await makeUser(t, 'staff');
    const call = caller(t);
    let version = await usersVersion();
    const moved = async () => {
      const now = await usersVersion();
      const did = now > version;
      version = now;
      return did;
    };
    // Bookkeeping alone, by plain SQL, one row or all: still.
    await sql`update users set last_login_at = ${new Date().toISOString()}, updated_at = ${new Date().toISOString()}, password_hash = 'x' || password_hash where id = ${user.id}`.execute(
      t.db,
    );
    await sql`update users set last_login_at = null`.execute(t.db);
    expect(await moved()).toBe(false);
    // A name through the API, the user's own profile (the list and the CashFlow names show it).
    const renamed = await call(user, 'PUT', '/api/users/profile/', { first_name: 'Minh' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await moved()).toBe(true);
    // Each shown column by plain SQL, alone or with bookkeeping in the same statement.
    for (const change of [
      sql`update users set last_name = 'Phạm', last_login_at = null where id = ${user.id}`,
      sql`update users set is_active = ${kind === 'postgres' ? sql`false` : sql`0`} where id = ${user.id}`,
      sql`update users set role = 'manager' where id = ${user.id}`,
      sql`update users set phone = '0912' where id = ${user.id}`,
      sql`update users set avatar = '/media/avatars/x.png' where id = ${user.id}`,
      sql`update users set must_change_password = ${kind === 'postgres' ? sql`true` : sql`1`} where id = ${user.id}`,
    ]) {
      await change.execute(t.db);
      expect(await moved()).toBe(true);
    }
    // A value written again unchanged is no change.
    await sql`update users set last_name = last_name`.execute(t.db);
    expect(await moved()).toBe(false);
    // Inserts and deletes move it as before.
    const other = await makeUser(t, 'staff');
    expect(await moved()).toBe(true);
    await sql`delete from users where id = ${other.id}`.execute(t.db);
    expect(await moved()).toBe(true);
  });

  it('compares every column of users but the bookkeeping ones', async () => {
    if (kind === 'postgres') {
      // The function compares whole rows as jsonb minus the columns the trigger names.
      const rows = (
        await sql<{ definition: string }>`
          select pg_get_triggerdef(oid) as definition from pg_trigger
          where tgname = 'data_version_users_update'`.execute(t.db)
      ).rows;
      expect(rows).toHaveLength(1);
      const args = /data_version_bump_changed\((.*)\)/.exec(rows[0]?.definition ?? '')?.[1] ?? '';
      expect(args.split(',').map((a) => a.trim().replaceAll("'", ''))).toEqual(['users', ...BOOKKEEPING]);
      return;
    }
    const columns = (
      await sql<{ name: string }>`select name from pragma_table_info('users')`.execute(t.db)
    ).rows.map((r) => r.name);
    const trigger = (
      await sql<{
        sql: string;
      }>`select sql from sqlite_master where type = 'trigger' and name = 'data_version_users_update'`.execute(
        t.db,
      )
    ).rows[0]?.sql as string;
    const compared = [...trigger.matchAll(/old\.(\w+) is not new\.\1/g)].map((m) => m[1]);
    // A column added to users later must be compared too (or named bookkeeping here and there).
    expect([...compared, ...BOOKKEEPING].sort()).toEqual([...columns].sort());
  });
});

describe.each(testDatabases())('0017 player names (%s)', (kind) => {
  it('replaces the e-mails stored as players’ names with the name the history now gives', async () => {
    const t = await createTestApp(kind);
    try {
      const call = caller(t);
      const host = await makeUser(t, 'ndf');
      const [nameless, named, leaving] = [
        await makeUser(t, 'staff'),
        await makeUser(t, 'staff', { firstName: 'An', lastName: 'Võ' }),
        await makeUser(t, 'staff'),
      ];
      const game = await call(
        host,
        'POST',
        '/api/cashflow/sessions/finalize/',
        finalizeBody([
          { user_id: nameless.id },
          { user_id: named.id },
          { user_id: leaving.id },
          { guest_name: 'khach@quan' },
        ]),
      );
      expect(game.statusCode, game.body).toBe(201);
      // Back to 0016, where finalize stored a nameless player's e-mail, and a deletion then.
      const migrator = new Migrator({ db: t.db, provider: { getMigrations: async () => migrations } });
      const down = await migrator.migrateTo('0016_diary_week_totals_by_category');
      if (down.error) throw down.error;
      for (const user of [nameless, leaving]) {
        await sql`update cashflow_results set display_name = ${user.email} where user_id = ${user.id}`.execute(
          t.db,
        );
      }
      await sql`delete from users where id = ${leaving.id}`.execute(t.db);

      await migrateToLatest(t.db);
      const stored = await t.db
        .selectFrom('cashflow_results')
        .select('display_name')
        .orderBy('position')
        .execute();
      expect(stored.map((r) => r.display_name)).toEqual([
        `#${nameless.id}`,
        'Võ An',
        'Người chơi đã xoá',
        'khach@quan', // a guest's name is the guest's
      ]);
    } finally {
      await t.close();
    }
  });
});

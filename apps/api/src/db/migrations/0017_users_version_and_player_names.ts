// Two fixes from issue 22 to what answers kept ready (decision 0021) depend on.
//
// 1. A sign-in no longer moves the `users` data version. Migration 0015 bumped it on every update
//    of `users`, and a sign-in writes `last_login_at` (and, for an old scrypt hash, `password_hash`),
//    so every sign-in dropped every kept answer that names people (the users list, the player
//    search, the CashFlow history and board). Now an update bumps it only when a column other than
//    the bookkeeping ones below changed value. No kept answer reads them: the users list shows
//    neither the last sign-in nor the hash nor `updated_at` (users/presenter.ts), and no list sorts
//    or filters by them (USER_ORDERING_FIELDS). Inserts, deletes and truncates bump as before.
//    - SQLite: the update trigger gets a WHEN clause comparing, old with new, every other column of
//      the table as it stands now (a later migration adding a column to `users` must recreate it;
//      http/users-version.test.ts fails until it does).
//    - PostgreSQL: one statement trigger with both transition tables, comparing the rows as jsonb
//      without the bookkeeping keys, so a later column is compared without any change here.
// 2. A registered player without a name was stored with the game under their e-mail, which the
//    history then showed once the account was deleted. Finalize now stores `#<user id>` instead
//    (cashflow/presenter.ts); here the games already stored get the same, and a deleted account's
//    e-mail, whose id is gone, becomes 'Người chơi đã xoá' (deleted player).
import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect';

/** Columns of `users` that no kept answer reads: writing only these leaves the `users` version. */
export const USERS_BOOKKEEPING_COLUMNS = ['last_login_at', 'password_hash', 'updated_at'] as const;

const BUMP_USERS =
  "insert into data_versions (scope, version) values ('users', 1) " +
  'on conflict (scope) do update set version = version + 1;';

export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql`drop trigger data_version_users_update on users`.execute(db);
    // tg_argv[0]: the scope; tg_argv[1…]: the columns whose changes do not count.
    await sql`
      create function data_version_bump_changed() returns trigger language plpgsql as $$
      declare
        ignored text[] := tg_argv[1:];
      begin
        if exists (select to_jsonb(n) - ignored from new_rows n
                   except select to_jsonb(o) - ignored from old_rows o)
          or exists (select to_jsonb(o) - ignored from old_rows o
                   except select to_jsonb(n) - ignored from new_rows n) then
          insert into data_versions as v (scope, version) values (tg_argv[0], 1)
          on conflict (scope) do update set version = v.version + 1;
        end if;
        return null;
      end $$
    `.execute(db);
    await sql
      .raw(
        'create trigger data_version_users_update after update on users ' +
          'referencing old table as old_rows new table as new_rows for each statement ' +
          `execute function data_version_bump_changed('users', ${USERS_BOOKKEEPING_COLUMNS.map((c) => `'${c}'`).join(', ')})`,
      )
      .execute(db);
  } else {
    const columns = (
      await sql<{ name: string }>`select name from pragma_table_info('users')`.execute(db)
    ).rows
      .map((row) => row.name)
      .filter((name) => !(USERS_BOOKKEEPING_COLUMNS as readonly string[]).includes(name));
    await sql`drop trigger data_version_users_update`.execute(db);
    await sql
      .raw(
        'create trigger data_version_users_update after update on users when ' +
          `${columns.map((c) => `old.${c} is not new.${c}`).join(' or ')} begin ${BUMP_USERS} end`,
      )
      .execute(db);
  }

  await sql`
    update cashflow_results set display_name = '#' || cast(user_id as varchar(20))
    where user_id is not null
      and display_name = (select u.email from users u where u.id = cashflow_results.user_id)
  `.execute(db);
  await sql`
    update cashflow_results set display_name = 'Người chơi đã xoá'
    where user_id is null and guest_name is null and display_name like '%@%'
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // Back to 0015's trigger; the players' names stay as they are (the e-mails are not put back).
  if (dialectOf(db) === 'postgres') {
    await sql`drop trigger data_version_users_update on users`.execute(db);
    await sql`drop function data_version_bump_changed()`.execute(db);
    await sql`
      create trigger data_version_users_update after update on users
      referencing new table as changed for each statement execute function data_version_bump('users')
    `.execute(db);
  } else {
    await sql`drop trigger data_version_users_update`.execute(db);
    await sql
      .raw(`create trigger data_version_users_update after update on users begin ${BUMP_USERS} end`)
      .execute(db);
  }
}

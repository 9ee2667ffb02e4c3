// Each user's diary version bumped once per transaction, at its end, on PostgreSQL (issue 22,
// decision 0021 "Once per transaction"), as migration 0018 did for CashFlow's.
//
// Migration 0015's statement triggers bump 'diary:<user id>' at the first statement of a diary write
// (an entry's insert) and again at each later one, so the version row stays locked from that first
// statement to the commit. Entry writes of one user take only a shared lock on the diary among
// themselves (decision 0027), yet they queued on that row for their whole transaction: creating an
// entry answered 196 a second at p99 743 ms on PostgreSQL with two workers, 3 % of the ceiling.
// Here they become deferred constraint triggers, run at commit: the first for an owner bumps its
// scope and remembers it in a setting local to the transaction, so the row is locked from the
// commit's start to its end only. Readers see no difference: the version and the data become
// visible together at commit.
//
// Every owned diary table names its owner in `user_id`, except the entries' category links, whose
// owner is their entry's. A link's trigger runs at commit, when a deleted entry is gone: the
// entry's own trigger has bumped its owner then. Row triggers fire per row (a bulk load of a
// million links runs a million short lookups at its commit); the app writes a few rows at a time.
// SQLite runs one writer at a time, so nothing waits on its version rows: its row triggers stay.
import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect';

/** The diary's tables with their owner in `user_id` (0015's OWNED, scope 'diary'). */
const BY_USER = ['diaries', 'diary_jars', 'diary_categories', 'diary_entries'];
const LINKS = 'diary_entry_categories';
/** 0015's statement triggers on each owned table. */
const STATEMENT_TRIGGERS = [
  ['insert', 'insert', 'new'],
  ['delete', 'delete', 'old'],
  ['update_new', 'update', 'new'],
  ['update_old', 'update', 'old'],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql`
    create function data_version_bump_scope_once(target text) returns void language plpgsql as $$
    declare
      flag text := 'data_versions.' || regexp_replace(target, '[^a-zA-Z0-9_]', '_', 'g');
    begin
      if current_setting(flag, true) = 'bumped' then
        return;
      end if;
      perform set_config(flag, 'bumped', true);
      insert into data_versions as v (scope, version) values (target, 1)
      on conflict (scope) do update set version = v.version + 1;
    end $$
  `.execute(db);
  // tg_argv[0]: the scope's prefix. An update bumps the owners before and after it.
  await sql`
    create function data_version_bump_user_once() returns trigger language plpgsql as $$
    begin
      if tg_op <> 'DELETE' and new.user_id is not null then
        perform data_version_bump_scope_once(tg_argv[0] || ':' || new.user_id);
      end if;
      if tg_op <> 'INSERT' and old.user_id is not null then
        perform data_version_bump_scope_once(tg_argv[0] || ':' || old.user_id);
      end if;
      return null;
    end $$
  `.execute(db);
  await sql`
    create function data_version_bump_entry_owner_once() returns trigger language plpgsql as $$
    declare
      entry bigint;
      who bigint;
    begin
      -- The link's entry after the write and before it (the same entry but for a moved link).
      foreach entry in array array[
        case when tg_op <> 'DELETE' then new.entry_id end,
        case when tg_op <> 'INSERT' then old.entry_id end
      ] loop
        select e.user_id into who from diary_entries e where e.id = entry;
        if who is not null then
          perform data_version_bump_scope_once(tg_argv[0] || ':' || who);
        end if;
      end loop;
      return null;
    end $$
  `.execute(db);
  for (const table of [...BY_USER, LINKS]) {
    for (const [name] of STATEMENT_TRIGGERS) {
      await sql.raw(`drop trigger data_version_${table}_${name} on ${table}`).execute(db);
    }
    const fn = table === LINKS ? 'data_version_bump_entry_owner_once' : 'data_version_bump_user_once';
    for (const event of ['insert', 'update', 'delete']) {
      await sql
        .raw(
          `create constraint trigger data_version_${table}_${event} after ${event} on ${table} ` +
            `deferrable initially deferred for each row execute function ${fn}('diary')`,
        )
        .execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  for (const table of [...BY_USER, LINKS]) {
    for (const event of ['insert', 'update', 'delete']) {
      await sql.raw(`drop trigger data_version_${table}_${event} on ${table}`).execute(db);
    }
    // 0015's statement triggers, as it made them.
    const owner =
      table === LINKS
        ? '(select p.user_id from diary_entries p where p.id = changed.entry_id)'
        : 'changed.user_id';
    const quoted = owner.replaceAll("'", "''");
    for (const [name, event, side] of STATEMENT_TRIGGERS) {
      await sql
        .raw(
          `create trigger data_version_${table}_${name} after ${event} on ${table} ` +
            `referencing ${side} table as changed for each statement ` +
            `execute function data_version_bump_owners('diary', '${quoted}')`,
        )
        .execute(db);
    }
  }
  await sql`drop function data_version_bump_entry_owner_once()`.execute(db);
  await sql`drop function data_version_bump_user_once()`.execute(db);
  await sql`drop function data_version_bump_scope_once(text)`.execute(db);
}

// The CashFlow data version bumped once per transaction, at its end, on PostgreSQL (issue 22,
// decision 0021 "Once per transaction").
//
// Migration 0015's statement triggers bump a scope's row at every statement that writes: a game's
// finalize (session, results, three roll-ups) updated the one 'cashflow' row five times, and held
// its lock from the first statement to the commit, so concurrent finalizes queued on it for their
// whole transaction (two workers: 332 a second against 573 for one process). Here those triggers
// become deferred
// constraint triggers: they run at commit, after every statement of the transaction, and the first
// of them for a scope bumps it once, remembering that in a setting local to the transaction. The
// row's lock is then held from the commit's start to its end only. A bump anywhere in the
// transaction is as good as a bump at its end for the readers (the version and the data become
// visible together at commit); the end just keeps the lock short.
//
// A row trigger fires per row (a bulk load of 100,000 games fires 500,000 of them, a few
// microseconds each, reading the setting). The diary's tables kept their statement triggers here;
// migration 0020 gives them the same deferred triggers.
// SQLite runs one writer at a time, so nothing waits on its version rows: its row triggers stay.
// TRUNCATE keeps its statement trigger (a constraint trigger cannot follow TRUNCATE).
import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect';

/** The CashFlow tables (0015's shared scope 'cashflow'). */
const CASHFLOW = [
  'cashflow_sessions',
  'cashflow_results',
  'cashflow_monthly_totals',
  'cashflow_monthly_wins',
  'cashflow_alltime_wins',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  // tg_argv[0]: the scope. The setting is local to the transaction: the first trigger of the
  // commit bumps, the others (a row each) only read it.
  await sql`
    create function data_version_bump_once() returns trigger language plpgsql as $$
    declare
      flag text := 'data_versions.' || regexp_replace(tg_argv[0], '[^a-zA-Z0-9_]', '_', 'g');
    begin
      if current_setting(flag, true) = 'bumped' then
        return null;
      end if;
      perform set_config(flag, 'bumped', true);
      insert into data_versions as v (scope, version) values (tg_argv[0], 1)
      on conflict (scope) do update set version = v.version + 1;
      return null;
    end $$
  `.execute(db);
  for (const table of CASHFLOW) {
    for (const event of ['insert', 'update', 'delete']) {
      await sql.raw(`drop trigger data_version_${table}_${event} on ${table}`).execute(db);
      await sql
        .raw(
          `create constraint trigger data_version_${table}_${event} after ${event} on ${table} ` +
            `deferrable initially deferred for each row execute function data_version_bump_once('cashflow')`,
        )
        .execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  for (const table of CASHFLOW) {
    for (const event of ['insert', 'update', 'delete']) {
      await sql.raw(`drop trigger data_version_${table}_${event} on ${table}`).execute(db);
    }
  }
  await sql`drop function data_version_bump_once()`.execute(db);
  // 0015's statement triggers, as it made them.
  for (const table of CASHFLOW) {
    for (const [event, side] of [
      ['insert', 'new'],
      ['update', 'new'],
      ['delete', 'old'],
    ] as const) {
      await sql
        .raw(
          `create trigger data_version_${table}_${event} after ${event} on ${table} ` +
            `referencing ${side} table as changed for each statement execute function data_version_bump('cashflow')`,
        )
        .execute(db);
    }
  }
}

// Data versions (issue 17, decision 0021): one counter per kind of data that answers are built
// from, bumped by a trigger on every table the answers read, in the transaction of the write. An
// answer kept ready in a server process is keyed by the counters it was built under, so every
// process sees a write at once and no writer (the API, an import, a manage command, a job, a bulk
// loader, a later migration) can forget to say that it wrote.
//
// Scopes: 'users', 'forex', 'stocks', 'cashflow' for data every reader shares, and 'diary:<user id>'
// and 'watchlists:<user id>' for data that belongs to one user. A scope without a row is at
// version 0.
//
// SQLite has row triggers only: each written row bumps its scope (a primary-key update, a few
// microseconds). PostgreSQL bumps once per statement that wrote a row (a row trigger would update
// one row once per written row, and a bulk insert would then walk an ever longer chain of that
// row's versions), reading the statement's transition table: empty, nothing was written; for
// per-user scopes, the owners it touched.
import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect';

/** Tables whose every write changes answers of one shared scope. */
const SHARED: Record<string, readonly string[]> = {
  users: ['users'],
  forex: ['forex_symbols', 'forex_prices'],
  stocks: [
    'stock_exchanges',
    'stocks',
    'stock_daily_bars',
    'stock_quotes',
    'stock_snapshots',
    'market_holidays',
  ],
  cashflow: [
    'cashflow_sessions',
    'cashflow_results',
    'cashflow_monthly_totals',
    'cashflow_monthly_wins',
    'cashflow_alltime_wins',
  ],
};

/**
 * Tables of one user's data: the scope prefix and how a row names its owner — a column of its own
 * (`column`) or its parent's (`parent`: the parent table and the row's reference to it).
 */
const OWNED: readonly {
  table: string;
  scope: string;
  column?: string;
  parent?: { table: string; reference: string };
}[] = [
  { table: 'diaries', scope: 'diary', column: 'user_id' },
  { table: 'diary_jars', scope: 'diary', column: 'user_id' },
  { table: 'diary_categories', scope: 'diary', column: 'user_id' },
  { table: 'diary_entries', scope: 'diary', column: 'user_id' },
  {
    table: 'diary_entry_categories',
    scope: 'diary',
    parent: { table: 'diary_entries', reference: 'entry_id' },
  },
  { table: 'watchlists', scope: 'watchlists', column: 'user_id' },
  {
    table: 'watchlist_items',
    scope: 'watchlists',
    parent: { table: 'watchlists', reference: 'watchlist_id' },
  },
];

const EVENTS = ['insert', 'update', 'delete'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('data_versions')
    .addColumn('scope', 'varchar(80)', (c) => c.primaryKey().notNull())
    .addColumn('version', 'bigint', (c) => c.notNull())
    .execute();
  if (dialectOf(db) === 'postgres') await postgresTriggers(db);
  else await sqliteTriggers(db);
}

async function sqliteTriggers(db: Kysely<unknown>): Promise<void> {
  const bump = (scopeSql: string) =>
    `insert into data_versions (scope, version) ${scopeSql} on conflict (scope) do update set version = version + 1;`;
  for (const [scope, tables] of Object.entries(SHARED)) {
    for (const table of tables) {
      for (const event of EVENTS) {
        await sql
          .raw(
            `create trigger data_version_${table}_${event} after ${event} on ${table} begin ` +
              `${bump(`values ('${scope}', 1)`)} end`,
          )
          .execute(db);
      }
    }
  }
  for (const owned of OWNED) {
    // The owner of a row as a one-row select, or none when its parent is already gone (a cascade:
    // the parent's own trigger has bumped the scope).
    const ownerOf = (row: 'new' | 'old') =>
      owned.column
        ? `select '${owned.scope}:' || ${row}.${owned.column}, 1 where ${row}.${owned.column} is not null`
        : `select '${owned.scope}:' || p.user_id, 1 from ${owned.parent?.table} p where p.id = ${row}.${owned.parent?.reference}`;
    for (const event of EVENTS) {
      const rows =
        event === 'insert'
          ? ['new' as const]
          : event === 'delete'
            ? ['old' as const]
            : ['old' as const, 'new' as const];
      await sql
        .raw(
          `create trigger data_version_${owned.table}_${event} after ${event} on ${owned.table} begin ` +
            `${rows.map((row) => bump(ownerOf(row))).join(' ')} end`,
        )
        .execute(db);
    }
  }
}

async function postgresTriggers(db: Kysely<unknown>): Promise<void> {
  // tg_argv[0]: the scope. Bumped only when the statement wrote a row (its transition table
  // "changed" is not empty): a DELETE that found nothing changes no answer.
  await sql`
    create function data_version_bump() returns trigger language plpgsql as $$
    begin
      insert into data_versions as v (scope, version)
      select tg_argv[0], 1 where exists (select 1 from changed)
      on conflict (scope) do update set version = v.version + 1;
      return null;
    end $$
  `.execute(db);
  // TRUNCATE has no transition table; it bumps always.
  await sql`
    create function data_version_bump_truncated() returns trigger language plpgsql as $$
    begin
      insert into data_versions as v (scope, version) values (tg_argv[0], 1)
      on conflict (scope) do update set version = v.version + 1;
      return null;
    end $$
  `.execute(db);
  // tg_argv[0]: the scope prefix; tg_argv[1]: the owner of a row of the transition table "changed".
  await sql`
    create function data_version_bump_owners() returns trigger language plpgsql as $$
    begin
      execute format(
        'insert into data_versions as v (scope, version) '
        'select %L || o.owner, 1 from (select distinct (%s)::text as owner from changed) o '
        'where o.owner is not null '
        'on conflict (scope) do update set version = v.version + 1',
        tg_argv[0] || ':', tg_argv[1]);
      return null;
    end $$
  `.execute(db);
  for (const [scope, tables] of Object.entries(SHARED)) {
    for (const table of tables) {
      for (const [event, side] of [
        ['insert', 'new'],
        ['update', 'new'],
        ['delete', 'old'],
      ] as const) {
        await sql
          .raw(
            `create trigger data_version_${table}_${event} after ${event} on ${table} ` +
              `referencing ${side} table as changed for each statement execute function data_version_bump('${scope}')`,
          )
          .execute(db);
      }
      await sql
        .raw(
          `create trigger data_version_${table}_truncate after truncate on ${table} ` +
            `for each statement execute function data_version_bump_truncated('${scope}')`,
        )
        .execute(db);
    }
  }
  for (const owned of OWNED) {
    const owner = owned.column
      ? `changed.${owned.column}`
      : `(select p.user_id from ${owned.parent?.table} p where p.id = changed.${owned.parent?.reference})`;
    const quoted = owner.replaceAll("'", "''");
    // A transition table belongs to one event, so each event has its own trigger; an update bumps
    // the owners before and after it (a row that changed hands changed two users' data).
    const triggers = [
      ['insert', 'insert', 'new'],
      ['delete', 'delete', 'old'],
      ['update_new', 'update', 'new'],
      ['update_old', 'update', 'old'],
    ] as const;
    for (const [name, event, side] of triggers) {
      await sql
        .raw(
          `create trigger data_version_${owned.table}_${name} after ${event} on ${owned.table} ` +
            `referencing ${side} table as changed for each statement ` +
            `execute function data_version_bump_owners('${owned.scope}', '${quoted}')`,
        )
        .execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    for (const tables of Object.values(SHARED)) {
      for (const table of tables) {
        for (const event of [...EVENTS, 'truncate']) {
          await sql.raw(`drop trigger data_version_${table}_${event} on ${table}`).execute(db);
        }
      }
    }
    for (const owned of OWNED) {
      for (const name of ['insert', 'delete', 'update_new', 'update_old']) {
        await sql.raw(`drop trigger data_version_${owned.table}_${name} on ${owned.table}`).execute(db);
      }
    }
    await sql`drop function data_version_bump_owners()`.execute(db);
    await sql`drop function data_version_bump_truncated()`.execute(db);
    await sql`drop function data_version_bump()`.execute(db);
  } else {
    const tables = [...Object.values(SHARED).flat(), ...OWNED.map((o) => o.table)];
    for (const table of tables) {
      for (const event of EVENTS) await sql.raw(`drop trigger data_version_${table}_${event}`).execute(db);
    }
  }
  await db.schema.dropTable('data_versions').execute();
}

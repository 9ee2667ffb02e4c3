// The one place that knows the two databases differ. Everything else writes
// portable Kysely and passes instants computed in TypeScript as parameters.
import { type ColumnDataType, type CreateTableBuilder, type Kysely, PostgresAdapter, sql } from 'kysely';
import type { Database } from './schema';

export type DialectName = 'sqlite' | 'postgres';

export function dialectOf(db: Kysely<unknown>): DialectName {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/** Column type for an instant: timestamptz on PostgreSQL, ISO-8601 text on SQLite. */
export function instantType(db: Kysely<unknown>): ColumnDataType {
  return dialectOf(db) === 'postgres' ? 'timestamptz' : 'text';
}

/** An auto-incrementing integer primary key named id. */
export function addIdColumn<T extends string>(
  db: Kysely<unknown>,
  table: CreateTableBuilder<T, never>,
): CreateTableBuilder<T, 'id'> {
  return dialectOf(db) === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

/** The current instant as an ISO string, the form every instant parameter takes. */
export function toIso(date: Date): string {
  return date.toISOString();
}

/** Reads an instant column from either database. */
export function toDate(value: string | Date): Date {
  return value instanceof Date ? value : new Date(value);
}

export function toBool(value: number | boolean): boolean {
  return value === true || value === 1;
}

export function dbBool(value: boolean): 0 | 1 {
  return value ? 1 : 0;
}

/**
 * A write refused by a unique index or key, on either database (PostgreSQL's 23505, SQLite's
 * constraint codes): the race a check-then-insert can lose, answered as the check would have.
 */
export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/**
 * A write refused because a row it names is gone (PostgreSQL's 23503, SQLite's foreign key
 * constraint): a category deleted between an entry's check of its categories and its write.
 */
export function isForeignKeyViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}

/**
 * Locks one row until the transaction ends, before the caller reads it to check and merge an edit;
 * true when the row exists. PostgreSQL: `SELECT … FOR UPDATE` (a second editor waits, then reads
 * the first one's commit). SQLite locks the whole database per writer, but a transaction begins
 * as a reader, and a reader in another process whose snapshot went stale cannot become a writer;
 * a no-op write takes the write lock first, so the read after it is current.
 */
export async function lockRowForUpdate(
  tx: Kysely<Database>,
  table: 'users' | 'diary_entries' | 'stocks' | 'cashflow_tables',
  id: number,
) {
  if (dialectOf(tx as unknown as Kysely<unknown>) === 'postgres') {
    const rows = await sql`select id from ${sql.table(table)} where id = ${id} for update`.execute(tx);
    return rows.rows.length > 0;
  }
  const result = await sql`update ${sql.table(table)} set id = id where id = ${id}`.execute(tx);
  return Number(result.numAffectedRows ?? 0) > 0;
}

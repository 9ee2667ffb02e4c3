// The one place that knows the two databases differ. Everything else writes
// portable Kysely and passes instants computed in TypeScript as parameters.
import { type ColumnDataType, type CreateTableBuilder, type Kysely, PostgresAdapter, sql } from 'kysely';

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

export function toDateOrNull(value: string | Date | null): Date | null {
  return value === null ? null : toDate(value);
}

export function toBool(value: number | boolean): boolean {
  return value === true || value === 1;
}

export function dbBool(value: boolean): 0 | 1 {
  return value ? 1 : 0;
}

/** A lower-cased text comparison that behaves the same on both databases. */
export const lowerOf = (column: string) => sql<string>`lower(${sql.ref(column)})`;

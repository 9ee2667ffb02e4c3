// createDb(config) → Kysely on SQLite (embedded default) or PostgreSQL.
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  Kysely,
  type Migration,
  type MigrationProvider,
  Migrator,
  PostgresDialect,
  SqliteDialect,
} from 'kysely';
import pg from 'pg';
import { migrations } from './migrations/index';
import type { Database } from './schema';

export type Db = Kysely<Database>;

// COUNT(*) and BIGINT come back from pg as strings; every count we read fits a number.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));

export interface DbOptions {
  databaseUrl?: string | undefined;
  /** Directory for app.db when no DATABASE_URL is given. */
  dataDir: string;
}

export function createDb(options: DbOptions): Db {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      // Fail fast while the database is down (the request answers 503) instead of queueing forever.
      connectionTimeoutMillis: 5_000,
    });
    // An idle client whose server went away emits 'error' on the pool; unhandled, it would end the
    // process. The pool drops that client and connects afresh once the database is back.
    pool.on('error', (err) => {
      process.emitWarning(`PostgreSQL idle client error: ${err.message}`);
    });
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  fs.mkdirSync(options.dataDir, { recursive: true });
  const sqlite = new SQLite(path.join(options.dataDir, 'app.db'));
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
}

class StaticMigrationProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return migrations;
  }
}

/** Brings the schema up to date; safe to run from several processes at once. */
export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider: new StaticMigrationProvider() });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}

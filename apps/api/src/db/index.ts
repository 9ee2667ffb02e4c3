// createDb(config) → Kysely on SQLite (embedded default) or PostgreSQL.
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  type KyselyConfig,
  type LogEvent,
  type Migration,
  type MigrationProvider,
  Migrator,
  PostgresDialect,
  type QueryResult,
  SelectQueryNode,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
  type TransactionSettings,
} from 'kysely';
import pg from 'pg';
import { restrictDataDir } from '../config';
import type { DbMetrics } from '../metrics/app-metrics';
import { startCheckpointer, WAL_BACKSTOP_PAGES } from './checkpointer';
import { dialectOf } from './dialect';
import { migrations } from './migrations/index';
import { PreparingClient } from './prepared';
import type { Database } from './schema';

export type Db = Kysely<Database>;

// COUNT(*) and BIGINT come back from pg as strings; every count we read fits a number.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));

export interface DbOptions {
  databaseUrl?: string | undefined;
  /** Directory for app.db when no DATABASE_URL is given. */
  dataDir: string;
  /** Where each query's time and the pool's state are reported (METRICS_PORT set); none: no work for it. */
  metrics?: DbMetrics | undefined;
  /**
   * SQLite: checkpoint the write-ahead log in a thread this often instead of at commits
   * (db/checkpointer.ts). The server's processes ask for it (CHECKPOINT_INTERVAL_MS); the command
   * line and the tests keep SQLite's default.
   */
  checkpointEveryMs?: number | undefined;
}

/** Kysely's log hook, timing every query for the metrics (docs/metrics.md), and only when they are on. */
function queryTiming(metrics: DbMetrics | undefined): Pick<KyselyConfig, 'log'> {
  if (!metrics) return {};
  return {
    log: (event: LogEvent) => metrics.observeQuery(event.query.query.kind, event.queryDurationMillis / 1000),
  };
}

export function createDb(options: DbOptions): Db {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      // Sends the statements marked for it by name, prepared once per connection (db/prepared.ts).
      Client: PreparingClient,
      max: 10,
      // No parallel workers for the app's statements (decision 0021): each is small and many run at
      // once, so a Gather's worker processes cost more than they save. A year's diary analysis on
      // the heavy diary planned two workers and took 50 ms instead of 3 (issue 22). A connection
      // URL's own `options` replaces this (operations.md).
      options: '-c max_parallel_workers_per_gather=0',
      // Fail fast while the database is down (the request answers 503) instead of queueing forever.
      connectionTimeoutMillis: 5_000,
    });
    // An idle client whose server went away emits 'error' on the pool; unhandled, it would end the
    // process. The pool drops that client and connects afresh once the database is back.
    pool.on('error', (err) => {
      process.emitWarning(`PostgreSQL idle client error: ${err.message}`);
    });
    // pg-pool listens only to idle clients; one checked out (in a transaction, between two
    // statements) that the server drops would emit an unhandled 'error' and end the process. Its
    // query fails instead, and the request answers 503.
    pool.on('connect', (client) => {
      client.on('error', (err) => process.emitWarning(`PostgreSQL client error: ${err.message}`));
    });
    const max = pool.options.max ?? 10;
    options.metrics?.watchPool(() => ({
      max,
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }));
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }), ...queryTiming(options.metrics) });
  }
  fs.mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(options.dataDir, 'app.db');
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  // app.db 0600 whatever the umask made it; SQLite gives the -wal and -shm files it creates later the
  // database's own mode, and the ones an older version left are tightened here too.
  restrictDataDir(options.dataDir);
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  // The query planner's statistics (issue 22): SQLite's advice for a long-lived connection is
  // `optimize=0x10002` as it opens (ANALYZE, with a bounded sample, the tables whose statistics are
  // missing or far out of date), `optimize` every few hours (the server's hourly job, optimizeSqlite)
  // and at close. Without them the plans kept whatever ANALYZE saw last, possibly never. As it opens
  // it runs only if no other connection is writing (no busy timeout yet: SQLITE_BUSY at once), so a
  // worker starting beside another's write opens without waiting and leaves it to the hourly job
  // and the close; it used to fail the whole open with "database is locked".
  try {
    sqlite.pragma('optimize = 0x10002');
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    if (code !== 'SQLITE_BUSY' && code !== 'SQLITE_BUSY_SNAPSHOT') throw err;
  }
  // Another process (a worker of the same server, the manage CLI) holding the write lock is waited
  // for this long before a statement gives up with SQLITE_BUSY (answered 503).
  sqlite.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
  const cached = withStatementCache(sqlite);
  let database: StatementCachedSqlite = cached;
  if (options.checkpointEveryMs !== undefined) {
    sqlite.pragma(`wal_autocheckpoint = ${WAL_BACKSTOP_PAGES}`);
    const checkpointer = startCheckpointer(file, {
      intervalMs: options.checkpointEveryMs,
      warn: (message) => process.emitWarning(message),
      ended: () => {
        if (sqlite.open) sqlite.pragma(`wal_autocheckpoint = ${SQLITE_DEFAULT_AUTOCHECKPOINT}`);
        process.emitWarning('The SQLite checkpoint thread ended; commits checkpoint the log again');
      },
    });
    database = {
      ...cached,
      close: async () => {
        await checkpointer.stop();
        await cached.close();
      },
    };
  }
  // SQLite's pool is its one connection, which Kysely lends to one query or transaction at a time.
  const use: ConnectionUse = { inUse: 0, waiting: 0 };
  options.metrics?.watchPool(() => ({
    max: 1,
    total: 1,
    idle: 1 - use.inUse,
    waiting: use.waiting,
  }));
  return new Kysely<Database>({
    dialect: new ImmediateSqliteDialect({ database }, use),
    ...queryTiming(options.metrics),
  });
}

/** Who holds SQLite's one connection and how many wait for it, as the metrics report them. */
interface ConnectionUse {
  inUse: number;
  waiting: number;
}

/**
 * SQLite with several processes on one file (the server's workers, decision 0020): a transaction
 * begins as a writer (`BEGIN IMMEDIATE`), taking the write lock at once and waiting busy_timeout for
 * it. Kysely's plain `BEGIN` is deferred: the transaction starts as a reader and upgrades at its
 * first write, and in WAL mode a reader whose snapshot another process has since written past
 * cannot upgrade: SQLite answers SQLITE_BUSY at once, without waiting, so a read-then-write
 * transaction (a refresh-token rotation, a finalize) would fail whenever two workers write together.
 * A transaction asked for as read only (`.setAccessMode('read only')`) stays deferred: it never
 * writes, so it need not wait for a writer.
 *
 * The one connection is handed to its users in turn, first come first served (issue 22): Kysely's
 * own SqliteDriver wakes every waiter at each release, and all but one go back to waiting, so
 * with a few dozen requests queued (a worker under load, its writes waiting for the other's lock)
 * each statement cost a few dozen wake-ups.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  readonly #database: StatementCachedSqlite;
  readonly #use: ConnectionUse;
  #connection: SqliteConnection | undefined;
  #held = false;
  readonly #waiting: ((connection: DatabaseConnection) => void)[] = [];

  constructor(config: SqliteDialectConfig & { database: StatementCachedSqlite }, use: ConnectionUse) {
    super(config);
    this.#database = config.database;
    this.#use = use;
  }

  override async init(): Promise<void> {
    this.#connection = new SqliteConnection(this.#database);
  }

  override acquireConnection(): Promise<DatabaseConnection> {
    const connection = this.#connection as SqliteConnection;
    if (!this.#held) {
      this.#held = true;
      this.#use.inUse = 1;
      return Promise.resolve(connection);
    }
    this.#use.waiting += 1;
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  override async releaseConnection(): Promise<void> {
    // Handed straight to the next in line: the connection stays held.
    const next = this.#waiting.shift();
    if (next) {
      this.#use.waiting -= 1;
      next(this.#connection as SqliteConnection);
    } else {
      this.#held = false;
      this.#use.inUse = 0;
    }
  }

  // SqliteDriver declares one parameter; Kysely passes the builder's settings as the second.
  override async beginTransaction(
    connection: DatabaseConnection,
    settings?: TransactionSettings,
  ): Promise<void> {
    if (settings?.accessMode === 'read only') {
      await connection.executeQuery(BEGIN_DEFERRED);
      return;
    }
    await (connection as SqliteConnection).beginImmediate();
  }

  override async destroy(): Promise<void> {
    await this.#database.close();
  }
}

/** SQLite's own `wal_autocheckpoint`: a commit that takes the log past this many pages checkpoints it. */
const SQLITE_DEFAULT_AUTOCHECKPOINT = 1000;
/** How long, at most, a SQLite statement or a transaction's begin waits for another's write lock. */
export const SQLITE_BUSY_TIMEOUT_MS = 5_000;
const BEGIN_DEFERRED = CompiledQuery.raw('begin deferred');
/** Retries of a refused begin or write that only yield to the event loop before the waits become 1 ms timers. */
const BEGIN_SPINS = 50;

/** Kysely's SQLite connection (the dialect's own, which it does not export), with the begin below. */
class SqliteConnection implements DatabaseConnection {
  readonly #db: StatementCachedSqlite;

  constructor(db: StatementCachedSqlite) {
    this.#db = db;
  }

  executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const { sql, parameters } = compiledQuery;
    const stmt = this.#db.prepare(sql);
    // A write outside a transaction takes the write lock for itself: waited for as a begin is.
    if (!stmt.readonly && !this.#db.inTransaction) {
      return this.#withoutBusyHandler(() => executeStatement<R>(stmt, parameters));
    }
    return Promise.resolve(executeStatement<R>(stmt, parameters));
  }

  async *streamQuery<R>(compiledQuery: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    const { sql, parameters, query } = compiledQuery;
    if (!SelectQueryNode.is(query))
      throw new Error('Sqlite driver only supports streaming of select queries');
    for (const row of this.#db.prepare(sql).iterate(parameters)) yield { rows: [row as R] };
  }

  /** `BEGIN IMMEDIATE`, waiting for another process's write lock as #withoutBusyHandler does. */
  async beginImmediate(): Promise<void> {
    await this.#withoutBusyHandler(() => this.#run('begin immediate'));
  }

  #run(sql: string): void {
    const stmt = this.#db.prepare(sql);
    if (stmt.reader) stmt.all();
    else stmt.run();
  }

  /**
   * Runs `attempt` (a `BEGIN IMMEDIATE`, or a write outside a transaction) waiting for another
   * process's write lock without SQLite's busy handler (issue 22). That handler sleeps the whole
   * worker (better-sqlite3 is synchronous) for 1, 2, 5, 10, 15, 20, 25 … 100 ms between its tries,
   * however soon the lock comes free: with two workers writing, a refresh that meets the other's
   * write (held well under a millisecond) waited tens of milliseconds with its event loop stopped,
   * which made the writes' p99. Here the attempt is made without waiting and, while refused, made
   * again after yielding to the event loop (the other worker's commit is usually a few microseconds
   * away), then every millisecond, up to the same busy timeout, after which SQLITE_BUSY is answered
   * 503 as before. Statements inside a transaction hold the lock already, and reads never wait for
   * it: they keep the busy handler. The pragmas run on the database directly, not through Kysely.
   */
  async #withoutBusyHandler<T>(attempt: () => T): Promise<T> {
    const deadline = Date.now() + SQLITE_BUSY_TIMEOUT_MS;
    this.#run('pragma busy_timeout = 0');
    try {
      for (let tries = 0; ; tries++) {
        try {
          return attempt();
        } catch (err) {
          if ((err as { code?: unknown }).code !== 'SQLITE_BUSY' || Date.now() >= deadline) throw err;
        }
        await new Promise((resolve) =>
          tries < BEGIN_SPINS ? setImmediate(resolve) : setTimeout(resolve, 1),
        );
      }
    } finally {
      this.#run(`pragma busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
    }
  }
}

/** A prepared statement's answer as Kysely takes it: its rows, or the rows it changed. */
function executeStatement<R>(stmt: SQLite.Statement, parameters: readonly unknown[]): QueryResult<R> {
  if (stmt.reader) return { rows: stmt.all(parameters) as R[] };
  const { changes, lastInsertRowid } = stmt.run(parameters);
  return {
    numAffectedRows: changes !== undefined && changes !== null ? BigInt(changes) : undefined,
    insertId: lastInsertRowid !== undefined && lastInsertRowid !== null ? BigInt(lastInsertRowid) : undefined,
    rows: [],
  };
}

class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig & { database: StatementCachedSqlite };
  readonly #use: ConnectionUse;

  constructor(config: SqliteDialectConfig & { database: StatementCachedSqlite }, use: ConnectionUse) {
    super(config);
    this.#config = config;
    this.#use = use;
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config, this.#use);
  }
}

/** How many prepared statements a SQLite connection keeps (the app has a few hundred distinct ones). */
export const STATEMENT_CACHE_SIZE = 500;

/**
 * The connection as Kysely's SQLite dialect sees it, with prepared statements kept by their SQL:
 * the dialect prepares every query afresh, which costs a noticeable share of a cheap request
 * (issue 9's profiles). Least recently used statements are dropped past `size` (queries with
 * `IN (?, …)` lists make new SQL for each length). Safe because the dialect runs one query at a
 * time on its single connection, so a statement is never used twice at once; SQLite re-prepares a
 * cached statement by itself when a migration changes the schema.
 */
export function withStatementCache(sqlite: SQLite.Database, size = STATEMENT_CACHE_SIZE) {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: async (): Promise<void> => {
      // SQLite's advice: optimize as a connection closes (it analyzes only what this connection's
      // queries showed would benefit, usually nothing, in microseconds).
      if (sqlite.open && !sqlite.readonly) {
        sqlite.pragma('optimize');
        // Every page of the write-ahead log into app.db, the log emptied. SQLite does so itself at the
        // last connection's close, but only if no other process has the file open then: workers told
        // to stop together close together, each could see the other still open, and the log stayed,
        // so a copy of app.db alone would have missed the last writes.
        sqlite.pragma('wal_checkpoint(TRUNCATE)');
      }
      sqlite.close();
    },
    prepare(sql: string): SQLite.Statement {
      let stmt = cache.get(sql);
      if (stmt) {
        cache.delete(sql); // re-inserted below: Map keeps insertion order, so the oldest is first
      } else {
        stmt = sqlite.prepare(sql);
        if (cache.size >= size) cache.delete(cache.keys().next().value as string);
      }
      cache.set(sql, stmt);
      return stmt;
    },
    /** Whether a transaction is open on the connection. */
    get inTransaction(): boolean {
      return sqlite.inTransaction;
    },
    /** For tests: how many statements are kept. */
    get cachedStatements() {
      return cache.size;
    },
  };
}

type StatementCachedSqlite = ReturnType<typeof withStatementCache>;

/**
 * SQLite's periodic `PRAGMA optimize` (the hourly job in main.ts): refreshes the statistics of the
 * tables whose use since the last one shows they would help the planner. PostgreSQL's autovacuum
 * analyzes by itself; nothing to do there.
 */
export async function optimizeSqlite(db: Db): Promise<void> {
  if (dialectOf(db as unknown as Kysely<unknown>) !== 'sqlite') return;
  await db.executeQuery(CompiledQuery.raw('pragma optimize'));
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

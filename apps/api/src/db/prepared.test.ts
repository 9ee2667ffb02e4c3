// Statements PostgreSQL prepares once per connection (db/prepared.ts, decision 0027): a marked
// statement (every `compiledOnce` one among them) is prepared at its first use on a connection and
// executed by name afterwards, answering as before; a statement not marked is sent as text and never
// prepared; and a failed execution of a prepared statement leaves it usable. The pool's connections
// also run without parallel workers (db/index.ts).
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabases } from '../test/harness';
import { compiledOnce } from './compiled';
import { type Db, migrateToLatest } from './index';
import { preparedName, preparedOnPostgres } from './prepared';

const versionOf = compiledOnce((db, scope: string) =>
  db.selectFrom('data_versions').select(['scope', 'version']).where('scope', '=', scope),
);

// On both databases a marked statement answers as the same statement sent as text (SQLite keeps its
// own prepared statements for every text, db/index.ts's statement cache).
describe.each(testDatabases())('statements marked for preparing (%s)', (kind) => {
  let db: Db;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const made = await createTestDatabase(kind);
    db = made.db;
    drop = made.drop;
  });
  afterAll(() => drop());

  it('answer each execution with its own parameters, as the statement sent as text does', async () => {
    const statement = (n: number) => sql<{ n: number; s: string }>`select ${n} * 2 as n, ${`v${n}`} as s`;
    for (const n of [1, 2, 3]) {
      const marked = await db.executeQuery(preparedOnPostgres(statement(n).compile(db)));
      expect(marked.rows).toEqual((await statement(n).execute(db)).rows);
      expect(marked.rows).toEqual([{ n: n * 2, s: `v${n}` }]);
    }
  });
});

describe.each(testDatabases().filter((kind) => kind === 'postgres'))(
  'statements prepared once per connection (%s)',
  () => {
    let db: Db;
    let drop: () => Promise<void>;

    beforeAll(async () => {
      const made = await createTestDatabase('postgres');
      db = made.db;
      drop = made.drop;
      await migrateToLatest(db);
      await db
        .insertInto('data_versions')
        .values([
          { scope: 'prepared:a', version: 3 },
          { scope: 'prepared:b', version: 5 },
        ])
        .execute();
    });
    afterAll(() => drop());

    /** The statements prepared on the connection `conn` runs on, by name. */
    const preparedOn = async (conn: Db) =>
      new Map(
        (
          await sql<{
            name: string;
            statement: string;
          }>`select name, statement from pg_prepared_statements`.execute(conn)
        ).rows.map((r) => [r.name, r.statement]),
      );

    it('runs the app’s statements without parallel workers, on every connection of the pool', async () => {
      const setting = (conn: Db) =>
        sql<{ max_parallel_workers_per_gather: string }>`show max_parallel_workers_per_gather`.execute(conn);
      // A second connection taken while the first is held: the pool opens it, set up as the first.
      const rows = await db
        .connection()
        .execute(async (first) =>
          db
            .connection()
            .execute(async (second) => [(await setting(first)).rows, (await setting(second)).rows]),
        );
      expect(rows).toEqual([
        [{ max_parallel_workers_per_gather: '0' }],
        [{ max_parallel_workers_per_gather: '0' }],
      ]);
    });

    it('prepares a compiledOnce statement at its first use on a connection and answers each call', async () => {
      await db.connection().execute(async (conn) => {
        expect(await versionOf(conn, 'prepared:a')).toMatchObject({
          rows: [{ scope: 'prepared:a', version: 3 }],
        });
        expect((await versionOf(conn, 'prepared:b')).rows).toEqual([{ scope: 'prepared:b', version: 5 }]);
        expect((await versionOf(conn, 'prepared:none')).rows).toEqual([]);
        const prepared = await preparedOn(conn);
        const named = [...prepared].filter(([, statement]) => statement.includes('"data_versions"'));
        expect(named).toHaveLength(1);
        const [name, statement] = named[0] as [string, string];
        expect(preparedName(statement)).toBe(name);
      });
    });

    it('sends a statement nobody marked as text, and prepares one marked by its repository', async () => {
      await db.connection().execute(async (conn) => {
        const plain = sql<{ n: number }>`select ${41} + 1 as n`;
        expect((await plain.execute(conn)).rows).toEqual([{ n: 42 }]);
        expect([...(await preparedOn(conn)).values()].some((s) => s.includes('+ 1 as n'))).toBe(false);

        const marked = sql<{ n: number }>`select ${1} + 2 as n`;
        for (const _ of [1, 2]) {
          expect((await conn.executeQuery(preparedOnPostgres(marked.compile(conn)))).rows).toEqual([
            { n: 3 },
          ]);
        }
        expect([...(await preparedOn(conn)).values()].filter((s) => s.includes('+ 2 as n'))).toHaveLength(1);
      });
    });

    it('keeps a prepared statement usable after one of its executions failed in a transaction', async () => {
      const insertVersion = compiledOnce((db, scope: string, version: number) =>
        db.insertInto('data_versions').values({ scope, version }),
      );
      await db.connection().execute(async (conn) => {
        await insertVersion(conn, 'prepared:c', 1);
        await expect(
          conn.transaction().execute(async (tx) => {
            await insertVersion(tx, 'prepared:c', 2);
          }),
        ).rejects.toThrow();
        await insertVersion(conn, 'prepared:d', 4);
        expect((await versionOf(conn, 'prepared:d')).rows).toEqual([{ scope: 'prepared:d', version: 4 }]);
        expect((await versionOf(conn, 'prepared:c')).rows).toEqual([{ scope: 'prepared:c', version: 1 }]);
      });
    });
  },
);

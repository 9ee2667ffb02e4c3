// The SQLite connection's prepared-statement cache (issue 9): statements are reused by their SQL,
// the least recently used go past the limit, and a cached statement follows a schema change.
import SQLite from 'better-sqlite3';
import { type Generated, Kysely, SqliteDialect, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { withStatementCache } from './index';

describe('withStatementCache', () => {
  const open: SQLite.Database[] = [];
  afterEach(() => {
    for (const d of open.splice(0)) if (d.open) d.close();
  });
  const memory = () => {
    const d = new SQLite(':memory:');
    open.push(d);
    return d;
  };

  it('prepares each SQL once and hands back the same statement', () => {
    const cached = withStatementCache(memory(), 3);
    const a = cached.prepare('select 1 as one');
    expect(cached.prepare('select 1 as one')).toBe(a);
    expect(a.get()).toEqual({ one: 1 });
    expect(cached.cachedStatements).toBe(1);
  });

  it('drops the least recently used statement past its size', () => {
    const cached = withStatementCache(memory(), 2);
    const one = cached.prepare('select 1');
    const two = cached.prepare('select 2');
    expect(cached.prepare('select 1')).toBe(one); // now "select 2" is the oldest
    cached.prepare('select 3');
    expect(cached.cachedStatements).toBe(2);
    expect(cached.prepare('select 1')).toBe(one);
    expect(cached.prepare('select 2')).not.toBe(two);
  });

  it('serves Kysely queries, writes and a schema change through cached statements', async () => {
    const database = withStatementCache(memory());
    const db = new Kysely<{ t: { id: Generated<number>; name: string } }>({
      dialect: new SqliteDialect({ database }),
    });
    await sql`create table t (id integer primary key, name text not null)`.execute(db);
    for (const name of ['a', 'b', 'c']) await db.insertInto('t').values({ name }).execute();
    const read = () => sql<Record<string, unknown>>`select * from t order by id`.execute(db);
    expect((await read()).rows.map((r) => r.name)).toEqual(['a', 'b', 'c']);
    const before = database.cachedStatements;
    await sql`alter table t add column extra integer not null default 7`.execute(db);
    // The same SQL, the same cached statement: SQLite re-prepares it for the new schema.
    expect((await read()).rows[0]).toEqual({ id: 1, name: 'a', extra: 7 });
    expect(database.cachedStatements).toBe(before + 1); // only the ALTER was new
    await db.destroy();
  });
});

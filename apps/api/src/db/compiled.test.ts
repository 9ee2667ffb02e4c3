// compiledOnce (issue 22, decision 0027): a query built and compiled once per database kind and
// number of arguments answers as the same query built afresh, on SQLite and PostgreSQL, for reads,
// inserts with RETURNING, updates' row counts, lists of several lengths and inside a transaction;
// and a builder that does not pass an argument on as a parameter is refused at its first call.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabases } from '../test/harness';
import { compiledOnce } from './compiled';
import { type Db, migrateToLatest } from './index';

describe.each(testDatabases())('compiledOnce (%s)', (kind) => {
  let db: Db;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const made = await createTestDatabase(kind);
    db = made.db;
    drop = made.drop;
    await migrateToLatest(db);
    await db
      .insertInto('data_versions')
      .values([
        { scope: 'test:a', version: 3 },
        { scope: 'test:b', version: 5 },
        { scope: 'test:c', version: 7 },
        { scope: 'test:d', version: 11 },
      ])
      .execute();
  });
  afterAll(() => drop());

  const fresh = (scope: string, atLeast: number) =>
    db
      .selectFrom('data_versions')
      .select(['scope', 'version'])
      .where('scope', '=', scope)
      .where('version', '>=', atLeast)
      .execute();

  it('builds once and answers each call with its own arguments, as a fresh build does', async () => {
    let builds = 0;
    const versionOf = compiledOnce((d, scope: string, atLeast: number) => {
      builds++;
      return d
        .selectFrom('data_versions')
        .select(['scope', 'version'])
        .where('scope', '=', scope)
        .where('version', '>=', atLeast);
    });
    for (const [scope, atLeast] of [
      ['test:a', 0],
      ['test:b', 5],
      ['test:c', 8],
      ['test:missing', 0],
      ['test:d', 11],
    ] as const) {
      const rows = (await versionOf(db, scope, atLeast)).rows.map((r) => ({
        ...r,
        version: Number(r.version),
      }));
      const expected = (await fresh(scope, atLeast)).map((r) => ({ ...r, version: Number(r.version) }));
      expect(rows).toEqual(expected);
    }
    expect((await versionOf(db, 'test:b', 0)).rows.map((r) => Number(r.version))).toEqual([5]);
    expect(builds).toBe(1);
  });

  it('counts the rows an update changed, and returns what an insert returns', async () => {
    const bump = compiledOnce((d, scope: string, from: number) =>
      d
        .updateTable('data_versions')
        .set({ version: sql`version + 1` })
        .where('scope', '=', scope)
        .where('version', '=', from),
    );
    expect(Number((await bump(db, 'test:a', 3)).numAffectedRows)).toBe(1);
    expect(Number((await bump(db, 'test:a', 3)).numAffectedRows)).toBe(0); // now 4
    expect(Number((await bump(db, 'test:a', 4)).numAffectedRows)).toBe(1);

    const add = compiledOnce((d, scope: string, version: number) =>
      d.insertInto('data_versions').values({ scope, version }).returning(['scope', 'version']),
    );
    const rows = (await add(db, 'test:new', 42)).rows;
    expect(rows.map((r) => ({ ...r, version: Number(r.version) }))).toEqual([
      { scope: 'test:new', version: 42 },
    ]);
    expect((await fresh('test:new', 0)).map((r) => Number(r.version))).toEqual([42]);
  });

  it('compiles a list once per length, each answering its own members', async () => {
    let builds = 0;
    const these = compiledOnce((d, atLeast: number, ...scopes: string[]) => {
      builds++;
      return d
        .selectFrom('data_versions')
        .select('scope')
        .where('version', '>=', atLeast)
        .where('scope', 'in', scopes)
        .orderBy('scope');
    });
    const scopes = async (atLeast: number, ...list: string[]) =>
      (await these(db, atLeast, ...list)).rows.map((r) => r.scope);
    expect(await scopes(0, 'test:b')).toEqual(['test:b']);
    expect(await scopes(0, 'test:d', 'test:c')).toEqual(['test:c', 'test:d']);
    expect(await scopes(6, 'test:d', 'test:c')).toEqual(['test:c', 'test:d']);
    expect(await scopes(8, 'test:d', 'test:b', 'test:c')).toEqual(['test:d']);
    expect(await scopes(0, 'test:c')).toEqual(['test:c']);
    expect(builds).toBe(3);
  });

  it("runs in the caller's transaction", async () => {
    const set = compiledOnce((d, scope: string, version: number) =>
      d.updateTable('data_versions').set({ version }).where('scope', '=', scope),
    );
    await expect(
      db.transaction().execute(async (tx) => {
        await set(tx, 'test:d', 100);
        const inside = await tx
          .selectFrom('data_versions')
          .select('version')
          .where('scope', '=', 'test:d')
          .execute();
        expect(inside.map((r) => Number(r.version))).toEqual([100]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect((await fresh('test:d', 0)).map((r) => Number(r.version))).toEqual([11]);
    await db.transaction().execute((tx) => set(tx, 'test:d', 12));
    expect((await fresh('test:d', 0)).map((r) => Number(r.version))).toEqual([12]);
  });

  it('refuses a builder that does not pass an argument on as a parameter', async () => {
    const literal = compiledOnce((d, scope: string) =>
      d.selectFrom('data_versions').select('version').where('scope', '=', sql.lit(scope)),
    );
    await expect(literal(db, 'test:a')).rejects.toThrow(/written into the SQL/);
    const branching = compiledOnce((d, scope: string, atLeast: number) => {
      const q = d.selectFrom('data_versions').select('version').where('scope', '=', scope);
      return typeof atLeast === 'number' ? q.where('version', '>=', atLeast) : q;
    });
    await expect(branching(db, 'test:a', 1)).rejects.toThrow(/did not become parameters/);
  });
});

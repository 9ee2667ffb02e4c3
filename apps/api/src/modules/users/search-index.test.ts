// The users search as the databases run it (decision 0023): with a word of three letters or more,
// SQLite reads the trigram index (`users_fts`) and fetches each hit by id, whatever the filters and
// the ordering; PostgreSQL can serve the same LIKE from its GIN trigram index, and sorts a page of
// rare matches rather than walk the list's index to them. Plans, not timings:
// which plan is cheaper at scale is measured by bench/users-bench.mjs.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Compilable } from 'kysely';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/index';
import { createTestApp, type TestApp, testDatabases } from '../../test/harness';
import { seedUsers } from '../../test/users';
import { ftsQuery, listQueries, pageMatches, searchPlan, type UserFilters, type UserOrdering } from './repo';

const CASES: Array<{ filters: UserFilters; ordering: UserOrdering }> = [
  { filters: { words: ['nguyen'] }, ordering: { field: 'last_name', descending: false } },
  { filters: { words: ['tuan'], isActive: true }, ordering: { field: 'email', descending: true } },
  {
    filters: { words: ['hung', 'an'], role: 'manager', isActive: true },
    ordering: { field: 'first_name', descending: false },
  },
  { filters: { words: ['0912'], role: 'staff' }, ordering: { field: 'gender', descending: false } },
];

async function plan(db: Db, query: Compilable<unknown>, prefix: string): Promise<string> {
  const compiled = query.compile();
  const result = await db.executeQuery<Record<string, unknown>>({ ...compiled, sql: prefix + compiled.sql });
  return result.rows.map((r) => String(r.detail ?? r['QUERY PLAN'])).join('\n');
}

/** A test app on one database kind, for the describe blocks that run on it only. */
function appOn(kind: 'sqlite' | 'postgres') {
  const holder = {} as { t: TestApp };
  beforeAll(async () => {
    holder.t = await createTestApp(kind);
    await seedUsers(holder.t, [
      { email: 'hung.nguyen@index.test', firstName: 'Hùng', lastName: 'Nguyễn', role: 'manager' },
      { email: 'tuan.tran@index.test', firstName: 'Tuấn', lastName: 'Trần', phone: '0912 345 678' },
    ]);
  });
  afterAll(() => holder.t.close());
  return holder;
}

describe('SQLite reads the trigram index for the users search', () => {
  const app = appOn('sqlite');

  it.each(CASES)('for $filters.words with its filters and ordering', async ({ filters, ordering }) => {
    const { t } = app;
    const fts = ftsQuery(filters.words);
    expect(fts).toBeDefined();
    const page = { offset: 20, limit: 20 };
    const { rowsQuery, countQuery } = listQueries(t.db, filters, ordering, page, { fts });
    for (const query of [rowsQuery, countQuery]) {
      const steps = await plan(t.db, query, 'explain query plan ');
      expect(steps).toMatch(/SCAN users_fts VIRTUAL TABLE INDEX \d+:M/);
      expect(steps).toMatch(/SEARCH users USING INTEGER PRIMARY KEY \(rowid=\?\)/);
      // Not a walk of the whole table or of a list index, testing each row.
      expect(steps).not.toMatch(/SCAN users\b|users_(role_)?list_idx/);
    }
  });
});

describe.each(testDatabases().filter((kind) => kind === 'postgres'))('%s and its GIN trigram index', () => {
  const app = appOn('postgres');

  it('serves a rare word from it', async () => {
    const { t } = app;
    // A crowd as the benchmarks draw it, with statistics, so the planner weighs the index itself.
    const generator = path.resolve(
      path.dirname(fileURLToPath(import.meta.url)),
      '../../../../../bench/generators/users.mjs',
    );
    const { insertCrowd } = (await import(generator)) as {
      insertCrowd: (db: Db, options: Record<string, unknown>) => Promise<void>;
    };
    let seed = 5;
    await insertCrowd(t.db, {
      random: () => {
        seed = (seed * 1103515245 + 12345) % 2 ** 31;
        return seed / 2 ** 31;
      },
      count: 20_000,
      passwordHash: 'not-a-hash',
      nowIso: new Date().toISOString(),
    });
    await sql`analyze users`.execute(t.db);
    const rare: UserFilters[] = [
      { words: ['tuan'] },
      { words: ['tran', 'thi'], isActive: true },
      { words: ['0912'] },
    ];
    // At this size (20,000) a sequential read still costs less than any index; with it off,
    // the planner must pick the trigram index over the list indexes for the LIKE as written.
    await t.db.transaction().execute(async (tx) => {
      await sql`set local enable_seqscan = off`.execute(tx);
      for (const filters of rare) {
        const { countQuery } = listQueries(
          tx,
          filters,
          { field: 'last_name', descending: false },
          { offset: 0, limit: 20 },
          {},
        );
        expect(await plan(tx, countQuery, 'explain ')).toMatch(
          /Bitmap Index Scan on users_search_trgm_idx[^\n]*\n\s+Index Cond: \(+search ~~ '%/,
        );
      }
    });
  });

  it('sorts a page of rare matches instead of walking the list to them, with the same rows', async () => {
    const { t } = app;
    const ordering: UserOrdering = { field: 'last_name', descending: false };
    const page = { offset: 0, limit: 20 };
    const countOf = async (filters: UserFilters) =>
      Number((await listQueries(t.db, filters, ordering, page, {}).countQuery.executeTakeFirstOrThrow()).n);
    const choice = async (filters: UserFilters) =>
      searchPlan(
        t.db,
        filters.words,
        'auto',
        pageMatches(page.limit, filters.words.length),
        await countOf(filters),
      );
    // The crowd of 20,000 from the test above: two words held by a few hundred, one by thousands.
    const rare: UserFilters = { words: ['tran', 'thi'], role: 'staff' };
    const common: UserFilters = { words: ['nguyen'], role: 'staff' };
    expect(await countOf(rare)).toBeLessThan(400);
    expect(await countOf(common)).toBeGreaterThan(4000);
    expect(await choice(rare)).toEqual({ sortMatches: true });
    expect(await choice(common)).toEqual({ sortMatches: false });
    // Without the count the planner chooses alone.
    expect(await searchPlan(t.db, rare.words, 'auto', pageMatches(20, 2))).toEqual({});

    const sorted = listQueries(t.db, rare, ordering, page, { sortMatches: true }).rowsQuery;
    const walked = listQueries(t.db, rare, ordering, page, {}).rowsQuery;
    // The matches are read (by whichever index the planner likes at this size) and sorted; the
    // list's index is not walked in order.
    const steps = await plan(t.db, sorted, 'explain ');
    expect(steps).toMatch(/Sort Key: \(+last_name\)::text \|\| ''::text\)+, id/);
    expect(steps).not.toMatch(/Index (Only )?Scan (Backward )?using users_(role_)?list_idx/);
    expect(await plan(t.db, walked, 'explain ')).toMatch(/Index Scan using users_role_list_idx/);
    const sortedRows = await sorted.execute();
    expect(sortedRows).toHaveLength(20);
    expect(sortedRows).toEqual(await walked.execute());
  });
});

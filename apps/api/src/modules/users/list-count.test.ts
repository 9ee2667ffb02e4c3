// The users list's total is counted once per search and users version (decision 0023): every page
// and ordering of the same search reuses it, and any write to users, however made, counts again.
// Derived data: the total it answers equals a fresh count after every kind of write, on SQLite and
// PostgreSQL.
import { type KyselyPlugin, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDatabases } from '../../test/harness';
import { seedUsers } from '../../test/users';
import { createUsersRepo, type UserFilters, type UserOrdering } from './repo';

/** Counts the statements that count rows (a `count(*)` aggregate), as the repo sends them. */
function countingCounts() {
  const seen = { counts: 0 };
  const plugin: KyselyPlugin = {
    transformQuery(args) {
      if (JSON.stringify(args.node).includes('"func":"count"')) seen.counts += 1;
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  return { seen, plugin };
}

const BY_LAST_NAME: UserOrdering = { field: 'last_name', descending: false };
const BY_EMAIL_DOWN: UserOrdering = { field: 'email', descending: true };

describe.each(testDatabases())('the users list total (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
    await seedUsers(
      t,
      Array.from({ length: 30 }, (_, i) => ({
        email: `count${i}@memo.test`,
        firstName: i % 3 === 0 ? 'Hùng' : 'Lan',
        lastName: i % 2 === 0 ? 'Nguyễn' : 'Trần',
        role: i % 5 === 0 ? 'manager' : 'staff',
      })),
    );
  });
  afterAll(() => t.close());

  /** What a fresh count says now. */
  async function fresh(filters: UserFilters): Promise<number> {
    return (await createUsersRepo(t.db).listUsers(filters, BY_LAST_NAME, { offset: 0, limit: 5 })).count;
  }

  it('is counted once for every page and ordering of a search, until a write to users', async () => {
    const { seen, plugin } = countingCounts();
    const repo = createUsersRepo(t.db.withPlugin(plugin));
    const nguyen: UserFilters = { words: ['nguyen'], role: 'staff' };
    const first = await repo.listUsers(nguyen, BY_LAST_NAME, { offset: 0, limit: 5 });
    expect(first.count).toBe(12);
    expect(seen.counts).toBe(1);
    const again = await repo.listUsers(nguyen, BY_EMAIL_DOWN, { offset: 5, limit: 5 });
    expect(again.count).toBe(12);
    expect(again.rows).toHaveLength(5);
    expect(seen.counts).toBe(1);
    // Another search, or the same words with another filter, is counted on its own.
    expect((await repo.listUsers({ words: ['nguyen'] }, BY_LAST_NAME, { offset: 0, limit: 5 })).count).toBe(
      15,
    );
    expect(seen.counts).toBe(2);

    // A write by plain SQL (an import, a manage command) moves the users version: counted again.
    await sql`update users set last_name = 'Nguyễn', search = 'nguyen' where email = 'count1@memo.test'`.execute(
      t.db,
    );
    const moved = await repo.listUsers(nguyen, BY_LAST_NAME, { offset: 0, limit: 5 });
    expect(seen.counts).toBe(3);
    expect(moved.count).toBe(13);
    expect(moved.count).toBe(await fresh(nguyen));
  });

  it('equals a fresh count after inserts, edits and deletes through the repo', async () => {
    const repo = createUsersRepo(t.db);
    const hung: UserFilters = { words: ['hung'], isActive: true };
    const read = async () => (await repo.listUsers(hung, BY_LAST_NAME, { offset: 0, limit: 2 })).count;
    const before = await read();
    expect(before).toBe(await fresh(hung));
    const [id] = await seedUsers(t, [{ email: 'hung.new@memo.test', firstName: 'Hùng', lastName: 'Lê' }]);
    expect(await read()).toBe(before + 1);
    await repo.updateUser(Number(id), { isActive: false }, new Date());
    expect(await read()).toBe(before);
    await repo.updateUser(Number(id), { isActive: true, firstName: 'Hưng' }, new Date());
    expect(await read()).toBe(before + 1);
    await repo.deleteUser(Number(id));
    expect(await read()).toBe(before);
    expect(await read()).toBe(await fresh(hung));
  });
});

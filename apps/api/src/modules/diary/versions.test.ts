// Each user's diary version (decision 0021, "Once per transaction"; migration 0020): on PostgreSQL a
// diary write moves it once, at its commit, and holds no lock on it before, so one user's entry
// writes do not queue on it for their whole transaction; on both databases it moves with every
// kind of diary write, for the owner only.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDatabases } from '../../test/harness';
import { caller, makeUser, type TestUser } from '../../test/users';
import { diaryOf } from './test-fixtures';

describe.each(testDatabases())('the diary data version (%s)', (kind) => {
  let t: TestApp;
  let owner: TestUser;
  let other: TestUser;
  let entryId: number;
  let categoryId: number;
  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await makeUser(t, 'staff');
    other = await makeUser(t, 'staff');
    await diaryOf(t, other);
    // Committed writes through the API: the owner's version row exists, so an open writer could hold it.
    const diary = await diaryOf(t, owner);
    categoryId = (await diary.category('Thiết kế', 'essential')).id;
    entryId = (await diary.entry({ category: [categoryId] })).id;
  });
  afterAll(() => t.close());

  const version = async (user: TestUser) => {
    const row = await t.db
      .selectFrom('data_versions')
      .select('version')
      .where('scope', '=', `diary:${user.id}`)
      .executeTakeFirst();
    return Number(row?.version ?? 0);
  };

  it('moves once per write, at the commit on PostgreSQL, locking nothing before; never for another user', async () => {
    const before = await version(owner);
    const others = await version(other);
    expect(before).toBeGreaterThan(0);
    expect(others).toBeGreaterThan(0);
    await t.db.transaction().execute(async (tx) => {
      // Every owned table, as an entry edit and a category rename write them.
      await sql`update diary_entries set title = title || '!' where id = ${entryId}`.execute(tx);
      await sql`delete from diary_entry_categories where entry_id = ${entryId}`.execute(tx);
      await sql`insert into diary_entry_categories (entry_id, category_id) values (${entryId}, ${categoryId})`.execute(
        tx,
      );
      await sql`update diary_categories set title = title || '.' where id = ${categoryId}`.execute(tx);
      if (kind === 'postgres') {
        // Another connection takes the version row's lock at once: the open transaction holds none.
        const locked = await t.db
          .selectFrom('data_versions')
          .select('version')
          .where('scope', '=', `diary:${owner.id}`)
          .forUpdate()
          .noWait()
          .execute();
        expect(locked.map((r) => Number(r.version))).toEqual([before]);
      }
    });
    const after = await version(owner);
    if (kind === 'postgres') expect(after).toBe(before + 1);
    else expect(after).toBeGreaterThan(before);
    expect(await version(other)).toBe(others);

    // A link changed alone moves its entry's owner; a statement that writes no row moves nothing.
    await sql`update diary_entry_categories set category_id = category_id where entry_id = ${entryId}`.execute(
      t.db,
    );
    const linked = await version(owner);
    expect(linked).toBeGreaterThan(after);
    await sql`update diary_entries set title = title where id = -1`.execute(t.db);
    expect(await version(owner)).toBe(linked);
    expect(await version(other)).toBe(others);
  });

  it('moves when an entry goes with its links, and after the answers the API gives', async () => {
    const call = caller(t);
    const before = await version(owner);
    const listed = await call(owner, 'GET', '/api/diaries/entries/');
    expect(listed.json().map((e: { id: number }) => e.id)).toContain(entryId);
    // Deleting the entry deletes its links (the links' owner lookup finds no entry at the commit).
    await sql`delete from diary_entries where id = ${entryId}`.execute(t.db);
    expect(await version(owner)).toBeGreaterThan(before);
    const after = await call(owner, 'GET', '/api/diaries/entries/');
    expect(after.json().map((e: { id: number }) => e.id)).not.toContain(entryId);
  });
});

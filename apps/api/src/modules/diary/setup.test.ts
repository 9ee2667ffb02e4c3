// API tests for jars, categories and diaries, on SQLite and PostgreSQL.
import {
  CATEGORY_MESSAGES,
  DIARY_EXISTS_MESSAGE,
  invalidPk,
  JAR_KEYS,
  JAR_NO_TARGET_MESSAGE,
  type Jar,
} from '@staff/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDatabases } from '../../test/harness';
import { caller, makeUser, type TestUser } from '../../test/users';
import { WRITE_OTHERS_MESSAGE } from './service';
import { diaryOf } from './test-fixtures';

describe.each(testDatabases())('diary jars, categories and diaries (%s)', (kind) => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let admin: TestUser;
  let staff: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    t = await createTestApp(kind);
    call = caller(t);
    [admin, staff, other] = await Promise.all([makeUser(t, 'admin'), makeUser(t), makeUser(t)]);
  });
  afterAll(() => t.close());

  describe('access', () => {
    it('answers 401 without a token and 403 for the ndf role; manager and staff may use it', async () => {
      const anonymous = await call(null, 'GET', '/api/diaries/jars/');
      expect(anonymous.statusCode).toBe(401);
      const ndf = await makeUser(t, 'ndf');
      for (const url of ['/api/diaries/jars/', '/api/diaries/categories/', '/api/diaries/analysis/?days=7']) {
        const res = await call(ndf, 'GET', url);
        expect(res.statusCode, url).toBe(403);
        expect(res.json().code).toBe('permission_denied');
      }
      const manager = await makeUser(t, 'manager');
      expect((await call(manager, 'GET', '/api/diaries/jars/')).statusCode).toBe(200);
      expect((await call(staff, 'GET', '/api/diaries/diaries/')).statusCode).toBe(200);
    });
  });

  describe('jars', () => {
    it('creates the eight jars with Vietnamese names and default targets on first use, once', async () => {
      const fresh = await makeUser(t);
      // Concurrent first requests must still leave exactly eight jars.
      const [a, b, c] = await Promise.all([1, 2, 3].map(() => call(fresh, 'GET', '/api/diaries/jars/')));
      expect(a?.statusCode).toBe(200);
      const jars = a?.json() as Jar[];
      expect(jars.map((j) => j.key)).toEqual([...JAR_KEYS]);
      expect(jars.map((j) => [j.key, j.name, j.ratio])).toEqual([
        ['sleep', 'Ngủ', 0],
        ['essential', 'Thiết yếu', 35],
        ['investment', 'Đầu tư', 10],
        ['development', 'Phát triển', 15],
        ['education', 'Giáo dục', 15],
        ['entertainment', 'Giải trí', 15],
        ['sharing', 'Cho đi', 10],
        ['unclassified', 'Chưa phân loại', 0],
      ]);
      expect(b?.json()).toEqual(jars);
      expect(c?.json()).toEqual(jars);
      const count = await t.db
        .selectFrom('diary_jars')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', fresh.id)
        .executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(8);
      // Each user has their own set.
      const others = (await call(other, 'GET', '/api/diaries/jars/')).json() as Jar[];
      expect(others.map((j) => j.id)).not.toContain(jars[0]?.id);
    });

    it('sets a ratio in whole percent from 0 to 100', async () => {
      const { jar } = await diaryOf(t, staff);
      const res = await call(staff, 'PATCH', `/api/diaries/jars/${jar.essential}/`, { ratio: 40 });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ id: jar.essential, key: 'essential', name: 'Thiết yếu', ratio: 40 });
      const zero = await call(staff, 'PATCH', `/api/diaries/jars/${jar.sharing}/`, { ratio: 0 });
      expect(zero.json().ratio).toBe(0);
      const listed = (await call(staff, 'GET', '/api/diaries/jars/')).json() as Jar[];
      expect(listed.find((j) => j.key === 'essential')?.ratio).toBe(40);
      expect(listed.find((j) => j.key === 'sharing')?.ratio).toBe(0);
    });

    it('refuses ratios outside 0-100, fractions, a missing ratio, and targets for sleep and unclassified', async () => {
      const { jar } = await diaryOf(t, staff);
      const url = `/api/diaries/jars/${jar.investment}/`;
      for (const ratio of [101, -1, 12.5, '12', null]) {
        const res = await call(staff, 'PATCH', url, { ratio });
        expect(res.statusCode, String(ratio)).toBe(400);
        expect(Object.keys(res.json())).toEqual(['ratio']);
      }
      expect((await call(staff, 'PATCH', url, {})).json()).toEqual({ ratio: ['This field is required.'] });
      for (const key of ['sleep', 'unclassified'] as const) {
        for (const ratio of [10, 100, 1]) {
          const res = await call(staff, 'PATCH', `/api/diaries/jars/${jar[key]}/`, { ratio });
          expect(res.statusCode).toBe(400);
          expect(res.json()).toEqual({ ratio: [JAR_NO_TARGET_MESSAGE] });
        }
      }
      const listed = (await call(staff, 'GET', '/api/diaries/jars/')).json() as Jar[];
      expect(listed.filter((j) => j.key === 'sleep' || j.key === 'unclassified').map((j) => j.ratio)).toEqual(
        [0, 0],
      );
    });

    it('lets sleep and unclassified be sent 0, their only ratio, and answers 0 for rows stored as null', async () => {
      const user = await makeUser(t);
      const { jar } = await diaryOf(t, user);
      // Jars made before 0 was the stored default hold null.
      await t.db
        .updateTable('diary_jars')
        .set({ ratio: null })
        .where('id', 'in', [jar.sleep, jar.unclassified])
        .execute();
      const listed = (await call(user, 'GET', '/api/diaries/jars/')).json() as Jar[];
      expect(listed.find((j) => j.key === 'sleep')?.ratio).toBe(0);
      expect(listed.find((j) => j.key === 'unclassified')?.ratio).toBe(0);
      for (const key of ['sleep', 'unclassified'] as const) {
        const res = await call(user, 'PATCH', `/api/diaries/jars/${jar[key]}/`, { ratio: 0 });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ id: jar[key], key, ratio: 0 });
      }
    });

    it("answers 404 for another user's jar, even to an admin, and for an unknown one", async () => {
      const { jar } = await diaryOf(t, other);
      for (const who of [staff, admin]) {
        const res = await call(who, 'PATCH', `/api/diaries/jars/${jar.essential}/`, { ratio: 5 });
        expect(res.statusCode).toBe(404);
      }
      expect((await call(staff, 'PATCH', '/api/diaries/jars/99999999/', { ratio: 5 })).statusCode).toBe(404);
      const still = (await call(other, 'GET', '/api/diaries/jars/')).json() as Jar[];
      expect(still.find((j) => j.key === 'essential')?.ratio).toBe(35);
    });
  });

  describe('categories', () => {
    it('creates a category in a jar, unclassified without one, and lists only the owner’s', async () => {
      const user = await makeUser(t);
      const { jar } = await diaryOf(t, user);
      const work = await call(user, 'POST', '/api/diaries/categories/', {
        title: '  Work ',
        user: user.id,
        jar_id: jar.essential,
      });
      expect(work.statusCode).toBe(201);
      expect(work.json()).toEqual({
        id: expect.any(Number),
        title: 'Work',
        user: user.id,
        jar: jar.essential,
        jar_key: 'essential',
      });
      const loose = await call(user, 'POST', '/api/diaries/categories/', { title: 'Misc' });
      expect(loose.json()).toMatchObject({ title: 'Misc', jar: null, jar_key: 'unclassified' });
      // Choosing the unclassified jar itself is the same as choosing none.
      const held = await call(user, 'POST', '/api/diaries/categories/', {
        title: 'Held',
        jar_id: jar.unclassified,
      });
      expect(held.json()).toMatchObject({ jar: null, jar_key: 'unclassified' });
      await call(other, 'POST', '/api/diaries/categories/', { title: 'Not yours', jar_id: null });

      const list = await call(user, 'GET', '/api/diaries/categories/');
      expect(list.statusCode).toBe(200);
      expect(list.json().map((c: { title: string }) => c.title)).toEqual(['Held', 'Misc', 'Work']);
    });

    it('validates the title, the jar and the owner', async () => {
      const { jar: othersJar } = await diaryOf(t, other);
      const blank = await call(staff, 'POST', '/api/diaries/categories/', { title: '   ' });
      expect(blank.statusCode).toBe(400);
      expect(blank.json()).toEqual({ title: [CATEGORY_MESSAGES.title] });
      const missing = await call(staff, 'POST', '/api/diaries/categories/', {});
      expect(missing.json()).toEqual({ title: [CATEGORY_MESSAGES.title] });
      const long = await call(staff, 'POST', '/api/diaries/categories/', { title: 'x'.repeat(101) });
      expect(long.statusCode).toBe(400);
      expect(Object.keys(long.json())).toEqual(['title']);
      const foreignJar = await call(staff, 'POST', '/api/diaries/categories/', {
        title: 'Sneaky',
        jar_id: othersJar.essential,
      });
      expect(foreignJar.statusCode).toBe(400);
      expect(foreignJar.json()).toEqual({ jar_id: [invalidPk(othersJar.essential)] });
      const forOther = await call(admin, 'POST', '/api/diaries/categories/', { title: 'X', user: other.id });
      expect(forOther.statusCode).toBe(403);
      expect(forOther.json().detail).toBe(WRITE_OTHERS_MESSAGE);
    });

    it('changes the title and/or the jar; jar_id null puts it back to unclassified', async () => {
      const { jar, category } = await diaryOf(t, staff);
      const c = await category('Reading', 'education');
      const url = `/api/diaries/categories/${c.id}/`;
      const renamed = await call(staff, 'PATCH', url, { title: 'Books' });
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json()).toMatchObject({
        id: c.id,
        title: 'Books',
        jar: jar.education,
        jar_key: 'education',
      });
      const moved = await call(staff, 'PATCH', url, { title: 'Study', jar_id: jar.development });
      expect(moved.json()).toMatchObject({ title: 'Study', jar: jar.development, jar_key: 'development' });
      const cleared = await call(staff, 'PATCH', url, { jar_id: null });
      expect(cleared.json()).toMatchObject({ title: 'Study', jar: null, jar_key: 'unclassified' });
      const listed = (await call(staff, 'GET', '/api/diaries/categories/')).json();
      expect(listed.find((x: { id: number }) => x.id === c.id)).toMatchObject({ jar: null, title: 'Study' });

      const empty = await call(staff, 'PATCH', url, {});
      expect(empty.statusCode).toBe(400);
      expect(empty.json()).toEqual({ non_field_errors: [CATEGORY_MESSAGES.nothingToChange] });
      const blank = await call(staff, 'PATCH', url, { title: '' });
      expect(blank.json()).toEqual({ title: [CATEGORY_MESSAGES.title] });
      expect((await call(staff, 'PATCH', url, { jar_id: 99999999 })).json()).toEqual({
        jar_id: [invalidPk(99999999)],
      });
    });

    it("answers 404 for another user's category (403 to an admin, who may read it) and leaves it alone", async () => {
      const { category } = await diaryOf(t, other);
      const c = await category('Private', 'sharing');
      const url = `/api/diaries/categories/${c.id}/`;
      expect((await call(staff, 'PATCH', url, { title: 'Mine' })).statusCode).toBe(404);
      expect((await call(staff, 'DELETE', url)).statusCode).toBe(404);
      const adminPatch = await call(admin, 'PATCH', url, { title: 'Mine' });
      expect(adminPatch.statusCode).toBe(403);
      expect((await call(admin, 'DELETE', url)).statusCode).toBe(403);
      expect(
        (await call(staff, 'PATCH', '/api/diaries/categories/99999999/', { title: 'x' })).statusCode,
      ).toBe(404);
      const theirs = (await call(other, 'GET', '/api/diaries/categories/')).json();
      expect(theirs.find((x: { id: number }) => x.id === c.id)).toMatchObject({ title: 'Private' });
    });

    it('deletes a category and removes it from its entries', async () => {
      const { category, entry } = await diaryOf(t, staff);
      const keep = await category('Keep', 'essential');
      const drop = await category('Drop', 'investment');
      const e = await entry({ category: [keep.id, drop.id] });
      expect(e.category.map((c) => c.id).sort()).toEqual([keep.id, drop.id].sort());
      const res = await call(staff, 'DELETE', `/api/diaries/categories/${drop.id}/`);
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
      const after = (await call(staff, 'GET', `/api/diaries/entries/${e.id}/`)).json();
      expect(after.category).toEqual([{ id: keep.id, title: 'Keep' }]);
      const list = (await call(staff, 'GET', '/api/diaries/categories/')).json();
      expect(list.map((x: { id: number }) => x.id)).not.toContain(drop.id);
      expect((await call(staff, 'DELETE', `/api/diaries/categories/${drop.id}/`)).statusCode).toBe(404);
    });

    it("lets an admin read another user's categories with ?user=, and nobody else", async () => {
      const { category } = await diaryOf(t, other);
      const c = await category('Visible to admin', 'essential');
      const asAdmin = await call(admin, 'GET', `/api/diaries/categories/?user=${other.id}`);
      expect(asAdmin.statusCode).toBe(200);
      const titles = asAdmin.json().map((x: { title: string }) => x.title);
      expect(titles).toContain(c.title);
      expect(asAdmin.json().every((x: { user: number }) => x.user === other.id)).toBe(true);
      expect((await call(staff, 'GET', `/api/diaries/categories/?user=${other.id}`)).statusCode).toBe(404);
      const manager = await makeUser(t, 'manager');
      expect((await call(manager, 'GET', `/api/diaries/categories/?user=${other.id}`)).statusCode).toBe(404);
      expect((await call(admin, 'GET', '/api/diaries/categories/?user=99999999')).statusCode).toBe(404);
      expect((await call(admin, 'GET', '/api/diaries/categories/?user=abc')).statusCode).toBe(400);
      // Their own id is simply their own list.
      expect((await call(staff, 'GET', `/api/diaries/categories/?user=${staff.id}`)).statusCode).toBe(200);
    });
  });

  describe('diaries', () => {
    it('creates the diary with the e-mail as title the first time it is needed, once', async () => {
      const fresh = await makeUser(t);
      const [first, second] = await Promise.all([
        call(fresh, 'GET', '/api/diaries/diaries/'),
        call(fresh, 'GET', '/api/diaries/diaries/'),
      ]);
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual([{ id: expect.any(Number), title: fresh.email, user: fresh.id }]);
      expect(second.json()).toEqual(first.json());
      const again = await call(fresh, 'GET', '/api/diaries/diaries/');
      expect(again.json()).toEqual(first.json());
    });

    it('creates a diary on POST for a user without one, and refuses a second', async () => {
      const fresh = await makeUser(t);
      const res = await call(fresh, 'POST', '/api/diaries/diaries/', { title: 'My days', user: fresh.id });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ id: expect.any(Number), title: 'My days', user: fresh.id });
      const listed = await call(fresh, 'GET', '/api/diaries/diaries/');
      expect(listed.json()).toEqual([res.json()]);
      const twice = await call(fresh, 'POST', '/api/diaries/diaries/', { title: 'Again', user: fresh.id });
      expect(twice.statusCode).toBe(400);
      expect(twice.json()).toEqual({ user: [DIARY_EXISTS_MESSAGE] });
      const blank = await call(fresh, 'POST', '/api/diaries/diaries/', { title: '' });
      expect(blank.statusCode).toBe(400);
      expect(Object.keys(blank.json())).toEqual(['title']);
    });

    it("never creates a diary for someone else, and lets only an admin read another user's", async () => {
      const target = await makeUser(t);
      const forOther = await call(admin, 'POST', '/api/diaries/diaries/', { title: 'x', user: target.id });
      expect(forOther.statusCode).toBe(403);
      const asStaff = await call(staff, 'GET', `/api/diaries/diaries/?user=${target.id}`);
      expect(asStaff.statusCode).toBe(404);
      const asAdmin = await call(admin, 'GET', `/api/diaries/diaries/?user=${target.id}`);
      expect(asAdmin.statusCode).toBe(200);
      expect(asAdmin.json()).toEqual([{ id: expect.any(Number), title: target.email, user: target.id }]);
      const own = await call(target, 'GET', '/api/diaries/diaries/');
      expect(own.json()).toEqual(asAdmin.json());
    });
  });
});

// API tests for diary entries, on SQLite and PostgreSQL: create, read, change,
// delete, validation, filters, overlap marks, ownership and the admin read rule.
import { ENTRY_MESSAGES, type Entry, invalidPk } from '@staff/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDatabases } from '../../test/harness';
import { caller, makeUser, type TestUser } from '../../test/users';
import { diaryOf, entryBody } from './test-fixtures';

describe.each(testDatabases())('diary entries (%s)', (kind) => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let admin: TestUser;
  let owner: TestUser;
  let other: TestUser;
  let mine: Awaited<ReturnType<typeof diaryOf>>;
  let theirs: Awaited<ReturnType<typeof diaryOf>>;
  let work: number;
  let study: number;

  beforeAll(async () => {
    t = await createTestApp(kind);
    call = caller(t);
    [admin, owner, other] = await Promise.all([makeUser(t, 'admin'), makeUser(t), makeUser(t)]);
    mine = await diaryOf(t, owner);
    theirs = await diaryOf(t, other);
    work = (await mine.category('Work', 'essential')).id;
    study = (await mine.category('Study', 'education')).id;
  });
  afterAll(() => t.close());

  const post = (body: unknown, user = owner, diaryId = mine.diaryId) =>
    call(user, 'POST', `/api/diaries/${diaryId}/entries/`, body);

  describe('create and read', () => {
    it('stores the local times as entered and the instants they denote in Asia/Ho_Chi_Minh', async () => {
      const res = await post(
        entryBody({
          title: ' Planning ',
          feeling: 'excited',
          start_date: '2030-01-10',
          start_time: '08:00:00',
          end_date: '2030-01-10',
          end_time: '09:30',
          category: [work, study, work],
          feedback: 'Went well',
        }),
      );
      expect(res.statusCode).toBe(201);
      const entry = res.json() as Entry;
      expect(entry).toEqual({
        id: expect.any(Number),
        diary: mine.diaryId,
        title: 'Planning',
        feeling: 'excited',
        start_date: '2030-01-10',
        start_time: '08:00',
        end_date: '2030-01-10',
        end_time: '09:30',
        time_zone: 'Asia/Ho_Chi_Minh',
        start_at: '2030-01-10T01:00:00.000Z',
        end_at: '2030-01-10T02:30:00.000Z',
        duration_minutes: 90,
        place: 'Office',
        category: [
          { id: study, title: 'Study' },
          { id: work, title: 'Work' },
        ],
        note: 'Notes',
        feedback: 'Went well',
        overlaps: false,
      });
      const read = await call(owner, 'GET', `/api/diaries/entries/${entry.id}/`);
      expect(read.statusCode).toBe(200);
      expect(read.json()).toEqual(entry);
    });

    it("uses the browser's time zone when sent, defaults feeling to happy and feedback to empty", async () => {
      const { feeling: _f, ...body } = entryBody({
        start_date: '2030-07-01',
        start_time: '23:30',
        end_date: '2030-07-02',
        end_time: '00:15',
        category: [work],
        time_zone: 'America/New_York',
      });
      const res = await post(body);
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        feeling: 'happy',
        feedback: '',
        time_zone: 'America/New_York',
        start_at: '2030-07-02T03:30:00.000Z',
        end_at: '2030-07-02T04:15:00.000Z',
        duration_minutes: 45,
      });
    });

    it('accepts an entry of exactly 7 days and one that crosses midnight', async () => {
      const week = await post(
        entryBody({ start_date: '2030-03-01', end_date: '2030-03-08', end_time: '08:00', category: [work] }),
      );
      expect(week.statusCode).toBe(201);
      expect(week.json().duration_minutes).toBe(7 * 24 * 60);
      const night = await post(
        entryBody({
          start_date: '2030-03-20',
          start_time: '22:00',
          end_date: '2030-03-21',
          end_time: '06:00',
          category: [work],
        }),
      );
      expect(night.json().duration_minutes).toBe(480);
    });
  });

  describe('validation', () => {
    it('answers every missing required field with the form’s message', async () => {
      const res = await post({});
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        title: [ENTRY_MESSAGES.title],
        start_date: [ENTRY_MESSAGES.start_date],
        start_time: [ENTRY_MESSAGES.start_time],
        end_date: [ENTRY_MESSAGES.end_date],
        end_time: [ENTRY_MESSAGES.end_time],
        category: [ENTRY_MESSAGES.category],
        place: [ENTRY_MESSAGES.place],
        note: [ENTRY_MESSAGES.note],
      });
      const blanks = await post(
        entryBody({ title: ' ', place: '', note: '  ', start_time: '', end_date: '', category: [] }),
      );
      expect(blanks.json()).toEqual({
        title: [ENTRY_MESSAGES.title],
        start_time: [ENTRY_MESSAGES.start_time],
        end_date: [ENTRY_MESSAGES.end_date],
        category: [ENTRY_MESSAGES.category],
        place: [ENTRY_MESSAGES.place],
        note: [ENTRY_MESSAGES.note],
      });
    });

    it.each([
      ['feeling', { feeling: 'bored' }, '"bored" is not a valid choice.'],
      ['start_time', { start_time: '8am' }, ENTRY_MESSAGES.timeFormat],
      ['end_time', { end_time: '24:00' }, ENTRY_MESSAGES.timeFormat],
      ['start_date', { start_date: '2030-02-30' }, ENTRY_MESSAGES.dateFormat],
      ['end_date', { end_date: '10/01/2030' }, ENTRY_MESSAGES.dateFormat],
      ['time_zone', { time_zone: 'Mars/Olympus' }, ENTRY_MESSAGES.timeZone],
    ])('refuses a bad %s', async (field, patch, message) => {
      const res = await post(entryBody({ category: [work], ...(patch as object) }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ [field]: [message] });
    });

    it('refuses an end that is not after the start, under the field that is wrong', async () => {
      const sameDay = await post(entryBody({ start_time: '10:00', end_time: '09:00', category: [work] }));
      expect(sameDay.statusCode).toBe(400);
      expect(sameDay.json()).toEqual({ end_time: [ENTRY_MESSAGES.endBeforeStart] });
      const equal = await post(entryBody({ start_time: '10:00', end_time: '10:00', category: [work] }));
      expect(equal.json()).toEqual({ end_time: [ENTRY_MESSAGES.endBeforeStart] });
      const earlierDay = await post(
        entryBody({ end_date: '2030-01-09', end_time: '23:00', category: [work] }),
      );
      expect(earlierDay.json()).toEqual({ end_date: [ENTRY_MESSAGES.endBeforeStart] });
    });

    it('refuses an entry longer than 7 days', async () => {
      const res = await post(
        entryBody({ start_date: '2030-03-01', end_date: '2030-03-08', end_time: '08:01', category: [work] }),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ end_date: [ENTRY_MESSAGES.tooLong] });
    });

    it("refuses another user's category and unknown ones, together with other errors", async () => {
      const foreign = (await theirs.category('Theirs', 'essential')).id;
      const res = await post(entryBody({ category: [work, foreign, 99999999], end_time: '07:00' }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        end_time: [ENTRY_MESSAGES.endBeforeStart],
        category: [invalidPk(foreign), invalidPk(99999999)],
      });
    });

    it("answers 404 for another user's diary (403 to an admin) and 404 for an unknown one", async () => {
      const body = entryBody({ category: [work] });
      expect((await post(body, owner, theirs.diaryId)).statusCode).toBe(404);
      const asAdmin = await post(body, admin, theirs.diaryId);
      expect(asAdmin.statusCode).toBe(403);
      expect((await post(body, owner, 99999999)).statusCode).toBe(404);
      const theirList = (await call(other, 'GET', '/api/diaries/entries/')).json();
      expect(theirList).toEqual([]);
    });
  });

  describe('change and delete', () => {
    it('changes some fields, recomputes instants, replaces categories and keeps the rest', async () => {
      const e = await mine.entry({ category: [work], start_date: '2030-04-01', end_date: '2030-04-01' });
      const url = `/api/diaries/entries/${e.id}/`;
      const renamed = await call(owner, 'PATCH', url, { title: 'Renamed', feeling: 'tired' });
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json()).toEqual({ ...e, title: 'Renamed', feeling: 'tired' });
      const moved = await call(owner, 'PATCH', url, { end_time: '11:00', category: [study] });
      expect(moved.json()).toMatchObject({
        title: 'Renamed',
        end_time: '11:00',
        end_at: '2030-04-01T04:00:00.000Z',
        duration_minutes: 180,
        category: [{ id: study, title: 'Study' }],
      });
      const rezoned = await call(owner, 'PATCH', url, { time_zone: 'UTC' });
      expect(rezoned.json()).toMatchObject({ start_at: '2030-04-01T08:00:00.000Z', start_time: '08:00' });
      expect((await call(owner, 'GET', url)).json()).toEqual(rezoned.json());
    });

    it('applies the rules to the merged entry and refuses empty required fields', async () => {
      const e = await mine.entry({ category: [work] });
      const url = `/api/diaries/entries/${e.id}/`;
      const early = await call(owner, 'PATCH', url, { end_time: '07:00' });
      expect(early.statusCode).toBe(400);
      expect(early.json()).toEqual({ end_time: [ENTRY_MESSAGES.endBeforeStart] });
      const long = await call(owner, 'PATCH', url, { end_date: '2030-01-20' });
      expect(long.json()).toEqual({ end_date: [ENTRY_MESSAGES.tooLong] });
      const empty = await call(owner, 'PATCH', url, { title: '', category: [] });
      expect(empty.json()).toEqual({ title: [ENTRY_MESSAGES.title], category: [ENTRY_MESSAGES.category] });
      const foreign = (await theirs.category('Theirs 2', 'sharing')).id;
      expect((await call(owner, 'PATCH', url, { category: [foreign] })).json()).toEqual({
        category: [invalidPk(foreign)],
      });
      expect((await call(owner, 'GET', url)).json()).toEqual(e);
    });

    it('deletes an entry', async () => {
      const e = await mine.entry({ category: [work] });
      const url = `/api/diaries/entries/${e.id}/`;
      const res = await call(owner, 'DELETE', url);
      expect(res.statusCode).toBe(204);
      expect((await call(owner, 'GET', url)).statusCode).toBe(404);
      expect((await call(owner, 'DELETE', url)).statusCode).toBe(404);
      expect((await call(owner, 'PATCH', url, { title: 'x' })).statusCode).toBe(404);
    });

    it("refuses an id beyond the databases' integers with 400, not a failed query (found by the fuzz test)", async () => {
      for (const [method, url, body] of [
        ['GET', '/api/diaries/entries/2147483648/', undefined],
        ['PATCH', '/api/diaries/entries/2147483648/', { title: 'x' }],
        ['DELETE', '/api/diaries/entries/2147483648/', undefined],
        ['GET', '/api/diaries/2147483648/entries/', undefined],
        ['POST', `/api/diaries/${mine.diaryId}/entries/`, entryBody({ category: [work, 2_147_483_648] })],
      ] as const) {
        const res = await call(owner, method, url, body);
        expect(res.statusCode, `${method} ${url}`).toBe(400);
      }
    });

    it("answers 404 for another user's entry; an admin may read it but not change it", async () => {
      const foreignCategory = (await theirs.category('Their work', 'essential')).id;
      const e = await theirs.entry({ category: [foreignCategory] });
      const url = `/api/diaries/entries/${e.id}/`;
      expect((await call(owner, 'GET', url)).statusCode).toBe(404);
      expect((await call(owner, 'PATCH', url, { title: 'Mine' })).statusCode).toBe(404);
      expect((await call(owner, 'DELETE', url)).statusCode).toBe(404);
      const read = await call(admin, 'GET', url);
      expect(read.statusCode).toBe(200);
      expect(read.json()).toEqual(e);
      expect((await call(admin, 'PATCH', url, { title: 'Mine' })).statusCode).toBe(403);
      expect((await call(admin, 'DELETE', url)).statusCode).toBe(403);
      expect((await call(other, 'GET', url)).json()).toEqual(e);
      expect((await call(owner, 'GET', '/api/diaries/entries/abc/')).statusCode).toBe(400);
    });
  });

  describe('lists and filters', () => {
    let user: TestUser;
    let d: Awaited<ReturnType<typeof diaryOf>>;
    let a: number;
    let b: number;
    const ids: Record<string, number> = {};

    beforeAll(async () => {
      user = await makeUser(t);
      d = await diaryOf(t, user);
      a = (await d.category('A', 'essential')).id;
      b = (await d.category('B', 'sharing')).id;
      const make = async (name: string, fields: Parameters<typeof d.entry>[0]) => {
        ids[name] = (await d.entry({ title: name, ...fields })).id;
      };
      await make('day1', { start_date: '2030-05-01', end_date: '2030-05-01', category: [a], feeling: 'sad' });
      // 22:00 on the 2nd to 06:00 on the 3rd, local time.
      await make('night', {
        start_date: '2030-05-02',
        start_time: '22:00',
        end_date: '2030-05-03',
        end_time: '06:00',
        category: [b],
      });
      await make('day3', { start_date: '2030-05-03', end_date: '2030-05-03', category: [a, b] });
      // Overlaps day3 (08:00-09:00) by half an hour.
      await make('overlap', {
        start_date: '2030-05-03',
        start_time: '08:30',
        end_date: '2030-05-03',
        end_time: '10:00',
        category: [b],
        feeling: 'sad',
      });
      // Starts exactly when overlap ends: touching, not overlapping.
      await make('touch', {
        start_date: '2030-05-03',
        start_time: '10:00',
        end_date: '2030-05-03',
        end_time: '11:00',
        category: [a],
      });
      await make('day5', { start_date: '2030-05-05', end_date: '2030-05-05', category: [a] });
    });

    const list = async (query: string, who = user, diaryId = d.diaryId) => {
      const res = await call(who, 'GET', `/api/diaries/${diaryId}/entries/${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as Entry[]).map((e) => e.title);
    };

    it('lists all entries newest first, marking overlaps but not touching ends', async () => {
      const res = await call(user, 'GET', `/api/diaries/${d.diaryId}/entries/`);
      const entries = res.json() as Entry[];
      expect(entries.map((e) => [e.title, e.overlaps])).toEqual([
        ['day5', false],
        ['touch', false],
        ['overlap', true],
        ['day3', true],
        ['night', false],
        ['day1', false],
      ]);
      const own = await call(user, 'GET', '/api/diaries/entries/');
      expect(own.json()).toEqual(entries);
    });

    it('filters by local dates, inclusive, listing entries that overlap the range', async () => {
      expect(await list('?start_date=2030-05-02&end_date=2030-05-02')).toEqual(['night']);
      expect(await list('?start_date=2030-05-03&end_date=2030-05-03')).toEqual([
        'touch',
        'overlap',
        'day3',
        'night',
      ]);
      expect(await list('?start_date=2030-05-04')).toEqual(['day5']);
      expect(await list('?end_date=2030-05-01')).toEqual(['day1']);
      expect(await list('?start_date=2030-05-06')).toEqual([]);
      // In UTC the night entry (15:00Z-23:00Z on the 2nd) lies wholly on the 2nd.
      expect(await list('?start_date=2030-05-03&end_date=2030-05-03&time_zone=UTC')).toEqual([
        'touch',
        'overlap',
        'day3',
      ]);
    });

    it('filters by feeling and by category, alone or together', async () => {
      expect(await list('?feeling=sad')).toEqual(['overlap', 'day1']);
      expect(await list(`?category=${b}`)).toEqual(['overlap', 'day3', 'night']);
      expect(await list(`?category=${a},${b}&start_date=2030-05-05`)).toEqual(['day5']);
      expect(await list(`?category=${a}&feeling=sad&start_date=2030-05-01&end_date=2030-05-03`)).toEqual([
        'day1',
      ]);
    });

    it('refuses bad filter values', async () => {
      for (const [query, field] of [
        ['?start_date=2030-13-01', 'start_date'],
        ['?end_date=tomorrow', 'end_date'],
        ['?feeling=bored', 'feeling'],
        ['?category=a,b', 'category'],
        // Beyond the databases' integer ids: PostgreSQL failed the query with a 500 (found by the fuzz test).
        ['?category=1,2147483648', 'category'],
        ['?time_zone=Nowhere/City', 'time_zone'],
      ] as const) {
        const res = await call(user, 'GET', `/api/diaries/${d.diaryId}/entries/${query}`);
        expect(res.statusCode, query).toBe(400);
        expect(Object.keys(res.json()), query).toEqual([field]);
      }
    });

    it("lets an admin list another user's diary, nobody else", async () => {
      expect(await list('?start_date=2030-05-05', admin)).toEqual(['day5']);
      const res = await call(owner, 'GET', `/api/diaries/${d.diaryId}/entries/`);
      expect(res.statusCode).toBe(404);
      expect((await call(user, 'GET', '/api/diaries/99999999/entries/')).statusCode).toBe(404);
      const ownerList = (await call(owner, 'GET', '/api/diaries/entries/')).json() as Entry[];
      expect(ownerList.length).toBeGreaterThan(0);
      expect(ownerList.every((e) => e.diary === mine.diaryId)).toBe(true);
    });
  });
});

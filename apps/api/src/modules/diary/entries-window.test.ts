// The entries list against a plain reference, on SQLite and PostgreSQL: random entries (some
// across the window's edges, some overlapping, in several zones), random windows and filters, and
// the answer must equal what the rules give when computed the slow, obvious way from the stored
// rows: every entry of the user compared with every other for the overlap mark, each entry's
// categories from one join ordered by title then id, instants through Date#toISOString. The list's
// reads are tuned for speed (decision 0026); this is what keeps them to the same answer.
import type { Entry, EntryCreateInput, Feeling } from '@staff/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDatabases } from '../../test/harness';
import { caller, makeUser, type TestUser } from '../../test/users';
import { diaryOf } from './test-fixtures';
import { addDays, localDayRange } from './time';

const ZONES = ['Asia/Ho_Chi_Minh', 'UTC', 'America/New_York'];
const FEELINGS: Feeling[] = ['excited', 'happy', 'neutral', 'sad', 'tired'];
const FIRST_DAY = '2030-03-01';
const DAYS = 25;

function rng(seed: number) {
  return () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
}

const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

describe.each(testDatabases())('diary entries window against a reference (%s)', (kind) => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let owner: TestUser;
  let diaryId: number;
  let categoryIds: number[];
  const random = rng(20301);

  /** A local start and a wall-clock length, as the form sends them. */
  function randomEntry(categories: number[]): EntryCreateInput & { category: number[] } {
    const day = addDays(FIRST_DAY, Math.floor(random() * DAYS));
    const start = Math.floor(random() * 1440);
    const r = random();
    // Mostly short; some across midnight; a few of several days (under 7, whatever DST does).
    const length =
      r < 0.7
        ? 5 + Math.floor(random() * 240)
        : r < 0.9
          ? 600 + Math.floor(random() * 1440)
          : 1440 + Math.floor(random() * 5 * 1440);
    const end = start + length;
    const picked = categories.filter(() => random() < 0.25);
    if (picked.length === 0) picked.push(categories[Math.floor(random() * categories.length)] as number);
    return {
      title: `Entry ${Math.floor(random() * 1e6)}`,
      feeling: FEELINGS[Math.floor(random() * FEELINGS.length)] as Feeling,
      start_date: day,
      start_time: hhmm(start),
      end_date: addDays(day, Math.floor(end / 1440)),
      end_time: hhmm(end % 1440),
      time_zone: ZONES[Math.floor(random() * ZONES.length)] as string,
      category: picked,
      place: random() < 0.5 ? 'Office' : 'Home',
      note: `Note ${Math.floor(random() * 1000)}`,
      ...(random() < 0.5 ? { feedback: 'Fine' } : {}),
    };
  }

  beforeAll(async () => {
    t = await createTestApp(kind);
    call = caller(t);
    owner = await makeUser(t);
    const other = await makeUser(t);
    const mine = await diaryOf(t, owner);
    const theirs = await diaryOf(t, other);
    diaryId = mine.diaryId;
    // Titles whose order is not their ids' order, two of them equal (then the id decides).
    categoryIds = [];
    for (const [title, jar] of [
      ['Work', 'essential'],
      ['Study', 'education'],
      ['alpha', null],
      ['Study', 'development'],
      ['Ăn uống', 'essential'],
      ['Zebra', 'entertainment'],
      ['B', 'sharing'],
      ['Temp', 'investment'],
    ] as const) {
      categoryIds.push((await mine.category(title, jar)).id);
    }
    for (let i = 0; i < 140; i++) await mine.entry(randomEntry(categoryIds));
    // Deleting a category leaves some entries with none.
    const temp = categoryIds.pop() as number;
    expect((await call(owner, 'DELETE', `/api/diaries/categories/${temp}/`)).statusCode).toBe(204);
    // Another user's entries at the same times never mark ours.
    const theirCategory = (await theirs.category('Theirs', null)).id;
    for (let i = 0; i < 30; i++) await theirs.entry(randomEntry([theirCategory]));
    // A link to another user's category (the API refuses one; the list still shows what is stored).
    const someEntry = (await call(owner, 'GET', '/api/diaries/entries/')).json()[0] as Entry;
    await t.db
      .insertInto('diary_entry_categories')
      .values({ entry_id: someEntry.id, category_id: theirCategory })
      .execute();
  });
  afterAll(() => t.close());

  /** The answer the rules give, computed the obvious way from every stored row of the user. */
  async function reference(q: {
    start_date?: string;
    end_date?: string;
    feeling?: string;
    category?: number[];
    time_zone: string;
  }): Promise<Entry[]> {
    const rows = await t.db.selectFrom('diary_entries').selectAll().where('user_id', '=', owner.id).execute();
    const links = await t.db
      .selectFrom('diary_entry_categories as ec')
      .innerJoin('diary_categories as c', 'c.id', 'ec.category_id')
      .select(['ec.entry_id', 'c.id', 'c.title'])
      .orderBy('c.title')
      .orderBy('c.id')
      .execute();
    const { fromMs, toMs } = localDayRange(q.start_date, q.end_date, q.time_zone);
    const all = rows.map((r) => ({ ...r, start: Number(r.start_ms), end: Number(r.end_ms) }));
    return all
      .filter(
        (e) =>
          (toMs === null || e.start < toMs) &&
          (fromMs === null || e.end > fromMs) &&
          (!q.feeling || e.feeling === q.feeling) &&
          (!q.category || links.some((l) => l.entry_id === e.id && q.category?.includes(l.id))),
      )
      .sort((a, b) => b.start - a.start || b.id - a.id)
      .map((e) => ({
        id: e.id,
        diary: e.diary_id,
        title: e.title,
        feeling: e.feeling as Feeling,
        start_date: e.start_date,
        start_time: e.start_time,
        end_date: e.end_date,
        end_time: e.end_time,
        time_zone: e.time_zone,
        start_at: new Date(e.start).toISOString(),
        end_at: new Date(e.end).toISOString(),
        duration_minutes: Math.round((e.end - e.start) / 60_000),
        place: e.place,
        category: links.filter((l) => l.entry_id === e.id).map((l) => ({ id: l.id, title: l.title })),
        note: e.note,
        feedback: e.feedback,
        overlaps: all.some((o) => o.id !== e.id && o.start < e.end && e.start < o.end),
      }));
  }

  it('lists what the reference lists, in windows of a day to 24 days, with and without filters', async () => {
    let marked = 0;
    let crossing = 0;
    let listed = 0;
    let withoutCategory = 0;
    const sizes: number[] = [];
    for (let i = 0; i < 40; i++) {
      const from = addDays(FIRST_DAY, Math.floor(random() * (DAYS + 4)) - 2);
      const q = {
        ...(i % 10 !== 9 ? { start_date: from } : {}),
        ...(i % 10 !== 8 ? { end_date: addDays(from, Math.floor(random() * 24)) } : {}),
        ...(i % 4 === 1 ? { feeling: FEELINGS[i % FEELINGS.length] as string } : {}),
        ...(i % 5 === 2
          ? { category: [categoryIds[i % categoryIds.length] as number, categoryIds[0] as number] }
          : {}),
        time_zone: ZONES[i % ZONES.length] as string,
      };
      const params = new URLSearchParams({
        ...(q.start_date ? { start_date: q.start_date } : {}),
        ...(q.end_date ? { end_date: q.end_date } : {}),
        ...(q.feeling ? { feeling: q.feeling } : {}),
        ...(q.category ? { category: q.category.join(',') } : {}),
        time_zone: q.time_zone,
      });
      const url = i % 2 === 0 ? `/api/diaries/${diaryId}/entries/` : '/api/diaries/entries/';
      const res = await call(owner, 'GET', `${url}?${params}`);
      expect(res.statusCode).toBe(200);
      const expected = await reference(q);
      expect(res.json()).toEqual(expected);
      listed += expected.length;
      sizes.push(expected.length);
      marked += expected.filter((e) => e.overlaps).length;
      withoutCategory += expected.filter((e) => e.category.length === 0).length;
      const { fromMs } = localDayRange(q.start_date, q.end_date, q.time_zone);
      if (fromMs !== null) crossing += expected.filter((e) => Date.parse(e.start_at) < fromMs).length;
    }
    // The data exercised what it is meant to: overlaps, entries across the window's start.
    expect(listed).toBeGreaterThan(400);
    expect(marked).toBeGreaterThan(50);
    expect(crossing).toBeGreaterThan(5);
    expect(withoutCategory).toBeGreaterThan(0);
    // Both ways of reading the categories: by one join (up to 50 entries) and by the links.
    expect(sizes.filter((n) => n > 0 && n <= 50).length).toBeGreaterThan(5);
    expect(sizes.filter((n) => n > 50).length).toBeGreaterThan(5);
  });

  it('marks an entry across either edge of the window by the entry beside it, outside the window', async () => {
    // Far from the random entries: each pair overlaps only each other.
    const d = await diaryOf(t, owner);
    const at = (date: string, start: string, endDate: string, end: string) =>
      d.entry({
        start_date: date,
        start_time: start,
        end_date: endDate,
        end_time: end,
        time_zone: 'UTC',
        category: [categoryIds[0] as number],
      });
    const before = await at('2030-06-10', '20:00', '2030-06-10', '22:00');
    const acrossStart = await at('2030-06-10', '21:00', '2030-06-11', '01:00');
    const acrossEnd = await at('2030-06-12', '23:00', '2030-06-13', '02:00');
    const after = await at('2030-06-13', '01:00', '2030-06-13', '03:00');
    const q = { start_date: '2030-06-11', end_date: '2030-06-12', time_zone: 'UTC' };
    const res = await call(owner, 'GET', `/api/diaries/${diaryId}/entries/?${new URLSearchParams(q)}`);
    const list = res.json() as Entry[];
    expect(list.map((e) => [e.id, e.overlaps])).toEqual([
      [acrossEnd.id, true],
      [acrossStart.id, true],
    ]);
    expect(list).toEqual(await reference(q));
    expect([before.id, after.id]).not.toContain(list[0]?.id);
  });

  it('presents one entry as the list does', async () => {
    const list = (await call(owner, 'GET', `/api/diaries/${diaryId}/entries/`)).json() as Entry[];
    for (const entry of list.slice(0, 20)) {
      const res = await call(owner, 'GET', `/api/diaries/entries/${entry.id}/`);
      expect(res.json()).toEqual(entry);
    }
  });
});

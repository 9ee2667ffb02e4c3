// diary_week_totals against a recomputation from the entries, after every kind of write that
// touches them (entry create, move, recategorise, delete, each adding and taking away its own time;
// category delete, which re-sums; user delete), on SQLite and PostgreSQL; and the week ranges a
// write over many entries re-sums.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDatabases } from '../../test/harness';
import { caller, makeUser, type TestUser } from '../../test/users';
import { diaryOf, entryBody } from './test-fixtures';
import { DAY_MS } from './time';
import { rebuildAllWeekTotals, touchedWeekRanges } from './week-totals';

const WEEK_MS = 7 * DAY_MS;

describe('touchedWeekRanges', () => {
  it('turns starts into their weeks, once each, neighbours and overlaps joined, in order', () => {
    expect(touchedWeekRanges([])).toEqual([]);
    expect(touchedWeekRanges([10 * WEEK_MS + 5, 10 * WEEK_MS + 99])).toEqual([[10, 10]]);
    expect(touchedWeekRanges([30 * WEEK_MS, 10 * WEEK_MS, 11 * WEEK_MS + 1])).toEqual([
      [10, 11],
      [30, 30],
    ]);
    expect(touchedWeekRanges([[3 * WEEK_MS, 8 * WEEK_MS], 5 * WEEK_MS, 9 * WEEK_MS, 12 * WEEK_MS])).toEqual([
      [3, 9],
      [12, 12],
    ]);
  });

  it('floors instants before 1970 into the week before, as the SQL does', () => {
    expect(touchedWeekRanges([-1])).toEqual([[-1, -1]]);
    expect(touchedWeekRanges([-WEEK_MS])).toEqual([[-1, -1]]);
    expect(touchedWeekRanges([-WEEK_MS - 1, 0])).toEqual([
      [-2, -2],
      [0, 0],
    ]);
    expect(touchedWeekRanges([0, -1])).toEqual([[-1, 0]]);
  });
});

describe.each(testDatabases())('diary week totals follow every write (%s)', (kind) => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let admin: TestUser;
  let owner: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    t = await createTestApp(kind);
    call = caller(t);
    [admin, owner, other] = await Promise.all([makeUser(t, 'admin'), makeUser(t), makeUser(t)]);
  });
  afterAll(() => t.close());

  type TotalRow = { user_id: number; week: number; category_id: number; n: number; ms: number };
  const sorted = (rows: TotalRow[]) =>
    rows.sort(
      (a, b) => a.user_id - b.user_id || a.week - b.week || a.category_id - b.category_id || a.n - b.n,
    );

  const stored = async (): Promise<TotalRow[]> =>
    sorted(
      (await t.db.selectFrom('diary_week_totals').selectAll().execute()).map((r) => ({
        user_id: r.user_id,
        week: Number(r.week),
        category_id: r.category_id,
        n: r.n,
        ms: Number(r.ms),
      })),
    );

  /** The totals summed here from the entries and their category links, not by the module's SQL. */
  const recomputed = async (): Promise<TotalRow[]> => {
    const entries = await t.db
      .selectFrom('diary_entries')
      .select(['id', 'user_id', 'start_ms', 'end_ms'])
      .execute();
    const links = await t.db
      .selectFrom('diary_entry_categories')
      .select(['entry_id', 'category_id'])
      .execute();
    const sums = new Map<string, TotalRow>();
    for (const e of entries) {
      const categories = links.filter((l) => l.entry_id === e.id).map((l) => l.category_id);
      const startMs = Number(e.start_ms);
      const week = Math.floor(startMs / WEEK_MS);
      for (const category_id of categories.length > 0 ? categories : [0]) {
        const key = `${e.user_id}/${week}/${category_id}/${categories.length}`;
        const row = sums.get(key) ?? { user_id: e.user_id, week, category_id, n: categories.length, ms: 0 };
        row.ms += Number(e.end_ms) - startMs;
        sums.set(key, row);
      }
    }
    return sorted([...sums.values()]);
  };

  const agree = async () => {
    const expected = await recomputed();
    expect(await stored()).toEqual(expected);
    return expected;
  };

  const utc = (date: string, time: string, endDate = date, endTime = '23:00') => ({
    start_date: date,
    start_time: time,
    end_date: endDate,
    end_time: endTime,
    time_zone: 'UTC',
  });

  it('match a recomputation after creates, moves, recategorising, deletes and a rebuild', async () => {
    const mine = await diaryOf(t, owner);
    const theirs = await diaryOf(t, other);
    const work = (await mine.category('Work', 'essential')).id;
    const rest = (await mine.category('Rest', 'sleep')).id;
    const loose = (await mine.category('Loose', null)).id;
    const theirWork = (await theirs.category('Work', 'essential')).id;

    // Entries in several weeks, one before 1970 (a negative week) and one over a week boundary.
    const early = await mine.entry({ ...utc('1969-12-30', '08:00'), category: [work] });
    const a = await mine.entry({ ...utc('2031-05-05', '08:00'), category: [work, rest] });
    const b = await mine.entry({ ...utc('2031-05-06', '09:00'), category: [loose] });
    const c = await mine.entry({
      ...utc('2031-05-07', '22:00', '2031-05-10', '06:00'),
      category: [rest, loose],
    });
    const d = await mine.entry({ ...utc('2031-08-01', '10:00'), category: [work] });
    await mine.entry({ ...utc('2031-09-01', '10:00'), category: [work] });
    await theirs.entry({ ...utc('2031-05-05', '08:00'), category: [theirWork] });
    const rows = await agree();
    expect(rows.some((r) => r.week < 0)).toBe(true);
    expect(new Set(rows.map((r) => r.user_id))).toEqual(new Set([owner.id, other.id]));

    const patch = async (id: number, body: object) => {
      const res = await call(owner, 'PATCH', `/api/diaries/entries/${id}/`, body);
      expect(res.statusCode, res.body).toBe(200);
    };
    // Moved to another week (both the old and the new week change), recategorised, merely renamed.
    await patch(a.id, utc('2032-01-01', '07:00'));
    await agree();
    await patch(b.id, { category: [loose, work] });
    await agree();
    await patch(c.id, { note: 'Only the note' });
    await agree();
    await patch(early.id, { ...utc('2031-05-06', '01:00'), category: [rest] });
    await agree();

    expect((await call(owner, 'DELETE', `/api/diaries/entries/${d.id}/`)).statusCode).toBe(204);
    await agree();
    // A category in entries of several weeks: their counts drop and their weeks are re-summed; the
    // entry that had only that category is left with none (category 0 in the totals).
    expect((await call(owner, 'DELETE', `/api/diaries/categories/${work}/`)).statusCode).toBe(204);
    expect((await agree()).some((r) => r.user_id === owner.id && r.category_id === 0 && r.n === 0)).toBe(
      true,
    );

    // The bulk loaders' rebuild gives what the writes kept.
    const kept = await stored();
    await rebuildAllWeekTotals(t.db);
    expect(await stored()).toEqual(kept);
  });

  it('match a recomputation after creations and edits racing a category deletion (a re-sum of their weeks)', async () => {
    const u = await makeUser(t);
    const mine = await diaryOf(t, u);
    const keep = (await mine.category('Keep', 'essential')).id;
    const doomed = (await mine.category('Doomed', 'sleep')).id;
    await mine.entry({ ...utc('2033-03-01', '00:00', '2033-03-01', '00:30'), category: [keep, doomed] });
    // Creations into the weeks the deletion re-sums (one creation's statement on PostgreSQL, a
    // transaction on SQLite), sent together with the deletion.
    const creations = Array.from({ length: 16 }, (_, i) => {
      const hour = String(i).padStart(2, '0');
      return call(
        u,
        'POST',
        `/api/diaries/${mine.diaryId}/entries/`,
        entryBody({
          ...utc('2033-03-02', `${hour}:00`, '2033-03-02', `${hour}:45`),
          category: i % 2 === 0 ? [keep, doomed] : [doomed],
        }),
      );
    });
    // And edits that link entries of those weeks to the category.
    const edited = [];
    for (let i = 0; i < 8; i++) {
      const hour = String(i).padStart(2, '0');
      edited.push(
        await mine.entry({
          ...utc('2033-03-03', `${hour}:00`, '2033-03-03', `${hour}:30`),
          category: [keep],
        }),
      );
    }
    const edits = edited.map((e) =>
      call(u, 'PATCH', `/api/diaries/entries/${e.id}/`, { category: [keep, doomed] }),
    );
    const [deleted, ...written] = await Promise.all([
      call(u, 'DELETE', `/api/diaries/categories/${doomed}/`),
      ...creations,
      ...edits,
    ]);
    expect(deleted?.statusCode).toBe(204);
    // A write that came after the deletion names a category that is gone: 400, nothing written.
    for (const res of written) expect([200, 201, 400], res.body).toContain(res.statusCode);
    expect(written.some((res) => res.statusCode === 201)).toBe(true);
    await agree();
  });

  it('add and take away one entry at a time: shared rows, overlaps, lengths, counts, weeks', async () => {
    const writer = await makeUser(t);
    const diary = await diaryOf(t, writer);
    const study = (await diary.category('Study', 'education')).id;
    const play = (await diary.category('Play', 'entertainment')).id;
    const patch = async (id: number, body: object) => {
      const res = await call(writer, 'PATCH', `/api/diaries/entries/${id}/`, body);
      expect(res.statusCode, res.body).toBe(200);
    };
    const remove = async (id: number) =>
      expect((await call(writer, 'DELETE', `/api/diaries/entries/${id}/`)).statusCode).toBe(204);
    const mine = async () => (await agree()).filter((r) => r.user_id === writer.id);

    // Two entries in one (week, category, n) row, overlapping each other, and one of another category.
    const x = await diary.entry({ ...utc('2034-03-06', '08:00', '2034-03-06', '10:00'), category: [study] });
    const y = await diary.entry({ ...utc('2034-03-06', '09:00', '2034-03-06', '09:30'), category: [study] });
    const z = await diary.entry({ ...utc('2034-03-07', '09:00', '2034-03-07', '09:10'), category: [study] });
    expect((await mine()).map((r) => [r.category_id, r.n, r.ms])).toEqual([[study, 1, 160 * 60_000]]);
    // Longer; a second category (its n moves from 1 to 2); the same categories again (nothing moves).
    await patch(y.id, { end_time: '11:00' });
    await mine();
    await patch(x.id, { category: [study, play] });
    await mine();
    await patch(x.id, { category: [play, study], title: 'Same categories' });
    await mine();
    // Another category; an entry moved to the next week and back.
    await patch(z.id, { category: [play] });
    await mine();
    await patch(y.id, utc('2034-03-14', '09:00', '2034-03-14', '09:30'));
    await mine();
    await patch(y.id, utc('2034-03-06', '23:30', '2034-03-07', '00:30'));
    await mine();
    // Deleting every entry of a row removes the row, as a recomputation has none.
    await remove(x.id);
    await remove(y.id);
    expect((await mine()).map((r) => [r.category_id, r.n, r.ms])).toEqual([[play, 1, 10 * 60_000]]);
    await remove(z.id);
    expect(await mine()).toEqual([]);
    // A category deleted (a write over many entries re-sums their weeks; an entry left with none
    // counts under category 0), then one-entry writes after it.
    const w = await diary.entry({ ...utc('2034-04-03', '08:00'), category: [play] });
    const v = await diary.entry({ ...utc('2034-04-04', '08:00'), category: [study, play] });
    expect((await call(writer, 'DELETE', `/api/diaries/categories/${play}/`)).statusCode).toBe(204);
    expect((await mine()).some((r) => r.category_id === 0 && r.n === 0)).toBe(true);
    await patch(w.id, { ...utc('2034-04-10', '08:00') });
    await mine();
    await patch(w.id, { category: [study] });
    expect((await mine()).some((r) => r.category_id === 0)).toBe(false);
    await remove(v.id);
    await remove(w.id);
    expect(await mine()).toEqual([]);
  });

  it("change only the written entry's rows, not re-summing its week (decision 0027)", async () => {
    const writer = await makeUser(t);
    const diary = await diaryOf(t, writer);
    const study = (await diary.category('Study', 'education')).id;
    const play = (await diary.category('Play', 'entertainment')).id;
    await diary.entry({ ...utc('2035-06-04', '08:00', '2035-06-04', '09:00'), category: [study] });
    // A marker in another row of the same week: a re-sum of the week would overwrite it.
    await t.db
      .updateTable('diary_week_totals')
      .set({ ms: 1 })
      .where('user_id', '=', writer.id)
      .where('category_id', '=', study)
      .execute();
    const e = await diary.entry({ ...utc('2035-06-05', '08:00', '2035-06-05', '08:30'), category: [play] });
    await call(writer, 'PATCH', `/api/diaries/entries/${e.id}/`, { end_time: '08:45' });
    const rows = await t.db
      .selectFrom('diary_week_totals')
      .select(['category_id', 'ms'])
      .where('user_id', '=', writer.id)
      .orderBy('category_id')
      .execute();
    expect(rows.map((r) => [r.category_id, Number(r.ms)])).toEqual([
      [study, 1],
      [play, 45 * 60_000],
    ]);
    // The marker is not the truth: put the row back as a recomputation has it.
    await rebuildAllWeekTotals(t.db);
    await agree();
  });

  it("go with a deleted user's entries", async () => {
    const leaving = await makeUser(t);
    const diary = await diaryOf(t, leaving);
    const cat = (await diary.category('Work', 'essential')).id;
    await diary.entry({ ...utc('2033-02-02', '08:00'), category: [cat] });
    expect((await stored()).some((r) => r.user_id === leaving.id)).toBe(true);
    expect((await call(admin, 'DELETE', `/api/users/users/${leaving.id}/`)).statusCode).toBe(204);
    const rows = await agree();
    expect(rows.some((r) => r.user_id === leaving.id)).toBe(false);
  });
});

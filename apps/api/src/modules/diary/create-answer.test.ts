// A new entry is answered from what was written (decision 0027), not read back: the answer must be
// the one a read of the entry gives at that moment, on SQLite and PostgreSQL — the categories'
// titles in the database's order (its collation, then id), the overlap flag (touching ends do not
// overlap, another user's entries do not count, an entry up to the longest allowed before), the
// defaults the form may leave out.
import type { Entry } from '@staff/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDatabases } from '../../test/harness';
import { caller, makeUser, type TestUser } from '../../test/users';
import { diaryOf, entryBody } from './test-fixtures';

describe.each(testDatabases())('a created entry is answered as a read would show it (%s)', (kind) => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let owner: TestUser;
  let other: TestUser;
  let diary: Awaited<ReturnType<typeof diaryOf>>;
  let otherDiary: Awaited<ReturnType<typeof diaryOf>>;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp(kind);
    call = caller(t);
    [owner, other] = await Promise.all([makeUser(t), makeUser(t)]);
    diary = await diaryOf(t, owner);
    otherDiary = await diaryOf(t, other);
    // Titles whose order depends on the collation, and two alike (then by id).
    for (const [key, title] of [
      ['b', 'b'],
      ['A', 'A'],
      ['a', 'a'],
      ['an', 'Ăn uống'],
      ['An', 'An'],
      ['same1', 'Same'],
      ['same2', 'Same'],
    ] as const) {
      ids[key] = (await diary.category(title, key === 'b' ? 'sleep' : null)).id;
    }
    ids.others = (await otherDiary.category('Theirs', null)).id;
  });
  afterAll(() => t.close());

  /** Creates the entry and checks its answer against a read of it made right after. */
  async function createAndRead(fields: Parameters<typeof entryBody>[0], as = owner, diaryId = diary.diaryId) {
    const created = await call(as, 'POST', `/api/diaries/${diaryId}/entries/`, entryBody(fields));
    expect(created.statusCode, created.body).toBe(201);
    const answer = created.json() as Entry;
    const read = await call(as, 'GET', `/api/diaries/entries/${answer.id}/`);
    expect(read.statusCode).toBe(200);
    expect(answer).toEqual(read.json());
    return answer;
  }

  it('lists the categories in the order a read gives them', async () => {
    const all = ['same2', 'b', 'an', 'A', 'same1', 'An', 'a'].map((k) => ids[k] as number);
    const entry = await createAndRead({ category: all, start_date: '2031-03-01', end_date: '2031-03-01' });
    expect(entry.category.map((c) => c.id).sort((x, y) => x - y)).toEqual([...all].sort((x, y) => x - y));
    const same = entry.category.filter((c) => c.title === 'Same').map((c) => c.id);
    expect(same).toEqual([ids.same1, ids.same2]);
  });

  it('flags an overlap as a read does, and not for touching ends or another user', async () => {
    const day = { start_date: '2031-04-02', end_date: '2031-04-02', category: [ids.a as number] };
    const first = await createAndRead({ ...day, start_time: '08:00', end_time: '09:00' });
    expect(first.overlaps).toBe(false);
    const touching = await createAndRead({ ...day, start_time: '09:00', end_time: '10:00' });
    expect(touching.overlaps).toBe(false);
    const before = await createAndRead({ ...day, start_time: '07:00', end_time: '08:00' });
    expect(before.overlaps).toBe(false);
    const inside = await createAndRead({ ...day, start_time: '08:30', end_time: '08:45' });
    expect(inside.overlaps).toBe(true);
    // The other user's entry at the same time overlaps nothing of the owner's.
    const theirs = await createAndRead(
      { ...day, category: [ids.others as number], start_time: '08:00', end_time: '12:00' },
      other,
      otherDiary.diaryId,
    );
    expect(theirs.overlaps).toBe(false);
  });

  it('sees an entry as long as allowed that began days before', async () => {
    const long = await createAndRead({
      category: [ids.A as number],
      start_date: '2031-05-01',
      start_time: '12:00',
      end_date: '2031-05-08',
      end_time: '12:00',
    });
    expect(long.overlaps).toBe(false);
    const late = await createAndRead({
      category: [ids.A as number],
      start_date: '2031-05-08',
      start_time: '11:00',
      end_date: '2031-05-08',
      end_time: '11:30',
    });
    expect(late.overlaps).toBe(true);
    const after = await createAndRead({
      category: [ids.A as number],
      start_date: '2031-05-08',
      start_time: '12:00',
      end_date: '2031-05-08',
      end_time: '12:30',
    });
    expect(after.overlaps).toBe(false);
  });

  it('answers the defaults of the fields the form left out, and the time zone it was given', async () => {
    const body = entryBody({ category: [ids.b as number], start_date: '2031-06-01', end_date: '2031-06-01' });
    const { feeling: _feeling, ...withoutFeeling } = body;
    const created = await call(owner, 'POST', `/api/diaries/${diary.diaryId}/entries/`, withoutFeeling);
    expect(created.statusCode, created.body).toBe(201);
    const read = await call(owner, 'GET', `/api/diaries/entries/${created.json().id}/`);
    expect(created.json()).toEqual(read.json());
    expect(created.json().feedback).toBe('');
    await createAndRead({
      category: [ids.b as number],
      start_date: '2031-06-02',
      end_date: '2031-06-03',
      start_time: '23:00',
      end_time: '01:15',
      time_zone: 'Europe/London',
      feedback: '  kept, trimmed  ',
    });
  });
});

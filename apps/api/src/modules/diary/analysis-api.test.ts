// The analysis call on SQLite and PostgreSQL: the database's sums must match
// the rules (split, unclassified, clipping) with non-empty results on both.
import { type Analysis, JAR_KEYS, type JarKey } from '@staff/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDatabases } from '../../test/harness';
import { caller, makeUser, type TestUser } from '../../test/users';
import { splitEntryAcrossJars } from './analysis';
import { diaryOf } from './test-fixtures';

/** "Now" for these tests: the 7-day window is Jan 8 12:00 to Jan 15 12:00 UTC. */
const NOW = Date.parse('2040-01-15T12:00:00Z');

describe.each(testDatabases())('diary analysis (%s)', (kind) => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let user: TestUser;

  beforeAll(async () => {
    t = await createTestApp(kind);
    t.clock.advance((NOW - t.clock.now().getTime()) / 1000);
    call = caller(t);
    user = await makeUser(t);
    const d = await diaryOf(t, user);
    const sleep = (await d.category('Sleep', 'sleep')).id;
    const work = (await d.category('Work', 'essential')).id;
    const learn = (await d.category('Learn', 'education')).id;
    const fun = (await d.category('Fun', 'entertainment')).id;
    const loose = (await d.category('Loose', null)).id;
    const temp = (await d.category('Temp', 'investment')).id;
    const at = (date: string, time: string) => ({ date, time });
    const add = (from: ReturnType<typeof at>, to: ReturnType<typeof at>, category: number[]) =>
      d.entry({
        start_date: from.date,
        start_time: from.time,
        end_date: to.date,
        end_time: to.time,
        category,
        time_zone: 'UTC',
      });
    // Seven nights of 8 hours, each across midnight.
    for (let day = 8; day <= 14; day++) {
      await add(
        at(`2040-01-${String(day).padStart(2, '0')}`, '22:00'),
        at(`2040-01-${String(day + 1).padStart(2, '0')}`, '06:00'),
        [sleep],
      );
    }
    await add(at('2040-01-10', '09:00'), at('2040-01-10', '13:00'), [work, learn]); // 2 h each
    await add(at('2040-01-11', '14:00'), at('2040-01-11', '15:00'), [loose]); // 1 h unclassified
    await add(at('2040-01-08', '10:00'), at('2040-01-08', '14:00'), [fun]); // 2 h inside the window
    await add(at('2040-01-15', '11:00'), at('2040-01-15', '13:00'), [work]); // 1 h before "now"
    await add(at('2040-01-13', '00:00'), at('2040-01-14', '00:00'), [fun]); // a whole day
    await add(at('2040-01-01', '09:00'), at('2040-01-01', '17:00'), [work]); // only in 30 and 365 days
    await add(at('2039-03-01', '09:00'), at('2039-03-01', '19:00'), [learn]); // only in 365 days
    await add(at('2040-01-12', '09:00'), at('2040-01-12', '09:30'), [temp]);
    // Deleting its only category leaves the entry unclassified.
    await call(user, 'DELETE', `/api/diaries/categories/${temp}/`);

    // Another user's time never counts.
    const other = await makeUser(t);
    const od = await diaryOf(t, other);
    const theirs = (await od.category('Theirs', 'essential')).id;
    await od.entry({
      start_date: '2040-01-10',
      end_date: '2040-01-10',
      category: [theirs],
      time_zone: 'UTC',
    });
  });
  afterAll(() => t.close());

  const analysis = async (days: number, who = user) => {
    const res = await call(who, 'GET', `/api/diaries/analysis/?days=${days}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Analysis;
  };
  const minutesOf = (a: Analysis) => Object.fromEntries(a.jars.map((j) => [j.key, j.minutes]));

  it('sums the last 7 days per jar: equal split, unclassified, clipped at both edges', async () => {
    const a = await analysis(7);
    expect(a.window_start).toBe('2040-01-08T12:00:00.000Z');
    expect(a.window_end).toBe('2040-01-15T12:00:00.000Z');
    expect(minutesOf(a)).toEqual({
      sleep: 7 * 480,
      essential: 120 + 60,
      investment: 0,
      development: 0,
      education: 120,
      entertainment: 120 + 1440,
      sharing: 0,
      unclassified: 60 + 30,
    });
    expect(a.total_minutes).toBe(3360 + 1950);
    expect(a.waking_minutes).toBe(1950);
    expect(a.sleep).toEqual({
      minutes: 3360,
      hours_per_day: 8,
      advice: 'reasonable',
      advice_label: 'reasonable',
    });
    const byKey = Object.fromEntries(a.jars.map((j) => [j.key, j]));
    expect(byKey.essential).toMatchObject({
      name: 'Thiết yếu',
      target: 35,
      percent: expect.closeTo((180 / 1950) * 100, 5),
      status: 'below_target',
      colour: 'yellow',
    });
    expect(byKey.entertainment).toMatchObject({ percent: 80, status: 'above_target', colour: 'red' });
    expect(byKey.unclassified).toMatchObject({ target: null, status: null, colour: null });
    expect(a.unclassified_categories).toEqual([{ id: expect.any(Number), title: 'Loose' }]);
  });

  it('widens to 30 and 365 days, with sleep averaged over the whole window', async () => {
    const month = await analysis(30);
    expect(minutesOf(month).essential).toBe(180 + 480);
    expect(minutesOf(month).education).toBe(120);
    expect(month.sleep).toMatchObject({ hours_per_day: expect.closeTo(56 / 30, 5), advice: 'sleep_more' });
    const year = await analysis(365);
    expect(minutesOf(year).education).toBe(120 + 600);
    expect(year.total_minutes).toBe(month.total_minutes + 600);
  });

  it('defaults to 7 days and refuses other windows', async () => {
    const res = await call(user, 'GET', '/api/diaries/analysis/');
    expect(res.statusCode).toBe(200);
    expect(res.json().days).toBe(7);
    for (const days of ['5', '0', 'week']) {
      const bad = await call(user, 'GET', `/api/diaries/analysis/?days=${days}`);
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json())).toEqual(['days']);
    }
  });

  it('creates the jars of a user with no entries and reports every jar empty', async () => {
    const fresh = await makeUser(t, 'manager');
    const a = await analysis(7, fresh);
    expect(a.jars.map((j) => j.key)).toEqual([...JAR_KEYS]);
    expect(a.total_minutes).toBe(0);
    expect(a.sleep.advice).toBe('sleep_more');
  });

  it('marks every jar on target and green when the time matches the targets, and follows a changed target', async () => {
    const u = await makeUser(t);
    const d = await diaryOf(t, u);
    // 35 + 10 + 15 + 15 + 15 + 10 = 100 waking minutes, one minute per target percent.
    const plan: [JarKey, string, string][] = [
      ['essential', '08:00', '08:35'],
      ['investment', '09:00', '09:10'],
      ['development', '10:00', '10:15'],
      ['education', '11:00', '11:15'],
      ['entertainment', '12:00', '12:15'],
      ['sharing', '13:00', '13:10'],
    ];
    for (const [jar, start, end] of plan) {
      const c = await d.category(jar, jar);
      await d.entry({
        start_date: '2040-01-14',
        start_time: start,
        end_date: '2040-01-14',
        end_time: end,
        category: [c.id],
        time_zone: 'UTC',
      });
    }
    const a = await analysis(7, u);
    const targeted = a.jars.filter((j) => j.target !== null);
    expect(targeted).toHaveLength(6);
    for (const j of targeted)
      expect([j.key, j.percent, j.status, j.colour]).toEqual([j.key, j.target, 'on_target', 'green']);
    await call(u, 'PATCH', `/api/diaries/jars/${d.jar.essential}/`, { ratio: 38 });
    const after = (await analysis(7, u)).jars.find((j) => j.key === 'essential');
    // 35 % against 38 %: within 90 % of it, but more than 2 points under.
    expect(after).toMatchObject({ percent: 35, target: 38, status: 'on_target', colour: 'yellow' });
  });

  it('follows an entry whose categories change and a category that moves jar or is deleted', async () => {
    const u = await makeUser(t);
    const d = await diaryOf(t, u);
    const a = await d.category('A', 'essential');
    const b = await d.category('B', 'education');
    const e = await d.entry({
      start_date: '2040-01-14',
      start_time: '10:00',
      end_date: '2040-01-14',
      end_time: '11:00',
      category: [a.id],
      time_zone: 'UTC',
    });
    const jarMinutes = async () => {
      const m = minutesOf(await analysis(7, u));
      return [m.essential, m.education, m.sharing, m.unclassified];
    };
    expect(await jarMinutes()).toEqual([60, 0, 0, 0]);
    await call(u, 'PATCH', `/api/diaries/entries/${e.id}/`, { category: [a.id, b.id] });
    expect(await jarMinutes()).toEqual([30, 30, 0, 0]);
    await call(u, 'PATCH', `/api/diaries/entries/${e.id}/`, { end_time: '12:00' });
    expect(await jarMinutes()).toEqual([60, 60, 0, 0]);
    await call(u, 'PATCH', `/api/diaries/categories/${b.id}/`, { jar_id: d.jar.sharing });
    expect(await jarMinutes()).toEqual([60, 0, 60, 0]);
    await call(u, 'PATCH', `/api/diaries/categories/${a.id}/`, { jar_id: null });
    expect(await jarMinutes()).toEqual([0, 0, 60, 60]);
    await call(u, 'DELETE', `/api/diaries/categories/${b.id}/`);
    expect(await jarMinutes()).toEqual([0, 0, 0, 120]);
  });

  it('counts every entry written at once into the same week (concurrent writers of one diary)', async () => {
    const u = await makeUser(t);
    const d = await diaryOf(t, u);
    const work = (await d.category('Work', 'essential')).id;
    // Twenty one-hour entries on one day ten days before now, inside the 30-day window's whole weeks.
    // d.entry throws unless the answer is 201.
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        d.entry({
          start_date: '2040-01-05',
          start_time: `${String(i).padStart(2, '0')}:00`,
          end_date: '2040-01-05',
          end_time: `${String(i).padStart(2, '0')}:59`,
          category: [work],
          time_zone: 'UTC',
        }),
      ),
    );
    expect(minutesOf(await analysis(30, u)).essential).toBeCloseTo(20 * 59, 6);
    expect(minutesOf(await analysis(365, u)).essential).toBeCloseTo(20 * 59, 6);
  });

  it('agrees with the rules on random entries, categories and windows, through edits and deletions', async () => {
    const u = await makeUser(t);
    const d = await diaryOf(t, u);
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const jarChoices: (JarKey | null)[] = ['sleep', 'essential', 'investment', 'sharing', null, 'essential'];
    const categories: { id: number; jar: JarKey | null }[] = [];
    for (const [i, jar] of jarChoices.entries())
      categories.push({ id: (await d.category(`C${i}`, jar)).id, jar });
    type Kept = { id: number; startMs: number; endMs: number; categories: typeof categories };
    const entries: Kept[] = [];
    const asFields = (startMs: number, endMs: number, chosen: typeof categories) => {
      const start = new Date(startMs).toISOString();
      const end = new Date(endMs).toISOString();
      return {
        start_date: start.slice(0, 10),
        start_time: start.slice(11, 16),
        end_date: end.slice(0, 10),
        end_time: end.slice(11, 16),
        category: chosen.map((c) => c.id),
        time_zone: 'UTC',
      };
    };
    /** Starts over the 380 days before now (most in the last 40), lengths up to 3 days, whole minutes. */
    const randomSpan = () => {
      const days = random() < 0.5 ? 40 : 380;
      const startMs = NOW - Math.floor(random() * days * 1440) * 60_000;
      return { startMs, endMs: startMs + (1 + Math.floor(random() * 3 * 1440)) * 60_000 };
    };
    const randomCategories = (i: number) => {
      const picked = categories.filter(() => random() < 0.4);
      return picked.length > 0 ? picked : [categories[i % categories.length] as (typeof categories)[0]];
    };
    for (let i = 0; i < 60; i++) {
      const { startMs, endMs } = randomSpan();
      const chosen = randomCategories(i);
      const created = await d.entry(asFields(startMs, endMs, chosen));
      entries.push({ id: created.id, startMs, endMs, categories: chosen });
    }
    // Entries of nearly the longest length across each window's edges, and from a whole week
    // before now to past it (its time after now taken off what the week totals hold).
    for (const [i, daysBefore] of [5, 9, 33, 368, 3].entries()) {
      const startMs = NOW - daysBefore * 86_400_000 + 3_600_000;
      const endMs = startMs + (7 * 1440 - 60) * 60_000;
      const chosen = randomCategories(i);
      const created = await d.entry(asFields(startMs, endMs, chosen));
      entries.push({ id: created.id, startMs, endMs, categories: chosen });
    }
    const agree = async (when: string) => {
      for (const days of [7, 30, 365] as const) {
        const expected = Object.fromEntries(JAR_KEYS.map((k) => [k, 0])) as Record<JarKey, number>;
        for (const e of entries) {
          const span = { startMs: e.startMs, endMs: e.endMs, jars: e.categories.map((c) => c.jar) };
          for (const [k, m] of Object.entries(splitEntryAcrossJars(span, NOW - days * 86_400_000, NOW))) {
            expected[k as JarKey] += m;
          }
        }
        const got = minutesOf(await analysis(days, u));
        expect(expected.essential + expected.sleep).toBeGreaterThan(0);
        for (const k of JAR_KEYS) expect(got[k], `${when}, ${days} days, ${k}`).toBeCloseTo(expected[k], 4);
      }
    };
    await agree('created');
    // Move some entries in time (across the window's edges and its middle), change the categories
    // of others, delete a few, then delete a category: every write keeps the day totals right.
    for (const [i, e] of entries.slice(0, 12).entries()) {
      const { startMs, endMs } = randomSpan();
      const chosen = i % 2 === 0 ? randomCategories(i) : e.categories;
      const res = await call(u, 'PATCH', `/api/diaries/entries/${e.id}/`, asFields(startMs, endMs, chosen));
      expect(res.statusCode, res.body).toBe(200);
      Object.assign(e, { startMs, endMs, categories: chosen });
    }
    for (const e of entries.splice(12, 6)) {
      expect((await call(u, 'DELETE', `/api/diaries/entries/${e.id}/`)).statusCode).toBe(204);
    }
    await agree('edited');
    const gone = categories[1] as (typeof categories)[0];
    expect((await call(u, 'DELETE', `/api/diaries/categories/${gone.id}/`)).statusCode).toBe(204);
    for (const e of entries) e.categories = e.categories.filter((c) => c.id !== gone.id);
    await agree('category deleted');
  });
});

// GET /api/diaries/analysis/charts/ on SQLite and PostgreSQL: the dashboard's numbers come from the
// same sums as the jar cards (the jars' minutes equal the analysis's, and the days or weeks add up to
// them), entries crossing midnight are split by local day in the asked zone, an entry in several
// categories is split equally among their jars, feelings are counted once per entry, and the answer
// follows a write although it is kept ready.
import {
  type Analysis,
  type AnalysisCharts,
  FEELINGS,
  type Feeling,
  JAR_KEYS,
  type JarKey,
} from '@staff/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDatabases } from '../../test/harness';
import { caller, makeUser, type TestUser } from '../../test/users';
import { diaryOf } from './test-fixtures';

/** "Now": Sunday 2040-01-15 12:00 UTC, 19:00 in Asia/Ho_Chi_Minh (UTC+7). */
const NOW = Date.parse('2040-01-15T12:00:00Z');
const HCM = 'Asia/Ho_Chi_Minh';

const sumBuckets = (c: AnalysisCharts, key: JarKey) => c.buckets.reduce((s, b) => s + b.minutes[key], 0);
const bucketOn = (c: AnalysisCharts, date: string) => {
  const found = c.buckets.find((b) => b.start_date === date);
  if (!found) throw new Error(`no bucket starting ${date}: ${c.buckets.map((b) => b.start_date).join(', ')}`);
  return found.minutes;
};
const nonZero = (m: Record<string, number>) =>
  Object.fromEntries(Object.entries(m).filter(([, v]) => v !== 0));

describe.each(testDatabases())('diary analysis charts (%s)', (kind) => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let user: TestUser;
  let d: Awaited<ReturnType<typeof diaryOf>>;
  let work: number;

  const charts = async (query: string, who: TestUser = user) => {
    const res = await call(who, 'GET', `/api/diaries/analysis/charts/?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as AnalysisCharts;
  };
  const analysis = async (days: number, who: TestUser = user) => {
    const res = await call(who, 'GET', `/api/diaries/analysis/?days=${days}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Analysis;
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    t.clock.advance((NOW - t.clock.now().getTime()) / 1000);
    call = caller(t);
    user = await makeUser(t);
    d = await diaryOf(t, user);
    const sleep = (await d.category('Sleep', 'sleep')).id;
    work = (await d.category('Work', 'essential')).id;
    const learn = (await d.category('Learn', 'education')).id;
    const fun = (await d.category('Fun', 'entertainment')).id;
    const loose = (await d.category('Loose', null)).id;
    const add = (
      date: string,
      from: string,
      endDate: string,
      to: string,
      category: number[],
      feeling: Feeling,
    ) =>
      d.entry({
        start_date: date,
        start_time: from,
        end_date: endDate,
        end_time: to,
        category,
        feeling,
        time_zone: HCM,
      });
    await add('2040-01-10', '22:00', '2040-01-11', '06:00', [sleep], 'tired'); // across local midnight
    await add('2040-01-12', '09:00', '2040-01-12', '13:00', [work, learn], 'happy'); // 2 h to each jar
    await add('2040-01-13', '14:00', '2040-01-13', '15:00', [loose], 'sad'); // a category without a jar
    await add('2040-01-08', '17:00', '2040-01-08', '21:00', [fun], 'excited'); // window opens at 19:00
    await add('2040-01-15', '18:00', '2040-01-15', '20:00', [work], 'happy'); // "now" is 19:00
    const temp = (await d.category('Temp', 'investment')).id;
    await add('2040-01-14', '10:00', '2040-01-14', '10:30', [temp], 'neutral');
    await add('2040-01-01', '09:00', '2040-01-01', '17:00', [work], 'anxious'); // 30 and 365 days only
    // Deleting its only category leaves that entry without one: unclassified.
    expect((await call(user, 'DELETE', `/api/diaries/categories/${temp}/`)).statusCode).toBe(204);

    // Another user's time never counts.
    const other = await makeUser(t);
    const od = await diaryOf(t, other);
    await od.entry({
      start_date: '2040-01-12',
      end_date: '2040-01-12',
      category: [(await od.category('Theirs', 'essential')).id],
      feeling: 'angry',
      time_zone: HCM,
    });
  });
  afterAll(() => t.close());

  it('answers the jar cards own figures for the same window, and days that add up to them', async () => {
    for (const days of [7, 30, 365]) {
      const [c, a] = [await charts(`days=${days}`), await analysis(days)];
      expect(c.days).toBe(days);
      expect([c.window_start, c.window_end]).toEqual([a.window_start, a.window_end]);
      expect(c.jars).toEqual(
        a.jars.map(({ key, name, minutes, percent, target }) => ({ key, name, minutes, percent, target })),
      );
      for (const jar of a.jars) {
        expect(sumBuckets(c, jar.key), `${days} days, ${jar.key}`).toBeCloseTo(jar.minutes, 6);
        const byFeeling = c.jar_feelings.find((j) => j.key === jar.key);
        const feelingSum = Object.values(byFeeling?.feelings ?? {}).reduce((s, m) => s + m, 0);
        expect(feelingSum, `${days} days, ${jar.key} by feeling`).toBeCloseTo(jar.minutes, 6);
      }
      // The buckets cover the window exactly, in order, without gaps.
      expect(c.buckets[0]?.start).toBe(c.window_start);
      expect(c.buckets.at(-1)?.end).toBe(c.window_end);
      for (let i = 1; i < c.buckets.length; i++) expect(c.buckets[i]?.start).toBe(c.buckets[i - 1]?.end);
    }
  });

  it('buckets 7 days by local day, splitting an entry across midnight and one in two jars', async () => {
    const c = await charts(`days=7&time_zone=${HCM}`);
    expect(c.bucket).toBe('day');
    expect(c.time_zone).toBe(HCM);
    expect(c.buckets.map((b) => b.start_date)).toEqual([
      '2040-01-08',
      '2040-01-09',
      '2040-01-10',
      '2040-01-11',
      '2040-01-12',
      '2040-01-13',
      '2040-01-14',
      '2040-01-15',
    ]);
    // The first and last local days are cut at the window's edges (19:00 local a week ago and now).
    expect(c.buckets[0]?.start).toBe('2040-01-08T12:00:00.000Z');
    expect(c.buckets[0]?.end).toBe('2040-01-08T17:00:00.000Z');
    expect(nonZero(bucketOn(c, '2040-01-08'))).toEqual({ entertainment: 120 });
    expect(nonZero(bucketOn(c, '2040-01-10'))).toEqual({ sleep: 120 });
    expect(nonZero(bucketOn(c, '2040-01-11'))).toEqual({ sleep: 360 });
    expect(nonZero(bucketOn(c, '2040-01-12'))).toEqual({ essential: 120, education: 120 });
    expect(nonZero(bucketOn(c, '2040-01-13'))).toEqual({ unclassified: 60 });
    expect(nonZero(bucketOn(c, '2040-01-14'))).toEqual({ unclassified: 30 });
    expect(nonZero(bucketOn(c, '2040-01-15'))).toEqual({ essential: 60 });
    expect(nonZero(bucketOn(c, '2040-01-09'))).toEqual({});
  });

  it('follows the asked time zone: the same night falls on one UTC day', async () => {
    const c = await charts('days=7&time_zone=UTC');
    expect(c.buckets.map((b) => b.start_date)).toEqual([
      '2040-01-08',
      '2040-01-09',
      '2040-01-10',
      '2040-01-11',
      '2040-01-12',
      '2040-01-13',
      '2040-01-14',
      '2040-01-15',
    ]);
    // 22:00-06:00 in Ho Chi Minh City is 15:00-23:00 UTC on the 10th.
    expect(nonZero(bucketOn(c, '2040-01-10'))).toEqual({ sleep: 480 });
    expect(nonZero(bucketOn(c, '2040-01-11'))).toEqual({});
    // Without time_zone: Asia/Ho_Chi_Minh, as the entries list.
    expect((await charts('days=7')).time_zone).toBe(HCM);
    expect(nonZero(bucketOn(await charts('days=7'), '2040-01-11'))).toEqual({ sleep: 360 });
  });

  it('buckets 30 and 365 days by local Monday-to-Sunday week', async () => {
    const c = await charts(`days=30&time_zone=${HCM}`);
    expect(c.bucket).toBe('week');
    expect(c.buckets.map((b) => b.start_date)).toEqual([
      '2039-12-12',
      '2039-12-19',
      '2039-12-26',
      '2040-01-02',
      '2040-01-09',
    ]);
    expect(nonZero(bucketOn(c, '2039-12-26'))).toEqual({ essential: 480 }); // Sunday 1 January
    expect(nonZero(bucketOn(c, '2040-01-02'))).toEqual({ entertainment: 240 }); // Sunday 8 January
    expect(nonZero(bucketOn(c, '2040-01-09'))).toEqual({
      sleep: 480,
      essential: 180,
      education: 120,
      unclassified: 90,
    });
    const year = await charts('days=365');
    expect(year.bucket).toBe('week');
    expect(year.buckets).toHaveLength(53);
    for (const b of year.buckets.slice(1)) {
      expect(new Date(`${b.start_date}T00:00:00Z`).getUTCDay(), b.start_date).toBe(1);
    }
  });

  it('counts each entry once under its feeling, and splits each jar by feeling', async () => {
    const c = await charts('days=7');
    expect(c.feelings.map((f) => f.feeling)).toEqual([...FEELINGS]);
    const feelings = Object.fromEntries(c.feelings.map((f) => [f.feeling, [f.count, f.minutes]]));
    expect(feelings).toEqual({
      excited: [1, 120],
      happy: [2, 300], // the entry in two categories once, with its whole time
      neutral: [1, 30],
      sad: [1, 60],
      tired: [1, 480],
      angry: [0, 0], // the other user's
      anxious: [0, 0], // outside the 7 days
    });
    const jar = (key: JarKey) => nonZero(c.jar_feelings.find((j) => j.key === key)?.feelings ?? {});
    expect(c.jar_feelings.map((j) => j.key)).toEqual(c.jars.map((j) => j.key));
    expect(jar('essential')).toEqual({ happy: 180 });
    expect(jar('education')).toEqual({ happy: 120 });
    expect(jar('sleep')).toEqual({ tired: 480 });
    expect(jar('unclassified')).toEqual({ sad: 60, neutral: 30 });
    expect(jar('entertainment')).toEqual({ excited: 120 });
    expect(jar('investment')).toEqual({});
    expect(Object.keys(c.jar_feelings[0]?.feelings ?? {}).sort()).toEqual([...FEELINGS].sort());
    expect(Object.keys(c.buckets[0]?.minutes ?? {}).sort()).toEqual([...JAR_KEYS].sort());
  });

  it('is kept ready as personal data (no-store, no ETag) and still follows a write', async () => {
    for (let round = 0; round < 2; round++) {
      const res = await call(user, 'GET', '/api/diaries/analysis/charts/?days=7');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers.etag).toBeUndefined();
    }
    const before = await charts('days=7');
    expect(bucketOn(before, '2040-01-09').essential).toBe(0);
    const entry = await d.entry({
      start_date: '2040-01-09',
      start_time: '08:00',
      end_date: '2040-01-09',
      end_time: '08:45',
      category: [work],
      feeling: 'angry',
      time_zone: HCM,
    });
    const after = await charts('days=7');
    expect(bucketOn(after, '2040-01-09').essential).toBe(45);
    expect(after.feelings.find((f) => f.feeling === 'angry')?.count).toBe(1);
    expect((await call(user, 'DELETE', `/api/diaries/entries/${entry.id}/`)).statusCode).toBe(204);
    expect(bucketOn(await charts('days=7'), '2040-01-09').essential).toBe(0);
  });

  it('answers 400 in the DRF shape for a bad window or zone, and 401 without a token', async () => {
    for (const days of ['5', 'week']) {
      const bad = await call(user, 'GET', `/api/diaries/analysis/charts/?days=${days}`);
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json())).toEqual(['days']);
    }
    const zone = await call(user, 'GET', '/api/diaries/analysis/charts/?time_zone=Mars/Olympus');
    expect(zone.statusCode).toBe(400);
    expect(zone.json()).toEqual({ time_zone: ['Unknown time zone.'] });
    expect((await call(null, 'GET', '/api/diaries/analysis/charts/')).statusCode).toBe(401);
  });

  it('agrees with the analysis on random entries, categories and windows', async () => {
    let seed = 24;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    const u = await makeUser(t);
    const ud = await diaryOf(t, u);
    const cats = [
      (await ud.category('A', 'sleep')).id,
      (await ud.category('B', 'essential')).id,
      (await ud.category('C', 'development')).id,
      (await ud.category('D', 'sharing')).id,
      (await ud.category('E', null)).id,
    ];
    const pad = (n: number) => String(n).padStart(2, '0');
    for (let i = 0; i < 60; i++) {
      const startMs = NOW - Math.floor(random() * 400) * 86_400_000 - Math.floor(random() * 96) * 900_000;
      const endMs = startMs + (1 + Math.floor(random() * 200)) * 900_000; // up to ~50 hours
      const local = (ms: number) => {
        const x = new Date(ms);
        return [
          `${x.getUTCFullYear()}-${pad(x.getUTCMonth() + 1)}-${pad(x.getUTCDate())}`,
          `${pad(x.getUTCHours())}:${pad(x.getUTCMinutes())}`,
        ] as const;
      };
      const [sd, st] = local(startMs);
      const [ed, et] = local(endMs);
      const picked = cats.filter(() => random() < 0.35);
      const category = picked.length > 0 ? picked : [cats[i % cats.length] as number];
      await ud.entry({
        start_date: sd,
        start_time: st,
        end_date: ed,
        end_time: et,
        category,
        feeling: FEELINGS[Math.floor(random() * FEELINGS.length)] as Feeling,
        time_zone: 'UTC',
      });
    }
    // A deleted category leaves some entries with one category fewer, some with none.
    expect((await call(u, 'DELETE', `/api/diaries/categories/${cats[2]}/`)).statusCode).toBe(204);
    for (const days of [7, 30, 365]) {
      for (const zone of [HCM, 'America/New_York']) {
        const [c, a] = [await charts(`days=${days}&time_zone=${zone}`, u), await analysis(days, u)];
        for (const jar of a.jars) {
          expect(c.jars.find((j) => j.key === jar.key)?.minutes).toBe(jar.minutes);
          expect(sumBuckets(c, jar.key), `${days} days in ${zone}, ${jar.key}`).toBeCloseTo(jar.minutes, 6);
        }
        const feelingMinutes = c.feelings.reduce((s, f) => s + f.minutes, 0);
        expect(feelingMinutes).toBeCloseTo(a.total_minutes, 6);
      }
    }
  });
});

// The dashboard's buckets and sums without a database: local days and weeks in zones with daylight
// saving, entries split at local midnight, an entry in several categories split among their jars.
import { type Analysis, JAR_KEYS, type JarKey } from '@staff/contracts';
import { describe, expect, it } from 'vitest';
import { analyse } from './analysis';
import { bucketSpans, buildCharts, type EntryCategoryRow, localDateOf, mondayOf } from './charts';

const H = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

describe('bucketSpans', () => {
  it('cuts a window into local days, the first and last clipped to it', () => {
    const from = Date.parse('2040-01-08T12:00:00Z');
    const to = Date.parse('2040-01-15T12:00:00Z');
    const spans = bucketSpans(from, to, 'Asia/Ho_Chi_Minh', 'day');
    expect(spans.map((s) => s.startDate)).toEqual([
      '2040-01-08',
      '2040-01-09',
      '2040-01-10',
      '2040-01-11',
      '2040-01-12',
      '2040-01-13',
      '2040-01-14',
      '2040-01-15',
    ]);
    expect(iso(spans[0]?.startMs ?? 0)).toBe('2040-01-08T12:00:00.000Z');
    expect(iso(spans[0]?.endMs ?? 0)).toBe('2040-01-08T17:00:00.000Z'); // local midnight, UTC+7
    expect(iso(spans[1]?.endMs ?? 0)).toBe('2040-01-09T17:00:00.000Z');
    expect(spans.at(-1)?.endMs).toBe(to);
  });

  it('gives a day of 23 hours and one of 25 where the clocks change (Europe/Berlin)', () => {
    const spring = bucketSpans(
      Date.parse('2040-03-24T12:00:00Z'),
      Date.parse('2040-03-27T12:00:00Z'),
      'Europe/Berlin',
      'day',
    );
    const march25 = spring.find((s) => s.startDate === '2040-03-25');
    expect(((march25?.endMs ?? 0) - (march25?.startMs ?? 0)) / H).toBe(23);
    const autumn = bucketSpans(
      Date.parse('2040-10-27T12:00:00Z'),
      Date.parse('2040-10-30T12:00:00Z'),
      'Europe/Berlin',
      'day',
    );
    const october28 = autumn.find((s) => s.startDate === '2040-10-28');
    expect(((october28?.endMs ?? 0) - (october28?.startMs ?? 0)) / H).toBe(25);
  });

  it('cuts into Monday-to-Sunday local weeks', () => {
    const from = Date.parse('2039-12-16T12:00:00Z'); // a Friday
    const to = Date.parse('2040-01-15T12:00:00Z'); // a Sunday
    const spans = bucketSpans(from, to, 'UTC', 'week');
    expect(spans.map((s) => s.startDate)).toEqual([
      '2039-12-12',
      '2039-12-19',
      '2039-12-26',
      '2040-01-02',
      '2040-01-09',
    ]);
    expect(spans[0]?.startMs).toBe(from);
    expect(iso(spans[1]?.startMs ?? 0)).toBe('2039-12-19T00:00:00.000Z');
    expect(spans.at(-1)?.endMs).toBe(to);
  });

  it('knows local dates and Mondays', () => {
    expect(localDateOf(Date.parse('2040-01-10T17:30:00Z'), 'Asia/Ho_Chi_Minh')).toBe('2040-01-11');
    expect(localDateOf(Date.parse('2040-01-10T17:30:00Z'), 'America/New_York')).toBe('2040-01-10');
    expect(mondayOf('2040-01-15')).toBe('2040-01-09'); // Sunday
    expect(mondayOf('2040-01-09')).toBe('2040-01-09'); // Monday
    expect(mondayOf('2040-01-01')).toBe('2039-12-26');
  });
});

describe('buildCharts', () => {
  const from = Date.parse('2040-01-08T00:00:00Z');
  const to = Date.parse('2040-01-15T00:00:00Z');
  const jars = JAR_KEYS.map((key, i) => ({ id: i + 1, key, ratio: 0 }));
  const jarId = (key: JarKey) => (jars.find((j) => j.key === key)?.id ?? 0) as number;
  const jarOfCategory = new Map<number, number | null>([
    [10, jarId('sleep')],
    [11, jarId('essential')],
    [12, jarId('education')],
    [13, null],
  ]);
  const jarKeyById = new Map(jars.map((j) => [j.id, j.key]));
  const rows: EntryCategoryRow[] = [
    // 22:00-06:00 across midnight, sleep.
    {
      id: 1,
      startMs: Date.parse('2040-01-09T22:00:00Z'),
      endMs: Date.parse('2040-01-10T06:00:00Z'),
      feeling: 'tired',
      categoryCount: 1,
      categoryId: 10,
    },
    // Four hours in two categories of different jars: one row per category.
    {
      id: 2,
      startMs: Date.parse('2040-01-11T09:00:00Z'),
      endMs: Date.parse('2040-01-11T13:00:00Z'),
      feeling: 'happy',
      categoryCount: 2,
      categoryId: 11,
    },
    {
      id: 2,
      startMs: Date.parse('2040-01-11T09:00:00Z'),
      endMs: Date.parse('2040-01-11T13:00:00Z'),
      feeling: 'happy',
      categoryCount: 2,
      categoryId: 12,
    },
    // Started before the window: only its part inside counts.
    {
      id: 3,
      startMs: Date.parse('2040-01-07T23:00:00Z'),
      endMs: Date.parse('2040-01-08T01:00:00Z'),
      feeling: 'sad',
      categoryCount: 1,
      categoryId: 13,
    },
  ];
  const analysis: Analysis = analyse({
    days: 7,
    windowStartMs: from,
    windowEndMs: to,
    jars,
    minutes: {
      ...Object.fromEntries(JAR_KEYS.map((k) => [k, 0])),
      sleep: 480,
      essential: 120,
      education: 120,
      unclassified: 60,
    } as Record<JarKey, number>,
    unclassifiedCategories: [],
  });
  const charts = buildCharts({
    analysis,
    timeZone: 'UTC',
    windowStartMs: from,
    windowEndMs: to,
    rows,
    jarOfCategory,
    jarKeyById,
  });
  const day = (date: string) =>
    Object.fromEntries(
      Object.entries(charts.buckets.find((b) => b.start_date === date)?.minutes ?? {}).filter(([, v]) => v),
    );

  it('splits an entry at local midnight and among its categories jars', () => {
    expect(charts.buckets).toHaveLength(7);
    expect(day('2040-01-08')).toEqual({ unclassified: 60 });
    expect(day('2040-01-09')).toEqual({ sleep: 120 });
    expect(day('2040-01-10')).toEqual({ sleep: 360 });
    expect(day('2040-01-11')).toEqual({ essential: 120, education: 120 });
  });

  it('counts an entry in two categories once, with its time inside the window', () => {
    const f = Object.fromEntries(charts.feelings.map((x) => [x.feeling, [x.count, x.minutes]]));
    expect(f.happy).toEqual([1, 240]);
    expect(f.sad).toEqual([1, 60]);
    expect(f.tired).toEqual([1, 480]);
    expect(f.angry).toEqual([0, 0]);
  });

  it("splits each jar's time by feeling", () => {
    const of = (key: JarKey) => charts.jar_feelings.find((j) => j.key === key)?.feelings;
    expect(of('essential')?.happy).toBe(120);
    expect(of('unclassified')?.sad).toBe(60);
    expect(of('sleep')?.tired).toBe(480);
    expect(of('sleep')?.happy).toBe(0);
  });
});

// The analysis in pictures (issue 24): the numbers behind the dashboard's charts. The jar shares are
// the jar analysis's own answer; the time per local day or week, the feelings and each jar's time
// per feeling come from the same entries read once, credited to jars by the analysis's rule (an
// entry's time split equally among its categories, a category without a jar and an entry without a
// category counted as unclassified) and turned into minutes by the analysis's own `minutesByJar`.
import {
  type Analysis,
  type AnalysisCharts,
  type ChartBucket,
  type ChartBucketKind,
  type ChartFeeling,
  type ChartJarFeelings,
  FEELINGS,
  type Feeling,
  JAR_KEYS,
  type JarKey,
} from '@staff/contracts';
import type { Db } from '../../db/index';
import { type CategoryTimeRow, minutesByJar } from './analysis';
import { addDays, isoInstant, localToEpochMs, MAX_ENTRY_MS, MINUTE_MS, zoneOffsetMs } from './time';

/** One entry's link to one of its categories (categoryId null: an entry without categories). */
export interface EntryCategoryRow {
  id: number;
  startMs: number;
  endMs: number;
  feeling: string;
  categoryCount: number;
  categoryId: number | null;
}

/**
 * The user's entries with time inside [fromMs, toMs), one row per (entry, category), an entry without
 * categories once with categoryId null. One range of the (user_id, start_ms, end_ms, category_count)
 * index, bounded below by the longest entry, as the analysis's edge reads are.
 */
export async function entryCategoriesInWindow(
  db: Db,
  userId: number,
  fromMs: number,
  toMs: number,
): Promise<EntryCategoryRow[]> {
  const rows = await db
    .selectFrom('diary_entries as e')
    .leftJoin('diary_entry_categories as ec', 'ec.entry_id', 'e.id')
    .select(['e.id', 'e.start_ms', 'e.end_ms', 'e.feeling', 'e.category_count', 'ec.category_id'])
    .where('e.user_id', '=', userId)
    .where('e.start_ms', '>', fromMs - MAX_ENTRY_MS)
    .where('e.start_ms', '<', toMs)
    .where('e.end_ms', '>', fromMs)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    startMs: Number(r.start_ms),
    endMs: Number(r.end_ms),
    feeling: r.feeling,
    categoryCount: Number(r.category_count),
    categoryId: r.category_id === null ? null : Number(r.category_id),
  }));
}

/** The local calendar date (YYYY-MM-DD) an instant falls on in `zone`. */
export function localDateOf(epochMs: number, zone: string): string {
  return isoInstant(epochMs + zoneOffsetMs(zone, epochMs)).slice(0, 10);
}

/** The Monday on or before a calendar date. */
export function mondayOf(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay(); // 0 Sunday
  return addDays(date, -((weekday + 6) % 7));
}

export interface BucketSpan {
  startDate: string;
  startMs: number;
  endMs: number;
}

/**
 * The local days (or Monday-to-Sunday weeks) of `zone` that [fromMs, toMs) touches, oldest first,
 * each clipped to the window: together they cover the window exactly, once.
 */
export function bucketSpans(fromMs: number, toMs: number, zone: string, kind: ChartBucketKind): BucketSpan[] {
  const step = kind === 'day' ? 1 : 7;
  let date = localDateOf(fromMs, zone);
  if (kind === 'week') date = mondayOf(date);
  const spans: BucketSpan[] = [];
  let startMs = fromMs;
  while (startMs < toMs) {
    const next = addDays(date, step);
    const endMs = Math.min(toMs, localToEpochMs(next, '00:00', zone));
    if (endMs > startMs) spans.push({ startDate: date, startMs, endMs });
    startMs = Math.max(startMs, endMs);
    date = next;
  }
  return spans;
}

/** Adds ms to the (category, category count) row of a bucket of CategoryTimeRow sums. */
function addTime(sums: Map<string, CategoryTimeRow>, categoryId: number | null, n: number, ms: number) {
  const key = `${categoryId ?? 0}/${n}`;
  const row = sums.get(key);
  if (row) row.ms += ms;
  else sums.set(key, { categoryId, categoryCount: n, ms });
}

const tidy = (n: number) => Math.round(n * 1e6) / 1e6;
const isFeeling = (v: string): v is Feeling => (FEELINGS as readonly string[]).includes(v);

export interface ChartsInput {
  analysis: Analysis;
  timeZone: string;
  windowStartMs: number;
  windowEndMs: number;
  rows: EntryCategoryRow[];
  jarOfCategory: Map<number, number | null>;
  jarKeyById: Map<number, JarKey>;
}

/** The dashboard's answer: the analysis's jar shares, time per bucket, the feelings, each jar's feelings. */
export function buildCharts(input: ChartsInput): AnalysisCharts {
  const { analysis, windowStartMs: from, windowEndMs: to } = input;
  const kind: ChartBucketKind = analysis.days === 7 ? 'day' : 'week';
  const spans = bucketSpans(from, to, input.timeZone, kind);
  const bucketSums = spans.map(() => new Map<string, CategoryTimeRow>());
  const feelingSums = new Map<Feeling, Map<string, CategoryTimeRow>>(FEELINGS.map((f) => [f, new Map()]));
  const feelingCounts = new Map<Feeling, Set<number>>(FEELINGS.map((f) => [f, new Set()]));
  const feelingMs = new Map<Feeling, number>(FEELINGS.map((f) => [f, 0]));
  const counted = new Set<number>();

  for (const row of input.rows) {
    const start = Math.max(row.startMs, from);
    const end = Math.min(row.endMs, to);
    if (end <= start) continue;
    // The buckets the entry's clipped time crosses (an entry lasts at most 7 days: a few steps).
    let i = firstSpanAtOrAfter(spans, start);
    for (; i < spans.length; i++) {
      const span = spans[i] as BucketSpan;
      if (span.startMs >= end) break;
      const ms = Math.min(end, span.endMs) - Math.max(start, span.startMs);
      if (ms > 0)
        addTime(bucketSums[i] as Map<string, CategoryTimeRow>, row.categoryId, row.categoryCount, ms);
    }
    if (!isFeeling(row.feeling)) continue;
    addTime(
      feelingSums.get(row.feeling) as Map<string, CategoryTimeRow>,
      row.categoryId,
      row.categoryCount,
      end - start,
    );
    if (!counted.has(row.id)) {
      counted.add(row.id);
      (feelingCounts.get(row.feeling) as Set<number>).add(row.id);
      feelingMs.set(row.feeling, (feelingMs.get(row.feeling) ?? 0) + end - start);
    }
  }

  const toJars = (sums: Map<string, CategoryTimeRow>) => {
    const minutes = minutesByJar([...sums.values()], input.jarOfCategory, input.jarKeyById);
    return Object.fromEntries(JAR_KEYS.map((k) => [k, tidy(minutes[k])])) as Record<JarKey, number>;
  };
  const buckets: ChartBucket[] = spans.map((span, i) => ({
    start_date: span.startDate,
    start: isoInstant(span.startMs),
    end: isoInstant(span.endMs),
    minutes: toJars(bucketSums[i] as Map<string, CategoryTimeRow>),
  }));
  const byFeeling = new Map(
    FEELINGS.map((f) => [f, toJars(feelingSums.get(f) as Map<string, CategoryTimeRow>)]),
  );
  const feelings: ChartFeeling[] = FEELINGS.map((feeling) => ({
    feeling,
    count: (feelingCounts.get(feeling) as Set<number>).size,
    minutes: tidy((feelingMs.get(feeling) ?? 0) / MINUTE_MS),
  }));
  const jarFeelings: ChartJarFeelings[] = analysis.jars.map((jar) => ({
    key: jar.key,
    name: jar.name,
    minutes: jar.minutes,
    feelings: Object.fromEntries(
      FEELINGS.map((f) => [f, (byFeeling.get(f) as Record<JarKey, number>)[jar.key]]),
    ) as Record<Feeling, number>,
  }));
  return {
    days: analysis.days,
    time_zone: input.timeZone,
    window_start: analysis.window_start,
    window_end: analysis.window_end,
    bucket: kind,
    jars: analysis.jars.map(({ key, name, minutes, percent, target }) => ({
      key,
      name,
      minutes,
      percent,
      target,
    })),
    buckets,
    feelings,
    jar_feelings: jarFeelings,
  };
}

/** Index of the first span whose end is after `ms` (spans are sorted and contiguous). */
function firstSpanAtOrAfter(spans: BucketSpan[], ms: number): number {
  let lo = 0;
  let hi = spans.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((spans[mid] as BucketSpan).endMs <= ms) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

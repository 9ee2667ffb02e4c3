// The diary's analysis in pictures (issue 24): GET /api/diaries/analysis/charts/?days=7|30|365&time_zone=
// The numbers behind the dashboard's four charts, from the same sums as the jar analysis.
import { z } from 'zod';
import './errors';
import { AnalysisQuery, DEFAULT_TIME_ZONE, FEELINGS, Feeling, JAR_KEYS, JarKey, TimeZone } from './diary';

/** The analysis's query (days 7, 30 or 365) and the zone whose local days and weeks the buckets follow. */
export const AnalysisChartsQuery = AnalysisQuery.extend({
  time_zone: TimeZone.default(DEFAULT_TIME_ZONE),
});
export type AnalysisChartsQuery = z.infer<typeof AnalysisChartsQuery>;

/** 7 days: a bucket per local day; 30 and 365 days: a bucket per local week (Monday to Sunday). */
export const CHART_BUCKETS = ['day', 'week'] as const;
export const ChartBucketKind = z.enum(CHART_BUCKETS);
export type ChartBucketKind = z.infer<typeof ChartBucketKind>;

/** An object with a number under each of `keys`, all present (the same as an exhaustive record, but
 * spelled out as properties: the OpenAPI document lists them and the serialiser's sampled payloads reach it). */
const minutesBy = <K extends string>(keys: readonly K[]) =>
  z.object(Object.fromEntries(keys.map((k) => [k, z.number()])) as Record<K, z.ZodNumber>);
/** Minutes per jar key (every one of the eight jars present). */
const MinutesByJar = minutesBy(JAR_KEYS);
/** Minutes per feeling (every feeling present). */
const MinutesByFeeling = minutesBy(FEELINGS);

export const ChartJarShare = z.object({
  key: JarKey,
  name: z.string(),
  minutes: z.number(),
  /** Share of waking time in percent, as the jar card shows it; null for sleep. */
  percent: z.number().nullable(),
  /** The jar's target; null for sleep and unclassified. */
  target: z.number().int().nullable(),
});
export type ChartJarShare = z.infer<typeof ChartJarShare>;

export const ChartBucket = z.object({
  /** The local date the day or week starts on (a week starts on Monday), YYYY-MM-DD. */
  start_date: z.string(),
  /** The bucket's instants, clipped to the window: the first and last buckets may be partial. */
  start: z.string(),
  end: z.string(),
  minutes: MinutesByJar,
});
export type ChartBucket = z.infer<typeof ChartBucket>;

export const ChartFeeling = z.object({
  feeling: Feeling,
  /** Entries with this feeling that have time inside the window. */
  count: z.number().int(),
  minutes: z.number(),
});
export type ChartFeeling = z.infer<typeof ChartFeeling>;

export const ChartJarFeelings = z.object({
  key: JarKey,
  name: z.string(),
  minutes: z.number(),
  /** The jar's minutes per feeling of the entries they came from. */
  feelings: MinutesByFeeling,
});
export type ChartJarFeelings = z.infer<typeof ChartJarFeelings>;

export const AnalysisCharts = z.object({
  days: z.number().int(),
  time_zone: z.string(),
  window_start: z.string(),
  window_end: z.string(),
  bucket: ChartBucketKind,
  /** Every jar, in the analysis's order: the jar cards' minutes, shares and targets. */
  jars: z.array(ChartJarShare),
  /** Time per jar per local day or week, oldest first; they add up to the jars' minutes. */
  buckets: z.array(ChartBucket),
  /** Every feeling, in the spec's order. */
  feelings: z.array(ChartFeeling),
  /** Every jar, in the analysis's order: its time split by feeling. */
  jar_feelings: z.array(ChartJarFeelings),
});
export type AnalysisCharts = z.infer<typeof AnalysisCharts>;

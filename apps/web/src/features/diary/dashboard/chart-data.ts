// The dashboard's four charts as data: the rows each chart draws and the table that is its text
// alternative, both from the API's answer (nothing is recomputed here but shares of a jar's time and
// hours for the axes), and a one-sentence summary of each.
import {
  type AnalysisCharts,
  FEELINGS,
  type Feeling,
  JAR_DISPLAY_ORDER,
  type JarKey,
} from '@staff/contracts';
import { feelingLabel, formatDate, formatDuration, formatPercent } from '../entry-format';

/** Each jar's colour in the charts (Mantine palette), one hue apart so neighbours in a stack differ. */
export const JAR_CHART_COLOURS: Record<JarKey, string> = {
  sleep: 'indigo.6',
  essential: 'blue.6',
  investment: 'teal.6',
  development: 'green.7',
  education: 'cyan.7',
  entertainment: 'orange.6',
  sharing: 'pink.6',
  unclassified: 'gray.6',
};

export const FEELING_CHART_COLOURS: Record<Feeling, string> = {
  excited: 'yellow.6',
  happy: 'green.6',
  neutral: 'gray.6',
  sad: 'blue.6',
  tired: 'violet.6',
  angry: 'red.7',
  anxious: 'orange.7',
};

const ORDER: readonly JarKey[] = [...JAR_DISPLAY_ORDER, 'unclassified'];
const hours = (minutes: number) => Math.round((minutes / 60) * 10) / 10;
const share = (part: number, whole: number) => (whole > 0 ? (part * 100) / whole : 0);

export interface ChartTable {
  head: string[];
  rows: string[][];
}

/** Chart 1: each jar's actual share of waking time against its target (sleep has neither). */
export function shareVsTarget(charts: AnalysisCharts) {
  const jars = charts.jars.filter((j) => j.key !== 'sleep' && (j.key !== 'unclassified' || j.minutes > 0));
  const data = jars.map((j) => ({ jar: j.name, Actual: round1(j.percent ?? 0), Target: j.target ?? 0 }));
  const table: ChartTable = {
    head: ['Jar', 'Actual', 'Target', 'Time'],
    rows: jars.map((j) => [
      j.name,
      formatPercent(j.percent ?? 0),
      j.target === null ? '—' : `${j.target}%`,
      formatDuration(j.minutes),
    ]),
  };
  const off = [...jars]
    .filter((j) => j.target !== null)
    .sort(
      (a, b) => Math.abs((b.percent ?? 0) - (b.target ?? 0)) - Math.abs((a.percent ?? 0) - (a.target ?? 0)),
    )[0];
  const summary = off
    ? `Furthest from its target: ${off.name}, ${formatPercent(off.percent ?? 0)} of waking time against ${off.target}%.`
    : 'No jar has a target.';
  return { data, table, summary };
}

/** Jars with time in the window, in display order: the series of the time and feeling charts. */
export function jarsWithTime(charts: AnalysisCharts) {
  return ORDER.flatMap((key) => charts.jars.filter((j) => j.key === key && j.minutes > 0));
}

/** The label of a bucket: its date, or "from <Monday>" for a week. */
export function bucketLabel(charts: AnalysisCharts, startDate: string): string {
  const date = formatDate(startDate);
  return charts.bucket === 'week' ? `Week of ${date}` : date;
}

/** Chart 2: hours per jar per local day (7 days) or week (30 and 365 days), stacked. */
export function timePerBucket(charts: AnalysisCharts) {
  const jars = jarsWithTime(charts);
  const data: Record<string, string | number>[] = charts.buckets.map((b) => ({
    bucket: formatDate(b.start_date).slice(0, 5),
    ...Object.fromEntries(jars.map((j) => [j.name, hours(b.minutes[j.key])])),
  }));
  const table: ChartTable = {
    head: [charts.bucket === 'week' ? 'Week' : 'Day', ...jars.map((j) => j.name), 'Total'],
    rows: charts.buckets.map((b) => {
      const total = jars.reduce((s, j) => s + b.minutes[j.key], 0);
      return [
        bucketLabel(charts, b.start_date),
        ...jars.map((j) => formatDuration(b.minutes[j.key])),
        formatDuration(total),
      ];
    }),
  };
  const totals = charts.buckets.map((b) => ({
    date: b.start_date,
    minutes: jars.reduce((s, j) => s + b.minutes[j.key], 0),
  }));
  const busiest = [...totals].sort((a, b) => b.minutes - a.minutes)[0];
  const unit = charts.bucket === 'week' ? 'week' : 'day';
  const summary =
    busiest && busiest.minutes > 0
      ? `${charts.buckets.length} ${unit}s; the most logged: ${bucketLabel(charts, busiest.date)}, ${formatDuration(busiest.minutes)}.`
      : `Nothing logged in any ${unit}.`;
  return { data, series: jars, table, summary };
}

/** Chart 3: how many entries carried each feeling. */
export function feelingCounts(charts: AnalysisCharts) {
  const data = charts.feelings.map((f) => ({ feeling: feelingLabel(f.feeling), Entries: f.count }));
  const table: ChartTable = {
    head: ['Feeling', 'Entries', 'Time'],
    rows: charts.feelings.map((f) => [feelingLabel(f.feeling), String(f.count), formatDuration(f.minutes)]),
  };
  const top = [...charts.feelings].sort((a, b) => b.count - a.count)[0];
  const total = charts.feelings.reduce((s, f) => s + f.count, 0);
  const summary =
    top && top.count > 0
      ? `${total} entries; the most often: ${feelingLabel(top.feeling)}, ${top.count} ${top.count === 1 ? 'entry' : 'entries'}.`
      : 'No entries.';
  return { data, table, summary };
}

/** Chart 4: for each jar with time, the share of its time spent with each feeling. */
export function feelingsPerJar(charts: AnalysisCharts) {
  const jars = ORDER.flatMap((key) => charts.jar_feelings.filter((j) => j.key === key && j.minutes > 0));
  const data: Record<string, string | number>[] = jars.map((j) => ({
    jar: j.name,
    ...Object.fromEntries(FEELINGS.map((f) => [feelingLabel(f), round1(share(j.feelings[f], j.minutes))])),
  }));
  const table: ChartTable = {
    head: ['Jar', ...FEELINGS.map(feelingLabel)],
    rows: jars.map((j) => [j.name, ...FEELINGS.map((f) => formatPercent(share(j.feelings[f], j.minutes)))]),
  };
  const parts = jars.map((j) => {
    const main = [...FEELINGS].sort((a, b) => j.feelings[b] - j.feelings[a])[0] as Feeling;
    return `${j.name} mostly ${feelingLabel(main)} (${formatPercent(share(j.feelings[main], j.minutes))})`;
  });
  const summary = parts.length > 0 ? `${parts.join('; ')}.` : 'No time in any jar.';
  return { data, table, summary };
}

function round1(n: number): number {
  return Math.round(n * 10) / 10;
}

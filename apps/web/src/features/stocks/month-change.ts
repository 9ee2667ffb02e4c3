// The watchlist analysis's chart as data (issue 26): each ticker's change since the month's open,
// day by day, as percent lines on one scale. The base is the snapshot's month open, as the table's
// 'Từ đầu tháng' column takes it, so each line ends on that column's figure; today's point moves
// with the live quotes like the stock page's candle.
import type { PriceRecord, Snapshot } from '@staff/contracts';
import { type Candle, formatDay, sessionCandle, toCandles, withSessionCandle } from './candles';
import { changePercent, formatPercent } from './format';

/** Line colours, one per ticker in the list's order; past the tenth they repeat, dashed. */
export const LINE_COLOURS = [
  '#1c7ed6', // blue.7
  '#e8590c', // orange.8
  '#2f9e44', // green.8
  '#ae3ec9', // grape.7
  '#e03131', // red.8
  '#0c8599', // cyan.8
  '#f08c00', // yellow.9
  '#4263eb', // indigo.7
  '#d6336c', // pink.7
  '#5c940d', // lime.9
] as const;

export interface ChangePoint {
  date: string;
  percent: number;
}

export interface ChangeLine {
  ticker: string;
  colour: string;
  dashed: boolean;
  points: ChangePoint[];
}

/** The first day (YYYY-MM-01) of the month the snapshots describe: their latest trading date's. */
export function monthOf(snapshots: readonly (Snapshot | null)[]): string | null {
  const dates = snapshots.flatMap((s) => (s?.trading_date ? [s.trading_date] : []));
  if (dates.length === 0) return null;
  const latest = [...dates].sort().at(-1) as string;
  return `${latest.slice(0, 7)}-01`;
}

/** One ticker's line: its closes this month (today's price while a session runs) against the month's open. */
export function changeLine(
  ticker: string,
  index: number,
  snapshot: Snapshot | null,
  bars: readonly PriceRecord[] | undefined,
  month: string,
): ChangeLine {
  const candles: Candle[] = withSessionCandle(
    toCandles((bars ?? []).filter((b) => b.date >= month)),
    sessionCandle(snapshot),
  ).filter((c) => c.date >= month);
  const base = snapshot?.month_open ?? candles[0]?.open ?? null;
  return {
    ticker,
    colour: LINE_COLOURS[index % LINE_COLOURS.length] as string,
    dashed: index >= LINE_COLOURS.length,
    points: candles.flatMap((c) => {
      const percent = changePercent(c.close, base);
      return percent === null ? [] : [{ date: c.date, percent }];
    }),
  };
}

/** Each line's change on a day (or its last, for null), for the legend and the summary. */
export function changeOn(line: ChangeLine, date: string | null): number | null {
  if (date === null) return line.points.at(-1)?.percent ?? null;
  return line.points.find((p) => p.date === date)?.percent ?? null;
}

/** The chart in one sentence: the period, the best and the worst ticker. */
export function monthSummary(lines: readonly ChangeLine[], month: string): string {
  const ends = lines.flatMap((l) => {
    const last = l.points.at(-1);
    return last ? [{ ticker: l.ticker, percent: last.percent, date: last.date }] : [];
  });
  const monthLabel = `${month.slice(5, 7)}/${month.slice(0, 4)}`;
  if (ends.length === 0) return `Chưa có giá nào trong tháng ${monthLabel}.`;
  const best = ends.reduce((a, b) => (b.percent > a.percent ? b : a));
  const worst = ends.reduce((a, b) => (b.percent < a.percent ? b : a));
  const until = ends.reduce((a, b) => (b.date > a.date ? b : a)).date;
  const period = `Thay đổi từ đầu tháng ${monthLabel} đến ${formatDay(until)}`;
  if (ends.length === 1) return `${period}: ${best.ticker} ${formatPercent(best.percent)}.`;
  return `${period}: cao nhất ${best.ticker} ${formatPercent(best.percent)}, thấp nhất ${worst.ticker} ${formatPercent(worst.percent)}.`;
}

/** The table behind the chart: one row per day, one column per ticker (null where it has no price). */
export function changeTable(lines: readonly ChangeLine[]): { date: string; values: (number | null)[] }[] {
  const dates = [...new Set(lines.flatMap((l) => l.points.map((p) => p.date)))].sort();
  return dates.map((date) => ({ date, values: lines.map((l) => changeOn(l, date)) }));
}

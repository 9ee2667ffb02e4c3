// The stock page's candlestick chart as data (issue 26), kept apart from the drawing so it is tested
// here: the daily bars as candles, today's candle from the live snapshot, the range buttons' windows,
// the crosshair's read-out and the chart's one-sentence summary.
import type { PriceRecord, Snapshot } from '@staff/contracts';
import { formatNumber, formatPercent } from './format';

/** The first day the stock page asks bars from: HOSE opened in July 2000, so this is every bar. */
export const HISTORY_SINCE = '2000-01-01';

export const CHART_RANGES = ['1M', '3M', '1Y', '3Y', 'all'] as const;
export type ChartRange = (typeof CHART_RANGES)[number];
export const DEFAULT_CHART_RANGE: ChartRange = '3M';

/** The range buttons' labels. */
export const RANGE_LABELS: Record<ChartRange, string> = {
  '1M': '1M',
  '3M': '3M',
  '1Y': '1Y',
  '3Y': '3Y',
  all: 'Tất cả',
};
/** How the summary and the buttons' titles say each range. */
export const RANGE_NAMES: Record<ChartRange, string> = {
  '1M': '1 tháng',
  '3M': '3 tháng',
  '1Y': '1 năm',
  '3Y': '3 năm',
  all: 'toàn bộ lịch sử',
};
const RANGE_MONTHS: Record<Exclude<ChartRange, 'all'>, number> = { '1M': 1, '3M': 3, '1Y': 12, '3Y': 36 };

/** One day of the chart: a daily bar, or today's session so far (`live`). */
export interface Candle {
  date: string;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
  live?: boolean;
}

export function toCandles(bars: readonly PriceRecord[]): Candle[] {
  return bars.map(({ date, open, high, low, close, volume }) => ({ date, open, high, low, close, volume }));
}

/**
 * Today's candle while a session runs: the snapshot (moved on by the live quotes) has a quote of the
 * session (`live_as_of`), its open, high, low, price and volume so far. Null outside a session, when
 * the day's bar is the truth.
 */
export function sessionCandle(s: Snapshot | null | undefined): Candle | null {
  if (!s || s.live_as_of === null || s.trading_date === null || s.current_price === null) return null;
  const close = s.current_price;
  return {
    date: s.trading_date,
    open: s.open_price ?? close,
    high: Math.max(s.high_price ?? close, close),
    low: Math.min(s.low_price ?? close, close),
    close,
    volume: s.volume ?? 0,
    live: true,
  };
}

const sameCandle = (a: Candle | undefined, b: Candle | undefined) =>
  !!a &&
  !!b &&
  a.date === b.date &&
  a.open === b.open &&
  a.high === b.high &&
  a.low === b.low &&
  a.close === b.close &&
  a.volume === b.volume;

/** Whether `next` is `previous` with only its last day changed or one day added (a quote moved today's candle). */
export function onlyLastDayMoved(previous: readonly Candle[], next: readonly Candle[]): boolean {
  if (previous.length === 0 || (next.length !== previous.length && next.length !== previous.length + 1)) {
    return false;
  }
  const kept = next.length === previous.length ? previous.length - 1 : previous.length;
  for (let i = 0; i < kept; i++) if (!sameCandle(previous[i], next[i])) return false;
  return true;
}

/** The bars with today's session candle: appended after the last bar, or in place of the day's bar. */
export function withSessionCandle(bars: Candle[], session: Candle | null): Candle[] {
  const last = bars.at(-1);
  if (!session || (last && session.date < last.date)) return bars;
  if (last && last.date === session.date) {
    return [
      ...bars.slice(0, -1),
      { ...session, high: Math.max(last.high, session.high), low: Math.min(last.low, session.low) },
    ];
  }
  return [...bars, session];
}

/** `date` (YYYY-MM-DD) moved back by whole months, on the same day or the month's last. */
export function monthsBefore(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) - months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(Math.min(d, lastDay)).padStart(2, '0')}`;
}

/** The bars a range shows, as indices (inclusive) into `bars`: those after the range's start, up to the last. */
export interface BarWindow {
  from: number;
  to: number;
}

export function rangeWindow(bars: readonly Candle[], range: ChartRange): BarWindow | null {
  const last = bars.at(-1);
  if (!last) return null;
  const to = bars.length - 1;
  if (range === 'all') return { from: 0, to };
  const start = monthsBefore(last.date, RANGE_MONTHS[range]);
  const from = bars.findIndex((b) => b.date > start);
  return { from: from === -1 ? to : from, to };
}

/** A day as the app writes it: 22/11/2026. */
export function formatDay(date: string): string {
  const [y, m, d] = date.split('-');
  return `${d}/${m}/${y}`;
}

/** What the read-out beside the chart shows of one day. */
export interface ReadOut extends Candle {
  /** The close against the day before's (null on the first bar). */
  change: number | null;
  changePercent: number | null;
}

export function readOut(bars: readonly Candle[], index: number | null): ReadOut | null {
  const at = index ?? bars.length - 1;
  const bar = bars[at];
  if (!bar) return null;
  const before = bars[at - 1];
  const change = before ? bar.close - before.close : null;
  return {
    ...bar,
    change,
    changePercent: before && before.close !== 0 && change !== null ? (change / before.close) * 100 : null,
  };
}

/** The read-out in words: what a screen reader hears as the day changes. */
export function readOutText(r: ReadOut): string {
  const change = r.changePercent === null ? '' : ` (${formatPercent(r.changePercent)})`;
  return `${formatDay(r.date)}${r.live ? ', phiên đang giao dịch' : ''}: Open ${formatNumber(r.open)}, High ${formatNumber(r.high)}, Low ${formatNumber(r.low)}, Close ${formatNumber(r.close)}${change}, Volume ${formatNumber(r.volume)}`;
}

/** The chart's name for a screen reader: the range's first and last close, its change, high and low. */
export function chartSummary(ticker: string, shown: readonly Candle[], range: ChartRange): string {
  const first = shown[0];
  const last = shown.at(-1);
  if (!first || !last) return `Chưa có giá của ${ticker}.`;
  const high = Math.max(...shown.map((b) => b.high));
  const low = Math.min(...shown.map((b) => b.low));
  const change = first.close === 0 ? null : ((last.close - first.close) / first.close) * 100;
  return (
    `Giá đóng cửa ${ticker}, ${RANGE_NAMES[range]} từ ${formatDay(first.date)} đến ${formatDay(last.date)}: ` +
    `${formatNumber(first.close)} → ${formatNumber(last.close)} (${formatPercent(change)}); ` +
    `cao nhất ${formatNumber(high)}, thấp nhất ${formatNumber(low)}; ${shown.length} phiên.`
  );
}

/** A volume on the axis: 950, 12,3 N (nghìn), 1,25 Tr (triệu), 2,1 T (tỷ). */
export function formatVolumeShort(value: number): string {
  const short = new Intl.NumberFormat('vi-VN', { maximumFractionDigits: value >= 1e9 ? 2 : 1 });
  if (Math.abs(value) >= 1e9) return `${short.format(value / 1e9)} T`;
  if (Math.abs(value) >= 1e6) return `${short.format(value / 1e6)} Tr`;
  if (Math.abs(value) >= 1e3) return `${short.format(value / 1e3)} N`;
  return short.format(value);
}

/** The session's price lines: the reference (yesterday's close), the ceiling and the floor. */
export interface SessionLevels {
  reference: number | null;
  ceiling: number | null;
  floor: number | null;
}

export function sessionLevels(s: Snapshot | null | undefined): SessionLevels {
  return { reference: s?.prev_close ?? null, ceiling: s?.ceiling ?? null, floor: s?.floor ?? null };
}

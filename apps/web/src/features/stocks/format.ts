// Pure display rules of the stocks screens: vi-VN numbers, the board's colours (green up, red
// down, yellow unchanged, purple at the ceiling, cyan at the floor), the arrows against the week's
// and month's open, and a snapshot moved on by a live quote.
import { type LiveQuoteEvent, MARKET_TIME_ZONE, type Snapshot } from '@staff/contracts';

const NUMBER = new Intl.NumberFormat('vi-VN', { maximumFractionDigits: 2 });
const PERCENT = new Intl.NumberFormat('vi-VN', {
  maximumFractionDigits: 2,
  minimumFractionDigits: 2,
  signDisplay: 'always',
});
const TIME = new Intl.DateTimeFormat('vi-VN', {
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
  timeZone: MARKET_TIME_ZONE,
});

export function formatNumber(value: number | null | undefined): string {
  return value === null || value === undefined ? '—' : NUMBER.format(value);
}

export function formatPercent(value: number | null | undefined): string {
  return value === null || value === undefined || !Number.isFinite(value) ? '—' : `${PERCENT.format(value)}%`;
}

/** The market-local time (HH:MM) of an instant. */
export function marketTime(iso: string): string {
  return TIME.format(new Date(iso));
}

export function prevCloseHint(prevClose: number | null): string {
  return prevClose === null ? 'Chưa có giá hôm qua' : `Giá hôm qua: ${formatNumber(prevClose)}`;
}

export type PriceTone = 'ceiling' | 'floor' | 'up' | 'down' | 'equal' | 'none';

export function priceTone(
  s: Pick<Snapshot, 'current_price' | 'prev_close' | 'ceiling' | 'floor'>,
): PriceTone {
  const { current_price: price, prev_close: ref } = s;
  if (price === null || ref === null) return 'none';
  if (s.ceiling !== null && price >= s.ceiling) return 'ceiling';
  if (s.floor !== null && price <= s.floor) return 'floor';
  if (price > ref) return 'up';
  if (price < ref) return 'down';
  return 'equal';
}

/** Mantine colours of each tone. */
export const TONE_COLOURS: Record<PriceTone, string> = {
  ceiling: 'grape',
  floor: 'cyan',
  up: 'green',
  down: 'red',
  equal: 'yellow',
  none: 'dimmed',
};

export type Direction = 'up' | 'down' | 'flat' | 'none';

/** Where the current price stands against an earlier open. */
export function direction(current: number | null, from: number | null): Direction {
  if (current === null || from === null) return 'none';
  return current > from ? 'up' : current < from ? 'down' : 'flat';
}

/** Percent change from a base, or null. */
export function changePercent(current: number | null, base: number | null): number | null {
  return current === null || base === null || base === 0 ? null : ((current - base) / base) * 100;
}

/** A snapshot updated by a live quote of its session. */
export function withLiveQuote(s: Snapshot, q: LiveQuoteEvent): Snapshot {
  if (s.live_as_of !== null && q.as_of < s.live_as_of) return s; // older than what we show
  const change = s.prev_close === null ? null : q.price - s.prev_close;
  return {
    ...s,
    current_price: q.price,
    volume: q.volume,
    open_price: q.open ?? s.open_price,
    high_price: q.high ?? s.high_price,
    low_price: q.low ?? s.low_price,
    live_as_of: q.as_of,
    change,
    change_percent: changePercent(q.price, s.prev_close),
    week_open: s.week_open ?? q.open,
    month_open: s.month_open ?? q.open,
  };
}

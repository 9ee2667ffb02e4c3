// The snapshot of one ticker, computed from its daily bars, its latest intraday quote and the
// market calendar. Pure: the repository loads the rows, this decides what they mean.
import { type ExchangeCode, PRICE_BANDS, type Snapshot } from '@staff/contracts';
import type { Selectable } from 'kysely';
import type { StockDailyBarsTable, StockQuotesTable } from '../../../db/schema';
import { addDays, type MarketCalendar, marketDate, monthStart, weekStart } from '../calendar/calendar';

/** A daily bar as a snapshot reads it: the stored row without its stock and source. */
export type BarRow = Omit<Selectable<StockDailyBarsTable>, 'stock_id' | 'source'>;

/** An intraday quote as a snapshot reads it. */
export type QuoteRow = Pick<
  Selectable<StockQuotesTable>,
  'trading_date' | 'price' | 'volume' | 'open' | 'high' | 'low' | 'as_of_ms'
>;

export interface SnapshotInput {
  ticker: string;
  name: string;
  exchange: ExchangeCode;
  /** Bars in ascending date order, from at least barsNeededFrom() (older ones are ignored). */
  bars: BarRow[];
  /** The latest intraday quote, if any. */
  quote: QuoteRow | null;
}

/** The earliest bar date a snapshot at this instant can use, with margin for a missing day. */
export function barsNeededFrom(cal: MarketCalendar, now: Date): string {
  const session = cal.sessionDate(now);
  const starts = [weekStart(session), monthStart(session), cal.previousTradingDay(session)].sort();
  return addDays(starts[0] as string, -14);
}

/** HOSE steps prices by 10/50/100 VND by level; HNX and UPCOM by 100 VND. */
export function tickSize(exchange: ExchangeCode, price: number): number {
  if (exchange !== 'HOSE') return 100;
  if (price < 10_000) return 10;
  if (price < 50_000) return 50;
  return 100;
}

/** Ceiling and floor of the day's band around the reference price, on the exchange's tick. */
export function priceBand(exchange: ExchangeCode, reference: number): { ceiling: number; floor: number } {
  const band = PRICE_BANDS[exchange];
  const up = reference * (1 + band);
  const down = reference * (1 - band);
  const upTick = tickSize(exchange, up);
  const downTick = tickSize(exchange, down);
  return {
    ceiling: Math.floor(up / upTick + 1e-9) * upTick,
    floor: Math.ceil(down / downTick - 1e-9) * downTick,
  };
}

const round2 = (n: number) => Math.round(n * 100) / 100;

export function computeSnapshot(input: SnapshotInput, cal: MarketCalendar, now: Date): Snapshot {
  const today = marketDate(now);
  const sessionDate = cal.sessionDate(now);
  const bars = input.bars;
  const sessionBar = bars.find((b) => b.date === sessionDate) ?? null;
  let prevBar: BarRow | null = null;
  for (const b of bars) if (b.date < sessionDate) prevBar = b;

  const quote = input.quote?.trading_date === sessionDate ? input.quote : null;
  // Live: a quote of today's session on a trading day. After the close the day's bar (once
  // written) is the record; before it is written the last quote still stands for the session.
  const live = quote !== null && cal.isTradingDay(today) && sessionDate === today;
  const fromQuote = quote !== null && (live || sessionBar === null);

  let open: number | null = null;
  let high: number | null = null;
  let low: number | null = null;
  let current: number | null = null;
  let volume: number | null = null;
  if (fromQuote && quote) {
    current = quote.price;
    open = quote.open ?? sessionBar?.open ?? null;
    high = quote.high ?? (sessionBar ? Math.max(sessionBar.high, quote.price) : null);
    low = quote.low ?? (sessionBar ? Math.min(sessionBar.low, quote.price) : null);
    volume = quote.volume;
  } else if (sessionBar) {
    ({ open, high, low, close: current, volume } = sessionBar);
  } else {
    // No trade yet in this session: the board shows the last close.
    current = prevBar?.close ?? null;
  }

  const reference =
    prevBar === null ? null : input.exchange === 'UPCOM' ? (prevBar.average ?? prevBar.close) : prevBar.close;

  /** Open of the first trading day of a period (the first bar on or after it, for data gaps). */
  const periodOpen = (firstDay: string | null): number | null => {
    if (firstDay === null || firstDay > sessionDate) return null;
    const bar = bars.find((b) => b.date >= firstDay && b.date <= sessionDate);
    if (bar && bar.date !== sessionDate) return bar.open;
    return bar?.date === sessionDate && !fromQuote ? bar.open : open;
  };

  const band = reference === null ? null : priceBand(input.exchange, reference);
  const change = current !== null && reference !== null ? current - reference : null;
  return {
    ticker: input.ticker,
    name: input.name,
    exchange: input.exchange,
    trading_date: sessionBar || quote ? sessionDate : (prevBar?.date ?? null),
    open_price: open,
    high_price: high,
    low_price: low,
    current_price: current,
    volume,
    prev_close: reference,
    week_open: periodOpen(cal.firstTradingDayOfWeek(sessionDate)),
    month_open: periodOpen(cal.firstTradingDayOfMonth(sessionDate)),
    live_as_of: live && quote ? new Date(quote.as_of_ms).toISOString() : null,
    ceiling: band?.ceiling ?? null,
    floor: band?.floor ?? null,
    change,
    change_percent: change !== null && reference ? round2((change / reference) * 100) : null,
    is_holiday: cal.isHoliday(today),
  };
}

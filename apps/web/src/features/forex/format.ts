// Units and numbers of the board (spec section 9): metals in millions of VND ('triệu'), every other
// symbol in thousands ('nghìn', 3 decimals); the latest-quote card in whole VND; vi-VN formats.
import {
  FOREX_CURRENCY_DIVISOR,
  FOREX_METAL_DIVISOR,
  type ForexRange,
  isMetalSymbol,
} from '@staff/contracts';

export interface DisplayUnit {
  divisor: number;
  unit: 'triệu' | 'nghìn';
  minDecimals: number;
  maxDecimals: number;
}

export function displayUnit(symbol: string): DisplayUnit {
  return isMetalSymbol(symbol)
    ? { divisor: FOREX_METAL_DIVISOR, unit: 'triệu', minDecimals: 0, maxDecimals: 3 }
    : { divisor: FOREX_CURRENCY_DIVISOR, unit: 'nghìn', minDecimals: 3, maxDecimals: 3 };
}

/** A chart value in the symbol's unit, e.g. 152,3 (triệu) or 26,267 (nghìn). */
export function formatScaled(value: number, unit: DisplayUnit): string {
  return new Intl.NumberFormat('vi-VN', {
    minimumFractionDigits: unit.minDecimals,
    maximumFractionDigits: unit.maxDecimals,
  }).format(value / unit.divisor);
}

/** The latest-quote card: whole VND, no decimals. */
export function formatWhole(value: number | null): string {
  return value === null ? '—' : new Intl.NumberFormat('vi-VN', { maximumFractionDigits: 0 }).format(value);
}

/** The board's times are Vietnam's. */
export const ZONE = 'Asia/Ho_Chi_Minh';

/** Date and time to the minute, in Vietnam's time. */
const DATE_TIME: Intl.DateTimeFormatOptions = {
  timeZone: ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
};

/** e.g. 12:30:00 22/11/2026, in Vietnam's time. */
export function formatQuoteTime(iso: string): string {
  return new Intl.DateTimeFormat('vi-VN', { ...DATE_TIME, second: '2-digit' }).format(new Date(iso));
}

/** Axis labels: hours for a day, day/month for a month, month/year for a year. */
export function formatAxisTime(ms: number, range: ForexRange): string {
  const options: Intl.DateTimeFormatOptions =
    range === 'daily'
      ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }
      : range === 'monthly'
        ? { day: '2-digit', month: '2-digit' }
        : { month: '2-digit', year: 'numeric' };
  return new Intl.DateTimeFormat('vi-VN', { timeZone: ZONE, ...options }).format(new Date(ms));
}

/** A chart point's time (the hovered point, the chart's summary): e.g. 12:30 22/11/2026, in Vietnam's time. */
export function formatPointTime(ms: number): string {
  return new Intl.DateTimeFormat('vi-VN', DATE_TIME).format(new Date(ms));
}

export type Direction = 'up' | 'down' | null;

/** Spec: a dot is green when the price rose from the previous point, red when it fell; none otherwise. */
export function directions(values: readonly number[]): Direction[] {
  return values.map((v, i) => {
    if (i === 0) return null;
    const prev = values[i - 1] as number;
    return v > prev ? 'up' : v < prev ? 'down' : null;
  });
}

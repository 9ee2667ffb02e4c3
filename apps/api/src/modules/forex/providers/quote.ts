// What every forex provider's parser returns, and the number and time rules the sources share.
import { ProviderFormatError } from '../../../market-data/types';

/** One price of one symbol at one instant, in VND: metals per lượng, currencies per unit. */
export interface ForexQuote {
  symbol: string;
  time: Date;
  last: number;
  bid: number | null;
  ask: number | null;
}

/** 1 lượng (tael) = 10 chỉ = 37.5 g. */
export const CHI_PER_LUONG = 10;
export const LUONG_PER_KG = 1000 / 37.5;

/**
 * A price as the sources write it: '26,172.00', '26172.00', 173700000.0 or 14850. The sources'
 * "no quote" markers ('-', '0', '0.00', '_', '', null) are null, never a zero price.
 */
export function parsePrice(source: string, value: unknown, field: string): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new ProviderFormatError(source, `${field} is not a finite number`);
    return value === 0 ? null : value;
  }
  if (typeof value !== 'string') throw new ProviderFormatError(source, `${field} is not a number or text`);
  const text = value.trim();
  if (text === '' || text === '-' || text === '_') return null;
  if (!/^\d{1,3}(,\d{3})*(\.\d+)?$|^\d+(\.\d+)?$/.test(text)) {
    throw new ProviderFormatError(source, `${field} "${text}" is not a price`);
  }
  const n = Number(text.replaceAll(',', ''));
  return n === 0 ? null : n;
}

/** An instant from a wall-clock time in Vietnam (UTC+7, no daylight saving). */
export function ictInstant(year: number, month: number, day: number, hour = 0, minute = 0, second = 0): Date {
  const date = new Date(Date.UTC(year, month - 1, day, hour - 7, minute, second));
  const valid =
    month >= 1 && month <= 12 && day >= 1 && day <= 31 && hour <= 23 && minute <= 59 && second <= 59;
  if (!valid || Number.isNaN(date.getTime())) throw new RangeError('not a calendar time');
  return date;
}

/** Wraps ictInstant so a bad date in a response is a format error naming the field. */
export function ictOrFormatError(source: string, field: string, text: string, parts: number[]): Date {
  try {
    const [y, m, d, h, mi, s] = parts as [number, number, number, number?, number?, number?];
    return ictInstant(y, m, d, h, mi, s);
  } catch {
    throw new ProviderFormatError(source, `${field} "${text}" is not a date`);
  }
}

/** A metal quote: people quote the selling price (giá bán ra), so it is `last`; buy-only rows use buy. */
export function metalQuote(
  symbol: string,
  time: Date,
  buy: number | null,
  sell: number | null,
): ForexQuote | null {
  const last = sell ?? buy;
  return last === null ? null : { symbol, time, last, bid: buy, ask: sell };
}

/** Body of a response, or an error naming the source and the status (SJC answers 403 abroad). */
export async function fetchText(
  source: string,
  fetchFn: typeof fetch,
  url: string,
  init: RequestInit & { signal: AbortSignal },
): Promise<string> {
  const response = await fetchFn(url, init);
  if (!response.ok) throw new Error(`${source}: HTTP ${response.status} from ${url}`);
  return response.text();
}

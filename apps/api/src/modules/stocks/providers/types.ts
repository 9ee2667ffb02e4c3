// What every stocks provider produces, whatever its source's format: prices in full VND.
import type { ExchangeCode } from '@staff/contracts';
import { parseJson } from '../../../market-data/json';
import { ProviderFormatError } from '../../../market-data/types';
import type { BarRow } from '../snapshots/snapshot';

export interface Listing {
  ticker: string;
  name: string;
  exchange: ExchangeCode;
  sector: string;
}

/** A daily bar of one ticker, as the bars table stores it. */
export interface DailyBar extends BarRow {
  ticker: string;
}

export interface IntradayQuote {
  ticker: string;
  price: number;
  /** Accumulated volume of the session. */
  volume: number;
  open: number | null;
  high: number | null;
  low: number | null;
  /** The exchange's reference price for the session, when the source gives it. */
  reference: number | null;
  /** The source's own time of the quote. */
  asOf: Date;
}

/** Price units of the sources: VCI, KBS and SSI's board give VND; SSI's and VNDirect's charts thousands. */
export type PriceUnit = 'vnd' | 'thousand_vnd';

/** A price in full VND, rounded to cents of a dong to drop float noise (adjusted history is fractional). */
export function toVnd(value: number, unit: PriceUnit): number {
  const vnd = unit === 'thousand_vnd' ? value * 1000 : value;
  return Math.round(vnd * 100) / 100;
}

/** A finite number from a number or a numeric string, else a format error naming the field. */
export function numberField(source: string, value: unknown, field: string): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n)) {
    throw new ProviderFormatError(source, `${field} is not a number: ${JSON.stringify(value)?.slice(0, 40)}`);
  }
  return n;
}

export function optionalNumber(source: string, value: unknown, field: string): number | null {
  if (value === null || value === undefined || value === '') return null;
  return numberField(source, value, field);
}

/** Reads a response as JSON; a rate limit or a page instead of JSON says so. */
export async function readJson(source: string, response: Response): Promise<unknown> {
  const text = await response.text();
  if (response.status === 429 || /Error 1015|rate limited/i.test(text.slice(0, 2000))) {
    throw new Error(`${source}: rate limited (HTTP ${response.status})`);
  }
  if (!response.ok) throw new Error(`${source}: HTTP ${response.status}`);
  return parseJson(source, text);
}

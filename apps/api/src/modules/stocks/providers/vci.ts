// Vietcap (VCI) — trading.vietcap.com.vn/api: the listing, daily bars and the price board
// (markets.md §2.2). Not an official API; the parsers reject anything not in its recorded shape.
import type { ExchangeCode } from '@staff/contracts';
import { isRecord } from '../../../market-data/json';
import { ProviderFormatError } from '../../../market-data/types';
import {
  type DailyBar,
  type IntradayQuote,
  type Listing,
  numberField,
  optionalNumber,
  readJson,
  toVnd,
} from './types';

export const VCI = 'vci';
export const VCI_BASE = 'https://trading.vietcap.com.vn/api';
const HEADERS = {
  Origin: 'https://trading.vietcap.com.vn',
  Referer: 'https://trading.vietcap.com.vn/',
  'Content-Type': 'application/json',
  Accept: 'application/json',
};

const BOARDS: Record<string, ExchangeCode> = { HSX: 'HOSE', HOSE: 'HOSE', HNX: 'HNX', UPCOM: 'UPCOM' };

/** GET /price/symbols/getAll → the listed stocks (type STOCK on HOSE, HNX or UPCOM). */
export function parseVciSymbols(body: unknown): Listing[] {
  if (!Array.isArray(body)) throw new ProviderFormatError(VCI, 'getAll: expected an array');
  const out: Listing[] = [];
  for (const row of body) {
    if (!isRecord(row) || typeof row.symbol !== 'string' || typeof row.board !== 'string') {
      throw new ProviderFormatError(VCI, 'getAll: a row has no symbol or board');
    }
    const exchange = BOARDS[row.board];
    if (row.type !== 'STOCK' || !exchange) continue;
    out.push({
      ticker: row.symbol.toUpperCase(),
      name: typeof row.organName === 'string' && row.organName ? row.organName : row.symbol,
      exchange,
      sector: '',
    });
  }
  return out;
}

/** POST /chart/OHLCChart/gap-chart (ONE_DAY) → daily bars; `t` are unix-second strings at 00:00 UTC. */
export function parseVciGapChart(body: unknown): DailyBar[] {
  if (!Array.isArray(body)) throw new ProviderFormatError(VCI, 'gap-chart: expected an array');
  const out: DailyBar[] = [];
  for (const series of body) {
    if (!isRecord(series) || typeof series.symbol !== 'string') {
      throw new ProviderFormatError(VCI, 'gap-chart: a series has no symbol');
    }
    const cols = ['t', 'o', 'h', 'l', 'c', 'v'] as const;
    const arrays = cols.map((k) => series[k]);
    if (!arrays.every(Array.isArray)) throw new ProviderFormatError(VCI, 'gap-chart: missing t/o/h/l/c/v');
    const [t, o, h, l, c, v] = arrays as unknown[][];
    const n = (t as unknown[]).length;
    if (!arrays.every((a) => (a as unknown[]).length === n)) {
      throw new ProviderFormatError(VCI, `gap-chart ${series.symbol}: arrays of different lengths`);
    }
    for (let i = 0; i < n; i++) {
      const seconds = numberField(VCI, t?.[i], 't');
      out.push({
        ticker: series.symbol.toUpperCase(),
        date: new Date(seconds * 1000).toISOString().slice(0, 10),
        open: toVnd(numberField(VCI, o?.[i], 'o'), 'vnd'),
        high: toVnd(numberField(VCI, h?.[i], 'h'), 'vnd'),
        low: toVnd(numberField(VCI, l?.[i], 'l'), 'vnd'),
        close: toVnd(numberField(VCI, c?.[i], 'c'), 'vnd'),
        volume: Math.round(numberField(VCI, v?.[i], 'v')),
        average: null,
      });
    }
  }
  return out;
}

/** POST /price/symbols/getList → one quote per symbol that has traded (full VND). */
export function parseVciPriceBoard(body: unknown, receivedAt: Date): IntradayQuote[] {
  if (!Array.isArray(body)) throw new ProviderFormatError(VCI, 'getList: expected an array');
  const out: IntradayQuote[] = [];
  for (const row of body) {
    if (!isRecord(row) || !isRecord(row.listingInfo) || typeof row.listingInfo.symbol !== 'string') {
      throw new ProviderFormatError(VCI, 'getList: a row has no listingInfo.symbol');
    }
    const symbol = row.listingInfo.symbol;
    const info = row.listingInfo;
    const match = row.matchPrice;
    if (!isRecord(match)) throw new ProviderFormatError(VCI, `getList ${symbol}: no matchPrice`);
    const price = numberField(VCI, match.matchPrice, 'matchPrice');
    if (price <= 0) continue; // not traded yet this session
    const time = typeof match.time === 'string' ? new Date(match.time) : receivedAt;
    out.push({
      ticker: symbol.toUpperCase(),
      price: toVnd(price, 'vnd'),
      volume: Math.round(numberField(VCI, match.accumulatedVolume, 'accumulatedVolume')),
      open: optionalNumber(VCI, match.openPrice, 'openPrice'),
      high: optionalNumber(VCI, match.highest, 'highest'),
      low: optionalNumber(VCI, match.lowest, 'lowest'),
      reference: optionalNumber(VCI, match.referencePrice ?? info.refPrice, 'referencePrice'),
      asOf: Number.isNaN(time.getTime()) ? receivedAt : time,
    });
  }
  return out;
}

export async function fetchVciSymbols(doFetch: typeof fetch, signal?: AbortSignal): Promise<Listing[]> {
  const res = await doFetch(`${VCI_BASE}/price/symbols/getAll`, { headers: HEADERS, signal });
  return parseVciSymbols(await readJson(VCI, res));
}

export async function fetchVciDailyBars(
  doFetch: typeof fetch,
  tickers: string[],
  to: Date,
  countBack: number,
  signal?: AbortSignal,
): Promise<DailyBar[]> {
  const res = await doFetch(`${VCI_BASE}/chart/OHLCChart/gap-chart`, {
    method: 'POST',
    headers: HEADERS,
    body: JSON.stringify({
      timeFrame: 'ONE_DAY',
      symbols: tickers,
      to: Math.floor(to.getTime() / 1000),
      countBack,
    }),
    signal,
  });
  return parseVciGapChart(await readJson(VCI, res));
}

export async function fetchVciPriceBoard(
  doFetch: typeof fetch,
  tickers: string[],
  now: Date,
  signal?: AbortSignal,
): Promise<IntradayQuote[]> {
  const res = await doFetch(`${VCI_BASE}/price/symbols/getList`, {
    method: 'POST',
    headers: HEADERS,
    body: JSON.stringify({ symbols: tickers }),
    signal,
  });
  return parseVciPriceBoard(await readJson(VCI, res), now);
}

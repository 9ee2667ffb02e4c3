// SSI iBoard (markets.md §2.4): the push-stream's pipe-delimited stock frames (intraday quotes, full
// VND) and the chart history (TradingView UDF, **thousand** VND — normalised here).
import { ProviderFormatError } from '../../../market-data/types';
import { type DailyBar, type IntradayQuote, isRecord, numberField, optionalNumber, toVnd } from './types';

export const SSI = 'ssi';
export const SSI_PUSHSTREAM = 'wss://iboard-pushstream.ssi.com.vn/realtime';
export const SSI_CHART_HISTORY = 'https://iboard-api.ssi.com.vn/statistics/charts/history';

/** Field positions of a stockRealtimeBySymbolsAndBoards frame (index map in markets.md §2.4). */
const F = {
  board: 0,
  symbol: 1,
  price: 42,
  high: 44,
  low: 46,
  volume: 54,
  ceiling: 59,
  floor: 60,
  ref: 61,
  time: 101,
};

/** One frame → a quote; frames that are not stock frames (or cut short) are format errors. */
export function parseSsiFrame(frame: string): IntradayQuote {
  const parts = frame.trim().split('|');
  const symbol = parts[F.symbol];
  if (!symbol?.startsWith('S#')) throw new ProviderFormatError(SSI, 'frame: field 1 is not S#<symbol>');
  if (parts.length <= F.time) {
    throw new ProviderFormatError(
      SSI,
      `frame ${symbol}: ${parts.length} fields, expected more than ${F.time}`,
    );
  }
  const ms = numberField(SSI, parts[F.time], 'time');
  return {
    ticker: symbol.slice(2).toUpperCase(),
    price: toVnd(numberField(SSI, parts[F.price], 'price'), 'vnd'),
    volume: Math.round(numberField(SSI, parts[F.volume], 'volume')),
    open: null,
    high: optionalNumber(SSI, parts[F.high], 'high'),
    low: optionalNumber(SSI, parts[F.low], 'low'),
    reference: optionalNumber(SSI, parts[F.ref], 'ref'),
    asOf: new Date(ms),
  };
}

/** GET /statistics/charts/history?resolution=D → bars; SSI sends thousands of VND (76 = 76 000). */
export function parseSsiChartHistory(ticker: string, body: unknown): DailyBar[] {
  const data = isRecord(body) && isRecord(body.data) ? body.data : body;
  if (!isRecord(data) || (data.s !== 'ok' && data.s !== 'no_data')) {
    throw new ProviderFormatError(SSI, 'charts/history: expected a UDF object with s ok|no_data');
  }
  if (data.s === 'no_data') return [];
  const cols = ['t', 'o', 'h', 'l', 'c', 'v'].map((k) => data[k]);
  if (!cols.every(Array.isArray)) throw new ProviderFormatError(SSI, 'charts/history: missing t/o/h/l/c/v');
  const [t, o, h, l, c, v] = cols as unknown[][];
  const n = (t as unknown[]).length;
  if (!cols.every((a) => (a as unknown[]).length === n)) {
    throw new ProviderFormatError(SSI, 'charts/history: arrays of different lengths');
  }
  const out: DailyBar[] = [];
  for (let i = 0; i < n; i++) {
    out.push({
      ticker: ticker.toUpperCase(),
      date: new Date(numberField(SSI, t?.[i], 't') * 1000).toISOString().slice(0, 10),
      open: toVnd(numberField(SSI, o?.[i], 'o'), 'thousand_vnd'),
      high: toVnd(numberField(SSI, h?.[i], 'h'), 'thousand_vnd'),
      low: toVnd(numberField(SSI, l?.[i], 'l'), 'thousand_vnd'),
      close: toVnd(numberField(SSI, c?.[i], 'c'), 'thousand_vnd'),
      volume: Math.round(numberField(SSI, v?.[i], 'v')),
      average: null,
    });
  }
  return out;
}

// KB Securities (KBS) — kbbuddywts.kbsec.com.vn/iis-server/investment: daily bars in full VND,
// stamped "YYYY-MM-DD HH:MM" in local time (markets.md §2.3).
import { isRecord } from '../../../market-data/json';
import { ProviderFormatError } from '../../../market-data/types';
import { type DailyBar, numberField, readJson, toVnd } from './types';

export const KBS = 'kbs';
export const KBS_BASE = 'https://kbbuddywts.kbsec.com.vn/iis-server/investment';

export function parseKbsDailyBars(ticker: string, body: unknown): DailyBar[] {
  if (!isRecord(body) || !Array.isArray(body.data_day)) {
    throw new ProviderFormatError(KBS, 'data_day: expected {"data_day": [...]}');
  }
  return body.data_day.map((row) => {
    if (!isRecord(row) || typeof row.t !== 'string' || !/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2})?$/.test(row.t)) {
      throw new ProviderFormatError(KBS, `data_day: bad time ${JSON.stringify(isRecord(row) ? row.t : row)}`);
    }
    return {
      ticker: ticker.toUpperCase(),
      date: row.t.slice(0, 10),
      open: toVnd(numberField(KBS, row.o, 'o'), 'vnd'),
      high: toVnd(numberField(KBS, row.h, 'h'), 'vnd'),
      low: toVnd(numberField(KBS, row.l, 'l'), 'vnd'),
      close: toVnd(numberField(KBS, row.c, 'c'), 'vnd'),
      volume: Math.round(numberField(KBS, row.v, 'v')),
      // KBS gives the traded value: value / volume is the session's average price.
      average:
        typeof row.va === 'number' && typeof row.v === 'number' && row.v > 0
          ? Math.round((row.va / row.v) * 100) / 100
          : null,
    };
  });
}

const ddmmyyyy = (date: string) => `${date.slice(8, 10)}-${date.slice(5, 7)}-${date.slice(0, 4)}`;

export async function fetchKbsDailyBars(
  doFetch: typeof fetch,
  ticker: string,
  from: string,
  to: string,
  signal?: AbortSignal,
): Promise<DailyBar[]> {
  const url = `${KBS_BASE}/stocks/${encodeURIComponent(ticker)}/data_day?sdate=${ddmmyyyy(from)}&edate=${ddmmyyyy(to)}`;
  const res = await doFetch(url, { headers: { Accept: 'application/json' }, signal });
  return parseKbsDailyBars(ticker, await readJson(KBS, res));
}

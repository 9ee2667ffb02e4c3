// SJC's current gold prices (markets.md 1.4): a form POST answering JSON. BuyValue/SellValue are
// VND per lượng; Buy/Sell are the same in thousands as text. The 2026 shape has a top-level `data`;
// the older one nested it as DataList.Data; both are read. SJC refuses non-Vietnamese addresses
// (HTTP 403), which is why the gold job falls back to PNJ.
import { isRecord, parseJson } from '../../../market-data/json';
import { ProviderFormatError } from '../../../market-data/types';
import { type ForexQuote, fetchText, ictOrFormatError, metalQuote, parsePrice } from './quote';

export const SJC_URL = 'https://sjc.com.vn/GoldPrice/Services/PriceService.ashx';
const SOURCE = 'sjc';

/** SJC product names → our symbols (spec: metals contain SJC or Vàng). Hồ Chí Minh branch rows. */
const PRODUCTS: [RegExp, string][] = [
  [/^Vàng SJC 1L/i, 'SJC'],
  [/^Vàng nhẫn SJC/i, 'Vàng nhẫn SJC'],
];

/** "13:29 01/04/2026" (Vietnam time), or a .NET "/Date(1740762000000)/". */
function parseSjcTime(latestDate: unknown, groupDate: unknown): Date {
  if (typeof latestDate === 'string') {
    const m = /^(\d{1,2}):(\d{2}) (\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(latestDate.trim());
    if (!m) throw new ProviderFormatError(SOURCE, `latestDate "${latestDate}" is not HH:mm DD/MM/YYYY`);
    const [, h, mi, d, mo, y] = m;
    return ictOrFormatError(SOURCE, 'latestDate', latestDate, [y, mo, d, h, mi].map(Number));
  }
  const m = typeof groupDate === 'string' ? /^\/Date\((\d+)\)\/$/.exec(groupDate) : null;
  if (!m) throw new ProviderFormatError(SOURCE, 'neither latestDate nor a /Date(ms)/ GroupDate');
  return new Date(Number(m[1]));
}

function price(row: Record<string, unknown>, value: string, text: string): number | null {
  if (row[value] !== undefined && row[value] !== null) return parsePrice(SOURCE, row[value], value);
  const thousands = parsePrice(SOURCE, row[text], text);
  return thousands === null ? null : thousands * 1000;
}

export function parseSjcPrices(text: string): ForexQuote[] {
  const body = parseJson(SOURCE, text);
  if (!isRecord(body)) throw new ProviderFormatError(SOURCE, 'the response is not an object');
  if (body.success === false) throw new ProviderFormatError(SOURCE, 'success is false');
  const rows = Array.isArray(body.data)
    ? body.data
    : isRecord(body.DataList) && Array.isArray(body.DataList.Data)
      ? body.DataList.Data
      : null;
  if (!rows) throw new ProviderFormatError(SOURCE, 'no data array (neither data nor DataList.Data)');
  const quotes = new Map<string, ForexQuote>();
  for (const row of rows) {
    if (!isRecord(row) || typeof row.TypeName !== 'string')
      throw new ProviderFormatError(SOURCE, 'a row has no TypeName');
    const branch = typeof row.BranchName === 'string' ? row.BranchName : 'Hồ Chí Minh';
    if (branch.normalize('NFC') !== 'Hồ Chí Minh'.normalize('NFC')) continue;
    const symbol = PRODUCTS.find(([pattern]) => pattern.test(row.TypeName as string))?.[1];
    if (!symbol || quotes.has(symbol)) continue;
    const time = parseSjcTime(body.latestDate, row.GroupDate);
    const quote = metalQuote(symbol, time, price(row, 'BuyValue', 'Buy'), price(row, 'SellValue', 'Sell'));
    if (quote) quotes.set(symbol, quote);
  }
  if (!quotes.has('SJC'))
    throw new ProviderFormatError(SOURCE, 'no "Vàng SJC 1L, 10L, 1KG" row for Hồ Chí Minh');
  return [...quotes.values()];
}

export async function fetchSjc(fetchFn: typeof fetch, signal: AbortSignal): Promise<ForexQuote[]> {
  const text = await fetchText(SOURCE, fetchFn, SJC_URL, {
    method: 'POST',
    signal,
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded; charset=UTF-8',
      'X-Requested-With': 'XMLHttpRequest',
      Referer: 'https://sjc.com.vn/gia-vang-online',
    },
    body: 'method=GetCurrentGoldPricesByBranch&BranchId=1',
  });
  return parseSjcPrices(text);
}

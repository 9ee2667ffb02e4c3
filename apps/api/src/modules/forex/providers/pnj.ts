// PNJ's gold prices (markets.md 1.6), the fallback for SJC bars. Prices are thousands of VND per
// chỉ (× 10,000 → VND per lượng); `giaban` is "" on buy-only rows.
import { isRecord, parseJson } from '../../../market-data/json';
import { ProviderFormatError } from '../../../market-data/types';
import { CHI_PER_LUONG, type ForexQuote, fetchText, ictOrFormatError, metalQuote, parsePrice } from './quote';

export const PNJ_URL = 'https://edge-api.pnj.io/ecom-frontend/v1/get-gold-price?zone=00';
const SOURCE = 'pnj';
const PRODUCTS: Record<string, string> = { SJC: 'SJC', N24K: 'Vàng nhẫn PNJ' };

export function parsePnjPrices(text: string): ForexQuote[] {
  const body = parseJson(SOURCE, text);
  if (!isRecord(body) || !Array.isArray(body.data)) throw new ProviderFormatError(SOURCE, 'no data array');
  const updated = typeof body.updateDate === 'string' ? body.updateDate.trim() : '';
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4}) (\d{1,2}):(\d{2}):(\d{2})$/.exec(updated);
  if (!m)
    throw new ProviderFormatError(
      SOURCE,
      `updateDate ${JSON.stringify(body.updateDate)} is not DD/MM/YYYY HH:mm:ss`,
    );
  const [, d, mo, y, h, mi, s] = m;
  const time = ictOrFormatError(SOURCE, 'updateDate', updated, [y, mo, d, h, mi, s].map(Number));
  const perLuong = (value: unknown, field: string) => {
    const thousandsPerChi = parsePrice(SOURCE, value, field);
    return thousandsPerChi === null ? null : thousandsPerChi * 1000 * CHI_PER_LUONG;
  };
  const quotes: ForexQuote[] = [];
  for (const row of body.data) {
    if (!isRecord(row) || typeof row.masp !== 'string')
      throw new ProviderFormatError(SOURCE, 'a row has no masp');
    const symbol = PRODUCTS[row.masp];
    if (!symbol) continue;
    const quote = metalQuote(
      symbol,
      time,
      perLuong(row.giamua, `${row.masp} giamua`),
      perLuong(row.giaban, `${row.masp} giaban`),
    );
    if (quote) quotes.push(quote);
  }
  if (!quotes.some((q) => q.symbol === 'SJC')) throw new ProviderFormatError(SOURCE, 'no SJC row');
  return quotes;
}

export async function fetchPnj(fetchFn: typeof fetch, signal: AbortSignal): Promise<ForexQuote[]> {
  return parsePnjPrices(
    await fetchText(SOURCE, fetchFn, PNJ_URL, { signal, headers: { Accept: 'application/json' } }),
  );
}

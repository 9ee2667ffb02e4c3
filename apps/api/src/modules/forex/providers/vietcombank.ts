// Vietcombank's exchange rates (markets.md 1.1, 1.2): the XML board (current only, at most one
// request every 5 minutes) and the per-date JSON used for back-filling history. Currencies in VND
// per unit: bid = transfer buy (cash buy when there is no transfer), ask = sell, last = their mid.
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { isRecord, parseJson } from '../../../market-data/json';
import { ProviderFormatError } from '../../../market-data/types';
import { type ForexQuote, fetchText, ictOrFormatError, parsePrice } from './quote';

export const VCB_XML_URL = 'https://portal.vietcombank.com.vn/Usercontrols/TVPortal.TyGia/pXML.aspx';
export const VCB_JSON_URL = 'https://www.vietcombank.com.vn/api/exchangerates';
/** The board's own header: "Only one request every 5 minutes!". */
export const VCB_XML_MIN_INTERVAL_MS = 5 * 60_000;
const XML = 'vcb-xml';
const JSON_SOURCE = 'vcb-json';

function currencyQuote(
  source: string,
  code: unknown,
  time: Date,
  cash: unknown,
  transfer: unknown,
  sell: unknown,
): ForexQuote | null {
  if (typeof code !== 'string' || !/^[A-Z]{3}$/.test(code.trim())) {
    throw new ProviderFormatError(
      source,
      `currency code ${JSON.stringify(code)} is not three capital letters`,
    );
  }
  const symbol = code.trim();
  const cashBuy = parsePrice(source, cash, `${symbol} cash buy`);
  const transferBuy = parsePrice(source, transfer, `${symbol} transfer buy`);
  const ask = parsePrice(source, sell, `${symbol} sell`);
  const bid = transferBuy ?? cashBuy;
  if (bid === null && ask === null) return null;
  const last = bid !== null && ask !== null ? (bid + ask) / 2 : ((bid ?? ask) as number);
  return { symbol, time, last, bid, ask };
}

/** "12/21/2022 2:36:27 PM" (month first, Vietnam time). */
function parseBoardTime(text: unknown): Date {
  const m =
    typeof text === 'string'
      ? /^(\d{1,2})\/(\d{1,2})\/(\d{4}) (\d{1,2}):(\d{2}):(\d{2}) (AM|PM)$/.exec(text.trim())
      : null;
  if (!m)
    throw new ProviderFormatError(XML, `DateTime ${JSON.stringify(text)} is not M/D/YYYY h:mm:ss AM|PM`);
  const [, mo, d, y, h, mi, s, ampm] = m;
  const hour12 = Number(h);
  if (hour12 < 1 || hour12 > 12) throw new ProviderFormatError(XML, `DateTime "${text}" has no such hour`);
  const hour = (hour12 % 12) + (ampm === 'PM' ? 12 : 0);
  return ictOrFormatError(XML, 'DateTime', String(text), [y, mo, d, hour, mi, s].map(Number));
}

export function parseVcbXml(text: string): ForexQuote[] {
  const valid = XMLValidator.validate(text);
  if (valid !== true) throw new ProviderFormatError(XML, `not well-formed XML: ${valid.err.msg}`);
  const doc = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '',
    parseAttributeValue: false,
    parseTagValue: false,
  }).parse(text) as unknown;
  const list = isRecord(doc) ? doc.ExrateList : undefined;
  if (!isRecord(list)) throw new ProviderFormatError(XML, 'no <ExrateList> element');
  const time = parseBoardTime(list.DateTime);
  const rates = list.Exrate === undefined ? [] : Array.isArray(list.Exrate) ? list.Exrate : [list.Exrate];
  if (rates.length === 0) throw new ProviderFormatError(XML, 'no <Exrate> rows');
  const quotes: ForexQuote[] = [];
  for (const rate of rates) {
    if (!isRecord(rate)) throw new ProviderFormatError(XML, '<Exrate> without attributes');
    for (const attribute of ['CurrencyCode', 'Buy', 'Transfer', 'Sell']) {
      if (!(attribute in rate)) throw new ProviderFormatError(XML, `<Exrate> without ${attribute}`);
    }
    const quote = currencyQuote(XML, rate.CurrencyCode, time, rate.Buy, rate.Transfer, rate.Sell);
    if (quote) quotes.push(quote);
  }
  return quotes;
}

/** The JSON's `UpdatedDate`, e.g. "2025-12-09T08:16:30+07:00". */
function parseUpdatedDate(value: unknown): Date {
  const ok =
    typeof value === 'string' &&
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(value);
  const date = ok ? new Date(value as string) : new Date(Number.NaN);
  if (Number.isNaN(date.getTime())) {
    throw new ProviderFormatError(
      JSON_SOURCE,
      `UpdatedDate ${JSON.stringify(value)} is not an ISO instant with a zone`,
    );
  }
  return date;
}

export function parseVcbJson(text: string): ForexQuote[] {
  const body = parseJson(JSON_SOURCE, text);
  if (!isRecord(body) || !Array.isArray(body.Data))
    throw new ProviderFormatError(JSON_SOURCE, 'no Data array');
  const time = parseUpdatedDate(body.UpdatedDate);
  const quotes: ForexQuote[] = [];
  for (const row of body.Data) {
    if (!isRecord(row)) throw new ProviderFormatError(JSON_SOURCE, 'a Data row is not an object');
    for (const field of ['currencyCode', 'cash', 'transfer', 'sell']) {
      if (!(field in row)) throw new ProviderFormatError(JSON_SOURCE, `a Data row has no ${field}`);
    }
    const quote = currencyQuote(JSON_SOURCE, row.currencyCode, time, row.cash, row.transfer, row.sell);
    if (quote) quotes.push(quote);
  }
  return quotes;
}

export async function fetchVcbBoard(fetchFn: typeof fetch, signal: AbortSignal): Promise<ForexQuote[]> {
  return parseVcbXml(
    await fetchText(XML, fetchFn, VCB_XML_URL, { signal, headers: { Accept: 'application/xml,text/xml' } }),
  );
}

/** One day's rates; a weekend or holiday answers the last business day's (same UpdatedDate). */
export async function fetchVcbDate(
  fetchFn: typeof fetch,
  signal: AbortSignal,
  date: string,
): Promise<ForexQuote[]> {
  const url = `${VCB_JSON_URL}?date=${encodeURIComponent(date)}`;
  return parseVcbJson(
    await fetchText(JSON_SOURCE, fetchFn, url, { signal, headers: { Accept: 'application/json' } }),
  );
}

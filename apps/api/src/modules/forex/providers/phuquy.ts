// Phú Quý (markets.md 1.5): BPQ is the silver bar "Bạc miếng Phú Quý 999 1 lượng", read from the
// silver price partial (HTML, per row unit Vnđ/Lượng, Vnđ/Kg or Vnđ/Chỉ, '_' = no price); VPQ is
// 'Phú Quý 999.9', the plain 999.9 ring (product NPQ), read from the JSON board of
// be.phuquy.com.vn (prices per chỉ). The backend is Origin-gated, so the headers name phuquy.com.vn.
import { isRecord, parseJson } from '../../../market-data/json';
import { ProviderFormatError } from '../../../market-data/types';
import {
  CHI_PER_LUONG,
  type ForexQuote,
  fetchText,
  ictOrFormatError,
  LUONG_PER_KG,
  metalQuote,
  parsePrice,
} from './quote';

export const PHUQUY_SILVER_URL = 'https://giabac.phuquygroup.vn/PhuQuyPrice/SilverPricePartial';
export const PHUQUY_BOARD_URL =
  'https://be.phuquy.com.vn/jewelry/product-payment-service/api/sync-price-history/get-sync-table-history';
const SOURCE = 'phuquy';

/** A unit as Phú Quý writes it → the factor to VND per lượng. */
function toLuongFactor(unit: string): number {
  const u = unit.normalize('NFC').toLowerCase().replace(/\s+/g, '');
  if (u === 'vnđ/lượng' || u === 'vnd/lượng') return 1;
  if (u === 'vnđ/chỉ' || u === 'vnd/chỉ') return CHI_PER_LUONG;
  if (u === 'vnđ/kg' || u === 'vnd/kg') return 1 / LUONG_PER_KG;
  throw new ProviderFormatError(SOURCE, `unknown unit "${unit}"`);
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeHtml(text: string): string {
  return text
    .replace(/&#(\d+);/g, (_, n) => String.fromCodePoint(Number(n)))
    .replace(/&#x([0-9a-f]+);/gi, (_, n) => String.fromCodePoint(Number.parseInt(n, 16)))
    .replace(/&([a-z]+);/gi, (all, name: string) => ENTITIES[name.toLowerCase()] ?? all)
    .replace(/<[^>]*>/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .normalize('NFC');
}

/** The 5-minute slot a reading belongs to: the partial carries no time of its own. */
export function slotOf(now: Date): Date {
  return new Date(Math.floor(now.getTime() / 300_000) * 300_000);
}

export function parsePhuQuySilverHtml(html: string, now: Date): ForexQuote[] {
  if (!/<table/i.test(html)) throw new ProviderFormatError(SOURCE, 'the silver partial has no table');
  const rows = [...html.matchAll(/<tr[^>]*>([\s\S]*?)(?=<tr[^>]*>|<\/tbody>|<\/table>)/gi)];
  for (const [, row] of rows) {
    const cells = [...(row as string).matchAll(/<td[^>]*>([\s\S]*?)<\/td>/gi)].map((c) =>
      decodeHtml(c[1] as string),
    );
    if (cells.length !== 4) continue;
    const [name, unit, buy, sell] = cells as [string, string, string, string];
    if (!/^BẠC MIẾNG PHÚ QUÝ 999 1 LƯỢNG$/.test(name.toUpperCase())) continue;
    const factor = toLuongFactor(unit);
    const scale = (v: number | null) => (v === null ? null : Math.round(v * factor));
    const quote = metalQuote(
      'BPQ',
      slotOf(now),
      scale(parsePrice(SOURCE, buy, 'buy')),
      scale(parsePrice(SOURCE, sell, 'sell')),
    );
    if (!quote) throw new ProviderFormatError(SOURCE, 'the silver bar row has no price');
    return [quote];
  }
  throw new ProviderFormatError(SOURCE, 'no "BẠC MIẾNG PHÚ QUÝ 999 1 LƯỢNG" row');
}

/** Board products → our symbols. */
const BOARD_PRODUCTS: Record<string, string> = { NPQ: 'VPQ', BPQ1L: 'BPQ' };

/** "2026-04-21T13:43:10.957": Vietnam time without a zone (never `new Date()` it on a UTC server). */
function parseLocalIso(value: unknown): Date {
  const m =
    typeof value === 'string'
      ? /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d+)?$/.exec(value)
      : null;
  if (!m)
    throw new ProviderFormatError(SOURCE, `lastUpdate ${JSON.stringify(value)} is not a local ISO time`);
  const millis = m[7] ? Math.round(Number(`0${m[7]}`) * 1000) : 0;
  const date = ictOrFormatError(SOURCE, 'lastUpdate', String(value), m.slice(1, 7).map(Number));
  return new Date(date.getTime() + millis);
}

export function parsePhuQuyBoard(text: string): ForexQuote[] {
  const body = parseJson(SOURCE, text);
  if (!isRecord(body)) throw new ProviderFormatError(SOURCE, 'the response is not an object');
  if (body.errorCode !== '0')
    throw new ProviderFormatError(
      SOURCE,
      `errorCode ${JSON.stringify(body.errorCode)}: ${String(body.message ?? '')}`,
    );
  if (!Array.isArray(body.data)) throw new ProviderFormatError(SOURCE, 'no data array');
  const quotes: ForexQuote[] = [];
  for (const item of body.data) {
    if (!isRecord(item)) throw new ProviderFormatError(SOURCE, 'a board item is not an object');
    const symbol = typeof item.productType === 'string' ? BOARD_PRODUCTS[item.productType] : undefined;
    if (!symbol) continue;
    if (typeof item.unitOfMeasure !== 'string')
      throw new ProviderFormatError(SOURCE, `${item.productType} has no unitOfMeasure`);
    const factor = toLuongFactor(item.unitOfMeasure);
    const scale = (v: number | null) => (v === null ? null : Math.round(v * factor));
    const quote = metalQuote(
      symbol,
      parseLocalIso(item.lastUpdate),
      scale(parsePrice(SOURCE, item.priceIn, `${item.productType} priceIn`)),
      scale(parsePrice(SOURCE, item.priceOut, `${item.productType} priceOut`)),
    );
    if (quote) quotes.push(quote);
  }
  if (!quotes.some((q) => q.symbol === 'VPQ'))
    throw new ProviderFormatError(SOURCE, 'no NPQ (Phú Quý 999.9) item');
  return quotes;
}

const HEADERS = { Origin: 'https://phuquy.com.vn', Referer: 'https://phuquy.com.vn/' };

/** VPQ from the board, BPQ from the silver partial (the board's BPQ1L row when the partial fails). */
export async function fetchPhuQuy(
  fetchFn: typeof fetch,
  signal: AbortSignal,
  now: Date,
): Promise<ForexQuote[]> {
  const board = parsePhuQuyBoard(
    await fetchText(SOURCE, fetchFn, PHUQUY_BOARD_URL, {
      signal,
      headers: { ...HEADERS, Accept: 'application/json' },
    }),
  );
  let silver: ForexQuote[];
  try {
    silver = parsePhuQuySilverHtml(
      await fetchText(SOURCE, fetchFn, PHUQUY_SILVER_URL, {
        signal,
        headers: { 'X-Requested-With': 'XMLHttpRequest', Referer: 'https://giabac.phuquygroup.vn/' },
      }),
      now,
    );
  } catch (err) {
    const fromBoard = board.filter((q) => q.symbol === 'BPQ');
    if (signal.aborted || fromBoard.length === 0) throw err;
    silver = fromBoard;
  }
  return [...board.filter((q) => q.symbol !== 'BPQ'), ...silver];
}

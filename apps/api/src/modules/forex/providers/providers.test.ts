// Each provider's parser against the recorded responses in ../fixtures, and against broken and
// changed ones: units normalised (metals VND per lượng, currencies VND per unit), "no quote"
// markers null, times read in Vietnam's zone, and a ProviderFormatError that says what broke.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ProviderFormatError } from '../../../market-data/types';
import { fetchPhuQuy, parsePhuQuyBoard, parsePhuQuySilverHtml } from './phuquy';
import { parsePnjPrices } from './pnj';
import { parsePrice } from './quote';
import { fetchSjc, parseSjcPrices } from './sjc';
import { fetchVcbBoard, fetchVcbDate, parseVcbJson, parseVcbXml } from './vietcombank';

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures');
const fixture = (name: string) => fs.readFileSync(path.join(fixtures, name), 'utf8');
const bySymbol = <T extends { symbol: string }>(quotes: T[]) =>
  Object.fromEntries(quotes.map((q) => [q.symbol, q]));

function formatError(fn: () => unknown, message: RegExp) {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(ProviderFormatError);
    expect((err as Error).message).toMatch(message);
    return;
  }
  throw new Error('expected a ProviderFormatError');
}

describe('prices as the sources write them', () => {
  it('reads thousands separators and decimals; the no-quote markers are null, never zero', () => {
    expect(parsePrice('t', '26,172.00', 'x')).toBe(26172);
    expect(parsePrice('t', '2,245,000', 'x')).toBe(2245000);
    expect(parsePrice('t', '163.07', 'x')).toBe(163.07);
    expect(parsePrice('t', 173700000.0, 'x')).toBe(173700000);
    for (const none of ['-', '0', '0.00', '_', '', ' ', 0, null, undefined])
      expect(parsePrice('t', none, 'x')).toBeNull();
    formatError(() => parsePrice('t', 'N/A', 'Sell'), /Sell "N\/A" is not a price/);
    formatError(() => parsePrice('t', '26.172,00', 'Sell'), /is not a price/);
  });
});

describe('Vietcombank XML board', () => {
  it('parses the recorded 2022 board: VND per unit, mid as last, "-" cash buy as no quote', () => {
    const quotes = parseVcbXml(fixture('vcb-board-2022-12-21.xml.txt'));
    expect(quotes).toHaveLength(9);
    const q = bySymbol(quotes);
    const time = new Date('2022-12-21T07:36:27Z'); // 2:36:27 PM in Vietnam
    expect(q.USD).toEqual({ symbol: 'USD', time, last: 23_720, bid: 23_580, ask: 23_860 });
    expect(q.JPY).toEqual({ symbol: 'JPY', time, last: (176.19 + 184.66) / 2, bid: 176.19, ask: 184.66 });
    expect(q.KWD?.bid).toBe(77_205.93); // no cash desk: transfer still quotes
    expect(q.DKK).toMatchObject({ bid: 3_319.77, ask: 3_447.29 });
  });

  it('parses the 2026 capture (no trailing spaces, a space before />)', () => {
    expect(parseVcbXml(fixture('vcb-board-2026-06-13.xml.txt'))).toEqual([
      { symbol: 'USD', time: new Date('2026-06-13T07:45:53Z'), last: 26_267, bid: 26_122, ask: 26_412 },
    ]);
  });

  it('reads the older "0" placeholders and separator-less numbers', () => {
    const old = fixture('vcb-board-2026-06-13.xml.txt')
      .replace('Buy="26,092.00" Transfer="26,122.00"', 'Buy="0" Transfer="0"')
      .replace('Sell="26,412.00"', 'Sell="26412.00"');
    expect(parseVcbXml(old)[0]).toMatchObject({ last: 26_412, bid: null, ask: 26_412 });
  });

  it('refuses malformed and changed boards with a clear error', () => {
    const good = fixture('vcb-board-2022-12-21.xml.txt');
    formatError(() => parseVcbXml('<html><body>Access denied'), /vcb-xml: not well-formed XML/);
    formatError(() => parseVcbXml('<RateList><DateTime>x</DateTime></RateList>'), /no <ExrateList>/);
    formatError(
      () => parseVcbXml(good.replace('12/21/2022 2:36:27 PM', '2022-12-21 14:36')),
      /DateTime "2022-12-21 14:36"/,
    );
    formatError(() => parseVcbXml(good.replaceAll(' Transfer=', ' Transf=')), /without Transfer/);
    formatError(
      () => parseVcbXml(good.replace('Sell="23,860.00"', 'Sell="23.860,00"')),
      /USD sell "23.860,00" is not a price/,
    );
    formatError(
      () => parseVcbXml(good.replace('CurrencyCode="USD"', 'CurrencyCode="US Dollar"')),
      /not three capital letters/,
    );
    formatError(() => parseVcbXml(good.replace(/<Exrate [^>]*\/>\n/g, '')), /no <Exrate> rows/);
  });
});

describe('Vietcombank per-date JSON', () => {
  it('parses the recorded 2025-12-09 body: UpdatedDate as the instant, "0.00" cash as no quote', () => {
    const q = bySymbol(parseVcbJson(fixture('vcb-rates-2025-12-09.json.txt')));
    const time = new Date('2025-12-09T01:16:30Z');
    expect(Object.keys(q)).toEqual(['USD', 'EUR', 'GBP', 'JPY', 'CNY', 'KRW', 'KWD']);
    expect(q.USD).toEqual({ symbol: 'USD', time, last: 26_292, bid: 26_172, ask: 26_412 });
    expect(q.KWD).toMatchObject({ bid: 85_315.61, ask: 89_450.41 });
    expect(q.KRW).toMatchObject({ bid: 17.22, ask: 18.68 });
  });

  it('accepts "-" for cash as well, and refuses changed bodies', () => {
    const body = fixture('vcb-rates-2025-12-09.json.txt');
    expect(bySymbol(parseVcbJson(body.replace('"cash":"0.00"', '"cash":"-"'))).KWD?.bid).toBe(85_315.61);
    formatError(() => parseVcbJson('<!DOCTYPE html>'), /vcb-json: the response is not JSON/);
    formatError(() => parseVcbJson(body.replace('"Data"', '"Rates"')), /no Data array/);
    formatError(
      () => parseVcbJson(body.replace('"2025-12-09T08:16:30+07:00"', '"09/12/2025"')),
      /UpdatedDate "09\/12\/2025"/,
    );
    formatError(() => parseVcbJson(body.replaceAll('"transfer"', '"transferRate"')), /has no transfer/);
  });

  it('fetches the board and a date from their addresses', async () => {
    const asked: string[] = [];
    const fakeFetch = (async (url: string) => {
      asked.push(url);
      return new Response(
        url.includes('pXML')
          ? fixture('vcb-board-2026-06-13.xml.txt')
          : fixture('vcb-rates-2025-12-09.json.txt'),
      );
    }) as typeof fetch;
    const signal = new AbortController().signal;
    expect(await fetchVcbBoard(fakeFetch, signal)).toHaveLength(1);
    expect(await fetchVcbDate(fakeFetch, signal, '2025-12-09')).toHaveLength(7);
    expect(asked).toEqual([
      'https://portal.vietcombank.com.vn/Usercontrols/TVPortal.TyGia/pXML.aspx',
      'https://www.vietcombank.com.vn/api/exchangerates?date=2025-12-09',
    ]);
  });
});

describe('SJC', () => {
  it('parses the 2026 shape: VND per lượng, Hồ Chí Minh rows, latestDate in Vietnam time', () => {
    const time = new Date('2026-04-01T06:29:00Z'); // 13:29 in Vietnam
    expect(parseSjcPrices(fixture('sjc-2026-04-01.json.txt'))).toEqual([
      { symbol: 'SJC', time, last: 176_700_000, bid: 173_700_000, ask: 176_700_000 },
      { symbol: 'Vàng nhẫn SJC', time, last: 174_500_000, bid: 171_500_000, ask: 174_500_000 },
    ]);
  });

  it('parses the older DataList shape with its /Date(ms)/ time', () => {
    expect(parseSjcPrices(fixture('sjc-2025-datalist.json.txt'))).toEqual([
      { symbol: 'SJC', time: new Date(1740762000000), last: 90_500_000, bid: 88_500_000, ask: 90_500_000 },
    ]);
  });

  it('falls back to the thousand-VND text when the value fields are gone', () => {
    const body = fixture('sjc-2025-datalist.json.txt')
      .replace(/"BuyValue":[\d.]+,/, '')
      .replace(/"SellValue":[\d.]+,/, '');
    expect(parseSjcPrices(body)[0]).toMatchObject({ bid: 88_500_000, ask: 90_500_000 });
  });

  it('refuses a Cloudflare page, a failed answer and a board without the SJC bar', async () => {
    formatError(() => parseSjcPrices('<html>Just a moment...</html>'), /sjc: the response is not JSON/);
    formatError(() => parseSjcPrices('{"success":false}'), /success is false/);
    formatError(() => parseSjcPrices('{"success":true,"rows":[]}'), /no data array/);
    formatError(
      () => parseSjcPrices(fixture('sjc-2026-04-01.json.txt').replaceAll('Vàng SJC 1L', 'Vàng miếng SJC 1L')),
      /no "Vàng SJC 1L, 10L, 1KG" row/,
    );
    formatError(
      () => parseSjcPrices(fixture('sjc-2026-04-01.json.txt').replace('13:29 01/04/2026', '2026-04-01')),
      /latestDate/,
    );
    const forbidden = (async () => new Response('', { status: 403 })) as unknown as typeof fetch;
    await expect(fetchSjc(forbidden, new AbortController().signal)).rejects.toThrow(/sjc: HTTP 403/);
  });
});

describe('PNJ', () => {
  it('parses the recorded body: thousand VND per chỉ × 10,000 → VND per lượng', () => {
    const time = new Date('2026-06-27T02:44:29Z');
    expect(parsePnjPrices(fixture('pnj-gold-2026-06-27.json.txt'))).toEqual([
      { symbol: 'SJC', time, last: 148_500_000, bid: 145_500_000, ask: 148_500_000 },
      { symbol: 'Vàng nhẫn PNJ', time, last: 148_500_000, bid: 145_500_000, ask: 148_500_000 },
    ]);
  });

  it('reads "" as no selling price and refuses changed bodies', () => {
    const body = fixture('pnj-gold-2026-06-27.json.txt').replace(
      '"giaban":14850,"giamua":14550}',
      '"giaban":"","giamua":14550}',
    );
    expect(parsePnjPrices(body)[0]).toMatchObject({ last: 145_500_000, bid: 145_500_000, ask: null });
    formatError(() => parsePnjPrices('{"items":[]}'), /pnj: no data array/);
    formatError(
      () =>
        parsePnjPrices(fixture('pnj-gold-2026-06-27.json.txt').replace('27/06/2026 09:44:29', '2026-06-27')),
      /updateDate/,
    );
    formatError(
      () =>
        parsePnjPrices(fixture('pnj-gold-2026-06-27.json.txt').replace('"masp":"SJC"', '"masp":"SJC9999"')),
      /no SJC row/,
    );
  });
});

describe('Phú Quý', () => {
  const now = new Date('2026-04-21T06:43:10Z');

  it('reads BPQ from the recorded silver partial: HTML entities, per-lượng unit, 5-minute slot', () => {
    expect(parsePhuQuySilverHtml(fixture('phuquy-silver.html.txt'), now)).toEqual([
      {
        symbol: 'BPQ',
        time: new Date('2026-04-21T06:40:00Z'),
        last: 2_314_000,
        bid: 2_245_000,
        ask: 2_314_000,
      },
    ]);
  });

  it('converts per-kilo and per-chỉ rows to per lượng', () => {
    const perKg = fixture('phuquy-silver.html.txt')
      .replace('BẠC MIẾNG PH&#218; QU&#221; 999 1 LƯỢNG', 'old')
      .replace('BẠC THỎI PH&#218; QU&#221; 999 1KILO', 'BẠC MIẾNG PH&#218; QU&#221; 999 1 LƯỢNG');
    const [kg] = parsePhuQuySilverHtml(perKg, now);
    expect(kg?.bid).toBe(Math.round(59_866_517 * 0.0375));
    const perChi = fixture('phuquy-silver.html.txt').replace(
      '<td class="col-unit-value">Vnđ/Lượng</td>',
      '<td class="col-unit-value">Vnđ/Chỉ</td>',
    );
    expect(parsePhuQuySilverHtml(perChi, now)[0]?.ask).toBe(23_140_000);
  });

  it('refuses a page without the table, the row or a known unit', () => {
    formatError(
      () => parsePhuQuySilverHtml('<p>Bảo trì</p>', now),
      /phuquy: the silver partial has no table/,
    );
    formatError(
      () => parsePhuQuySilverHtml(fixture('phuquy-silver.html.txt').replace('1 LƯỢNG\n', '1 LUONG\n'), now),
      /no "BẠC MIẾNG PHÚ QUÝ 999 1 LƯỢNG" row/,
    );
    formatError(
      () => parsePhuQuySilverHtml(fixture('phuquy-silver.html.txt').replace('Vnđ/Lượng', 'USD/oz'), now),
      /unknown unit "USD\/oz"/,
    );
  });

  it('reads VPQ (NPQ, per chỉ) and BPQ from the board, local times in Vietnam', () => {
    const q = bySymbol(parsePhuQuyBoard(fixture('phuquy-board.json.txt')));
    expect(q.VPQ).toEqual({
      symbol: 'VPQ',
      time: new Date('2026-04-21T06:43:10.957Z'),
      last: 174_500_000,
      bid: 171_500_000,
      ask: 174_500_000,
    });
    expect(q.BPQ).toMatchObject({ last: 2_314_000, bid: 2_245_000 });
    expect(q.SJC).toBeUndefined();
  });

  it('refuses an error envelope and changed boards', () => {
    formatError(
      () => parsePhuQuyBoard('{"errorCode":"401","message":"Unauthorized"}'),
      /errorCode "401": Unauthorized/,
    );
    formatError(
      () => parsePhuQuyBoard(fixture('phuquy-board.json.txt').replace('"NPQ"', '"NPQ2"')),
      /no NPQ/,
    );
    formatError(
      () =>
        parsePhuQuyBoard(
          fixture('phuquy-board.json.txt').replaceAll('"2026-04-21T13:43:10.957"', '"21/04/2026"'),
        ),
      /lastUpdate "21\/04\/2026"/,
    );
  });

  it('takes BPQ from the board when the silver partial fails', async () => {
    const fakeFetch = (async (url: string) =>
      url.includes('be.phuquy')
        ? new Response(fixture('phuquy-board.json.txt'))
        : new Response('', { status: 500 })) as unknown as typeof fetch;
    const quotes = bySymbol(await fetchPhuQuy(fakeFetch, new AbortController().signal, now));
    expect(Object.keys(quotes).sort()).toEqual(['BPQ', 'VPQ']);
    expect(quotes.BPQ?.time).toEqual(new Date('2026-04-21T06:40:02.113Z'));
  });
});

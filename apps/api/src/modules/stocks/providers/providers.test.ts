// The real providers' parsers against recorded responses (fixtures/README.md) and broken ones, and
// the fetchers' requests, answered from the same recordings.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ProviderFormatError } from '../../../market-data/types';
import { fetchKbsDailyBars, parseKbsDailyBars } from './kbs';
import { readJson } from './types';
import {
  fetchVciDailyBars,
  fetchVciPriceBoard,
  parseVciGapChart,
  parseVciPriceBoard,
  parseVciSymbols,
} from './vci';

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures');
const text = (name: string) => fs.readFileSync(path.join(dir, name), 'utf8');
const json = (name: string) => JSON.parse(text(name)) as unknown;

function recorded(name: string, status = 200) {
  const calls: { url: string; init: RequestInit | undefined }[] = [];
  const doFetch = (async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init });
    return new Response(text(name), { status });
  }) as typeof fetch;
  return { doFetch, calls };
}

describe('VCI (Vietcap)', () => {
  it('parses daily bars: unix-second strings at 00:00 UTC become trading dates, prices stay full VND', () => {
    const bars = parseVciGapChart(json('vci-gap-chart-day.json'));
    expect(bars.map((b) => b.date)).toEqual(['2026-07-22', '2026-07-23', '2026-07-24']);
    expect(bars[0]).toEqual({
      ticker: 'VCB',
      date: '2026-07-22',
      open: 56_328.56,
      high: 56_500,
      low: 53_900,
      close: 54_047.65,
      volume: 9_207_098,
      average: null,
    });
    expect(bars[2]?.close).toBe(54_100);
  });

  it('keeps only stocks of HOSE (board HSX), HNX and UPCOM from the listing', () => {
    const listings = parseVciSymbols(json('vci-symbols-getall.json'));
    expect(listings.map((l) => [l.ticker, l.exchange])).toEqual([
      ['YTC', 'UPCOM'],
      ['VNM', 'HOSE'],
      ['SHS', 'HNX'],
    ]);
    expect(listings[1]?.name).toBe('Công ty Cổ phần Sữa Việt Nam');
  });

  it('parses the price board: match price, accumulated volume, session open/high/low and reference', () => {
    const quotes = parseVciPriceBoard(json('vci-price-board.json'), new Date('2025-04-11T08:00:00Z'));
    expect(quotes[0]).toEqual({
      ticker: 'ACB',
      price: 24_850,
      volume: 18_234_500,
      open: 23_500,
      high: 24_900,
      low: 23_400,
      reference: 23_300,
      asOf: new Date('2025-04-11T07:45:02.000Z'),
    });
    expect(quotes.map((q) => q.ticker)).toEqual(['ACB', 'VCB']);
  });

  it('rejects broken bodies with a ProviderFormatError that says what broke', () => {
    expect(() => parseVciGapChart(json('broken-vci-gap-chart-ragged.json'))).toThrow(/different lengths/);
    expect(() => parseVciGapChart(json('broken-vci-gap-chart-text.json'))).toThrow(ProviderFormatError);
    expect(() => parseVciGapChart({ error: 'x' })).toThrow(/expected an array/);
    expect(() => parseVciPriceBoard(json('broken-vci-price-board.json'), new Date())).toThrow(
      /no matchPrice/,
    );
    expect(() => parseVciSymbols([{ id: 1 }])).toThrow(/no symbol or board/);
  });

  it('asks the gap-chart for ONE_DAY bars with the browser headers and reads the recorded answer', async () => {
    const { doFetch, calls } = recorded('vci-gap-chart-day.json');
    const bars = await fetchVciDailyBars(doFetch, ['VCB'], new Date('2026-07-25T00:00:00Z'), 3);
    expect(bars).toHaveLength(3);
    expect(calls[0]?.url).toBe('https://trading.vietcap.com.vn/api/chart/OHLCChart/gap-chart');
    expect(JSON.parse(String(calls[0]?.init?.body))).toEqual({
      timeFrame: 'ONE_DAY',
      symbols: ['VCB'],
      to: 1784937600,
      countBack: 3,
    });
    expect((calls[0]?.init?.headers as Record<string, string> | undefined)?.Referer).toBe(
      'https://trading.vietcap.com.vn/',
    );
  });

  it('reports a Cloudflare rate-limit page as rate limiting and other non-JSON as a format error', async () => {
    const limited = recorded('broken-cloudflare-1015.html', 200);
    await expect(fetchVciPriceBoard(limited.doFetch, ['ACB'], new Date())).rejects.toThrow(/rate limited/);
    await expect(readJson('vci', new Response('<html>maintenance</html>'))).rejects.toThrow(
      ProviderFormatError,
    );
    await expect(readJson('vci', new Response('{}', { status: 502 }))).rejects.toThrow(/HTTP 502/);
  });
});

describe('KBS', () => {
  it('parses data_day in full VND with the average from value / volume', async () => {
    const { doFetch, calls } = recorded('kbs-data-day.json');
    const bars = await fetchKbsDailyBars(doFetch, 'acb', '2026-04-17', '2026-04-17');
    expect(calls[0]?.url).toBe(
      'https://kbbuddywts.kbsec.com.vn/iis-server/investment/stocks/acb/data_day?sdate=17-04-2026&edate=17-04-2026',
    );
    expect(bars).toEqual([
      {
        ticker: 'ACB',
        date: '2026-04-17',
        open: 32_150,
        high: 32_450,
        low: 32_000,
        close: 32_250,
        volume: 12_197_000,
        average: 32_335.88, // 394 400 760 000 / 12 197 000
      },
    ]);
    expect(() => parseKbsDailyBars('ACB', json('broken-kbs-data-day.json'))).toThrow(/bad time/);
    expect(() => parseKbsDailyBars('ACB', [])).toThrow(ProviderFormatError);
  });
});

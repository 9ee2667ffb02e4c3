// Snapshot computation around sessions, weekends and holidays, with hand-checked figures.
import { describe, expect, it } from 'vitest';
import { createMarketCalendar, marketInstant } from '../calendar/calendar';
import { HOLIDAY_SEED } from '../calendar/holidays';
import { type BarRow, computeSnapshot, priceBand, type QuoteRow } from './snapshot';

const cal = createMarketCalendar(HOLIDAY_SEED.map((h) => h.date));

/** A bar whose prices derive from one number so each expectation names its day. */
function bar(date: string, base: number, average: number | null = null): BarRow {
  return {
    date,
    open: base,
    high: base + 500,
    low: base - 500,
    close: base + 100,
    volume: base * 10,
    average,
  };
}
function quote(date: string, time: string, price: number, extra: Partial<QuoteRow> = {}): QuoteRow {
  return {
    trading_date: date,
    price,
    volume: 123_400,
    open: price - 200,
    high: price + 300,
    low: price - 400,
    as_of_ms: marketInstant(date, time).getTime(),
    ...extra,
  };
}
const stock = { ticker: 'VNM', name: 'Vinamilk', exchange: 'HOSE' as const };

describe('snapshot', () => {
  it('during a session uses the live quote; prev close, week and month open skip the 30/4–1/5 holidays', () => {
    const bars = [
      bar('2026-04-01', 60_000),
      bar('2026-04-28', 61_000),
      bar('2026-04-29', 62_000),
      bar('2026-05-04', 63_000), // Monday: first trading day of the week and of May
      bar('2026-05-05', 64_000),
    ];
    const now = marketInstant('2026-05-06', '10:00');
    const s = computeSnapshot({ ...stock, bars, quote: quote('2026-05-06', '09:45', 65_000) }, cal, now);
    expect(s).toMatchObject({
      trading_date: '2026-05-06',
      current_price: 65_000,
      open_price: 64_800,
      high_price: 65_300,
      low_price: 64_600,
      volume: 123_400,
      prev_close: 64_100,
      week_open: 63_000,
      month_open: 63_000,
      live_as_of: '2026-05-06T02:45:00.000Z',
      change: 900,
      change_percent: 1.4,
      is_holiday: false,
      ceiling: 68_500, // 64 100 × 1.07 = 68 587 → 68 500
      floor: 59_700, // 64 100 × 0.93 = 59 613 → 59 700
    });
  });

  it("on a Saturday shows Friday's session from its bar, with no live time", () => {
    const bars = [bar('2026-05-04', 63_000), bar('2026-05-07', 66_000), bar('2026-05-08', 67_000)];
    const now = marketInstant('2026-05-09', '10:00');
    const s = computeSnapshot({ ...stock, bars, quote: quote('2026-05-08', '14:45', 67_100) }, cal, now);
    expect(s).toMatchObject({
      trading_date: '2026-05-08',
      current_price: 67_100,
      open_price: 67_000,
      prev_close: 66_100,
      week_open: 63_000,
      month_open: 63_000,
      live_as_of: null,
      is_holiday: false,
    });
  });

  it('on a holiday says so and shows the last session, the week opening on its Monday', () => {
    const bars = [
      bar('2026-04-01', 50_000),
      bar('2026-04-20', 51_000),
      bar('2026-04-23', 52_000),
      bar('2026-04-24', 53_000),
    ];
    const now = marketInstant('2026-04-27', '10:00'); // Hùng Kings' compensation day
    const s = computeSnapshot({ ...stock, bars, quote: null }, cal, now);
    expect(s).toMatchObject({
      trading_date: '2026-04-24',
      current_price: 53_100,
      prev_close: 52_100,
      week_open: 51_000,
      month_open: 50_000,
      live_as_of: null,
      is_holiday: true,
    });
  });

  it('takes the week and month open from the live session when both start today (after 31/8–2/9)', () => {
    const bars = [bar('2026-08-27', 40_000), bar('2026-08-28', 41_000)];
    const now = marketInstant('2026-09-03', '09:30');
    const s = computeSnapshot({ ...stock, bars, quote: quote('2026-09-03', '09:29', 42_000) }, cal, now);
    expect(s).toMatchObject({
      prev_close: 41_100,
      week_open: 41_800,
      month_open: 41_800,
      open_price: 41_800,
    });
    expect(s.live_as_of).not.toBeNull();
  });

  it('before the opening bell shows the previous session, not a live one', () => {
    const bars = [bar('2026-11-19', 30_000), bar('2026-11-20', 31_000)];
    const now = marketInstant('2026-11-23', '08:30'); // Monday before the open
    const s = computeSnapshot({ ...stock, bars, quote: quote('2026-11-20', '14:45', 31_100) }, cal, now);
    expect(s).toMatchObject({
      trading_date: '2026-11-20',
      current_price: 31_100,
      open_price: 31_000,
      prev_close: 30_100,
      week_open: 30_000,
      month_open: 30_000,
      live_as_of: null,
    });
  });

  it('after the opening bell, before the first trade, shows the last close and no open', () => {
    const bars = [bar('2026-11-19', 30_000), bar('2026-11-20', 31_000)];
    const now = marketInstant('2026-11-23', '09:05');
    const s = computeSnapshot({ ...stock, bars, quote: quote('2026-11-20', '14:45', 31_100) }, cal, now);
    expect(s).toMatchObject({
      trading_date: '2026-11-20',
      current_price: 31_100,
      open_price: null,
      volume: null,
      prev_close: 31_100,
      week_open: null,
      month_open: 30_000,
      live_as_of: null,
      change: 0,
    });
  });

  it("on UPCOM uses the previous session's average as the reference, with the ±15 % band", () => {
    const bars = [bar('2026-11-19', 20_000, 20_050), bar('2026-11-20', 21_000, 20_950)];
    const now = marketInstant('2026-11-23', '10:00');
    const s = computeSnapshot(
      { ticker: 'ACV', name: 'ACV', exchange: 'UPCOM', bars, quote: quote('2026-11-23', '09:55', 21_200) },
      cal,
      now,
    );
    expect(s.prev_close).toBe(20_950); // not the close 21 100
    expect(s.ceiling).toBe(24_000); // 20 950 × 1.15 = 24 092.5 → 24 000
    expect(s.floor).toBe(17_900); // 20 950 × 0.85 = 17 807.5 → 17 900
  });

  it('answers nulls for a stock with no data', () => {
    const s = computeSnapshot({ ...stock, bars: [], quote: null }, cal, marketInstant('2026-11-20', '10:00'));
    expect(s).toMatchObject({
      current_price: null,
      prev_close: null,
      ceiling: null,
      change: null,
      trading_date: null,
    });
  });

  it("matches VCI's published band for ACB (reference 23 300 → 24 900 / 21 700)", () => {
    expect(priceBand('HOSE', 23_300)).toEqual({ ceiling: 24_900, floor: 21_700 });
    expect(priceBand('HOSE', 9_000)).toEqual({ ceiling: 9_630, floor: 8_370 });
    expect(priceBand('HNX', 10_000)).toEqual({ ceiling: 11_000, floor: 9_000 });
  });
});

// The candlestick chart's data rules: today's candle from the live snapshot, the range buttons'
// windows, the read-out, the summary, and when a quote only moved today's candle.
import type { PriceRecord } from '@staff/contracts';
import { describe, expect, it } from 'vitest';
import {
  type Candle,
  chartSummary,
  formatVolumeShort,
  monthsBefore,
  onlyLastDayMoved,
  rangeWindow,
  readOut,
  readOutText,
  sessionCandle,
  sessionLevels,
  toCandles,
  withSessionCandle,
} from './candles';
import { testSnapshot } from './test-fixtures';

const bar = (date: string, close: number, fields: Partial<Candle> = {}): Candle => ({
  date,
  open: close - 100,
  high: close + 200,
  low: close - 300,
  close,
  volume: 1000,
  ...fields,
});

/** Weekdays from `from` to `to` (UTC dates), one bar each, closing 100 higher each day. */
function weekdays(from: string, to: string): Candle[] {
  const out: Candle[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000) {
    const d = new Date(t);
    if (d.getUTCDay() === 0 || d.getUTCDay() === 6) continue;
    out.push(bar(d.toISOString().slice(0, 10), 10_000 + out.length * 100));
  }
  return out;
}

describe('the daily bars as candles', () => {
  it('keeps a bar’s day, open, high, low, close and volume', () => {
    const record: PriceRecord = {
      ticker: 'VNM',
      date: '2026-11-20',
      open: 60_000,
      high: 61_000,
      low: 59_500,
      close: 60_500,
      volume: 1_234_500,
      average: 60_200,
      source: 'demo',
    };
    expect(toCandles([record])).toEqual([
      { date: '2026-11-20', open: 60_000, high: 61_000, low: 59_500, close: 60_500, volume: 1_234_500 },
    ]);
  });
});

describe("today's candle", () => {
  const live = testSnapshot('VNM', {
    trading_date: '2026-11-23',
    open_price: 65_000,
    high_price: 65_800,
    low_price: 64_900,
    current_price: 65_500,
    volume: 2_000_000,
    live_as_of: '2026-11-23T03:15:00.000Z',
  });

  it('is the session so far while it runs, and nothing outside a session', () => {
    expect(sessionCandle(live)).toEqual({
      date: '2026-11-23',
      open: 65_000,
      high: 65_800,
      low: 64_900,
      close: 65_500,
      volume: 2_000_000,
      live: true,
    });
    expect(sessionCandle(testSnapshot('VNM', { live_as_of: null }))).toBeNull();
    expect(sessionCandle(null)).toBeNull();
    // A price above the session's recorded high stretches the candle to it.
    expect(sessionCandle({ ...live, current_price: 66_000 })?.high).toBe(66_000);
  });

  it('is added after the last bar, replaces the same day’s bar, and never goes back in time', () => {
    const bars = [bar('2026-11-19', 64_000), bar('2026-11-20', 64_500)];
    const today = sessionCandle(live);
    expect(withSessionCandle(bars, today).map((b) => [b.date, b.close])).toEqual([
      ['2026-11-19', 64_000],
      ['2026-11-20', 64_500],
      ['2026-11-23', 65_500],
    ]);
    const written = [...bars, bar('2026-11-23', 65_100, { high: 66_000, low: 64_000 })];
    const merged = withSessionCandle(written, today);
    expect(merged).toHaveLength(3);
    expect(merged[2]).toMatchObject({
      date: '2026-11-23',
      close: 65_500,
      high: 66_000,
      low: 64_000,
      live: true,
    });
    expect(withSessionCandle([...bars, bar('2026-11-24', 1)], today)).toHaveLength(3);
    expect(withSessionCandle(bars, null)).toBe(bars);
    expect(withSessionCandle([], today)).toEqual([today]);
  });

  it('moving it (or adding the day) keeps the history, which the drawing then updates in place', () => {
    const bars = [bar('2026-11-19', 64_000), bar('2026-11-20', 64_500)];
    const withToday = withSessionCandle(bars, sessionCandle(live));
    expect(onlyLastDayMoved(bars, withToday)).toBe(true);
    const moved = withSessionCandle(bars, sessionCandle({ ...live, current_price: 65_700 }));
    expect(onlyLastDayMoved(withToday, moved)).toBe(true);
    // A bar before today changed (a price record edited): the whole history is drawn again.
    const edited = [bar('2026-11-19', 63_000), ...moved.slice(1)];
    expect(onlyLastDayMoved(moved, edited)).toBe(false);
    expect(onlyLastDayMoved([], withToday)).toBe(false);
    expect(onlyLastDayMoved(bars, [...withToday, bar('2026-11-24', 1)])).toBe(false);
  });
});

describe('the range buttons', () => {
  it('go back whole months, to the month’s last day when it is shorter', () => {
    expect(monthsBefore('2026-11-28', 1)).toBe('2026-10-28');
    expect(monthsBefore('2026-03-31', 1)).toBe('2026-02-28');
    expect(monthsBefore('2024-03-31', 1)).toBe('2024-02-29');
    expect(monthsBefore('2026-01-15', 3)).toBe('2025-10-15');
    expect(monthsBefore('2026-11-28', 36)).toBe('2023-11-28');
  });

  it('show the bars after the range’s start up to the last, or all of them', () => {
    const bars = weekdays('2023-01-02', '2026-11-27');
    const last = bars.length - 1;
    const startOf = (range: Parameters<typeof rangeWindow>[1]) =>
      bars[rangeWindow(bars, range)?.from as number]?.date;
    expect(rangeWindow(bars, '1M')?.to).toBe(last);
    expect(startOf('1M')).toBe('2026-10-28');
    expect(startOf('3M')).toBe('2026-08-28');
    expect(startOf('1Y')).toBe('2025-11-28');
    expect(startOf('3Y')).toBe('2023-11-28');
    expect(rangeWindow(bars, 'all')).toEqual({ from: 0, to: last });
    // Less history than the range: everything there is.
    expect(rangeWindow(bars.slice(-10), '1Y')).toEqual({ from: 0, to: 9 });
    expect(rangeWindow([], '3M')).toBeNull();
  });
});

describe('the read-out', () => {
  const bars = [bar('2026-11-19', 64_000), bar('2026-11-20', 64_800, { volume: 1_234_500 })];

  it('shows the day under the crosshair with its change from the day before, else the last day', () => {
    expect(readOut(bars, null)).toMatchObject({ date: '2026-11-20', close: 64_800, change: 800 });
    expect(readOut(bars, null)?.changePercent).toBeCloseTo(1.25);
    expect(readOut(bars, 0)).toMatchObject({ date: '2026-11-19', change: null, changePercent: null });
    expect(readOut(bars, 5)).toBeNull();
    expect(readOut([], null)).toBeNull();
  });

  it('says the day in one sentence, in vi-VN numbers', () => {
    expect(readOutText(readOut(bars, null) as NonNullable<ReturnType<typeof readOut>>)).toBe(
      '20/11/2026: Open 64.700, High 65.000, Low 64.500, Close 64.800 (+1,25%), Volume 1.234.500',
    );
    const live = readOut([...bars, { ...bar('2026-11-23', 64_800), live: true }], null);
    expect(readOutText(live as NonNullable<typeof live>)).toMatch(
      /^23\/11\/2026, phiên đang giao dịch: Open/,
    );
  });
});

describe('the summary and the axis', () => {
  it('names the range, its first and last close, its change, high and low', () => {
    const shown = [
      bar('2026-09-01', 60_000),
      bar('2026-10-01', 70_000, { high: 72_000 }),
      bar('2026-11-27', 66_000),
    ];
    expect(chartSummary('VNM', shown, '3M')).toBe(
      'Giá đóng cửa VNM, 3 tháng từ 01/09/2026 đến 27/11/2026: 60.000 → 66.000 (+10,00%); cao nhất 72.000, thấp nhất 59.700; 3 phiên.',
    );
    expect(chartSummary('VNM', [], 'all')).toBe('Chưa có giá của VNM.');
  });

  it('writes volumes short on the axis', () => {
    expect(formatVolumeShort(950)).toBe('950');
    expect(formatVolumeShort(12_345)).toBe('12,3 N');
    expect(formatVolumeShort(1_250_000)).toBe('1,3 Tr');
    expect(formatVolumeShort(2_100_000_000)).toBe('2,1 T');
  });

  it('takes the session’s reference, ceiling and floor from the snapshot', () => {
    expect(sessionLevels(testSnapshot('VNM'))).toEqual({ reference: 64_100, ceiling: 68_500, floor: 59_700 });
    expect(sessionLevels(null)).toEqual({ reference: null, ceiling: null, floor: null });
  });
});

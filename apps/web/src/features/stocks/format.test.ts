import { describe, expect, it } from 'vitest';
import { analyse } from './components/analysis-page';
import { direction, formatNumber, marketTime, prevCloseHint, priceTone, withLiveQuote } from './format';
import { testSnapshot } from './test-fixtures';

const base = testSnapshot('VNM', { name: 'Vinamilk', live_as_of: '2026-05-06T02:45:00.000Z' });

describe('stock formatting', () => {
  it('writes numbers the Vietnamese way and times in Ho Chi Minh City', () => {
    expect(formatNumber(65_000)).toBe('65.000');
    expect(formatNumber(1_234_567.5)).toBe('1.234.567,5');
    expect(formatNumber(null)).toBe('—');
    expect(marketTime('2026-05-06T02:45:00.000Z')).toBe('09:45');
    expect(prevCloseHint(64_100)).toBe('Giá hôm qua: 64.100');
    expect(prevCloseHint(null)).toBe('Chưa có giá hôm qua');
  });

  it('colours the price like a Vietnamese board', () => {
    expect(priceTone(base)).toBe('up');
    expect(priceTone({ ...base, current_price: 64_000 })).toBe('down');
    expect(priceTone({ ...base, current_price: 64_100 })).toBe('equal');
    expect(priceTone({ ...base, current_price: 68_500 })).toBe('ceiling');
    expect(priceTone({ ...base, current_price: 59_700 })).toBe('floor');
    expect(priceTone({ ...base, prev_close: null })).toBe('none');
    expect(direction(65_000, 63_000)).toBe('up');
    expect(direction(65_000, 66_000)).toBe('down');
    expect(direction(65_000, 65_000)).toBe('flat');
    expect(direction(null, 1)).toBe('none');
  });

  it('applies a newer live quote and ignores an older one', () => {
    const quote = {
      ticker: 'VNM',
      price: 65_500,
      volume: 2_000_000,
      as_of: '2026-05-06T02:50:00.000Z',
      source: 'demo',
      open: 64_800,
      high: 65_600,
      low: 64_600,
    };
    const next = withLiveQuote(base, quote);
    expect(next).toMatchObject({
      current_price: 65_500,
      high_price: 65_600,
      volume: 2_000_000,
      change: 1400,
      live_as_of: quote.as_of,
    });
    expect(withLiveQuote(next, { ...quote, price: 1, as_of: '2026-05-06T02:40:00.000Z' })).toBe(next);
  });

  it('analyses a list: changes against each base and equal-amount weights', () => {
    const { rows, average } = analyse([
      {
        ticker: 'AAA',
        name: 'A',
        exchange: 'HOSE',
        snapshot: { ...base, current_price: 110, prev_close: 100, week_open: 100, month_open: 100 },
      },
      {
        ticker: 'BBB',
        name: 'B',
        exchange: 'HNX',
        snapshot: { ...base, current_price: 90, prev_close: 100, week_open: 90, month_open: 100 },
      },
      { ticker: 'CCC', name: 'C', exchange: 'UPCOM', snapshot: null },
    ]);
    expect(rows.map((r) => [r.ticker, r.day, r.week, r.month])).toEqual([
      ['AAA', 10, 10, 10],
      ['BBB', -10, 0, -10],
      ['CCC', null, null, null],
    ]);
    expect(rows[0]?.weight).toBeCloseTo(55); // 1.1 / (1.1 + 0.9)
    expect(rows[1]?.weight).toBeCloseTo(45);
    expect(rows[2]?.weight).toBeNull();
    expect(average).toEqual({ day: 0, week: 5, month: 0 });
  });
});

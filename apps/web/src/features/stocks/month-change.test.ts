// The watchlist analysis's month chart as data: each ticker's closes this month against the month's
// open (the table's 'Từ đầu tháng' base), today's price while a session runs, the summary and table.
import type { PriceRecord } from '@staff/contracts';
import { describe, expect, it } from 'vitest';
import { changeLine, changeOn, changeTable, LINE_COLOURS, monthOf, monthSummary } from './month-change';
import { testSnapshot } from './test-fixtures';

const record = (ticker: string, date: string, close: number): PriceRecord => ({
  ticker,
  date,
  open: close,
  high: close,
  low: close,
  close,
  volume: 100,
  average: null,
  source: 'demo',
});

describe('the month chart', () => {
  it('takes the month of the latest trading date', () => {
    expect(
      monthOf([
        testSnapshot('A', { trading_date: '2026-10-30' }),
        null,
        testSnapshot('B', { trading_date: '2026-11-02' }),
      ]),
    ).toBe('2026-11-01');
    expect(monthOf([null, testSnapshot('A', { trading_date: null })])).toBeNull();
  });

  it("draws each close this month against the month's open, ending on the table's figure", () => {
    const bars = [
      record('ACV', '2026-10-30', 90),
      record('ACV', '2026-11-02', 100),
      record('ACV', '2026-11-03', 105),
    ];
    // A session in progress at 110: today's point is the live price.
    const snapshot = testSnapshot('ACV', {
      trading_date: '2026-11-04',
      month_open: 100,
      current_price: 110,
      open_price: 104,
      high_price: 111,
      low_price: 103,
      live_as_of: '2026-11-04T03:00:00.000Z',
    });
    const line = changeLine('ACV', 0, snapshot, bars, '2026-11-01');
    expect(line.points).toEqual([
      { date: '2026-11-02', percent: 0 },
      { date: '2026-11-03', percent: 5 },
      { date: '2026-11-04', percent: 10 },
    ]);
    expect(line).toMatchObject({ ticker: 'ACV', colour: LINE_COLOURS[0], dashed: false });
    expect(changeOn(line, null)).toBe(10);
    expect(changeOn(line, '2026-11-03')).toBe(5);
    expect(changeOn(line, '2026-11-05')).toBeNull();
  });

  it('goes without a month open to the first bar’s open, and has no points without prices', () => {
    const line = changeLine(
      'VJC',
      11,
      testSnapshot('VJC', { month_open: null }),
      [record('VJC', '2026-11-02', 50)],
      '2026-11-01',
    );
    expect(line.points).toEqual([{ date: '2026-11-02', percent: 0 }]);
    // Past the palette the colours repeat, dashed.
    expect(line).toMatchObject({ colour: LINE_COLOURS[1], dashed: true });
    expect(changeLine('X', 0, null, undefined, '2026-11-01').points).toEqual([]);
  });

  it('says the best and the worst, and tabulates every day', () => {
    const up = {
      ticker: 'ACV',
      colour: '#000',
      dashed: false,
      points: [
        { date: '2026-11-02', percent: 2 },
        { date: '2026-11-03', percent: 10 },
      ],
    };
    const down = {
      ticker: 'VJC',
      colour: '#111',
      dashed: false,
      points: [{ date: '2026-11-03', percent: -10 }],
    };
    expect(monthSummary([up, down], '2026-11-01')).toBe(
      'Thay đổi từ đầu tháng 11/2026 đến 03/11/2026: cao nhất ACV +10,00%, thấp nhất VJC -10,00%.',
    );
    expect(monthSummary([up], '2026-11-01')).toBe(
      'Thay đổi từ đầu tháng 11/2026 đến 03/11/2026: ACV +10,00%.',
    );
    expect(monthSummary([], '2026-11-01')).toBe('Chưa có giá nào trong tháng 11/2026.');
    expect(changeTable([up, down])).toEqual([
      { date: '2026-11-02', values: [2, null] },
      { date: '2026-11-03', values: [10, -10] },
    ]);
  });
});

// A snapshot for the stocks tests, in the API's shape: a quiet HOSE day, prices in VND.
import type { Snapshot } from '@staff/contracts';

export function testSnapshot(ticker: string, fields: Partial<Snapshot> = {}): Snapshot {
  return {
    ticker,
    name: `${ticker} name`,
    exchange: 'HOSE',
    trading_date: '2026-05-06',
    open_price: 64_800,
    high_price: 65_300,
    low_price: 64_600,
    current_price: 65_000,
    volume: 1_234_500,
    prev_close: 64_100,
    week_open: 63_000,
    month_open: 66_000,
    live_as_of: null,
    ceiling: 68_500,
    floor: 59_700,
    change: 900,
    change_percent: 1.4,
    is_holiday: false,
    ...fields,
  };
}

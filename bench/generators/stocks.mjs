// Stocks for the benches: listings (the demo's, then numbered copies) and their daily bars from the
// demo provider's random walks, inserted straight into the tables. The intraday quotes stay with
// each bench: the load wants one session a minute apart, the stocks bench a week five minutes apart.
import { apiSource } from '../lib.mjs';

const { addDays } = await import(apiSource('modules/stocks/calendar/calendar.ts'));
const { generateHistory } = await import(apiSource('modules/stocks/providers/demo.ts'));
const { DEMO_LISTINGS } = await import(apiSource('modules/stocks/providers/demo-listings.ts'));
const { stockSearchText } = await import(apiSource('modules/stocks/catalogue/repo.ts'));
const { createBarsRepo } = await import(apiSource('modules/stocks/snapshots/repo.ts'));

/** `count` listings: the demo's, then copies of them with numbered tickers (`VCB1`, `VCB2`, …). */
export const listings = (count) =>
  Array.from({ length: count }, (_, i) => {
    const base = DEMO_LISTINGS[i % DEMO_LISTINGS.length];
    return i < DEMO_LISTINGS.length
      ? base
      : { ...base, ticker: `${base.ticker.slice(0, 3)}${Math.floor(i / DEMO_LISTINGS.length)}` };
  });

/** The trading days of the `years` up to `until` (inclusive) on the market calendar `cal`. */
export function tradingDays(cal, until, years) {
  const days = [];
  for (let d = addDays(until, -Math.round(365.25 * years)); d <= until; d = addDays(d, 1))
    if (cal.isTradingDay(d)) days.push(d);
  return days;
}

/**
 * Inserts `list`'s stocks (source `demo`, lot size 100) and a daily bar for each of `days`, in
 * `trx`. Returns the stocks' `{ id, ticker }` and the number of bars.
 */
export async function insertStocksWithBars(trx, { list, days, exchangeIds, createdAt }) {
  const created = await trx
    .insertInto('stocks')
    .values(
      list.map((l) => ({
        ticker: l.ticker,
        name: l.name,
        exchange_id: exchangeIds[l.exchange],
        lot_size: 100,
        sector: l.sector,
        is_active: 1,
        source: 'demo',
        search: stockSearchText(l.ticker, l.name),
        created_at: createdAt,
      })),
    )
    .returning(['id', 'ticker'])
    .execute();
  const bars = createBarsRepo(trx);
  const byTicker = new Map(list.map((l) => [l.ticker, l]));
  let count = 0;
  // 25 stocks' bars a call (about 31,000 rows for five years).
  for (let i = 0; i < created.length; i += 25) {
    const rows = [];
    for (const c of created.slice(i, i + 25)) {
      for (const bar of generateHistory(byTicker.get(c.ticker), days))
        rows.push({ ...bar, stock_id: c.id, source: 'demo' });
    }
    await bars.insertBarsBulk(rows);
    count += rows.length;
  }
  return { created, bars: count };
}

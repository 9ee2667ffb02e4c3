// The live provider's jobs: VCI's listing once a day, VCI's price board for the watched tickers
// every 15 s of a session, and KBS daily bars (full VND, with the session average that UPCOM's
// reference price needs) after the close.
import { toIso } from '../../../db/dialect';
import type { MarketDataJob } from '../../../market-data/types';
import {
  addDays,
  MARKET_CLOSE_MINUTES,
  marketDate,
  marketMinutes,
  withinMarketHours,
} from '../calendar/calendar';
import { createCalendarRepo } from '../calendar/repo';
import { createCatalogueRepo, stockSearchText } from '../catalogue/repo';
import { type BarInsert, createBarsRepo, createQuotesRepo, type QuoteInsert } from '../snapshots/repo';
import { createWatchlistItemsRepo } from '../watchlists/repo';
import { fetchKbsDailyBars, KBS } from './kbs';
import { fetchVciPriceBoard, fetchVciSymbols, VCI } from './vci';

const BOARD_BATCH = 50;

export function liveJobs(): MarketDataJob[] {
  return [
    {
      name: 'stocks-vci-listings',
      intervalMs: 24 * 3600_000,
      async run(ctx) {
        const listings = await fetchVciSymbols(ctx.fetch, ctx.signal);
        const exchangeIds = await createCatalogueRepo(ctx.db).exchangeIds();
        const known = new Set(
          (await ctx.db.selectFrom('stocks').select('ticker').execute()).map((r) => r.ticker),
        );
        const fresh = listings.filter((l) => !known.has(l.ticker) && /^[A-Z0-9]{1,10}$/.test(l.ticker));
        for (let i = 0; i < fresh.length; i += 500) {
          await ctx.db
            .insertInto('stocks')
            .values(
              fresh.slice(i, i + 500).map((l) => ({
                ticker: l.ticker,
                name: l.name.slice(0, 255),
                exchange_id: exchangeIds[l.exchange] as number,
                lot_size: 100,
                sector: l.sector,
                is_active: 1 as const,
                source: VCI,
                search: stockSearchText(l.ticker, l.name),
                created_at: toIso(ctx.now),
              })),
            )
            .onConflict((oc) => oc.column('ticker').doNothing())
            .execute();
        }
        ctx.log.info({ added: fresh.length }, 'stocks: VCI listing read');
      },
    },
    {
      name: 'stocks-vci-intraday',
      intervalMs: 15_000,
      isDue: withinMarketHours,
      async run(ctx) {
        const quotesRepo = createQuotesRepo(ctx.db);
        const cal = await createCalendarRepo(ctx.db).calendar();
        if (!cal.isMatching(ctx.now)) return;
        const watched = await createWatchlistItemsRepo(ctx.db).watchedStocks();
        const today = marketDate(ctx.now);
        const latest = new Map(
          (
            await quotesRepo.latestQuotes(
              watched.map((w) => w.id),
              today,
            )
          ).map((q) => [q.stock_id, q]),
        );
        const ids = new Map(watched.map((w) => [w.ticker, w.id]));
        for (let i = 0; i < watched.length; i += BOARD_BATCH) {
          const tickers = watched.slice(i, i + BOARD_BATCH).map((w) => w.ticker);
          const quotes = await fetchVciPriceBoard(ctx.fetch, tickers, ctx.now, ctx.signal);
          const rows: QuoteInsert[] = [];
          for (const q of quotes) {
            const id = ids.get(q.ticker);
            if (id === undefined || marketDate(q.asOf) !== today) continue;
            const prev = latest.get(id);
            if (prev && prev.price === q.price && prev.volume === q.volume) continue; // nothing traded
            rows.push({
              stock_id: id,
              trading_date: today,
              price: q.price,
              volume: q.volume,
              open: q.open,
              high: q.high,
              low: q.low,
              as_of_ms: q.asOf.getTime(),
              source: VCI,
            });
          }
          await quotesRepo.insertQuotes(rows);
        }
      },
    },
    {
      name: 'stocks-kbs-daily',
      intervalMs: 30 * 60_000,
      isDue: (now) => marketMinutes(now) >= MARKET_CLOSE_MINUTES + 15,
      async run(ctx) {
        const barsRepo = createBarsRepo(ctx.db);
        const cal = await createCalendarRepo(ctx.db).calendar();
        const today = marketDate(ctx.now);
        if (!cal.isTradingDay(today)) return;
        const from = addDays(today, -10);
        for (const w of await createWatchlistItemsRepo(ctx.db).watchedStocks()) {
          const bars = await fetchKbsDailyBars(ctx.fetch, w.ticker, from, today, ctx.signal);
          const rows: BarInsert[] = bars.map(({ ticker: _, ...b }) => ({
            ...b,
            stock_id: w.id,
            source: KBS,
          }));
          await barsRepo.upsertBars(rows);
        }
      },
    },
  ];
}

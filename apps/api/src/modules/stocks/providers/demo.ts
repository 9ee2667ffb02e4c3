// The demo provider: the real listings of DEMO_LISTINGS with synthetic but realistic prices —
// several years of daily bars (a random walk inside each exchange's daily band, on its tick
// grid, ending at the listing's price level), and intraday quotes that move every minute of a
// trading session. Everything it writes is marked source 'demo'.
import { type ExchangeCode, PRICE_BANDS } from '@staff/contracts';
import { toIso } from '../../../db/dialect';
import type { Db } from '../../../db/index';
import type { MarketDataJob } from '../../../market-data/types';
import {
  addDays,
  MARKET_CLOSE_MINUTES,
  MARKET_OPEN_MINUTES,
  type MarketCalendar,
  marketDate,
  marketInstant,
  marketMinutes,
  withinMarketHours,
} from '../calendar/calendar';
import { createCalendarRepo } from '../calendar/repo';
import { createCatalogueRepo, stockSearchText } from '../catalogue/repo';
import { type BarInsert, createBarsRepo, createQuotesRepo, type QuoteInsert } from '../snapshots/repo';
import { type BarRow, priceBand, tickSize } from '../snapshots/snapshot';
import { DEMO_LISTINGS, type DemoListing } from './demo-listings';

export const DEMO = 'demo';
/** Years of daily bars a fresh install gets. */
export const DEMO_YEARS = 3;
const DAILY_SIGMA: Record<ExchangeCode, number> = { HOSE: 0.017, HNX: 0.021, UPCOM: 0.024 };
/** Minutes between the seeded intraday quotes of today's session. */
const SEED_QUOTE_STEP_MIN = 5;

/** Deterministic per-ticker randomness, so two installs show the same history. */
function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
function gauss(rand: () => number): number {
  const u = Math.max(rand(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rand());
}

export function roundToTick(exchange: ExchangeCode, price: number): number {
  const tick = tickSize(exchange, price);
  return Math.max(tick, Math.round(price / tick) * tick);
}

/** Keeps a price inside the band around a reference, on the tick grid. */
function inBand(exchange: ExchangeCode, reference: number, price: number): number {
  const { ceiling, floor } = priceBand(exchange, reference);
  return Math.min(ceiling, Math.max(floor, roundToTick(exchange, price)));
}

/** One day's bar given the previous close and this day's close. */
function barAround(
  listing: DemoListing,
  date: string,
  reference: number,
  close: number,
  rand: () => number,
): BarRow {
  const ex = listing.exchange;
  const sigma = DAILY_SIGMA[ex];
  const { ceiling, floor } = priceBand(ex, reference);
  const clamp = (p: number) => Math.min(ceiling, Math.max(floor, roundToTick(ex, p)));
  const open = clamp(reference * Math.exp(gauss(rand) * sigma * 0.35));
  const high = Math.max(
    clamp(Math.max(open, close) * Math.exp(Math.abs(gauss(rand)) * sigma * 0.5)),
    open,
    close,
  );
  const low = Math.min(
    clamp(Math.min(open, close) * Math.exp(-Math.abs(gauss(rand)) * sigma * 0.5)),
    open,
    close,
  );
  const volume = Math.max(100, Math.round(listing.volumeK * 10 * Math.exp(gauss(rand) * 0.45)) * 100);
  return { date, open, high, low, close, volume, average: roundToTick(ex, (high + low + 2 * close) / 4) };
}

/** Bars for the trading days given (ascending), walking back from the listing's price on the last day. */
export function generateHistory(listing: DemoListing, days: string[]): BarRow[] {
  const ex = listing.exchange;
  const rand = prng(hash(listing.ticker));
  const sigma = DAILY_SIGMA[ex];
  const closes: number[] = new Array(days.length);
  let close = roundToTick(ex, listing.price);
  const target = Math.log(listing.price);
  for (let i = days.length - 1; i >= 0; i--) {
    closes[i] = close;
    // Walking back in time: a random step with a gentle pull towards the price level.
    const pull = (Math.log(close) - target) * 0.02;
    let previous = roundToTick(ex, close / Math.exp(gauss(rand) * sigma + pull));
    // The close must sit inside the band of the previous close: step towards it tick by tick.
    const band = PRICE_BANDS[ex];
    for (let guard = 0; Math.abs(close / previous - 1) > band; guard++) {
      if (guard > 10_000) throw new Error(`demo history: ${listing.ticker} stuck at ${close} / ${previous}`);
      previous += previous < close ? tickSize(ex, previous) : -tickSize(ex, previous);
    }
    close = previous;
  }
  const bars: BarRow[] = [];
  let reference = closes[0] as number;
  for (let i = 0; i < days.length; i++) {
    const c = closes[i] as number;
    bars.push(barAround(listing, days[i] as string, reference, c, rand));
    reference = c;
  }
  return bars;
}

/** The next synthetic bar after a close (for days the demo install was not running). */
export function nextBar(listing: DemoListing, date: string, previousClose: number): BarRow {
  const rand = prng(hash(`${listing.ticker}:${date}`));
  const close = inBand(
    listing.exchange,
    previousClose,
    previousClose * Math.exp(gauss(rand) * DAILY_SIGMA[listing.exchange]),
  );
  return barAround(listing, date, previousClose, close, rand);
}

/** One intraday step: a small move from the last price, inside the day's band. */
export function nextIntradayPrice(
  listing: DemoListing,
  reference: number,
  last: number,
  rand: () => number,
): number {
  const step = DAILY_SIGMA[listing.exchange] / Math.sqrt(270);
  return inBand(listing.exchange, reference, last * Math.exp(gauss(rand) * step * 1.3));
}

/** The last trading day whose session is over at this instant. */
export function lastCompletedSession(cal: MarketCalendar, now: Date): string {
  const today = marketDate(now);
  return cal.isTradingDay(today) && marketMinutes(now) >= MARKET_CLOSE_MINUTES
    ? today
    : cal.previousTradingDay(today);
}

function tradingDaysBetween(cal: MarketCalendar, from: string, to: string): string[] {
  const days: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) if (cal.isTradingDay(d)) days.push(d);
  return days;
}

const LISTING_BY_TICKER = new Map(DEMO_LISTINGS.map((l) => [l.ticker, l]));

interface DemoStock {
  id: number;
  listing: DemoListing;
}

async function demoStocks(db: Db): Promise<DemoStock[]> {
  const rows = await db.selectFrom('stocks').select(['id', 'ticker']).where('source', '=', DEMO).execute();
  return rows.flatMap((r) => {
    const listing = LISTING_BY_TICKER.get(r.ticker);
    return listing ? [{ id: r.id, listing }] : [];
  });
}

/** Adds the bars of sessions completed since each demo stock's last bar (from today's quotes when any). */
export async function fillDemoBars(db: Db, cal: MarketCalendar, now: Date): Promise<number> {
  const stocks = await demoStocks(db);
  if (stocks.length === 0) return 0;
  const until = lastCompletedSession(cal, now);
  const last = await db
    .selectFrom('stock_daily_bars')
    .select(['stock_id', (eb) => eb.fn.max('date').as('date')])
    .where('source', '=', DEMO)
    .groupBy('stock_id')
    .execute();
  const lastDate = new Map(last.map((r) => [r.stock_id, r.date as string]));
  const pending = stocks.filter((s) => (lastDate.get(s.id) ?? '') < until && lastDate.has(s.id));
  if (pending.length === 0) return 0;
  const closes = await db
    .selectFrom('stock_daily_bars')
    .select(['stock_id', 'date', 'close'])
    .where(
      'stock_id',
      'in',
      pending.map((s) => s.id),
    )
    .where('date', '>=', addDays(until, -400))
    .orderBy('date')
    .execute();
  const lastClose = new Map<number, number>();
  for (const r of closes) lastClose.set(r.stock_id, r.close);
  const quotes = new Map(
    (
      await createQuotesRepo(db).latestQuotes(
        pending.map((s) => s.id),
        until,
      )
    ).map((q) => [q.stock_id, q]),
  );
  const rows: BarInsert[] = [];
  for (const s of pending) {
    let close = lastClose.get(s.id) as number;
    for (const date of tradingDaysBetween(cal, addDays(lastDate.get(s.id) as string, 1), until)) {
      const q = quotes.get(s.id);
      const bar =
        q && date === until
          ? {
              date,
              open: q.open ?? q.price,
              high: q.high ?? q.price,
              low: q.low ?? q.price,
              close: q.price,
              volume: q.volume,
              average: roundToTick(
                s.listing.exchange,
                ((q.high ?? q.price) + (q.low ?? q.price) + 2 * q.price) / 4,
              ),
            }
          : nextBar(s.listing, date, close);
      rows.push({ ...bar, stock_id: s.id, source: DEMO });
      close = bar.close;
    }
  }
  await createBarsRepo(db).upsertBars(rows);
  return rows.length;
}

/** Writes one demo quote per demo stock at each instant given (minutes of one session), moving from the last. */
export async function writeDemoQuotes(
  db: Db,
  cal: MarketCalendar,
  at: Date | Date[],
  rand: () => number = Math.random,
): Promise<number> {
  const instants = Array.isArray(at) ? at : [at];
  const first = instants[0];
  const stocks = await demoStocks(db);
  if (stocks.length === 0 || !first) return 0;
  const quotesRepo = createQuotesRepo(db);
  const today = marketDate(first);
  const ids = stocks.map((s) => s.id);
  const previous = cal.previousTradingDay(today);
  const refs = new Map<number, number>();
  for (const b of await createBarsRepo(db).barsSince(ids, addDays(previous, -10)))
    if (b.date < today) refs.set(b.stock_id, b.close);
  const latest = new Map<number, Omit<QuoteInsert, 'stock_id'>>(
    (await quotesRepo.latestQuotes(ids, today)).map((q) => [q.stock_id, { ...q, source: DEMO }]),
  );
  const rows: QuoteInsert[] = [];
  for (const instant of instants) {
    for (const s of stocks) {
      const reference = refs.get(s.id);
      if (reference === undefined) continue;
      const q = latest.get(s.id);
      const price = nextIntradayPrice(s.listing, reference, q?.price ?? reference, rand);
      const lot = (s.listing.volumeK * 1000) / 270;
      const row: QuoteInsert = {
        stock_id: s.id,
        trading_date: today,
        price,
        volume: (q?.volume ?? 0) + Math.max(100, Math.round((lot * Math.exp(gauss(rand) * 0.6)) / 100) * 100),
        open: q?.open ?? price,
        high: Math.max(q?.high ?? price, price),
        low: Math.min(q?.low ?? price, price),
        as_of_ms: instant.getTime(),
        source: DEMO,
      };
      rows.push(row);
      latest.set(s.id, row);
    }
  }
  await quotesRepo.insertQuotes(rows);
  return rows.length;
}

export interface DemoSeedResult {
  stocks: number;
  bars: number;
  quotes: number;
}

/**
 * Seeds the demo market on a fresh install (listings, DEMO_YEARS of bars, today's quotes so far)
 * in one transaction; on an existing one only adds the sessions missed since it last ran.
 */
export async function seedStocksDemo(db: Db, now: Date = new Date()): Promise<DemoSeedResult> {
  return db.transaction().execute(async (trx) => {
    const cal = await createCalendarRepo(trx).calendar();
    const existing = await trx
      .selectFrom('stocks')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('source', '=', DEMO)
      .executeTakeFirstOrThrow();
    let stocks = 0;
    let bars = 0;
    if (Number(existing.n) === 0) {
      const exchangeIds = await createCatalogueRepo(trx).exchangeIds();
      const known = new Set((await trx.selectFrom('stocks').select('ticker').execute()).map((r) => r.ticker));
      const fresh = DEMO_LISTINGS.filter((l) => !known.has(l.ticker));
      const created = fresh.length
        ? await trx
            .insertInto('stocks')
            .values(
              fresh.map((l) => ({
                ticker: l.ticker,
                name: l.name,
                exchange_id: exchangeIds[l.exchange] as number,
                lot_size: 100,
                sector: l.sector,
                is_active: 1 as const,
                source: DEMO,
                search: stockSearchText(l.ticker, l.name),
                created_at: toIso(now),
              })),
            )
            // Another process seeding at the same moment: its rows win, this one adds nothing.
            .onConflict((oc) => oc.column('ticker').doNothing())
            .returning(['id', 'ticker'])
            .execute()
        : [];
      const until = lastCompletedSession(cal, now);
      const days = tradingDaysBetween(cal, addDays(until, -Math.round(365.25 * DEMO_YEARS)), until);
      const rows: BarInsert[] = [];
      for (const c of created) {
        const listing = LISTING_BY_TICKER.get(c.ticker) as DemoListing;
        for (const bar of generateHistory(listing, days)) rows.push({ ...bar, stock_id: c.id, source: DEMO });
      }
      await createBarsRepo(trx).insertBarsBulk(rows);
      stocks = created.length;
      bars = rows.length;
    } else {
      bars = await fillDemoBars(trx, cal, now);
    }
    // Today's session so far, so a fresh install during trading hours already shows moving prices.
    let quotes = 0;
    const today = marketDate(now);
    const minutes = marketMinutes(now);
    const hasToday = await trx
      .selectFrom('stock_quotes')
      .select('id')
      .where('trading_date', '=', today)
      .where('source', '=', DEMO)
      .limit(1)
      .executeTakeFirst();
    if (
      cal.isTradingDay(today) &&
      minutes >= MARKET_OPEN_MINUTES &&
      minutes < MARKET_CLOSE_MINUTES &&
      !hasToday
    ) {
      const instants: Date[] = [];
      for (let t = MARKET_OPEN_MINUTES; t <= minutes; t += SEED_QUOTE_STEP_MIN) {
        const hh = String(Math.floor(t / 60)).padStart(2, '0');
        const mm = String(t % 60).padStart(2, '0');
        const at = marketInstant(today, `${hh}:${mm}`);
        if (cal.isMatching(at)) instants.push(at);
      }
      quotes = await writeDemoQuotes(trx, cal, instants, prng(hash(today)));
    }
    return { stocks, bars, quotes };
  });
}

/** The demo's jobs: a quote a minute during sessions, and the day's bar once the session is over. */
export function demoJobs(): MarketDataJob[] {
  return [
    {
      name: 'stocks-demo-intraday',
      intervalMs: 60_000,
      isDue: withinMarketHours,
      async run(ctx) {
        const cal = await createCalendarRepo(ctx.db).calendar();
        if (!cal.isMatching(ctx.now)) return;
        await writeDemoQuotes(ctx.db, cal, ctx.now);
      },
    },
    {
      name: 'stocks-demo-daily',
      intervalMs: 10 * 60_000,
      async run(ctx) {
        const cal = await createCalendarRepo(ctx.db).calendar();
        const added = await fillDemoBars(ctx.db, cal, ctx.now);
        if (added > 0) ctx.log.info({ bars: added }, 'stocks demo: daily bars added');
      },
    },
  ];
}

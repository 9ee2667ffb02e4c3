// The demo provider: with MARKET_DATA=demo (the default) a fresh install gets five years of daily
// points, a month of 3-hourly and a day of 5-minute points per symbol at realistic VND levels,
// all with source 'demo', and a job keeps adding 5-minute points while the server runs. The
// series are random walks seeded by symbol and instant, so every run draws the same history.
import type { Db } from '../../db/index';
import type { MarketDataJob, MarketDataLogger } from '../../market-data/types';
import type { ForexQuote } from './providers/quote';
import { hasAnyForexPoint, newestPointOf, storeForexPoints } from './repo';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const YEAR = 365 * DAY;
export const DEMO_SLOT_MS = 5 * MINUTE;

interface DemoSeries {
  symbol: string;
  /** Today's level: metals' selling price per lượng, currencies' mid rate per unit. */
  level: number;
  /** Metals: buy = sell − spread; currencies: bid/ask = mid ∓ spread / 2. */
  spread: number;
  /** Yearly drift and volatility of the walk. */
  drift: number;
  volatility: number;
  metal: boolean;
}

const metal = (
  symbol: string,
  level: number,
  spread: number,
  drift = 0.2,
  volatility = 0.16,
): DemoSeries => ({
  symbol,
  level,
  spread,
  drift,
  volatility,
  metal: true,
});
const currency = (symbol: string, level: number, volatility = 0.06, drift = 0.02): DemoSeries => ({
  symbol,
  level,
  spread: level * 0.011,
  drift,
  volatility,
  metal: false,
});

/** Levels near Vietcombank's, SJC's and Phú Quý's boards of late 2025 and 2026 (markets.md). */
export const DEMO_SERIES: readonly DemoSeries[] = [
  metal('SJC', 152_000_000, 3_000_000),
  metal('Vàng nhẫn SJC', 149_500_000, 3_000_000),
  metal('VPQ', 150_200_000, 3_000_000),
  metal('BPQ', 2_314_000, 69_000, 0.18, 0.26),
  currency('USD', 26_290, 0.025, 0.025),
  currency('EUR', 30_830),
  currency('GBP', 35_110),
  currency('JPY', 168.5, 0.09, -0.02),
  currency('CNY', 3_712, 0.04),
  currency('KRW', 17.95, 0.07, -0.01),
  currency('AUD', 17_280),
  currency('CAD', 18_920),
  currency('CHF', 32_740),
  currency('DKK', 4_130),
  currency('HKD', 3_376, 0.025),
  currency('INR', 297.4, 0.05, -0.01),
  currency('KWD', 86_120, 0.03),
  currency('MYR', 6_310),
  currency('NOK', 2_610, 0.08),
  currency('RUB', 331.2, 0.15, -0.03),
  currency('SAR', 7_010, 0.025),
  currency('SEK', 2_790, 0.08),
  currency('SGD', 20_260, 0.04),
  currency('THB', 812.4, 0.05),
];

/** A deterministic standard normal draw for (symbol, instant): a hash, then Box–Muller. */
function normalDraw(symbol: string, timeMs: number): number {
  let h = 2166136261 ^ Math.floor(timeMs / 1000);
  for (let i = 0; i < symbol.length; i++) h = Math.imul(h ^ symbol.charCodeAt(i), 16777619);
  const next = () => {
    h = Math.imul(h ^ (h >>> 15), 2246822507);
    h = Math.imul(h ^ (h >>> 13), 3266489909);
    h ^= h >>> 16;
    return ((h >>> 0) + 0.5) / 4294967296;
  };
  return Math.sqrt(-2 * Math.log(next())) * Math.cos(2 * Math.PI * next());
}

function roundPrice(series: DemoSeries, value: number): number {
  if (series.metal) return Math.round(value / 10_000) * 10_000;
  return Math.round(value * 100) / 100;
}

function toPoint(series: DemoSeries, timeMs: number, value: number): ForexQuote {
  if (series.metal) {
    const ask = roundPrice(series, value);
    return { symbol: series.symbol, time: new Date(timeMs), last: ask, bid: ask - series.spread, ask };
  }
  const last = roundPrice(series, value);
  const half = series.spread / 2;
  return {
    symbol: series.symbol,
    time: new Date(timeMs),
    last,
    bid: roundPrice(series, last - half),
    ask: roundPrice(series, last + half),
  };
}

/** One step of the walk over `dtMs`: forwards (+1) or backwards (−1) in time. */
function step(series: DemoSeries, value: number, timeMs: number, dtMs: number, direction: 1 | -1): number {
  const years = dtMs / YEAR;
  const shock = series.volatility * Math.sqrt(years) * normalDraw(series.symbol, timeMs);
  return value * Math.exp(direction * series.drift * years + shock);
}

/**
 * The instants of the demo history, as dense as the board's buckets need: daily for 5 years, every
 * 3 hours for the last 30 days, every 5 minutes for the last day.
 */
export function demoInstants(now: Date, years = 5): number[] {
  const end = Math.floor(now.getTime() / DEMO_SLOT_MS) * DEMO_SLOT_MS;
  const fiveMinuteFrom = end - DAY;
  const hourlyFrom = Math.floor((end - 30 * DAY) / (3 * HOUR)) * 3 * HOUR;
  // Daily points at 16:00 UTC, 23:00 in Vietnam, when Vietcombank stamps its close.
  const dailyFrom = Math.floor((end - years * YEAR) / DAY) * DAY + 16 * HOUR;
  const times: number[] = [];
  for (let t = dailyFrom; t < hourlyFrom; t += DAY) times.push(t);
  for (let t = hourlyFrom; t < fiveMinuteFrom; t += 3 * HOUR) times.push(t);
  for (let t = fiveMinuteFrom; t <= end; t += DEMO_SLOT_MS) times.push(t);
  return times;
}

/** The whole demo history of one symbol, walking back from today's level. */
export function demoHistory(series: DemoSeries, now: Date, years = 5): ForexQuote[] {
  const times = demoInstants(now, years);
  const values = new Array<number>(times.length);
  let value = series.level;
  for (let i = times.length - 1; i >= 0; i--) {
    values[i] = value;
    const prev = times[i - 1];
    if (prev !== undefined) value = step(series, value, times[i] as number, (times[i] as number) - prev, -1);
  }
  return times.map((t, i) => toPoint(series, t, values[i] as number));
}

export function demoStaleAfterMs(intervalMs: number): number {
  return 3 * Math.max(intervalMs, DEMO_SLOT_MS);
}

/** Fills the demo history once, when the database has no forex point at all. */
export async function seedDemoForex(
  db: Db,
  now: Date,
  log: MarketDataLogger,
  intervalMs: number,
): Promise<number> {
  if (await hasAnyForexPoint(db)) return 0;
  // Several processes may start together: the one that creates this lease row seeds.
  const claimed = await db
    .insertInto('market_data_leases')
    .values({
      name: 'forex-demo-seed',
      owner: 'seed',
      lease_until_ms: 0,
      next_run_ms: 0,
      failures: 0,
      last_error: null,
    })
    .onConflict((oc) => oc.column('name').doNothing())
    .executeTakeFirst();
  if (Number(claimed.numInsertedOrUpdatedRows ?? 0) !== 1) return 0;
  const started = Date.now();
  const points = DEMO_SERIES.flatMap((series) => demoHistory(series, now));
  const inserted = await storeForexPoints(db, points, {
    source: 'demo',
    arrivedAt: now,
    staleAfterMs: demoStaleAfterMs(intervalMs),
  });
  log.info({ points: inserted, ms: Date.now() - started }, 'filled the forex board with demo history');
  return inserted;
}

/** Keeps the demo board moving: a point per symbol for every 5-minute slot since the last one. */
export function demoForexJob(intervalMs: number): MarketDataJob {
  return {
    name: 'forex-demo',
    intervalMs,
    async run({ db, now }) {
      const end = Math.floor(now.getTime() / DEMO_SLOT_MS) * DEMO_SLOT_MS;
      const points: ForexQuote[] = [];
      for (const series of DEMO_SERIES) {
        const newest = await newestPointOf(db, series.symbol, 'demo');
        // After a long pause the walk restarts a day back rather than filling weeks of 5-minute points.
        let t = Math.max((newest?.timeMs ?? end - DAY) + DEMO_SLOT_MS, end - DAY);
        let value = newest?.last ?? series.level;
        for (; t <= end; t += DEMO_SLOT_MS) {
          value = step(series, value, t, DEMO_SLOT_MS, 1);
          points.push(toPoint(series, t, value));
        }
      }
      await storeForexPoints(db, points, {
        source: 'demo',
        arrivedAt: now,
        staleAfterMs: demoStaleAfterMs(intervalMs),
      });
    },
  };
}

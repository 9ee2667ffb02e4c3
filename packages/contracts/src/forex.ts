// The forex and gold board: symbols, price history per range and the latest
// quote (spec sections 2, 3, 7 and 9). Prices are VND: metals per lượng
// (tael, 37.5 g), currencies per unit of the currency.
import { z } from 'zod';
// zod speaks the API's (DRF's) words before any schema here is used, in whatever bundle loads this
// module alone (the web's chunks load only the contracts modules their screens import).
import './errors';

// ---------------------------------------------------------------------------
// Constants (spec section 9)

export const FOREX_RANGES = ['daily', 'monthly', 'yearly'] as const;
export const ForexRange = z.enum(FOREX_RANGES);
export type ForexRange = z.infer<typeof ForexRange>;

export const FOREX_DEFAULT_SYMBOL = 'SJC';
export const FOREX_DEFAULT_RANGE: ForexRange = 'monthly';
/** Shown as buttons at the top of the Currencies group; every other currency is in 'Select currency'. */
export const FOREX_FAVORITES = ['USD', 'GBP', 'JPY', 'CNY', 'EUR', 'KRW'] as const;
export const FOREX_CHART_HEIGHT = 320;
/** Metals are shown in millions of VND ('triệu'), everything else in thousands ('nghìn', 3 decimals). */
export const FOREX_METAL_DIVISOR = 1_000_000;
export const FOREX_CURRENCY_DIVISOR = 1_000;

/** Where points come from; `demo` points are generated on a fresh install and shown as such. */
export const FOREX_SOURCES = ['demo', 'vcb', 'sjc', 'phuquy', 'pnj', 'import'] as const;
export type ForexSource = (typeof FOREX_SOURCES)[number];

/** Spec: metals are symbols containing SJC or Vàng, or exactly BPQ or VPQ. */
export function isMetalSymbol(symbol: string): boolean {
  return /SJC|Vàng/.test(symbol.normalize('NFC')) || symbol === 'BPQ' || symbol === 'VPQ';
}

/** The first three-capital-letter code in a symbol (USD in 'USD', 'USDVND' or 'USD/VND'), if any. */
export function currencyCodeOf(symbol: string): string | null {
  return /[A-Z]{3}/.exec(symbol)?.[0] ?? null;
}

// ---------------------------------------------------------------------------
// Requests

export const ForexSymbolQuery = z.object({
  symbol: z.string().trim().min(1).max(40),
});
export type ForexSymbolQuery = z.infer<typeof ForexSymbolQuery>;

export const ForexRangeParams = z.object({
  /** Checked by the handler so that an unknown range answers 404 with a detail. */
  range: z.string(),
});

// ---------------------------------------------------------------------------
// Responses

const Instant = z.iso.datetime({ offset: true });

export const ForexSymbolList = z.object({ symbols: z.array(z.string()) });
export type ForexSymbolList = z.infer<typeof ForexSymbolList>;

export const ForexPoint = z.object({ time: Instant, last: z.number() });
export type ForexPoint = z.infer<typeof ForexPoint>;

export const ForexSeries = z.object({
  symbol: z.string(),
  range: ForexRange,
  /** Points in time order, at most one per bucket (the bucket's last), at most a few hundred. */
  data: z.array(ForexPoint),
  /** The bucket width the server downsampled to, in seconds. */
  bucket_seconds: z.number().int(),
});
export type ForexSeries = z.infer<typeof ForexSeries>;

export const ForexQuote = z.object({
  last: z.number(),
  bid: z.number().nullable(),
  ask: z.number().nullable(),
  time: Instant,
});
export type ForexQuote = z.infer<typeof ForexQuote>;

export const ForexLatest = z.object({
  symbol: z.string(),
  data: ForexQuote,
  /** The source of this quote, e.g. 'vcb'; 'demo' for generated data. */
  source: z.string(),
  demo: z.boolean(),
  /** When a source last delivered this symbol. */
  arrived_at: Instant,
  /** True when nothing arrived for longer than the source's expected interval. */
  stale: z.boolean(),
  stale_after_seconds: z.number().int(),
});
export type ForexLatest = z.infer<typeof ForexLatest>;

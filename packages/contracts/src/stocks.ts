// Stock watchlists: exchanges, stocks, watchlists and items, snapshots, realtime quotes, price
// records and the market calendar's holidays (spec sections 2, 3, 4, 7 Stocks, 8 and 9).
import { z } from 'zod';
// zod speaks the API's (DRF's) words before any schema here is used, in whatever bundle loads this
// module alone (the web's chunks load only the contracts modules their screens import).
import './errors';

// ---------------------------------------------------------------------------
// Constants (spec section 9 and the issue)

export const DEFAULT_LOT_SIZE = 100;
/** The ticker search waits this long after the last keystroke. */
export const TICKER_SEARCH_DEBOUNCE_MS = 250;
/** 'Added {ticker} to {list}.' disappears after this long. */
export const STOCK_MESSAGE_CLEAR_MS = 3000;
/** Holidays that fall on the same date every year (MM-DD); the rest come from the per-year table. */
export const FIXED_HOLIDAYS = ['01-01', '04-30', '05-01', '09-02'] as const;
/** The market's own time zone: every trading date and session is in it. */
export const MARKET_TIME_ZONE = 'Asia/Ho_Chi_Minh';
/** Batch snapshot and realtime calls take at most this many tickers. */
export const MAX_BATCH_TICKERS = 100;
export const STOCK_SEARCH_DEFAULT_LIMIT = 20;
export const STOCK_SEARCH_MAX_LIMIT = 50;
export const WATCHLIST_NAME_MAX_LENGTH = 100;
export const STOCK_NOTE_MAX_LENGTH = 500;

export const EXCHANGE_CODES = ['HOSE', 'HNX', 'UPCOM'] as const;
export const ExchangeCode = z.enum(EXCHANGE_CODES);
export type ExchangeCode = z.infer<typeof ExchangeCode>;

/** Daily price band around the reference price: HOSE ±7 %, HNX ±10 %, UPCOM ±15 %. */
export const PRICE_BANDS: Record<ExchangeCode, number> = { HOSE: 0.07, HNX: 0.1, UPCOM: 0.15 };

/** Words of the Watchlists screen (quoted exactly from the spec). */
export const STOCK_MESSAGES = {
  selectList: 'Please select a watchlist first.',
  noTicker: 'No ticker selected.',
  added: (ticker: string, list: string) => `Added ${ticker} to ${list}.`,
  addFailed: 'Failed to add ticker',
  noItems: 'No items',
  nameRequired: 'Name is required.',
  nameTaken: 'You already have a watchlist with this name.',
  unknownTicker: (ticker: string) => `Unknown ticker: ${ticker}.`,
  duplicateTicker: (ticker: string) => `${ticker} is already in this list.`,
  notInList: (ticker: string) => `${ticker} is not in this list.`,
  tickerTaken: (ticker: string) => `A stock with ticker ${ticker} already exists.`,
  tickerFormat: 'A ticker is 1 to 10 letters and digits.',
  tooManyTickers: `Send at most ${MAX_BATCH_TICKERS} tickers.`,
  holidayExists: 'This date is already in the holiday table.',
  notAWeekday: 'A holiday must fall on a weekday (weekends are never trading days).',
} as const;

// ---------------------------------------------------------------------------
// Small shared validators

const TICKER_RE = /^[A-Z0-9]{1,10}$/;
export function normaliseTicker(value: string): string {
  return value.trim().toUpperCase();
}
export function isTicker(value: string): boolean {
  return TICKER_RE.test(value);
}

export const Ticker = z
  .string({ error: 'This field is required.' })
  .transform(normaliseTicker)
  .refine((v) => v.length > 0, { message: 'This field may not be blank.', abort: true })
  .refine(isTicker, STOCK_MESSAGES.tickerFormat);

const IsoDate = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Date has wrong format. Use one of these formats instead: YYYY-MM-DD.')
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
  }, 'Date has wrong format. Use one of these formats instead: YYYY-MM-DD.');

/** Comma-joined tickers (query string), upper-cased and de-duplicated; at most 100. */
export const TickerListParam = z
  .string({ error: 'This field is required.' })
  .transform((v) => [
    ...new Set(
      v
        .split(',')
        .map(normaliseTicker)
        .filter((t) => t.length > 0),
    ),
  ])
  .refine((list) => list.length <= MAX_BATCH_TICKERS, STOCK_MESSAGES.tooManyTickers);

/**
 * The highest price a share is taken at, in dong (prices are full VND: research/markets.md). The
 * dearest listed Vietnamese shares trade at a few hundred thousand dong, so ten million leaves wide
 * room while refusing what no share costs (a target price of 1e308 was stored).
 */
export const STOCK_PRICE_MAX = 10_000_000;

/** A share's price in dong: above zero (no share trades for nothing) and at most STOCK_PRICE_MAX. */
const Price = z.number().positive('Ensure this value is greater than 0.').max(STOCK_PRICE_MAX);

// ---------------------------------------------------------------------------
// Exchanges and stocks

export const Exchange = z.object({
  id: z.number().int(),
  code: ExchangeCode,
  name: z.string(),
  board: z.string(),
});
export type Exchange = z.infer<typeof Exchange>;
export const ExchangeList = z.array(Exchange);

export const Stock = z.object({
  id: z.number().int(),
  ticker: z.string(),
  name: z.string(),
  exchange_id: z.number().int(),
  exchange: Exchange,
  lot_size: z.number().int(),
  sector: z.string(),
  is_active: z.boolean(),
});
export type Stock = z.infer<typeof Stock>;
export const StockList = z.array(Stock);

export const StockSearchQuery = z.object({
  q: z.string().trim().max(100).optional(),
  /** Exact ticker (the stock page's fallback). */
  ticker: z.string().trim().max(10).optional(),
  limit: z.coerce.number().int().min(1).max(STOCK_SEARCH_MAX_LIMIT).default(STOCK_SEARCH_DEFAULT_LIMIT),
});
export type StockSearchQuery = z.infer<typeof StockSearchQuery>;

export const StockCreate = z.object({
  ticker: Ticker,
  name: z.string({ error: 'This field is required.' }).trim().min(1).max(255),
  // At most the databases' 32-bit integer ids: PostgreSQL fails a query with a larger one.
  exchange_id: z.coerce.number().int().positive().max(2_147_483_647),
  lot_size: z.coerce.number().int().positive().max(1_000_000).default(DEFAULT_LOT_SIZE),
  sector: z.string().trim().max(100).default(''),
  is_active: z.boolean().default(true),
});
export type StockCreate = z.infer<typeof StockCreate>;
export type StockCreateInput = z.input<typeof StockCreate>;

export const TickerPathParams = z.object({ ticker: z.string().transform(normaliseTicker) });

// ---------------------------------------------------------------------------
// Snapshots and quotes

/**
 * One ticker's snapshot, exactly as GET /stocks/snapshots/ (a plain array of these) and
 * GET /stocks/snapshots/{ticker}/ answer it: the server serialises through this schema, so no other
 * field ever leaves it. Readers use `SnapshotAnswer` / `SnapshotListAnswer`, which also take the
 * specification's other spellings.
 */
export const Snapshot = z.object({
  ticker: z.string(),
  name: z.string(),
  exchange: ExchangeCode,
  /** The trading date the figures describe (today in a session, else the last trading day). */
  trading_date: z.string().nullable(),
  open_price: z.number().nullable(),
  high_price: z.number().nullable(),
  low_price: z.number().nullable(),
  current_price: z.number().nullable(),
  volume: z.number().nullable(),
  /** Reference price: the previous trading day's close (UPCOM: its average price). */
  prev_close: z.number().nullable(),
  week_open: z.number().nullable(),
  month_open: z.number().nullable(),
  /** The latest intraday quote's time when it is from the current session, else null. */
  live_as_of: z.string().nullable(),
  /** Ceiling and floor of the session's price band around prev_close. */
  ceiling: z.number().nullable(),
  floor: z.number().nullable(),
  change: z.number().nullable(),
  change_percent: z.number().nullable(),
  /** Today is a market holiday (fixed or announced), not a weekend. */
  is_holiday: z.boolean(),
});
export type Snapshot = z.infer<typeof Snapshot>;
export const SnapshotList = z.array(Snapshot);

/** The specification's other names for a snapshot's fields (staff-app.md §3), first found wins. */
export const SNAPSHOT_FIELD_ALIASES = {
  ticker: ['stock_ticker', 'symbol', 'code'],
  current_price: ['price'],
} as const;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A snapshot under any of the specification's field names, with the canonical names filled in. */
export function canonicalSnapshotFields(raw: unknown): unknown {
  if (!isRecord(raw)) return raw;
  const out = { ...raw };
  for (const [field, aliases] of Object.entries(SNAPSHOT_FIELD_ALIASES)) {
    if (out[field] !== undefined) continue;
    const alias = aliases.find((name) => out[name] !== undefined);
    if (alias) out[field] = out[alias];
  }
  return out;
}

/**
 * How a reader takes a snapshot answer: the fields under any of the specification's aliases
 * ("ticker (also accepted as stock_ticker, symbol, code)", "current_price (or price)"), read into
 * `Snapshot`. The aliases live here, in the one description of the shape, not in each screen.
 */
export const SnapshotAnswer = z.preprocess(canonicalSnapshotFields, Snapshot);
/** A snapshots answer as the specification allows it: an array, or an object with `results`. */
export const SnapshotListAnswer = z.preprocess(
  (raw) => (isRecord(raw) && Array.isArray(raw.results) ? raw.results : raw),
  z.array(SnapshotAnswer),
);

export const TickersQuery = z.object({ tickers: TickerListParam });
export type TickersQuery = z.infer<typeof TickersQuery>;

export const QUOTE_SOURCES = ['demo', 'vci', 'kbs', 'ssi', 'manual'] as const;

/** Where the server's stock prices come from (MARKET_DATA): generated ('demo', the default) or the providers ('live'). */
export const MARKET_DATA_MODES = ['demo', 'live'] as const;
export const MarketDataMode = z.enum(MARKET_DATA_MODES);
export type MarketDataMode = z.infer<typeof MarketDataMode>;

/**
 * GET /stocks/status/ (issue 26, honest demo labels): whether the prices the stock screens show are
 * generated. `demo` is true exactly in demo mode; `sources` are the quote sources the mode writes
 * (QUOTE_SOURCES; prices an editor records by hand are 'manual' in either mode).
 */
export const StocksStatus = z.object({
  market_data: MarketDataMode,
  demo: z.boolean(),
  sources: z.array(z.string()),
});
export type StocksStatus = z.infer<typeof StocksStatus>;

export const RealtimeQuote = z.object({
  ticker: z.string(),
  price: z.number(),
  volume: z.number(),
  as_of: z.string(),
  source: z.string(),
});
export type RealtimeQuote = z.infer<typeof RealtimeQuote>;
export const RealtimeQuoteList = z.array(RealtimeQuote);

/** One server-sent event of the live stream (event name `quote`, id = the quote's row id). */
export const LiveQuoteEvent = RealtimeQuote.extend({
  open: z.number().nullable(),
  high: z.number().nullable(),
  low: z.number().nullable(),
});
export type LiveQuoteEvent = z.infer<typeof LiveQuoteEvent>;

export const StreamTicket = z.object({ ticket: z.string(), expires_in: z.number().int() });
export type StreamTicket = z.infer<typeof StreamTicket>;
export const StreamQuery = z.object({
  tickers: TickerListParam,
  ticket: z.string().min(1).max(500),
  /** Resume after this quote id (the last event id the client saw). */
  after: z.coerce.number().int().nonnegative().optional(),
});

// ---------------------------------------------------------------------------
// Price records (daily bars)

export const PriceRecord = z.object({
  ticker: z.string(),
  date: z.string(),
  open: z.number(),
  high: z.number(),
  low: z.number(),
  close: z.number(),
  volume: z.number(),
  /** Volume-weighted average price, when the source gives it (UPCOM's reference price). */
  average: z.number().nullable(),
  source: z.string(),
});
export type PriceRecord = z.infer<typeof PriceRecord>;
export const PriceRecordList = z.array(PriceRecord);

export const PriceRecordCreate = z
  .object({
    ticker: Ticker,
    date: IsoDate,
    open: Price,
    high: Price,
    low: Price,
    close: Price,
    volume: z.number().int().nonnegative().default(0),
    average: Price.nullable().optional(),
  })
  .superRefine((v, ctx) => {
    // Compared only once each price passed its own check (zod runs this after field issues too),
    // so a price out of bounds is refused under its own field alone.
    if (![v.open, v.high, v.low, v.close].every((p) => Price.safeParse(p).success)) return;
    if (v.high < Math.max(v.open, v.close, v.low)) {
      ctx.addIssue({ code: 'custom', path: ['high'], message: 'High must be at least open, low and close.' });
    }
    if (v.low > Math.min(v.open, v.close)) {
      ctx.addIssue({ code: 'custom', path: ['low'], message: 'Low must be at most open and close.' });
    }
  });
export type PriceRecordCreate = z.infer<typeof PriceRecordCreate>;
export type PriceRecordCreateInput = z.input<typeof PriceRecordCreate>;

export const PriceRecordQuery = z.object({
  ticker: Ticker,
  since: IsoDate.optional(),
});
export type PriceRecordQuery = z.infer<typeof PriceRecordQuery>;

// ---------------------------------------------------------------------------
// Watchlists

/**
 * Which side of the price a target was on when it was set (issue 26): 'above' (the owner waits for a
 * rise to it) or 'below' (for a fall to it).
 */
export const TARGET_DIRECTIONS = ['above', 'below'] as const;
export const TargetDirection = z.enum(TARGET_DIRECTIONS);
export type TargetDirection = z.infer<typeof TargetDirection>;

/**
 * The side a target takes when it is set at this price: null when there is no target, no price is
 * known yet, or the target is the price itself (no side to cross from). A target without a side is
 * never marked crossed until it is set again.
 */
export function targetSide(target: number | null, price: number | null): TargetDirection | null {
  if (target === null || price === null || !Number.isFinite(target) || !Number.isFinite(price)) return null;
  if (target > price) return 'above';
  if (target < price) return 'below';
  return null;
}

/**
 * Whether the price has crossed the item's target: risen to a target that was above the price when
 * it was set, or fallen to one that was below it. Reaching the target counts (a price exactly at
 * it has crossed); no target, no side or no price is never crossed.
 */
export function targetCrossed(
  item: { target_price: number | null; target_direction: TargetDirection | null },
  price: number | null | undefined,
): boolean {
  const { target_price: target, target_direction: side } = item;
  if (target === null || side === null || price === null || price === undefined) return false;
  return side === 'above' ? price >= target : price <= target;
}

export const WatchlistItem = z.object({
  id: z.number().int(),
  stock: z.object({ ticker: z.string(), name: z.string(), exchange: ExchangeCode }),
  note: z.string(),
  target_price: z.number().nullable(),
  /** The target's side of the price when it was set (`targetSide`); null: no target, or no side. */
  target_direction: TargetDirection.nullable(),
  added_at: z.string(),
  snapshot: Snapshot.nullable(),
});
export type WatchlistItem = z.infer<typeof WatchlistItem>;

/**
 * An item as the list of watchlists gives it (spec section 3, "Watchlist: id, name, is_default,
 * items"): the detail's item without its snapshot, so the list stays one query; the detail and the
 * snapshot calls carry the prices.
 */
export const WatchlistListItem = WatchlistItem.omit({ snapshot: true });
export type WatchlistListItem = z.infer<typeof WatchlistListItem>;

export const Watchlist = z.object({
  id: z.number().int(),
  name: z.string(),
  is_default: z.boolean(),
  item_count: z.number().int(),
  items: z.array(WatchlistListItem),
});
export type Watchlist = z.infer<typeof Watchlist>;
export const WatchlistList = z.array(Watchlist);

export const WatchlistDetail = Watchlist.extend({ items: z.array(WatchlistItem) });
export type WatchlistDetail = z.infer<typeof WatchlistDetail>;

export const WatchlistCreate = z.object({
  name: z
    .string({ error: STOCK_MESSAGES.nameRequired })
    .trim()
    .min(1, STOCK_MESSAGES.nameRequired)
    .max(WATCHLIST_NAME_MAX_LENGTH),
  is_default: z.boolean().default(false),
});
export type WatchlistCreate = z.infer<typeof WatchlistCreate>;
export type WatchlistCreateInput = z.input<typeof WatchlistCreate>;

export const WatchlistUpdate = z
  .object({
    name: WatchlistCreate.shape.name.optional(),
    is_default: z.literal(true).optional(),
  })
  .refine((v) => v.name !== undefined || v.is_default !== undefined, 'Send a name or is_default: true.');
export type WatchlistUpdate = z.infer<typeof WatchlistUpdate>;

/** An item's note: at most STOCK_NOTE_MAX_LENGTH characters once trimmed; '' is no note. */
const ItemNote = z.string().trim().max(STOCK_NOTE_MAX_LENGTH);
/** An item's target price: a share's price (`Price`), or null for none. */
const ItemTargetPrice = Price.nullable();

export const AddItem = z.object({
  ticker: Ticker,
  note: ItemNote.default(''),
  target_price: ItemTargetPrice.optional(),
});
export type AddItem = z.infer<typeof AddItem>;
export type AddItemInput = z.input<typeof AddItem>;

/**
 * PATCH /stocks/watchlists/{id}/items/{item_id}/ (issue 26): either field, with add_item's rules and
 * words; `note: ''` clears the note, `target_price: null` clears the target.
 */
export const WatchlistItemUpdate = z
  .object({
    note: ItemNote.optional(),
    target_price: ItemTargetPrice.optional(),
  })
  .refine((v) => v.note !== undefined || v.target_price !== undefined, 'Send a note or a target_price.');
export type WatchlistItemUpdate = z.infer<typeof WatchlistItemUpdate>;
export type WatchlistItemUpdateInput = z.input<typeof WatchlistItemUpdate>;

/** At most the databases' 32-bit integer ids: PostgreSQL fails a query with a larger one. */
const RowId = z.coerce.number().int().positive().max(2_147_483_647);
export const WatchlistItemPathParams = z.object({ id: RowId, item_id: RowId });

export const RemoveItem = z.object({ ticker: Ticker });
export type RemoveItem = z.infer<typeof RemoveItem>;

// ---------------------------------------------------------------------------
// Market holidays (the per-year table an administrator extends)

export const HOLIDAY_KINDS = ['holiday', 'compensation', 'swap', 'provisional'] as const;
export const HolidayKind = z.enum(HOLIDAY_KINDS);

export const MarketHoliday = z.object({
  date: z.string(),
  name: z.string(),
  kind: HolidayKind,
  source: z.string(),
});
export type MarketHoliday = z.infer<typeof MarketHoliday>;
export const MarketHolidayList = z.array(MarketHoliday);

export const MarketHolidayCreate = z.object({
  date: IsoDate,
  name: z.string({ error: 'This field is required.' }).trim().min(1).max(200),
  kind: HolidayKind.default('holiday'),
  source: z.string().trim().max(500).default(''),
});
export type MarketHolidayCreate = z.infer<typeof MarketHolidayCreate>;

export const HolidayQuery = z.object({ year: z.coerce.number().int().min(2000).max(2100).optional() });
export const HolidayPathParams = z.object({ date: IsoDate });

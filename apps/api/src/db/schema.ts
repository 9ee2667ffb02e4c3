// Row types of every table, as Kysely sees them. Instants are ISO-8601 text on
// SQLite and timestamptz on PostgreSQL (see dialect.ts); booleans are written
// as 0/1, which both databases accept, and read back through toBool().
import type { ColumnType, Generated } from 'kysely';

/** Written as an ISO string; read as a string (SQLite) or a Date (PostgreSQL). */
export type Instant = ColumnType<string | Date, string, string>;
export type NullableInstant = ColumnType<string | Date | null, string | null, string | null>;
export type DbBool = ColumnType<number | boolean, 0 | 1, 0 | 1>;

export interface UsersTable {
  id: Generated<number>;
  email: string;
  username: string;
  password_hash: string;
  first_name: string;
  middle_name: string;
  last_name: string;
  phone: string;
  gender: string | null;
  role: string;
  is_active: DbBool;
  avatar: string | null;
  created_at: Instant;
  updated_at: Instant;
  last_login_at: NullableInstant;
  /**
   * E-mail, names and phone folded for accent-insensitive search (see
   * userSearchText in modules/users/repo.ts, the table's one writer); every write keeps it current.
   */
  search: string;
  /** Set for a generated first password: every route but the password change answers 403 until it is replaced. */
  /** Has a database default (false), so an insert may leave it out. */
  must_change_password: ColumnType<number | boolean, 0 | 1 | undefined, 0 | 1>;
}

export interface SessionsTable {
  /** The family id, carried by every token of the sign-in as `fam`. */
  id: string;
  user_id: number;
  created_at: Instant;
  /** The current refresh token's expiry. */
  expires_at: Instant;
  revoked_at: NullableInstant;
  /** SHA-256 of the one refresh token that may rotate next; the token itself is never stored. */
  refresh_hash: string | null;
  /** SHA-256 of the token it replaced, refused without ending the sign-in for a grace (0005). */
  previous_hash: string | null;
  /** When the previous token was rotated. */
  rotated_at: NullableInstant;
}

/** Security-relevant events, append-only (docs/decisions/0014-audit-log.md). */
export interface AuditEventsTable {
  id: Generated<number>;
  at: Instant;
  actor_id: number | null;
  actor_email: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  ip: string | null;
  /** A JSON object. */
  detail: string;
}

export interface RateLimitCountersTable {
  /** tier:subject:window-start */
  key: string;
  count: number;
  expires_at: Instant;
}

export interface DiariesTable {
  id: Generated<number>;
  user_id: number;
  title: string;
  created_at: Instant;
}

export interface DiaryJarsTable {
  id: Generated<number>;
  user_id: number;
  key: string;
  /** Target percent of waking time; null for sleep and unclassified. */
  ratio: number | null;
}

export interface DiaryCategoriesTable {
  id: Generated<number>;
  user_id: number;
  title: string;
  /** null: unclassified. */
  jar_id: number | null;
  created_at: Instant;
}

export interface DiaryEntriesTable {
  id: Generated<number>;
  diary_id: number;
  user_id: number;
  title: string;
  feeling: string;
  /** Local date and time as entered, in time_zone. */
  start_date: string;
  start_time: string;
  end_date: string;
  end_time: string;
  time_zone: string;
  start_at: Instant;
  end_at: Instant;
  /** The same instants as epoch milliseconds, for portable window arithmetic. */
  start_ms: number;
  end_ms: number;
  /** How many categories the entry has; the analysis splits its time by it. */
  category_count: Generated<number>;
  place: string;
  note: string;
  feedback: string;
  created_at: Instant;
  updated_at: Instant;
}

export interface DiaryEntryCategoriesTable {
  entry_id: number;
  category_id: number;
}

/** Entry time per user, start week, category (0: none) and category count (migration 0009). */
export interface DiaryWeekTotalsTable {
  user_id: number;
  /** floor(start_ms / 604,800,000) */
  week: number;
  category_id: number;
  n: number;
  ms: number;
}

/** A user's running diary entry, at most one (migration 0024). */
export interface DiaryRunningEntriesTable {
  user_id: number;
  title: string;
  /** JSON array of the user's category ids chosen at the start. */
  category_ids: string;
  started_ms: number;
  time_zone: string;
  created_at: Instant;
}

/** CashFlow shared tables (migration 0027): `seq` and `state` are derived from the events. */
export interface CashflowTablesTable {
  id: Generated<number>;
  code: string;
  host_id: number;
  auditor: boolean | number;
  /** 'open', 'finished' or 'closed'. */
  status: string;
  /** JSON: the players as set up and the instant, which the events are replayed from. */
  setup: string;
  seq: number;
  /** JSON: the game state after event `seq`. */
  state: string;
  created_at: Instant;
  updated_at: Instant;
}

/** A shared table's seats (migration 0027), in seat order. */
export interface CashflowTableSeatsTable {
  table_id: number;
  seat: number;
  player_id: string;
  name: string;
  user_id: number | null;
  taken_by: number | null;
  taken_at: Instant | null;
  guest_token_hash: string | null;
  guest_revoked: boolean | number;
  /** When a device last held the table's stream open from this seat (migration 0029). */
  seen_at: Instant | null;
}

/** A shared table's events (migration 0027): every posted action once, under its client id. */
export interface CashflowTableEventsTable {
  id: Generated<number>;
  table_id: number;
  /** null for a refused action, which is kept only to answer its resend. */
  seq: number | null;
  client_id: string;
  /** 'action', 'pending', 'approve', 'reject' or 'refused'. */
  kind: string;
  /** JSON: the table action. */
  action: string;
  at: Instant;
  seat: number | null;
  user_id: number | null;
  device_id: string | null;
  ref_seq: number | null;
  reason: string | null;
}

/** Forex and gold price points (migration 0007); VND, metals per lượng, currencies per unit. */
export interface ForexPricesTable {
  symbol: string;
  time_ms: number;
  source: string;
  last: number;
  bid: number | null;
  ask: number | null;
}

/** Per symbol: newest point and last arrival, for staleness. */
export interface ForexSymbolsTable {
  symbol: string;
  source: string;
  last_time_ms: number;
  arrived_at_ms: number;
  stale_after_ms: number;
  has_live: Generated<number>;
}

/** One lease per market-data job name, shared by every API process. */
export interface MarketDataLeasesTable {
  name: string;
  owner: string;
  lease_until_ms: number;
  next_run_ms: number;
  failures: Generated<number>;
  last_error: string | null;
}

/** Finished CashFlow games (migration 0006); (submitted_by, pending_ts) is unique. */
export interface CashflowSessionsTable {
  id: Generated<number>;
  /** null once the submitter's account is deleted. */
  submitted_by: number | null;
  /** The browser's _pending_ts: with the submitter, names the game for resends. */
  pending_ts: number;
  start_time: Instant;
  end_time: Instant;
  /** The same instants as epoch milliseconds, for portable window arithmetic. */
  start_ms: number;
  end_ms: number;
  duration_seconds: number;
  win_type: string;
  num_players: number;
  winner_index: number;
  /** The winner, repeated from the results for the leaderboard. */
  winner_user_id: number | null;
  winner_guest_name: string | null;
  created_at: Instant;
}

/** One row per player of a finished game, in seat order (position from 0). */
export interface CashflowResultsTable {
  id: Generated<number>;
  session_id: number;
  position: number;
  user_id: number | null;
  guest_name: string | null;
  /** The name when the game was stored. */
  display_name: string;
  career: string;
  salary: number;
  expenses: number;
  passive_income: number;
  cash_on_hand_end: number;
  escaped_ratrace: DbBool;
  is_winner: DbBool;
}

/** Stocks module (migration 0008). */
export interface StockExchangesTable {
  id: Generated<number>;
  code: string;
  name: string;
  board: string;
}

export interface StocksTable {
  id: Generated<number>;
  ticker: string;
  name: string;
  exchange_id: number;
  lot_size: number;
  sector: string;
  is_active: DbBool;
  source: string;
  /** Ticker and name folded for accent-insensitive search (foldForSearch). */
  search: string;
  created_at: Instant;
}

export interface StockDailyBarsTable {
  stock_id: number;
  /** Trading date YYYY-MM-DD (Asia/Ho_Chi_Minh). */
  date: string;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
  average: number | null;
  source: string;
}

export interface StockQuotesTable {
  id: Generated<number>;
  stock_id: number;
  trading_date: string;
  price: number;
  volume: number;
  open: number | null;
  high: number | null;
  low: number | null;
  as_of: Instant;
  as_of_ms: number;
  source: string;
}

/**
 * A stock's snapshot row (migration 0014, decision 0024): its latest bar, the bar before it, the
 * first bars of the latest bar's week and month, and its latest intraday quote. Derived from
 * stock_daily_bars and stock_quotes, kept by their writers in the same transaction
 * (modules/stocks/snapshots/snapshot-rows.ts). No row: no bars and no quotes.
 */
export interface StockSnapshotsTable {
  stock_id: number;
  last_date: string | null;
  last_open: number | null;
  last_high: number | null;
  last_low: number | null;
  last_close: number | null;
  last_volume: number | null;
  last_average: number | null;
  prev_date: string | null;
  prev_open: number | null;
  prev_high: number | null;
  prev_low: number | null;
  prev_close: number | null;
  prev_volume: number | null;
  prev_average: number | null;
  /** The first bar on or after the Monday of last_date's week. */
  week_first_date: string | null;
  week_first_open: number | null;
  /** The first bar on or after the first of last_date's month. */
  month_first_date: string | null;
  month_first_open: number | null;
  /** The latest quote (newest as_of_ms, then newest id). */
  quote_id: number | null;
  quote_trading_date: string | null;
  quote_price: number | null;
  quote_volume: number | null;
  quote_open: number | null;
  quote_high: number | null;
  quote_low: number | null;
  quote_as_of_ms: number | null;
  quote_source: string | null;
}

/** A used live-stream ticket, kept until shortly after it expires: a ticket opens one stream, once. */
export interface StreamTicketUsesTable {
  id: string;
  expires_at: Instant;
}

/** An open live-quote stream: one of its user's numbered slots (the cap), alive while its heartbeat is. */
export interface LiveStreamsTable {
  id: string;
  user_id: number;
  slot: number;
  /** The sign-in (sessions.id) it was opened under. */
  session_id: string;
  opened_at: Instant;
  heartbeat_at: Instant;
}

export interface WatchlistsTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  name_key: string;
  is_default: DbBool;
  created_at: Instant;
}

export interface WatchlistItemsTable {
  id: Generated<number>;
  watchlist_id: number;
  stock_id: number;
  note: string;
  target_price: number | null;
  /** The target's side of the price when it was set (migration 0028); null: no target or no side. */
  target_direction: 'above' | 'below' | null;
  added_at: Instant;
}

export interface MarketHolidaysTable {
  date: string;
  name: string;
  kind: string;
  source: string;
  created_at: Instant;
}

/** Games and their total length per month of their end in Asia/Ho_Chi_Minh (period = year * 100 + month). */
export interface CashflowMonthlyTotalsTable {
  period: number;
  games: number;
  duration_seconds: number;
}

/** Wins per month and winner; kept with each stored game, summed by the leaderboard. */
/** Wins per winner over all time (migration 0012): the monthly rows summed, kept by finalize. */
export interface CashflowAlltimeWinsTable {
  winner_key: string;
  winner_user_id: number | null;
  winner_guest_name: string | null;
  wins: number;
  last_end_ms: number;
}

export interface CashflowMonthlyWinsTable {
  period: number;
  /** 'u:<user id>' or 'g:<guest name>'. */
  winner_key: string;
  winner_user_id: number | null;
  winner_guest_name: string | null;
  wins: number;
  /** The latest win's end in this month, for the tie rule. */
  last_end_ms: number;
}

/** A counter per kind of data, bumped by triggers on every write (migration 0015, decision 0021). */
export interface DataVersionsTable {
  /** 'users', 'forex', 'stocks', 'cashflow', 'diary:<user id>' or 'watchlists:<user id>'. */
  scope: string;
  version: number | string | bigint;
}

/** An uploaded file (migration 0019, decision 0028): the database media store's one table. */
export interface MediaTable {
  /** The path under /media/, with the content's hash in it. */
  key: string;
  /** SHA-256 of `bytes`, hex: the strong ETag. */
  sha256: string;
  content_type: string;
  size: number;
  bytes: Buffer;
  /** The user it belongs to: deleted with them (ON DELETE CASCADE). */
  owner_id: number | null;
  created_at: Instant;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  audit_events: AuditEventsTable;
  rate_limit_counters: RateLimitCountersTable;
  diaries: DiariesTable;
  diary_jars: DiaryJarsTable;
  diary_categories: DiaryCategoriesTable;
  diary_entries: DiaryEntriesTable;
  diary_entry_categories: DiaryEntryCategoriesTable;
  diary_week_totals: DiaryWeekTotalsTable;
  diary_running_entries: DiaryRunningEntriesTable;
  cashflow_sessions: CashflowSessionsTable;
  cashflow_results: CashflowResultsTable;
  cashflow_monthly_totals: CashflowMonthlyTotalsTable;
  cashflow_monthly_wins: CashflowMonthlyWinsTable;
  cashflow_alltime_wins: CashflowAlltimeWinsTable;
  cashflow_tables: CashflowTablesTable;
  cashflow_table_seats: CashflowTableSeatsTable;
  cashflow_table_events: CashflowTableEventsTable;
  forex_prices: ForexPricesTable;
  forex_symbols: ForexSymbolsTable;
  market_data_leases: MarketDataLeasesTable;
  stock_exchanges: StockExchangesTable;
  stocks: StocksTable;
  stock_daily_bars: StockDailyBarsTable;
  stock_quotes: StockQuotesTable;
  stock_snapshots: StockSnapshotsTable;
  stream_ticket_uses: StreamTicketUsesTable;
  live_streams: LiveStreamsTable;
  watchlists: WatchlistsTable;
  watchlist_items: WatchlistItemsTable;
  market_holidays: MarketHolidaysTable;
  data_versions: DataVersionsTable;
  media: MediaTable;
}

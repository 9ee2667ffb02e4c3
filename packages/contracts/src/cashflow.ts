// CashFlow results: the finalize body, finished sessions and the leaderboard
// (spec cashflow.md sections 3, 4, 5 and 7). The engine's buildFinalizePayload
// builds the body; the client adds _pending_ts, the idempotency key.
import { z } from 'zod';
// zod speaks the API's (DRF's) words before any schema here is used, in whatever bundle loads this
// module alone (the web's chunks load only the contracts modules their screens import).
import './errors';
import { NAME_MAX_LENGTH } from './accounts';
import { pageQuery, paginated } from './paging';
import { BooleanString } from './users';

export const CASHFLOW_MIN_PLAYERS = 1;
export const CASHFLOW_MAX_PLAYERS = 6;
export const WIN_TYPES = ['PASSIVE_INCOME_FAST', 'DREAM'] as const;
export const WinType = z.enum(WIN_TYPES);
export type WinType = z.infer<typeof WinType>;

/** A guest is tracked by name only; the setup's name input should not allow more. */
export const GUEST_NAME_MAX_LENGTH = NAME_MAX_LENGTH;
export const CAREER_MAX_LENGTH = 100;

export const LEADERBOARD_RANGES = ['all', 'year', 'month'] as const;
export const LeaderboardRange = z.enum(LEADERBOARD_RANGES);
export type LeaderboardRange = z.infer<typeof LeaderboardRange>;
export const LEADERBOARD_MIN_YEAR = 2000;
export const LEADERBOARD_MAX_YEAR = 9999;
/** Year and month of the leaderboard are calendar periods in this zone. */
export const LEADERBOARD_TIME_ZONE = 'Asia/Ho_Chi_Minh';
/** Each list of the leaderboard carries at most this many rows. */
export const LEADERBOARD_LIMIT = 100;

export const CASHFLOW_SESSION_PAGE_SIZES = [10, 20, 50] as const;
export const CASHFLOW_SESSION_DEFAULT_PAGE_SIZE = 20;

/**
 * The longest game stored, start to end. A CashFlow table game takes a few hours, and one saved in
 * the browser may be finished after a weekend or a holiday; a week is beyond any real game, so a
 * longer one is a broken clock or a forgotten tab, and would skew everyone's average game length.
 */
export const CASHFLOW_MAX_GAME_DAYS = 7;
const MAX_GAME_MS = CASHFLOW_MAX_GAME_DAYS * 24 * 3600 * 1000;
/** No game starts before the leaderboard's first year: an earlier start is a device's broken clock. */
const EARLIEST_START_MS = Date.UTC(LEADERBOARD_MIN_YEAR, 0, 1);
/**
 * How far past the server's clock a game's times may lie before they count as in the future (the
 * server checks this; it needs its clock). The browser stamps them: a device clock runs a little
 * fast, or sits in a wrong time zone, which moves the instant by whole hours (up to a day).
 */
export const CASHFLOW_CLOCK_MARGIN_HOURS = 24;

/** The server's words for the finalize rules beyond a field's type. */
export const FINALIZE_MESSAGES = {
  resultsCount: 'The number of results must equal num_players.',
  endBeforeStart: 'end_time must be after start_time.',
  tooLong: `A game cannot last more than ${CASHFLOW_MAX_GAME_DAYS} days.`,
  startTooEarly: `start_time cannot be before ${LEADERBOARD_MIN_YEAR}.`,
  startInFuture: 'start_time cannot be in the future.',
  endInFuture: 'end_time cannot be in the future.',
  winnerOutOfRange: 'winner_index must point at one of the results.',
  winnerMismatch: 'The result at winner_index must be the only one with is_winner true.',
  oneWinner: 'Exactly one result must have is_winner true.',
  userOrGuest: 'Send either user_id or guest_name, not both.',
  userOrGuestMissing: 'Send user_id for a registered player or guest_name for a guest.',
  duplicateUser: 'This user already plays in this game.',
  inactiveUser: 'This user is not active.',
} as const;

export const LEADERBOARD_MESSAGES = {
  yearRequired: 'year is required for this range.',
  monthRequired: 'month is required for a month range.',
} as const;

/** Game money: whole or fractional dollars, finite (a JSON 1e400 parses to Infinity and is refused). */
const Money = z.number().min(-Number.MAX_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER);

const Instant = z.iso.datetime({ offset: true, error: 'Enter a valid date and time (ISO 8601).' });

export const FinalizeResult = z.object({
  career: z.string().trim().max(CAREER_MAX_LENGTH),
  salary: Money,
  expenses: Money,
  passive_income: Money,
  cash_on_hand_end: Money,
  escaped_ratrace: z.boolean(),
  is_winner: z.boolean(),
  user_id: z.number().int().positive().max(2_147_483_647).nullish(),
  guest_name: z.string().trim().min(1).max(GUEST_NAME_MAX_LENGTH).nullish(),
});
export type FinalizeResult = z.infer<typeof FinalizeResult>;

/**
 * POST /api/cashflow/sessions/finalize/. `_pending_ts` is the moment (epoch
 * milliseconds) the browser stored the result as pending: with the submitter
 * it names the game, so a resend returns the stored session instead of a copy.
 */
export const FinalizeRequest = z
  .object({
    num_players: z.number().int().min(CASHFLOW_MIN_PLAYERS).max(CASHFLOW_MAX_PLAYERS),
    start_time: Instant,
    end_time: Instant,
    win_type: WinType,
    winner_index: z.number().int().min(0),
    _pending_ts: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
    results: z.array(FinalizeResult).min(CASHFLOW_MIN_PLAYERS).max(CASHFLOW_MAX_PLAYERS),
  })
  // Cross-field rules, each only once the fields it compares passed their own checks
  // (zod runs this refinement after non-fatal field issues too).
  .superRefine((body, ctx) => {
    const issue = (path: (string | number)[], message: string) =>
      ctx.addIssue({ code: 'custom', path, message });
    const isInstant = (v: string) => Instant.safeParse(v).success;
    if (isInstant(body.start_time) && isInstant(body.end_time)) {
      const start = Date.parse(body.start_time);
      const end = Date.parse(body.end_time);
      if (start < EARLIEST_START_MS) issue(['start_time'], FINALIZE_MESSAGES.startTooEarly);
      if (end <= start) issue(['end_time'], FINALIZE_MESSAGES.endBeforeStart);
      else if (end - start > MAX_GAME_MS) issue(['end_time'], FINALIZE_MESSAGES.tooLong);
    }
    body.results.forEach((r, i) => {
      const hasUser = r.user_id !== undefined && r.user_id !== null;
      const hasGuest = r.guest_name !== undefined && r.guest_name !== null;
      if (hasUser && hasGuest) issue(['results', i], FINALIZE_MESSAGES.userOrGuest);
      if (!hasUser && !hasGuest) issue(['results', i], FINALIZE_MESSAGES.userOrGuestMissing);
    });
    const count = body.results.length;
    const inRange = (n: number) =>
      Number.isInteger(n) && n >= CASHFLOW_MIN_PLAYERS && n <= CASHFLOW_MAX_PLAYERS;
    if (!inRange(count) || !inRange(body.num_players)) return;
    if (count !== body.num_players) issue(['results'], FINALIZE_MESSAGES.resultsCount);
    if (!Number.isInteger(body.winner_index) || body.winner_index < 0) return;
    const winners = body.results.flatMap((r, i) => (r.is_winner ? [i] : []));
    if (body.winner_index >= count) {
      issue(['winner_index'], FINALIZE_MESSAGES.winnerOutOfRange);
    } else if (winners.length !== 1) {
      issue(['results'], FINALIZE_MESSAGES.oneWinner);
    } else if (winners[0] !== body.winner_index) {
      issue(['winner_index'], FINALIZE_MESSAGES.winnerMismatch);
    }
  });
export type FinalizeRequest = z.infer<typeof FinalizeRequest>;
export type FinalizeRequestInput = z.input<typeof FinalizeRequest>;

export const FinishedResult = z.object({
  id: z.number().int(),
  /** The user's current name (full name, else e-mail), the name at the time for a deleted user, or the guest's name. */
  display_name: z.string(),
  career: z.string(),
  is_winner: z.boolean(),
  passive_income: z.number(),
  expenses: z.number(),
  cash_on_hand_end: z.number(),
  escaped_ratrace: z.boolean(),
});
export type FinishedResult = z.infer<typeof FinishedResult>;

/** A finished game as the hall lists it; results in seat order. */
export const FinishedSession = z.object({
  id: z.number().int(),
  start_time: z.string(),
  num_players: z.number().int(),
  win_type: WinType,
  duration_seconds: z.number().int(),
  results: z.array(FinishedResult),
});
export type FinishedSession = z.infer<typeof FinishedSession>;

export const FinishedSessionPage = paginated(FinishedSession);
export type FinishedSessionPage = z.infer<typeof FinishedSessionPage>;

export const FinishedSessionListQuery = z.object({
  ...pageQuery(CASHFLOW_SESSION_PAGE_SIZES, CASHFLOW_SESSION_DEFAULT_PAGE_SIZE),
});
export type FinishedSessionListQuery = z.infer<typeof FinishedSessionListQuery>;

/**
 * GET /api/cashflow/leaderboard/. year is needed for a year or month range,
 * month for a month range; both are periods in Asia/Ho_Chi_Minh.
 */
export const LeaderboardQuery = z
  .object({
    range: LeaderboardRange.default('all'),
    year: z.coerce.number().int().min(LEADERBOARD_MIN_YEAR).max(LEADERBOARD_MAX_YEAR).optional(),
    month: z.coerce.number().int().min(1).max(12).optional(),
    include_guests: BooleanString.default(false),
  })
  .superRefine((q, ctx) => {
    if (q.range !== 'all' && q.year === undefined) {
      ctx.addIssue({ code: 'custom', path: ['year'], message: LEADERBOARD_MESSAGES.yearRequired });
    }
    if (q.range === 'month' && q.month === undefined) {
      ctx.addIssue({ code: 'custom', path: ['month'], message: LEADERBOARD_MESSAGES.monthRequired });
    }
  });
export type LeaderboardQuery = z.infer<typeof LeaderboardQuery>;

export const LeaderboardUser = z.object({
  user_id: z.number().int(),
  display_name: z.string(),
  wins: z.number().int(),
});
export type LeaderboardUser = z.infer<typeof LeaderboardUser>;

export const LeaderboardGuest = z.object({ display_name: z.string(), wins: z.number().int() });
export type LeaderboardGuest = z.infer<typeof LeaderboardGuest>;

/** Ranked by wins, ties by who reached their count first; guests empty unless asked for. */
export const LeaderboardResponse = z.object({
  users: z.array(LeaderboardUser),
  guests: z.array(LeaderboardGuest),
  total_games: z.number().int(),
  /** Mean game length in minutes over the range (one decimal), 0 with no games. */
  avg_game_duration_minutes: z.number(),
});
export type LeaderboardResponse = z.infer<typeof LeaderboardResponse>;

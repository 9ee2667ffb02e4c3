// Decides how finished games leave the server: a registered player under the account's current
// name (never the e-mail: these answers are shared, decision 0021), instants as ISO-8601, money as
// numbers, the leaderboard's mean duration in minutes.
import { type FinishedSession, fullName, type LeaderboardResponse, type WinType } from '@staff/contracts';
import { toBool } from '../../db/dialect';
import type { CashflowRepo, NewResult } from './repo';

type Named = {
  /** The account's id; null when there is no account to name (it was deleted). */
  id: number | null;
  first_name: string | null;
  middle_name: string | null;
  last_name: string | null;
};

/**
 * Full name, else `#<id>` (the number the leaderboard already gives an account it cannot name):
 * never the e-mail, which the history and leaderboard, shared by every game host, must not carry.
 * Null when there is no account to name.
 */
export function accountName(u: Named): string | null {
  if (u.id === null) return null;
  return (
    fullName({
      first_name: u.first_name ?? '',
      middle_name: u.middle_name ?? '',
      last_name: u.last_name ?? '',
    }) || `#${u.id}`
  );
}

type ResultRow = Awaited<ReturnType<CashflowRepo['resultsOf']>>[number];

/** A player's result, named by the account's current name, else the name stored with the game. */
export function presentResult(r: ResultRow): FinishedSession['results'][number] {
  return {
    id: r.id,
    display_name: accountName({ ...r, id: r.account_id }) ?? r.display_name,
    career: r.career,
    is_winner: toBool(r.is_winner),
    passive_income: Number(r.passive_income),
    expenses: Number(r.expenses),
    cash_on_hand_end: Number(r.cash_on_hand_end),
    escaped_ratrace: toBool(r.escaped_ratrace),
  };
}

/**
 * A result just stored, as presentResult shows it once read back: its display name is the account's
 * name as finalize resolved it (or the guest's), which is what the join would find.
 */
export function presentNewResult(id: number, r: NewResult): FinishedSession['results'][number] {
  return {
    id,
    display_name: r.displayName,
    career: r.career,
    is_winner: r.isWinner,
    passive_income: r.passiveIncome,
    expenses: r.expenses,
    cash_on_hand_end: r.cashOnHandEnd,
    escaped_ratrace: r.escapedRatrace,
  };
}

export function presentSession(
  s: { id: number; start_ms: number; num_players: number; win_type: string; duration_seconds: number },
  results: FinishedSession['results'],
): FinishedSession {
  return {
    id: s.id,
    start_time: new Date(Number(s.start_ms)).toISOString(),
    num_players: s.num_players,
    win_type: s.win_type as WinType,
    duration_seconds: s.duration_seconds,
    results,
  };
}

/** `names` maps a winner's user id to the account's name; a missing one shows as `#id`. */
export function presentLeaderboard(
  totals: { games: number; avgSeconds: number },
  userWins: { userId: number; wins: number }[],
  guestWins: { name: string; wins: number }[],
  names: Map<number, string | null>,
): LeaderboardResponse {
  return {
    users: userWins.map((w) => ({
      user_id: w.userId,
      display_name: names.get(w.userId) ?? `#${w.userId}`,
      wins: w.wins,
    })),
    guests: guestWins.map((g) => ({ display_name: g.name, wins: g.wins })),
    total_games: totals.games,
    avg_game_duration_minutes: Math.round((totals.avgSeconds / 60) * 10) / 10,
  };
}

// The leaderboard filter's limits (spec 5, Leaderboard filter) and the query it becomes (spec 7).
import { clamp } from './money';

export type LeaderboardRange = 'all' | 'year' | 'month';
export type LeaderboardFilter = {
  range: LeaderboardRange;
  year: number;
  month: number;
  includeGuests: boolean;
};

export const MIN_LEADERBOARD_YEAR = 2000;

export function normalizeLeaderboardFilter(filter: LeaderboardFilter): LeaderboardFilter {
  const year = Number.isFinite(filter.year) ? Math.round(filter.year) : MIN_LEADERBOARD_YEAR;
  const month = Number.isFinite(filter.month) ? Math.round(filter.month) : 1;
  return { ...filter, year: Math.max(MIN_LEADERBOARD_YEAR, year), month: clamp(month, 1, 12) };
}

/** Query parameters: year only for a year or month range, month only for a month range. */
export function leaderboardQuery(filter: LeaderboardFilter): Record<string, string> {
  const { range, year, month, includeGuests } = normalizeLeaderboardFilter(filter);
  return {
    range,
    ...(range !== 'all' ? { year: String(year) } : {}),
    ...(range === 'month' ? { month: String(month) } : {}),
    ...(includeGuests ? { include_guests: 'true' } : {}),
  };
}

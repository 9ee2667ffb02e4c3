// GET /api/cashflow/leaderboard/?range=&year=&month=&include_guests=true (spec 5, 7): the query
// is built by the engine's leaderboardQuery, so year and month are clamped the same way everywhere.
import { type LeaderboardFilter, leaderboardQuery } from '@staff/cashflow-engine';
import { LeaderboardResponse } from '@staff/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { cashflowKeys, LEADERBOARD_PATH } from './cashflow-keys';

/** The request's path and query, as shown next to the home summary's error. */
export function leaderboardUrl(filter: LeaderboardFilter): string {
  return `${LEADERBOARD_PATH}?${new URLSearchParams(leaderboardQuery(filter))}`;
}

export function fetchLeaderboard(filter: LeaderboardFilter, signal?: AbortSignal) {
  return api.get(leaderboardUrl(filter), { schema: LeaderboardResponse, signal });
}

export function leaderboardQueryOptions(filter: LeaderboardFilter) {
  return queryOptions({
    queryKey: cashflowKeys.leaderboard(leaderboardQuery(filter)),
    queryFn: ({ signal }) => fetchLeaderboard(filter, signal),
    placeholderData: keepPreviousData,
    // Offline, fail and say so (the error text) rather than wait paused behind a spinner.
    networkMode: 'always',
  });
}

export function useLeaderboard(filter: LeaderboardFilter) {
  return useQuery(leaderboardQueryOptions(filter));
}

// GET /api/cashflow/sessions/?page=&page_size=: finished games, newest first (spec 7).
import { CASHFLOW_SESSION_DEFAULT_PAGE_SIZE, FinishedSessionPage } from '@staff/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { cashflowKeys, SESSIONS_PATH } from './cashflow-keys';

export function fetchFinishedSessions(
  page = 1,
  pageSize: number = CASHFLOW_SESSION_DEFAULT_PAGE_SIZE,
  signal?: AbortSignal,
) {
  const query = new URLSearchParams({ page: String(page), page_size: String(pageSize) });
  return api.get(`${SESSIONS_PATH}?${query}`, { schema: FinishedSessionPage, signal });
}

export function finishedSessionsQueryOptions(page: number, pageSize: number) {
  return queryOptions({
    queryKey: cashflowKeys.sessionPage(page, pageSize),
    queryFn: ({ signal }) => fetchFinishedSessions(page, pageSize, signal),
    placeholderData: keepPreviousData,
    // Offline, fail and say so (the error text) rather than wait paused behind a spinner.
    networkMode: 'always',
  });
}

export function useFinishedSessions(page: number, pageSize: number) {
  return useQuery(finishedSessionsQueryOptions(page, pageSize));
}

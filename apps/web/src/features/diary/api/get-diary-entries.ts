// GET /api/diaries/{diaryId}/entries/?start_date=&end_date=&feeling=&category=&time_zone=
import { EntryList } from '@staff/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { browserTimeZone } from '../date-range';
import { diaryEntriesPath, diaryKeys, type EntryFilters } from './diary-keys';

export function entryListQueryString(filters: EntryFilters, timeZone = browserTimeZone()): string {
  const query = new URLSearchParams();
  if (filters.start_date) query.set('start_date', filters.start_date);
  if (filters.end_date) query.set('end_date', filters.end_date);
  if (filters.feeling) query.set('feeling', filters.feeling);
  if (filters.category) query.set('category', filters.category);
  query.set('time_zone', timeZone);
  return query.toString();
}

export function fetchDiaryEntries(diaryId: number, filters: EntryFilters, signal?: AbortSignal) {
  return api.get(`${diaryEntriesPath(diaryId)}?${entryListQueryString(filters)}`, {
    schema: EntryList,
    signal,
  });
}

export function diaryEntriesQueryOptions(diaryId: number, filters: EntryFilters) {
  return queryOptions({
    queryKey: diaryKeys.entryList(diaryId, filters),
    queryFn: ({ signal }) => fetchDiaryEntries(diaryId, filters, signal),
    placeholderData: keepPreviousData,
  });
}

export function useDiaryEntries(diaryId: number | undefined, filters: EntryFilters) {
  return useQuery({
    ...diaryEntriesQueryOptions(diaryId ?? 0, filters),
    enabled: diaryId !== undefined,
  });
}

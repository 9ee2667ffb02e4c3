// GET /api/diaries/entries/{id}/, with the ETag an edit sends back as If-Match.
import { Entry } from '@staff/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Versioned } from '../../../lib/api-client';
import { diaryKeys, entryPath } from './diary-keys';

export function fetchEntry(id: number, signal?: AbortSignal): Promise<Versioned<Entry>> {
  return api.requestVersioned(entryPath(id), { schema: Entry, signal });
}

export function entryQueryOptions(id: number) {
  return queryOptions({ queryKey: diaryKeys.entry(id), queryFn: ({ signal }) => fetchEntry(id, signal) });
}

export function useEntry(id: number) {
  return useQuery({ ...entryQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
}

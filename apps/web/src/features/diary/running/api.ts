// The running entry's calls (issue 24): GET (the query every diary screen's header reads, refetched
// on window focus so another tab or device sees a start or a stop), POST to start, POST stop/ to make
// it an entry, DELETE to discard it. The server is the truth: nothing is kept in the browser.
import {
  CurrentRunningEntry,
  Entry,
  type RunningEntry,
  RunningEntry as RunningEntrySchema,
  type RunningEntryStartInput,
  type RunningEntryStopInput,
} from '@staff/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { DIARY_API, diaryKeys } from '../api/diary-keys';

export const RUNNING_PATH = `${DIARY_API}running/`;
export const RUNNING_STOP_PATH = `${RUNNING_PATH}stop/`;
export const runningKey = () => [...diaryKeys.all, 'running'] as const;

/** While a running entry shows, it is read again this often, so a stop elsewhere shows up. */
const RUNNING_REFETCH_MS = 60_000;

export function runningQueryOptions() {
  return queryOptions({
    queryKey: runningKey(),
    queryFn: ({ signal }) => api.get(RUNNING_PATH, { schema: CurrentRunningEntry, signal }),
    refetchOnWindowFocus: 'always',
    refetchInterval: (query) => (query.state.data ? RUNNING_REFETCH_MS : false),
  });
}

export function useRunningEntry() {
  return useQuery(runningQueryOptions());
}

export function useStartRunning() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RunningEntryStartInput) =>
      api.post(RUNNING_PATH, body, { schema: RunningEntrySchema }),
    onSuccess: (running: RunningEntry) => queryClient.setQueryData(runningKey(), running),
    // A 409 means another tab or device started one: show it.
    onError: () => queryClient.invalidateQueries({ queryKey: runningKey() }),
  });
}

export function useStopRunning() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RunningEntryStopInput) => api.post(RUNNING_STOP_PATH, body, { schema: Entry }),
    onSuccess: () => {
      queryClient.setQueryData(runningKey(), null);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: diaryKeys.entries() }),
        queryClient.invalidateQueries({ queryKey: diaryKeys.analyses() }),
      ]);
    },
    // A 404: stopped or discarded in another tab or on another device meanwhile; show what is so.
    onError: () => queryClient.invalidateQueries({ queryKey: runningKey() }),
  });
}

export function useDiscardRunning() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete(RUNNING_PATH),
    onSuccess: () => queryClient.setQueryData(runningKey(), null),
    onError: () => queryClient.invalidateQueries({ queryKey: runningKey() }),
  });
}

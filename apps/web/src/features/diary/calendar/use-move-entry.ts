// A drag, a resize or a keyboard step on the calendar: shown at once in every cached entries list,
// then one PATCH of the entry's start and end with the If-Match of the version the calendar showed.
// Refused (a stale tag, a rule), the lists go back and then reload, so a stale tag shows the newer
// values, and the server's message is told. Moves of one entry go one after another, each with the
// tag the previous one got back.
import type { Entry } from '@staff/contracts';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { ApiError, failureText, fieldErrorsOf, type Versioned } from '../../../lib/api-client';
import { diaryKeys } from '../api/diary-keys';
import { entryQueryOptions } from '../api/get-entry';
import { updateEntry } from '../api/update-entry';
import { movedEntry, sameStoredEntry } from './calendar-entries';
import { entryTimesAt, type Span } from './calendar-time';

export const CHANGED_MEANWHILE = 'This entry was changed by someone else since you opened it.';
export const REPEATED_HOUR =
  'That time happens twice when the clocks go back in the entry’s time zone; edit the entry to choose it.';

const listsKey = [...diaryKeys.entries(), 'list'] as const;

function replaceInLists(queryClient: QueryClient, entry: Entry) {
  queryClient.setQueriesData<Entry[]>({ queryKey: listsKey }, (list) =>
    list?.map((e) => (e.id === entry.id ? entry : e)),
  );
}

/** The entry's version to send as If-Match: the cached one when it is what the calendar showed. */
async function versionShown(queryClient: QueryClient, shown: Entry): Promise<Versioned<Entry>> {
  const options = entryQueryOptions(shown.id);
  const cached = queryClient.getQueryData<Versioned<Entry>>(options.queryKey);
  if (cached && sameStoredEntry(cached.data, shown)) return cached;
  return queryClient.fetchQuery({ ...options, staleTime: 0 });
}

function refusal(error: unknown): string {
  const fields = Object.values(fieldErrorsOf(error));
  if (error instanceof ApiError && error.status === 400 && fields.length > 0) return fields.join(' ');
  return failureText(error);
}

export interface MoveOutcome {
  ok: boolean;
  message?: string;
}

export function useMoveEntry() {
  const queryClient = useQueryClient();
  const queue = useRef(new Map<number, Promise<unknown>>());

  return useCallback(
    (shown: Entry, span: Span): Promise<MoveOutcome> => {
      const times = entryTimesAt(span, shown.time_zone);
      if (!times) return Promise.resolve({ ok: false, message: REPEATED_HOUR });
      const moved = movedEntry(shown, span, times);
      void queryClient.cancelQueries({ queryKey: listsKey });
      const before = queryClient.getQueriesData<Entry[]>({ queryKey: listsKey });
      replaceInLists(queryClient, moved);

      const run = async (): Promise<MoveOutcome> => {
        try {
          const version = await versionShown(queryClient, shown);
          if (!sameStoredEntry(version.data, shown)) {
            return { ok: false, message: CHANGED_MEANWHILE };
          }
          const saved = await updateEntry({ id: shown.id, body: times, etag: version.etag });
          queryClient.setQueryData(diaryKeys.entry(shown.id), saved);
          replaceInLists(queryClient, saved.data);
          return { ok: true };
        } catch (error) {
          return { ok: false, message: refusal(error) };
        }
      };
      const previous = queue.current.get(shown.id) ?? Promise.resolve();
      const outcome = previous.then(run).then(async (result) => {
        if (!result.ok) {
          for (const [key, data] of before) queryClient.setQueryData(key, data);
          queryClient.removeQueries({ queryKey: diaryKeys.entry(shown.id) });
        }
        // Overlap marks, totals and the analysis change with any move; a refusal shows the newer values.
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: diaryKeys.entries() }),
          queryClient.invalidateQueries({ queryKey: diaryKeys.analyses() }),
        ]);
        return result;
      });
      queue.current.set(shown.id, outcome);
      return outcome;
    },
    [queryClient],
  );
}

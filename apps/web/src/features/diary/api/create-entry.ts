// POST /api/diaries/{diaryId}/entries/ (category as a list of ids, the browser's time zone).
import { Entry, type EntryCreateInput } from '@staff/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { diaryEntriesPath, diaryKeys } from './diary-keys';

export function createEntry({ diaryId, body }: { diaryId: number; body: EntryCreateInput }) {
  return api.post(diaryEntriesPath(diaryId), body, { schema: Entry });
}

export function useCreateEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEntry,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: diaryKeys.entries() }),
        queryClient.invalidateQueries({ queryKey: diaryKeys.analyses() }),
      ]),
  });
}

// PATCH /api/diaries/entries/{id}/ with the whole form (category replaces the list).
import { Entry, type EntryUpdateInput } from '@staff/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { diaryKeys, entryPath } from './diary-keys';

export function updateEntry({ id, body }: { id: number; body: EntryUpdateInput }) {
  return api.patch(entryPath(id), body, { schema: Entry });
}

export function useUpdateEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEntry,
    onSuccess: (entry) => {
      queryClient.setQueryData(diaryKeys.entry(entry.id), entry);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: diaryKeys.entries() }),
        queryClient.invalidateQueries({ queryKey: diaryKeys.analyses() }),
      ]);
    },
  });
}

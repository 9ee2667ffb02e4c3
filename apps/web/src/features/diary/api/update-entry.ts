// PATCH /api/diaries/entries/{id}/ with the whole form (category replaces the list), and If-Match set
// to the ETag the form was loaded with, so an entry changed meanwhile answers 412 instead of being
// overwritten.
import { Entry, type EntryUpdateInput } from '@staff/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { diaryKeys, entryPath } from './diary-keys';

export function updateEntry({ id, body, etag }: { id: number; body: EntryUpdateInput; etag: string | null }) {
  return api.requestVersioned(entryPath(id), {
    method: 'PATCH',
    body,
    schema: Entry,
    ...(etag ? { headers: { 'If-Match': etag } } : {}),
  });
}

export function useUpdateEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEntry,
    onSuccess: (saved) => {
      queryClient.setQueryData(diaryKeys.entry(saved.data.id), saved);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: diaryKeys.entries() }),
        queryClient.invalidateQueries({ queryKey: diaryKeys.analyses() }),
      ]);
    },
  });
}

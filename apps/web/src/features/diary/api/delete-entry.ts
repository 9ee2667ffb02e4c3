// DELETE /api/diaries/entries/{id}/.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { diaryKeys, entryPath } from './diary-keys';

export function deleteEntry(id: number) {
  return api.delete(entryPath(id));
}

export function useDeleteEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteEntry,
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: diaryKeys.entry(id) });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: diaryKeys.entries() }),
        queryClient.invalidateQueries({ queryKey: diaryKeys.analyses() }),
      ]);
    },
  });
}

// PATCH /api/diaries/jars/{id}/ {ratio}: a jar's target; the analysis depends on it.
import { Jar } from '@staff/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { diaryKeys, jarPath } from './diary-keys';

export function updateJarRatio({ id, ratio }: { id: number; ratio: number }) {
  return api.patch(jarPath(id), { ratio }, { schema: Jar });
}

/** Saves several ratios together; the caches refresh once all are done (or one failed). */
export function useUpdateJarRatios() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: { id: number; ratio: number }[]) => Promise.all(changes.map(updateJarRatio)),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: diaryKeys.jars() }),
        queryClient.invalidateQueries({ queryKey: diaryKeys.analyses() }),
      ]);
    },
  });
}

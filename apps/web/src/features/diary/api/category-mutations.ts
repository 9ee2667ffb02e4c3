// Categories change the jars' contents, the analysis and the categories shown on entries: all refresh.
import type { QueryClient } from '@tanstack/react-query';
import { diaryKeys } from './diary-keys';

export function invalidateAfterCategoryChange(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: diaryKeys.categories() }),
    queryClient.invalidateQueries({ queryKey: diaryKeys.analyses() }),
    queryClient.invalidateQueries({ queryKey: diaryKeys.entries() }),
  ]);
}

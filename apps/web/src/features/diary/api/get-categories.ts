// GET /api/diaries/categories/: the signed-in user's categories.
import { CategoryList } from '@staff/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { CATEGORIES_PATH, diaryKeys } from './diary-keys';

export function fetchCategories(signal?: AbortSignal) {
  return api.get(CATEGORIES_PATH, { schema: CategoryList, signal });
}

export function categoriesQueryOptions() {
  return queryOptions({
    queryKey: diaryKeys.categories(),
    queryFn: ({ signal }) => fetchCategories(signal),
  });
}

export function useCategories() {
  return useQuery(categoriesQueryOptions());
}

// GET /api/diaries/categories/: the signed-in user's categories, in Vietnamese order for every list
// and picker that shows them (the server sorts by code point, which puts 'Ăn uống' after 'Thiết kế').
import { type Category, CategoryList } from '@staff/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { sortByVi } from '../../../lib/collate';
import { CATEGORIES_PATH, diaryKeys } from './diary-keys';

export function fetchCategories(signal?: AbortSignal) {
  return api.get(CATEGORIES_PATH, { schema: CategoryList, signal });
}

/** Categories by title in Vietnamese order. */
export function sortCategories(categories: Category[]): Category[] {
  return sortByVi(categories, (c) => c.title);
}

export function categoriesQueryOptions() {
  return queryOptions({
    queryKey: diaryKeys.categories(),
    queryFn: async ({ signal }) => sortCategories(await fetchCategories(signal)),
  });
}

export function useCategories() {
  return useQuery(categoriesQueryOptions());
}

// POST /api/diaries/categories/ {title, jar_id}.
import { Category, type CategoryCreateInput } from '@staff/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateAfterCategoryChange } from './category-mutations';
import { CATEGORIES_PATH } from './diary-keys';

export function createCategory(body: CategoryCreateInput) {
  return api.post(CATEGORIES_PATH, body, { schema: Category });
}

export function useCreateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCategory,
    onSuccess: () => invalidateAfterCategoryChange(queryClient),
  });
}

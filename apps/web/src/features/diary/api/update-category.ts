// PATCH /api/diaries/categories/{id}/ {title?, jar_id?}; jar_id null makes it unclassified.
import { Category, type CategoryUpdateInput } from '@staff/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateAfterCategoryChange } from './category-mutations';
import { categoryPath } from './diary-keys';

export function updateCategory({ id, ...body }: CategoryUpdateInput & { id: number }) {
  return api.patch(categoryPath(id), body, { schema: Category });
}

export function useUpdateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCategory,
    onSuccess: () => invalidateAfterCategoryChange(queryClient),
  });
}

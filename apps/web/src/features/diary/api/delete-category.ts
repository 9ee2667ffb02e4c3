// DELETE /api/diaries/categories/{id}/ (the server removes it from its entries).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateAfterCategoryChange } from './category-mutations';
import { categoryPath } from './diary-keys';

export function deleteCategory(id: number) {
  return api.delete(categoryPath(id));
}

export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCategory,
    onSuccess: () => invalidateAfterCategoryChange(queryClient),
  });
}

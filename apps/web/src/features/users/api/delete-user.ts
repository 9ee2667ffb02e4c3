// DELETE /api/users/users/{id}/.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminUserKeys, userPath } from './user-keys';

export function deleteUser(id: number): Promise<unknown> {
  return api.delete(userPath(id));
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: adminUserKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: adminUserKeys.lists() });
    },
  });
}

// PUT /api/users/users/{id}/ (multipart): the edit form's non-empty fields.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { userKeys } from '../../../lib/current-user';
import { type UserFormValues, userFormData } from '../user-form-data';
import { userPath } from './user-keys';

export interface UserUpdateRequest {
  id: number;
  values: UserFormValues;
}

export function updateUser({ id, values }: UserUpdateRequest): Promise<unknown> {
  return api.put(userPath(id), userFormData(values));
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    // The whole users prefix: lists, this user's detail, and the own profile if admins edit themselves.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}

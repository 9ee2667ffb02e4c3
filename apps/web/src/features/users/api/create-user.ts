// POST /api/users/users/ (multipart): a new user from the form.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { type UserFormValues, userFormData } from '../user-form-data';
import { adminUserKeys, USERS_PATH } from './user-keys';

export function createUser(values: UserFormValues): Promise<unknown> {
  return api.post(USERS_PATH, userFormData(values));
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminUserKeys.lists() }),
  });
}

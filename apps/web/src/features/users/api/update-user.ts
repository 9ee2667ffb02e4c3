// PUT /api/users/users/{id}/ (multipart): the edit form's non-empty fields, with If-Match set to the
// ETag the form was loaded with, so a user changed meanwhile answers 412 instead of being overwritten.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { userKeys } from '../../../lib/current-user';
import { type UserFormValues, userFormData } from '../user-form-data';
import { userPath } from './user-keys';

export interface UserUpdateRequest {
  id: number;
  values: UserFormValues;
  /** The ETag of the load the form started from; null sends no If-Match. */
  etag: string | null;
}

export function updateUser({ id, values, etag }: UserUpdateRequest): Promise<unknown> {
  return api.put(userPath(id), userFormData(values), etag ? { headers: { 'If-Match': etag } } : {});
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    // The whole users prefix: lists, this user's detail, and the own profile if admins edit themselves.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}

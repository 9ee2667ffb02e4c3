// Own profile and password: PUT /api/users/profile/ (multipart) and PUT /api/users/change-password/.
import {
  type ChangePasswordRequest,
  ChangePasswordResponse,
  type ProfileUpdate,
  User,
} from '@staff/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { storeUser, withHostAvatar } from '../../lib/auth-storage';
import { PROFILE_PATH, userKeys } from '../../lib/current-user';

export const CHANGE_PASSWORD_PATH = '/api/users/change-password/';

export interface ProfileSave {
  fields: ProfileUpdate;
  /** The re-encoded picture, when a new one was chosen. */
  avatar: File | null;
}

export function profileFormData({ fields, avatar }: ProfileSave): FormData {
  const data = new FormData();
  // Every field is sent, '' included: the form edits the whole profile (gender '' means not set).
  for (const key of ['first_name', 'middle_name', 'last_name', 'phone', 'gender'] as const) {
    data.append(key, fields[key] ?? '');
  }
  if (avatar) data.append('avatar', avatar, avatar.name);
  return data;
}

export async function updateProfile(save: ProfileSave): Promise<User> {
  return withHostAvatar(await api.put(PROFILE_PATH, profileFormData(save), { schema: User }));
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: async (user) => {
      // Both at once so the sidebar's name and avatar change immediately.
      storeUser(user);
      queryClient.setQueryData(userKeys.profile(), user);
      await queryClient.invalidateQueries({ queryKey: userKeys.all, refetchType: 'none' });
    },
  });
}

export function changePassword(body: ChangePasswordRequest) {
  return api.put(CHANGE_PASSWORD_PATH, body, { schema: ChangePasswordResponse });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    // The server cleared must_change_password: read the profile again (fetchProfile stores it).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.profile() }),
  });
}

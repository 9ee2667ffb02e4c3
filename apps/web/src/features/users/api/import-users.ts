// POST /api/users/users/import/ (multipart `file`): creates users from a spreadsheet, all or none.
import { UserImportResult } from '@staff/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminUserKeys, USERS_PATH } from './user-keys';

export const IMPORT_PATH = `${USERS_PATH}import/`;

export function importUsers(file: File): Promise<UserImportResult> {
  const body = new FormData();
  body.append('file', file, file.name);
  return api.post(IMPORT_PATH, body, { schema: UserImportResult });
}

export function useImportUsers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importUsers,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminUserKeys.lists() }),
  });
}

// GET /api/users/users/template/: the import spreadsheet, fetched with the bearer token and saved.
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/save-blob';
import { USERS_PATH } from './user-keys';

export const TEMPLATE_PATH = `${USERS_PATH}template/`;
export const TEMPLATE_FILENAME = 'user_import_template.xlsx';

export async function downloadTemplate(): Promise<void> {
  const file = await api.download(TEMPLATE_PATH);
  saveBlob(file.blob, file.filename ?? TEMPLATE_FILENAME);
}

export function useDownloadTemplate() {
  return useMutation({ mutationFn: downloadTemplate });
}

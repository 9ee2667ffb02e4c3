// GET /api/diaries/entries/export/?start_date=&end_date=&format=csv|xlsx: the entries starting in a
// range as a file, fetched with the bearer token (progress told as it arrives) and saved.
import { type EntryExportFormat, entryExportFilename } from '@staff/contracts';
import { useMutation } from '@tanstack/react-query';
import { api, type DownloadProgress } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/save-blob';
import { ENTRIES_PATH } from './diary-keys';

export const ENTRIES_EXPORT_PATH = `${ENTRIES_PATH}export/`;

export interface EntriesExport {
  start_date: string;
  end_date: string;
  format: EntryExportFormat;
}

export function entriesExportPath({ start_date, end_date, format }: EntriesExport): string {
  return `${ENTRIES_EXPORT_PATH}?${new URLSearchParams({ start_date, end_date, format })}`;
}

export async function exportEntries(request: EntriesExport, onProgress?: DownloadProgress): Promise<void> {
  const file = await api.download(entriesExportPath(request), onProgress ? { onProgress } : {});
  saveBlob(
    file.blob,
    file.filename ?? entryExportFilename(request.start_date, request.end_date, request.format),
  );
}

export function useExportEntries(onProgress?: DownloadProgress) {
  return useMutation({ mutationFn: (request: EntriesExport) => exportEntries(request, onProgress) });
}

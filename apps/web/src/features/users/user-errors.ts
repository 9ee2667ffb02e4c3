// Messages the user screens show for failed calls (spec section 8).
import { UserImportRefusal } from '@staff/contracts';
import { ApiError, toFieldErrors } from '../../lib/api-client';

export const SAVE_FAILED = 'Failed to save user';
export const IMPORT_SUCCESS = 'Import successful!';
export const IMPORT_FAILED = 'Import failed.';
export const TEMPLATE_REFUSED = 'You are not authorized to download the template.';
export const DELETE_CONFIRMATION = 'Are you sure you want to delete this user?';
export const ONLY_XLSX = 'Only .xlsx files are accepted.';
export const USER_EDIT_CONFLICT =
  'Someone else changed this user while you were editing. Their changes are now in the form and yours are kept; review them and save again.';

/** The server's detail, else its whole error object as text, else 'Failed to save user'. */
export function saveErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError) || !error.body) return SAVE_FAILED;
  if (error.detail) return error.detail;
  return Object.keys(error.body).length > 0 ? JSON.stringify(error.body) : SAVE_FAILED;
}

/** One line per problem of a refused import ("Row 7, email: …"), after the server's summary. */
export function importFailureLines(error: unknown): string[] {
  if (!(error instanceof ApiError)) return [];
  const refusal = UserImportRefusal.safeParse(error.body);
  if (refusal.success) {
    const { detail, problems } = refusal.data;
    return [
      ...(detail ? [detail] : []),
      ...problems.map((p) =>
        p.column ? `Row ${p.row}, ${p.column}: ${p.message}` : `Row ${p.row}: ${p.message}`,
      ),
    ];
  }
  const fieldMessages = Object.values(toFieldErrors(error.body));
  if (fieldMessages.length > 0) return fieldMessages;
  return error.detail ? [error.detail] : [];
}

export function isXlsxFile(file: File): boolean {
  return file.name.toLowerCase().endsWith('.xlsx');
}

/**
 * Spec §6/§8: every failed download (refused, any other status, no network) is titled
 * TEMPLATE_REFUSED; the server's detail, when it sent one, follows as a second line.
 */
export function templateFailureLines(error: unknown): string[] {
  const detail = error instanceof ApiError ? error.detail : undefined;
  return detail ? [detail] : [];
}

export function deleteFailureMessage(error: unknown): string {
  return (error instanceof ApiError && error.detail) || 'Failed to delete user.';
}

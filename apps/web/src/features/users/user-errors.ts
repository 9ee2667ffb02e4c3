// Messages the user screens show for failed calls (spec section 8).
import { UserImportRefusal } from '@staff/contracts';
import { ApiError, failureText, toFieldErrors } from '../../lib/api-client';
import { EMPTY_USER_FORM } from './user-form-data';

export const SAVE_FAILED = 'Failed to save user';
export const IMPORT_SUCCESS = 'Import successful!';
export const IMPORT_FAILED = 'Import failed.';
export const TEMPLATE_REFUSED = 'You are not authorized to download the template.';
export const DELETE_CONFIRMATION = 'Are you sure you want to delete this user?';
export const ONLY_XLSX = 'Only .xlsx files are accepted.';
export const USER_EDIT_CONFLICT =
  'Someone else changed this user while you were editing. Their changes are now in the form and yours are kept; review them and save again.';

export const CORRECT_BELOW = 'Please correct the errors below.';

const FORM_FIELDS: readonly string[] = Object.keys(EMPTY_USER_FORM);

/**
 * The server's field errors as the form shows them: under the form's own fields, with `username`
 * (the form sends the e-mail as the username) under the e-mail.
 */
export function userFieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || error.status !== 400) return {};
  const { username, ...fields } = toFieldErrors(error.body);
  return username && !fields.email ? { ...fields, email: username } : fields;
}

/**
 * The form's banner after a failed save, in words (decision 0015, departure 24): the server's
 * detail; else, when fields were refused, 'Please correct the errors below.' (their messages stand
 * under them) followed by any message for a field the form does not have; else 'Failed to save
 * user' and what happened (the server failed, could not be reached). Never the error body as JSON.
 */
export function saveErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError || error instanceof TypeError)) return SAVE_FAILED;
  if (error instanceof ApiError && error.status < 500) {
    if (error.detail) return error.detail;
    const fields = Object.entries(userFieldErrors(error));
    const onForm = fields.some(([field]) => FORM_FIELDS.includes(field));
    const elsewhere = fields.filter(([field]) => !FORM_FIELDS.includes(field)).map(([, message]) => message);
    const lines = [...(onForm ? [CORRECT_BELOW] : []), ...elsewhere];
    if (lines.length > 0) return lines.join(' ');
  }
  return `${SAVE_FAILED}. ${failureText(error)}`;
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
  if (error.status >= 500) return [failureText(error)];
  const fieldMessages = Object.values(toFieldErrors(error.body));
  if (fieldMessages.length > 0) return fieldMessages;
  return error.detail ? [error.detail] : [];
}

export function isXlsxFile(file: File): boolean {
  return file.name.toLowerCase().endsWith('.xlsx');
}

/**
 * Spec §6/§8: every failed download (refused, any other status, no network) is titled
 * TEMPLATE_REFUSED; the server's detail for a refusal, or that it failed or could not be reached,
 * follows as a second line.
 */
export function templateFailureLines(error: unknown): string[] {
  if (error instanceof ApiError && error.status < 500) return error.detail ? [error.detail] : [];
  return error instanceof ApiError || error instanceof TypeError ? [failureText(error)] : [];
}

export function deleteFailureMessage(error: unknown): string {
  if (error instanceof ApiError && error.status < 500 && error.detail) return error.detail;
  return error instanceof ApiError || error instanceof TypeError
    ? `Failed to delete user. ${failureText(error)}`
    : 'Failed to delete user.';
}

// What the stock administration forms say when a save fails (decision 0015, departure 24): the
// server's field errors stand under their fields, the banner says so in words, and a message for a
// field the form does not show, the server's detail, or what happened (the server failed, could not
// be reached) is said in full. Never an error body as JSON.
import { ApiError, failureText, fieldErrorsOf } from '../../../lib/api-client';

export const CORRECT_BELOW = 'Please correct the errors below.';

/**
 * The form's banner after a failed save. `fields` are the form's own field names; `failed` starts the
 * message when nothing more precise can be said ('Failed to save the stock').
 */
export function saveFailureText(error: unknown, fields: readonly string[], failed: string): string {
  if (error instanceof ApiError && error.status < 500) {
    if (error.detail) return error.detail;
    const refused = Object.entries(fieldErrorsOf(error));
    const onForm = refused.some(([field]) => fields.includes(field));
    const elsewhere = refused.filter(([field]) => !fields.includes(field)).map(([, message]) => message);
    const lines = [...(onForm ? [CORRECT_BELOW] : []), ...elsewhere];
    if (lines.length > 0) return lines.join(' ');
  }
  return `${failed}. ${failureText(error)}`;
}

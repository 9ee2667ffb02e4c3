// What the profile's forms (the profile, the password change) do when the server refuses a save:
// its field messages go under their fields, what was typed stays, and the banner shows its detail
// (or its message about the form as a whole).
import type { FormOutcome } from '../../components/form-outcome-alert';
import { ApiError, fieldErrorsOf } from '../../lib/api-client';

export function saveFailure(
  error: unknown,
  form: { setErrors: (errors: Record<string, string>) => void },
): FormOutcome {
  const fieldErrors = fieldErrorsOf(error);
  form.setErrors(fieldErrors);
  const detail = error instanceof ApiError ? (error.detail ?? fieldErrors.non_field_errors) : undefined;
  return { ok: false, detail };
}

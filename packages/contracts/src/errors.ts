// The API speaks Django REST Framework's error dialect; these schemas and the
// zod error map below make server validation and web forms say the same words.
import { z } from 'zod';

/** `{"detail": "..."}`: general errors (401, 403, 404, 429, ...). */
export const ErrorDetail = z.object({
  detail: z.string(),
  code: z.string().optional(),
});
export type ErrorDetail = z.infer<typeof ErrorDetail>;

/** `{"field": ["message", ...]}`: validation errors (400). */
export const ValidationErrors = z.record(z.string(), z.array(z.string()));
export type ValidationErrors = z.infer<typeof ValidationErrors>;

export const NON_FIELD_ERRORS = 'non_field_errors';

/** Messages worded as Django REST Framework words them. */
export const drfErrorMap: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'This field is required.';
      if (issue.input === null) return 'This field may not be null.';
      if (issue.expected === 'number' || issue.expected === 'int') return 'A valid number is required.';
      if (issue.expected === 'boolean') return 'Must be a valid boolean.';
      if (issue.expected === 'string') return 'Not a valid string.';
      if (issue.expected === 'object') return 'Invalid data. Expected a dictionary.';
      if (issue.expected === 'array') return 'Expected a list of items.';
      return `Expected ${issue.expected}.`;
    case 'too_small':
      if (issue.origin === 'string') {
        return issue.minimum === 1
          ? 'This field may not be blank.'
          : `Ensure this field has at least ${issue.minimum} characters.`;
      }
      if (issue.origin === 'array') return `Ensure this field has at least ${issue.minimum} elements.`;
      return `Ensure this value is greater than or equal to ${issue.minimum}.`;
    case 'too_big':
      if (issue.origin === 'string') return `Ensure this field has no more than ${issue.maximum} characters.`;
      if (issue.origin === 'array') return `Ensure this field has no more than ${issue.maximum} elements.`;
      return `Ensure this value is less than or equal to ${issue.maximum}.`;
    case 'invalid_format':
      if (issue.format === 'email') return 'Enter a valid email address.';
      return 'Enter a valid value.';
    case 'invalid_value':
      return `"${String(issue.input)}" is not a valid choice.`;
    case 'unrecognized_keys':
      return `Unexpected field(s): ${issue.keys.join(', ')}.`;
    default:
      return undefined;
  }
};

z.config({ customError: drfErrorMap });

/** Turns zod issues into the DRF field-error object. */
export function toValidationErrors(error: z.ZodError): ValidationErrors {
  const out: ValidationErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join('.') : NON_FIELD_ERRORS;
    const list = out[key] ?? [];
    list.push(issue.message);
    out[key] = list;
  }
  return out;
}

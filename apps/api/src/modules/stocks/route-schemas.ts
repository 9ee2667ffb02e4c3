// The OpenAPI pieces every stocks route shares: its tag, the bearer scheme, the error answers.
import { ErrorDetail, ValidationErrors } from '@staff/contracts';
import { bearerSecurity, NoContent } from '../../http/docs';

export const tags = ['stocks'];
export const errors = { 400: ValidationErrors, 401: ErrorDetail, 403: ErrorDetail, 404: ErrorDetail };
export { bearerSecurity as security, NoContent as Empty };

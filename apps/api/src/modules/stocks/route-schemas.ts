// The OpenAPI pieces every stocks route shares: its tag, the bearer scheme, the error answers.
import { ErrorDetail, ValidationErrors } from '@staff/contracts';
import { z } from 'zod';

export const tags = ['stocks'];
export const security = [{ bearerAuth: [] }];
export const errors = { 400: ValidationErrors, 401: ErrorDetail, 403: ErrorDetail, 404: ErrorDetail };
export const Empty = z.null().describe('No content');

// The OpenAPI pieces every stocks route shares: its tag, the bearer scheme, the error answers.
import { bearerSecurity, NoContent, noSecurity } from '../../http/docs';

export const tags = ['stocks'];
export { errorAnswers, sentAs } from '../../http/operation';
export { bearerSecurity as security, NoContent as Empty, noSecurity };

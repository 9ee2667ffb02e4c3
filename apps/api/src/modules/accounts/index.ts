// The accounts module's public surface: sign-in, sessions and tokens, the profile and the
// password, the first administrator. User rows are the users module's (decision 0016); accounts
// reads and writes them through users' createUserRecords. app.ts builds the service and hands
// `passwordRules` and the service's `endSignIns` to the users service; manage.ts uses the same.

export type { AuthenticatedUser } from '../../http/auth';
export { generatePassword, hashPassword, passwordRules } from './passwords';
export { registerAccountsRoutes } from './routes';
export {
  type AccountsDeps,
  type AccountsService,
  createAccountsService,
  type InitialAdmin,
  REFRESH_REUSE_GRACE_SECONDS,
} from './service';
export { createTokenSigner, hashToken, type TokenSigner } from './tokens';

// Bearer authentication and role checks. The menu only hides; this is where
// access is actually decided.
import { PASSWORD_CHANGE_REQUIRED_MESSAGE, type Role } from '@staff/contracts';
import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { Selectable } from 'kysely';
import { toBool } from '../db/dialect';
import type { UsersTable } from '../db/schema';
import { ApiError, notAuthenticated, permissionDenied } from './errors';

/**
 * Who a request's access token names: their user row (never the password hash or the search text;
 * the users module's `UserRow` is this type) and the sign-in it belongs to. Declared here, where
 * requests carry it, so the HTTP layer needs nothing from the modules; accounts implements
 * `Authenticator`.
 */
export interface AuthenticatedUser {
  user: Omit<Selectable<UsersTable>, 'password_hash' | 'search'>;
  /** The sign-in (refresh-token family) the access token belongs to. */
  family: string;
}

/** What the guards need of the accounts module: a token in, the signed-in user out (or a 401). */
export interface Authenticator {
  authenticate(token: string): Promise<AuthenticatedUser>;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthenticatedUser | null;
  }
}

export interface GuardOptions {
  /**
   * Also lets in a user who must still change their password (the first administrator's
   * generated one): only the profile read, the password change and logout set this.
   */
  beforePasswordChange?: boolean;
}

export function createAuthGuards(accounts: Authenticator) {
  /**
   * Requires a valid access token; with roles, also one of those roles (403 otherwise).
   * Routes run it in `onRequest`, before the body is read or validated: a stranger gets 401,
   * never a 400 naming fields.
   */
  function requireUser(roles?: readonly Role[], options: GuardOptions = {}): onRequestAsyncHookHandler {
    return async (request: FastifyRequest, _reply: FastifyReply) => {
      const header = request.headers.authorization;
      if (!header) throw notAuthenticated();
      const [scheme, token, ...rest] = header.trim().split(/\s+/);
      if (scheme?.toLowerCase() !== 'bearer' || !token || rest.length > 0) {
        throw notAuthenticated(
          'Authorization header must contain two space-delimited values: Bearer <token>.',
        );
      }
      request.auth = await accounts.authenticate(token);
      if (toBool(request.auth.user.must_change_password) && !options.beforePasswordChange) {
        throw new ApiError(403, {
          detail: PASSWORD_CHANGE_REQUIRED_MESSAGE,
          code: 'password_change_required',
        });
      }
      if (roles && !roles.includes(request.auth.user.role as Role)) throw permissionDenied();
    };
  }
  return { requireUser };
}

/** The authenticated user of a request that passed requireUser. */
export function currentAuth(request: FastifyRequest): AuthenticatedUser {
  if (!request.auth) throw notAuthenticated();
  return request.auth;
}

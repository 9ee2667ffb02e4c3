// HTTP for accounts: tokens, logout, profile, password, roles. Rules live in service.ts.
// The token endpoints authenticate by their body; the rest check the bearer token in onRequest,
// before the body is read or validated, so a stranger gets 401, never a 400 naming fields.
import {
  AVATAR_MAX_BYTES,
  ChangePasswordRequest,
  ChangePasswordResponse,
  LoginRequest,
  LoginResponse,
  LogoutRequest,
  LogoutResponse,
  ProfileUpdate,
  RefreshRequest,
  ROLES,
  RolesResponse,
  TokenPair,
  User,
} from '@staff/contracts';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentAuth } from '../../http/auth';
import { bearerSecurity, noSecurity } from '../../http/docs';
import { fieldError, readingMultipart } from '../../http/errors';
import { refuseNullCharacters } from '../../http/null-characters';
import { errorAnswers, FilePart } from '../../http/operation';
import { publicOrigin } from '../../http/public-url';
import { presentUser } from '../users/index';
import type { AccountsService } from './service';

/** The token endpoints: authenticated by their body, throttled per address (decision 0004). */
const tokenErrors = errorAnswers(400, 401, 413, 415, 429);
/** The profile form as the document shows it: the handler reads multipart (with the avatar) or JSON itself. */
const ProfileForm = ProfileUpdate.extend({
  avatar: FilePart.optional().describe('JPEG, PNG or WebP, at most 5 MB'),
});

export const AVATAR_TOO_LARGE = 'The file is too large. The maximum size is 5 MB.';

export function registerAccountsRoutes(
  app: FastifyInstance,
  deps: {
    accounts: AccountsService;
    signedIn: onRequestAsyncHookHandler;
    /** Also admits a user who must change their password first: the profile read and the change. */
    signedInBeforePasswordChange: onRequestAsyncHookHandler;
  },
): void {
  const { accounts, signedIn, signedInBeforePasswordChange } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/users/token/', {
    schema: {
      tags: ['accounts'],
      summary: 'Sign in with e-mail and password',
      security: noSecurity,
      body: LoginRequest,
      response: { 200: LoginResponse, ...tokenErrors },
    },
    handler: async (request) => {
      const { email, password } = request.body;
      const result = await accounts.signIn(email, password, request.ip);
      return {
        access: result.access,
        refresh: result.refresh,
        user: presentUser(result.user, publicOrigin(request)),
      };
    },
  });

  r.post('/api/users/token/refresh/', {
    schema: {
      tags: ['accounts'],
      summary: 'Exchange a refresh token for a new pair (the old one stops working)',
      security: noSecurity,
      body: RefreshRequest,
      response: { 200: TokenPair, ...tokenErrors },
    },
    handler: async (request) => accounts.refresh(request.body.refresh, request.ip),
  });

  r.post('/api/users/token/blacklist/', {
    schema: {
      tags: ['accounts'],
      summary: 'Log out: end the sign-in this refresh token belongs to',
      description:
        'Needs only the refresh token (no Authorization header). Its sign-in ends at once: its ' +
        'refresh token and every access token issued from it answer 401 token_not_valid from ' +
        "then on; the user's other sign-ins are untouched. A token already ended answers 401 " +
        '"Token is blacklisted". Counts against the refresh limit per address.',
      security: noSecurity,
      body: LogoutRequest,
      response: { 200: LogoutResponse, ...tokenErrors },
    },
    handler: async (request) => {
      await accounts.logout(request.body.refresh, request.ip);
      return {};
    },
  });

  r.get('/api/users/profile/', {
    onRequest: signedInBeforePasswordChange,
    schema: {
      tags: ['accounts'],
      summary: 'The signed-in user',
      security: bearerSecurity,
      response: { 200: User, ...errorAnswers(400, 401) },
    },
    handler: async (request) => presentUser(currentAuth(request).user, publicOrigin(request)),
  });

  r.put('/api/users/profile/', {
    onRequest: signedIn,
    schema: {
      tags: ['accounts'],
      summary: 'Update the signed-in user',
      description:
        'multipart/form-data (or JSON without the file) with first_name, middle_name, last_name, phone, ' +
        'gender (M, F, O or empty) and an optional `avatar` file: JPEG, PNG or WebP by its bytes, at most 5 MB. ' +
        'Fields left out keep their values. At most 10 avatar uploads per user in 15 minutes (429 after).',
      security: bearerSecurity,
      readsBody: { 'multipart/form-data': ProfileForm, 'application/json': ProfileUpdate },
      response: { 200: User, ...errorAnswers(400, 401, 403, 413, 415, 429) },
    },
    handler: async (request) => {
      const auth = currentAuth(request);
      const { fields, avatar } = await readProfileForm(request);
      const parsed = ProfileUpdate.safeParse(fields);
      if (!parsed.success) throw parsed.error;
      const updated = await accounts.updateProfile(auth.user, parsed.data, avatar);
      return presentUser(updated, publicOrigin(request));
    },
  });

  r.put('/api/users/change-password/', {
    onRequest: signedInBeforePasswordChange,
    schema: {
      tags: ['accounts'],
      summary: "Change the signed-in user's password; signs out their other sessions",
      security: bearerSecurity,
      description: 'At most 5 wrong old passwords per user in 15 minutes (429 after).',
      body: ChangePasswordRequest,
      response: { 200: ChangePasswordResponse, ...errorAnswers(400, 401, 413, 415, 429) },
    },
    handler: async (request) => {
      await accounts.changePassword(
        currentAuth(request),
        request.body.old_password,
        request.body.new_password,
      );
      return { detail: 'Password updated successfully.' };
    },
  });

  r.get('/api/users/roles/', {
    onRequest: signedIn,
    schema: {
      tags: ['accounts'],
      summary: 'Role names',
      security: bearerSecurity,
      response: { 200: RolesResponse, ...errorAnswers(400, 401, 403) },
    },
    handler: async () => [...ROLES],
  });
}

/** Reads the profile form from multipart or JSON; the avatar comes back as bytes. */
async function readProfileForm(request: FastifyRequest): Promise<{ fields: unknown; avatar?: Buffer }> {
  if (!request.isMultipart()) return { fields: request.body ?? {} };
  const fields: Record<string, unknown> = {};
  let avatar: Buffer | undefined;
  await readingMultipart(async () => {
    for await (const part of request.parts({ limits: { fileSize: AVATAR_MAX_BYTES, files: 1 } })) {
      if (part.type === 'field') {
        fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== 'avatar') {
        part.file.resume();
        throw fieldError(part.fieldname, 'Unexpected file field.');
      }
      try {
        const bytes = await part.toBuffer();
        // A form with no file chosen still sends an empty file part.
        if (bytes.length > 0) avatar = bytes;
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw fieldError('avatar', AVATAR_TOO_LARGE);
        throw err;
      }
    }
  });
  refuseNullCharacters(fields);
  return { fields, avatar };
}

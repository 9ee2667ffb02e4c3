// Accounts: sign-in, refresh-token rotation with reuse detection, the access
// check every protected route uses, the profile and the password.
import { randomUUID } from 'node:crypto';
import {
  Email,
  NewPassword,
  PASSWORD_EQUALS_EMAIL_MESSAGE,
  type ProfileUpdate,
  Role,
  type TokenPair,
  type ValidationErrors,
} from '@staff/contracts';
import { toBool, toDate } from '../../db/dialect';
import type { Db } from '../../db/index';
import { ApiError, badRequest, fieldError, tokenNotValid } from '../../http/errors';
import { type RateLimiter, TIERS } from '../../http/rate-limit';
import { COMMAND_LINE, recordAuditEvent } from '../audit/record';
import { reencodeAvatar, removeAvatar, storeAvatar } from './avatar';
import { decoyPasswordHash, generatePassword, hashPassword, verifyPassword } from './passwords';
import { createAccountsRepo, type UserRow } from './repo';
import { hashToken, type TokenSigner } from './tokens';

/**
 * A rotated refresh token presented again within this many seconds is only
 * refused, not treated as theft: two tabs can race to refresh with the same
 * token. See docs/decisions/0005-refresh-token-rotation.md.
 */
export const REFRESH_REUSE_GRACE_SECONDS = 10;

export const SIGN_IN_FAILED = 'No active account found with the given credentials';
export const OLD_PASSWORD_WRONG = 'Your old password was entered incorrectly. Please enter it again.';

export interface AccountsDeps {
  db: Db;
  signer: TokenSigner;
  limiter: RateLimiter;
  now: () => Date;
  mediaDir: string;
}

export interface AuthenticatedUser {
  user: UserRow;
  /** The sign-in (refresh-token family) the access token belongs to. */
  family: string;
}

export function createAccountsService(deps: AccountsDeps) {
  const { db, signer, limiter, now } = deps;
  const repo = createAccountsRepo(db);

  async function issueTokens(userId: number, family: string, tx: Db = db): Promise<TokenPair> {
    const at = now();
    const refresh = await signer.sign('refresh', userId, family, at);
    await createAccountsRepo(tx).insertRefreshToken({
      id: refresh.jti,
      userId,
      familyId: family,
      tokenHash: hashToken(refresh.token),
      now: at,
      expiresAt: refresh.expiresAt,
    });
    const access = await signer.sign('access', userId, family, at);
    return { access: access.token, refresh: refresh.token };
  }

  return {
    async signIn(email: string, password: string, ip: string): Promise<TokenPair & { user: UserRow }> {
      const key = email.trim().toLowerCase();
      await limiter.hit(TIERS.signInPerIp, ip);
      await limiter.check(TIERS.signInFailuresPerEmail, key);
      const found = await repo.findUserWithHashByEmail(key);
      const passwordOk = await verifyPassword(password, found?.password_hash ?? (await decoyPasswordHash()));
      if (!found || !passwordOk || !toBool(found.is_active)) {
        await limiter.hit(TIERS.signInFailuresPerEmail, key);
        throw new ApiError(401, { detail: SIGN_IN_FAILED, code: 'no_active_account' });
      }
      const { password_hash: _hash, ...user } = found;
      // A sign-in is a session row; its tokens carry its id as `fam`.
      const family = randomUUID();
      const tokens = await db.transaction().execute(async (tx) => {
        await createAccountsRepo(tx).insertSession({
          id: family,
          userId: user.id,
          now: now(),
          expiresAt: now(),
        });
        return issueTokens(user.id, family, tx);
      });
      await repo.touchLastLogin(user.id, now());
      return { ...tokens, user };
    },

    async refresh(token: string, ip: string): Promise<TokenPair> {
      await limiter.hit(TIERS.refreshPerIp, ip);
      const at = now();
      const claims = await signer.verify(token, 'refresh', at);
      if (!claims) throw tokenNotValid('Token is invalid or expired');
      const stored = await repo.findRefreshTokenByHash(hashToken(token));
      if (!stored || toDate(stored.expires_at) <= at) throw tokenNotValid('Token is invalid or expired');
      if (stored.revoked_at) throw tokenNotValid('Token is blacklisted');
      if (stored.rotated_at) {
        const age = (at.getTime() - toDate(stored.rotated_at).getTime()) / 1000;
        if (age > REFRESH_REUSE_GRACE_SECONDS) {
          // One of the two holders is a thief: end the sign-in (its access tokens too) and
          // record it with the revocation, once however many reuses race here.
          await db.transaction().execute(async (tx) => {
            if (!(await createAccountsRepo(tx).revokeFamily(stored.family_id, at))) return;
            await recordAuditEvent(
              tx,
              { actor: null, ip },
              {
                action: 'auth.token_reuse',
                target: { type: 'user', id: stored.user_id },
                detail: { session: stored.family_id },
              },
              at,
            );
          });
          throw tokenNotValid('Token reuse detected; this session has been signed out');
        }
        throw tokenNotValid('Token has already been rotated');
      }
      const user = await repo.findUserById(stored.user_id);
      if (!user || !toBool(user.is_active)) {
        await repo.revokeFamily(stored.family_id, at);
        throw tokenNotValid('User is inactive');
      }
      return db.transaction().execute(async (tx) => {
        const won = await createAccountsRepo(tx).markRotated(stored.id, at);
        if (!won) throw tokenNotValid('Token has already been rotated');
        return issueTokens(user.id, stored.family_id, tx);
      });
    },

    /**
     * Logout (SimpleJWT's blacklist): ends the sign-in the refresh token belongs to, its
     * refresh and access tokens, and no other. A rotated token of a live sign-in still ends
     * it: a tab may log out while another tab's refresh is in flight, and ending a sign-in
     * is what reuse of that token would do anyway.
     */
    async logout(token: string, ip: string): Promise<void> {
      await limiter.hit(TIERS.refreshPerIp, ip);
      const at = now();
      const claims = await signer.verify(token, 'refresh', at);
      if (!claims) throw tokenNotValid('Token is invalid or expired');
      const stored = await repo.findRefreshTokenByHash(hashToken(token));
      if (!stored || toDate(stored.expires_at) <= at) throw tokenNotValid('Token is invalid or expired');
      if (stored.revoked_at || !(await repo.revokeFamily(stored.family_id, at))) {
        throw tokenNotValid('Token is blacklisted');
      }
    },

    /** The user behind an access token; 401 token_not_valid otherwise. */
    async authenticate(token: string): Promise<AuthenticatedUser> {
      const claims = await signer.verify(token, 'access', now());
      if (!claims) throw tokenNotValid('Given token not valid for any token type');
      const found = await repo.findUserForSession(claims.user_id, claims.fam);
      if (!found) throw tokenNotValid('User not found');
      if (!toBool(found.user.is_active)) throw tokenNotValid('User is inactive');
      if (found.sessionRevoked) throw tokenNotValid('Token is blacklisted');
      return { user: found.user, family: claims.fam };
    },

    getUser(id: number): Promise<UserRow | undefined> {
      return repo.findUserById(id);
    },

    async updateProfile(user: UserRow, fields: ProfileUpdate, avatar?: Buffer): Promise<UserRow> {
      let avatarPath: string | undefined;
      if (avatar) {
        // Decoded and re-encoded before anything is stored; a refused image stores nothing.
        const image = await reencodeAvatar(avatar);
        avatarPath = await storeAvatar(deps.mediaDir, image.bytes, image.type);
      }
      const patch = {
        ...fields,
        ...(fields.gender !== undefined ? { gender: fields.gender || null } : {}),
        ...(avatarPath ? { avatar: avatarPath } : {}),
      };
      await repo.updateProfile(user.id, patch, now());
      if (avatarPath) await removeAvatar(deps.mediaDir, user.avatar);
      const updated = await repo.findUserById(user.id);
      if (!updated) throw new Error(`user ${user.id} vanished during a profile update`);
      return updated;
    },

    async changePassword(auth: AuthenticatedUser, oldPassword: string, newPassword: string): Promise<void> {
      const { user } = auth;
      await limiter.check(TIERS.passwordFailuresPerUser, String(user.id));
      const hash = await repo.findPasswordHash(user.id);
      const errors: ValidationErrors = {};
      if (!hash || !(await verifyPassword(oldPassword, hash))) {
        await limiter.hit(TIERS.passwordFailuresPerUser, String(user.id));
        errors.old_password = [OLD_PASSWORD_WRONG];
      }
      if (newPassword.trim().toLowerCase() === user.email.toLowerCase()) {
        errors.new_password = [PASSWORD_EQUALS_EMAIL_MESSAGE];
      }
      if (Object.keys(errors).length > 0) throw badRequest(errors);
      const at = now();
      await repo.setPasswordHash(user.id, await hashPassword(newPassword), at);
      await repo.revokeUserTokens(user.id, at, auth.family);
    },

    /** For the command line and the first start: validates like the API would. */
    async createUser(input: {
      email: string;
      password: string;
      role: string;
      firstName?: string;
      lastName?: string;
    }): Promise<UserRow> {
      const email = Email.safeParse(input.email.trim().toLowerCase());
      if (!email.success) throw fieldError('email', 'Enter a valid email address.');
      const role = Role.safeParse(input.role);
      if (!role.success) throw fieldError('role', `"${input.role}" is not a valid choice.`);
      const password = NewPassword.safeParse(input.password);
      if (!password.success) throw fieldError('password', password.error.issues[0]?.message ?? 'Invalid.');
      if (await repo.findUserWithHashByEmail(email.data)) {
        throw fieldError('email', 'A user with this email already exists.');
      }
      const id = await repo.insertUser({
        email: email.data,
        passwordHash: await hashPassword(input.password),
        role: role.data,
        firstName: input.firstName,
        lastName: input.lastName,
        now: now(),
      });
      const created = await repo.findUserById(id);
      if (!created) throw new Error('created user not found');
      return created;
    },

    async setPassword(email: string, password: string): Promise<void> {
      const parsed = NewPassword.safeParse(password);
      if (!parsed.success) throw fieldError('password', parsed.error.issues[0]?.message ?? 'Invalid.');
      const found = await repo.findUserWithHashByEmail(email.trim().toLowerCase());
      if (!found) throw fieldError('email', `No user with the e-mail ${email}.`);
      const passwordHash = await hashPassword(password);
      const at = now();
      // The command line's password_set commits with the password it records.
      await db.transaction().execute(async (tx) => {
        const txRepo = createAccountsRepo(tx);
        await txRepo.setPasswordHash(found.id, passwordHash, at);
        await txRepo.revokeUserTokens(found.id, at);
        await recordAuditEvent(
          tx,
          COMMAND_LINE,
          { action: 'user.password_set', target: { type: 'user', id: found.id } },
          at,
        );
      });
    },

    /**
     * On an empty database, creates the first administrator. Returns the
     * generated password when none was configured, so the caller prints it once.
     */
    async ensureInitialAdmin(
      email: string | undefined,
      password: string | undefined,
    ): Promise<{ email: string; generatedPassword?: string } | null> {
      if ((await repo.countUsers()) > 0) return null;
      const adminEmail = email ?? 'admin@example.com';
      const generated = password ? undefined : generatePassword();
      try {
        await this.createUser({
          email: adminEmail,
          password: password ?? (generated as string),
          role: 'admin',
        });
      } catch (err) {
        // Another process starting on the same empty database created it first.
        if ((await repo.countUsers()) > 0) return null;
        throw err;
      }
      return generated ? { email: adminEmail, generatedPassword: generated } : { email: adminEmail };
    },

    async sweepExpiredTokens(): Promise<void> {
      await repo.deleteExpiredRefreshTokens(now());
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;

// Accounts: sign-in (counted against the rate-limit tiers before any password
// is verified), refresh-token rotation with reuse detection, the access check
// every protected route uses, the profile, the password (Argon2id, common ones
// refused) and the first administrator.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
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
import type { AuthenticatedUser } from '../../http/auth';
import { ApiError, badRequest, fieldError, tokenNotValid, tooManyRequests } from '../../http/errors';
import {
  type Counted,
  clientAddressSubject,
  type RateLimiter,
  type RateLimitTier,
  signInDelaySeconds,
  TIERS,
} from '../../http/rate-limit';
import { changeWithMedia, type MediaStore, mediaKeyOf } from '../../media/index';
import type { AppMetrics } from '../../metrics/app-metrics';
import { COMMAND_LINE, recordAuditEvent } from '../audit/index';
import { createUserRecords, type UserRow } from '../users/index';
import { avatarObject, reencodeAvatar } from './avatar';
import { moveAvatarFiles } from './avatar-import';
import {
  COMMON_PASSWORD_MESSAGE,
  decoyPasswordHash,
  generatePassword,
  hashPassword,
  isCommonPassword,
  needsRehash,
  samePassword,
  verifyPassword,
} from './passwords';
import { createAccountsRepo } from './repo';
import { hashToken, type TokenClaims, type TokenSigner } from './tokens';

/**
 * A rotated refresh token presented again within this many seconds is only
 * refused, not treated as theft: two tabs can race to refresh with the same
 * token. See docs/decisions/0005-refresh-token-rotation.md.
 */
export const REFRESH_REUSE_GRACE_SECONDS = 10;

export const SIGN_IN_FAILED = 'No active account found with the given credentials';
export const OLD_PASSWORD_WRONG = 'Your old password was entered incorrectly. Please enter it again.';
export const NEW_PASSWORD_UNCHANGED = 'The new password must be different from your current password.';

export interface AccountsDeps {
  db: Db;
  signer: TokenSigner;
  limiter: RateLimiter;
  now: () => Date;
  /** Where avatars are kept (decision 0028): the database, or an S3-compatible bucket. */
  media: MediaStore;
  /** $DATA_DIR/media, where an older version kept avatar files: moved into `media` at start. */
  mediaDir: string;
  /** Where the first administrator's generated password is written ($DATA_DIR/initial-admin-password). */
  initialAdminPasswordFile: string;
  /** Waits before verifying a password; tests pass a recorder instead of a timer. */
  delay?: (ms: number) => Promise<void>;
  /** Counts refused sign-ins by tier (auth_sign_in_throttled_total) when metrics are on. */
  metrics?: Pick<AppMetrics, 'signInThrottled'> | undefined;
}

/** Written once for the first administrator when no ADMIN_PASSWORD was configured. */
export interface InitialAdmin {
  email: string;
  /** The file holding the generated password (mode 0600), when one was generated. */
  passwordFile?: string;
}

/** The password rules every way of setting a password shares (the API forms check the same). */
function refuseWeakPassword(password: string): void {
  const parsed = NewPassword.safeParse(password);
  if (!parsed.success) throw fieldError('password', parsed.error.issues[0]?.message ?? 'Invalid.');
  if (isCommonPassword(password)) throw fieldError('password', COMMON_PASSWORD_MESSAGE);
}

export function createAccountsService(deps: AccountsDeps) {
  const { db, signer, limiter, now } = deps;
  const delay = deps.delay ?? ((ms: number) => sleep(ms));
  const repo = createAccountsRepo(db);
  const people = createUserRecords(db);

  /**
   * Counts one sign-in attempt against a tier before any password is verified, and refuses it
   * past the limit. The first refusal of a subject in a window writes an auth.throttled event;
   * a second counter keeps that to one per window however many refusals follow.
   */
  async function countSignIn(tier: RateLimitTier, subject: string, email: string, ip: string) {
    const counted = await limiter.count(tier, subject);
    if (counted.count <= tier.limit) return counted;
    deps.metrics?.signInThrottled.inc({ tier: tier.name });
    const refusals = { name: `${tier.name}:refused`, limit: 0, windowSeconds: tier.windowSeconds };
    await db.transaction().execute(async (tx) => {
      if ((await limiter.count(refusals, subject, tx)).count !== 1) return;
      const target = await createUserRecords(tx).findUserWithHashByEmail(email);
      await recordAuditEvent(
        tx,
        { actor: null, ip },
        {
          action: 'auth.throttled',
          actorEmail: email,
          target: target ? { type: 'user', id: target.id } : null,
          detail: { tier: tier.name },
        },
        now(),
      );
    });
    throw tooManyRequests(counted.retryAfter);
  }

  /**
   * Only this process's winner of the first-start race gets here, on a database that had no
   * user: a file left by an earlier database is stale, so it is replaced, and the new one is
   * created exclusively ('wx': never through a planted link) and readable by the owner only.
   */
  function writeInitialAdminPasswordFile(password: string): void {
    const file = deps.initialAdminPasswordFile;
    fs.rmSync(file, { force: true });
    fs.writeFileSync(file, `${password}\n`, { mode: 0o600, flag: 'wx' });
  }

  function removeInitialAdminPasswordFile(): void {
    fs.rmSync(deps.initialAdminPasswordFile, { force: true });
  }

  /** The claims of a refresh token a request presents (refresh, logout); 401 when forged or expired. */
  async function presentedRefreshToken(token: string, ip: string) {
    await limiter.hit(TIERS.refreshPerIp, clientAddressSubject(ip));
    const at = now();
    const claims = await signer.verify(token, 'refresh', at);
    if (!claims) throw tokenNotValid('Token is invalid or expired');
    return { claims, at };
  }

  /** The sign-in a presented token belongs to; 401 when it is gone or expired. */
  async function liveSession(familyId: string, at: Date) {
    const session = await repo.findSession(familyId);
    if (!session || toDate(session.expires_at) <= at) throw tokenNotValid('Token is invalid or expired');
    return session;
  }

  /**
   * Why a refresh token that did not rotate was refused: its sign-in ended, its user was
   * deactivated, another tab rotated it a moment ago, or it is an old token presented again, which
   * ends the sign-in (decision 0005).
   */
  async function refusedRefresh(
    claims: TokenClaims,
    tokenHash: string,
    at: Date,
    ip: string,
  ): Promise<never> {
    const session = await liveSession(claims.fam, at);
    if (session.revoked_at) throw tokenNotValid('Token is blacklisted');
    // A user gone or deactivated ends the sign-in.
    if (session.user_active === null || !toBool(session.user_active)) {
      await repo.revokeFamily(claims.fam, at);
      throw tokenNotValid('User is inactive');
    }
    if (session.refresh_hash === tokenHash) throw tokenNotValid('Token is invalid or expired');
    const rotatedAgo = session.rotated_at
      ? (at.getTime() - toDate(session.rotated_at).getTime()) / 1000
      : Infinity;
    if (session.previous_hash === tokenHash && rotatedAgo <= REFRESH_REUSE_GRACE_SECONDS) {
      throw tokenNotValid('Token has already been rotated');
    }
    // One of the two holders is a thief: end the sign-in (its access tokens too) and record it
    // with the revocation, once however many reuses race here.
    await db.transaction().execute(async (tx) => {
      if (!(await createAccountsRepo(tx).revokeFamily(claims.fam, at))) return;
      await recordAuditEvent(
        tx,
        { actor: null, ip },
        {
          action: 'auth.token_reuse',
          target: { type: 'user', id: session.user_id },
          detail: { session: claims.fam },
        },
        at,
      );
    });
    throw tokenNotValid('Token reuse detected; this session has been signed out');
  }

  return {
    /**
     * Every attempt is counted before its password is verified (see docs/decisions/0004), so a
     * burst verifies at most the pair tier's limit; a successful sign-in gives its slots back in
     * every tier.
     */
    async signIn(email: string, password: string, ip: string): Promise<TokenPair & { user: UserRow }> {
      const key = email.trim().toLowerCase();
      const address = clientAddressSubject(ip);
      // Every tier's slot is given back on success, the per-address one too: a department signs in
      // through one NAT address, so only wrong passwords may use up an address's budget.
      const slots: Counted[] = [
        await countSignIn(TIERS.signInPerIp, address, key, ip),
        await countSignIn(TIERS.signInFailuresPerAccountAndIp, `${key}|${address}`, key, ip),
        await countSignIn(TIERS.signInFailuresPerIp, address, key, ip),
      ];
      // From any address the account is only slowed down, never locked: the owner still gets in.
      const accountWide = await limiter.count(TIERS.signInFailuresPerAccount, key);
      slots.push(accountWide);
      const wait = signInDelaySeconds(Math.max(0, accountWide.count - 1));
      if (wait > 0) await delay(wait * 1000);

      const found = await people.findUserWithHashByEmail(key);
      const passwordOk = await verifyPassword(password, found?.password_hash ?? (await decoyPasswordHash()));
      if (!found || !passwordOk || !toBool(found.is_active)) {
        throw new ApiError(401, { detail: SIGN_IN_FAILED, code: 'no_active_account' });
      }
      await Promise.all(slots.map((slot) => limiter.giveBack(slot)));
      const { password_hash: storedHash, ...user } = found;
      if (needsRehash(storedHash)) {
        // Old scrypt hashes (or weaker Argon2 parameters) are replaced while the password is at hand.
        await people.replacePasswordHash(user.id, storedHash, await hashPassword(password));
      }
      // A sign-in is a session row holding its current refresh token; its tokens carry its id as `fam`.
      const family = randomUUID();
      const at = now();
      const refresh = await signer.sign('refresh', user.id, family, at);
      const access = await signer.sign('access', user.id, family, at);
      await repo.insertSession({
        id: family,
        userId: user.id,
        refreshHash: hashToken(refresh.token),
        now: at,
        expiresAt: refresh.expiresAt,
      });
      const tokens = { access: access.token, refresh: refresh.token };
      await people.touchLastLogin(user.id, now());
      return { ...tokens, user };
    },

    /**
     * Rotation (decision 0005): the presented token's signature and expiry are checked, the new
     * pair is signed, and one conditional update moves the sign-in on to it. Only a refusal reads
     * the sign-in, to say why.
     */
    async refresh(token: string, ip: string): Promise<TokenPair> {
      const { claims, at } = await presentedRefreshToken(token, ip);
      const oldHash = hashToken(token);
      const refresh = await signer.sign('refresh', claims.user_id, claims.fam, at);
      const access = await signer.sign('access', claims.user_id, claims.fam, at);
      const rotated = await repo.rotateRefreshToken({
        familyId: claims.fam,
        oldHash,
        newHash: hashToken(refresh.token),
        at,
        expiresAt: refresh.expiresAt,
      });
      if (!rotated) return refusedRefresh(claims, oldHash, at, ip);
      return { access: access.token, refresh: refresh.token };
    },

    /**
     * Logout (SimpleJWT's blacklist): ends the sign-in the refresh token belongs to, its
     * refresh and access tokens, and no other. A rotated token of a live sign-in still ends
     * it: a tab may log out while another tab's refresh is in flight, and ending a sign-in
     * is what reuse of that token would do anyway.
     */
    async logout(token: string, ip: string): Promise<void> {
      const { claims, at } = await presentedRefreshToken(token, ip);
      const session = await liveSession(claims.fam, at);
      if (session.revoked_at || !(await repo.revokeFamily(claims.fam, at))) {
        throw tokenNotValid('Token is blacklisted');
      }
    },

    /**
     * The user and whether the sign-in `family` still stands, in one indexed read (decision 0013):
     * undefined when the user is gone; `sessionRevoked` when the sign-in was ended, expired or swept.
     * For anything that re-checks a sign-in without a token at hand (the live-quote stream).
     */
    findSignedInUser(userId: number, family: string) {
      return repo.findUserForSession(userId, family);
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
      return people.findUser(id);
    },

    /**
     * The profile's fields, and a new avatar: counted against the user's upload limit, then decoded
     * and re-encoded before anything is stored (a refused image stores nothing). The new avatar is
     * stored, and the one it replaces (read under the row's lock) deleted, with the row's change:
     * in its transaction, under the row's lock (changeWithMedia: a bucket's writes are undone if it fails).
     */
    async updateProfile(user: UserRow, fields: ProfileUpdate, avatar?: Buffer): Promise<UserRow> {
      const patch = {
        ...fields,
        ...(fields.gender !== undefined ? { gender: fields.gender || null } : {}),
      };
      if (!avatar) {
        await people.updateProfile(user.id, patch, now());
      } else {
        // Counted before decoding, refused images too: decoding is the cost the limit bounds.
        await limiter.hit(TIERS.avatarPerUser, String(user.id));
        const image = await reencodeAvatar(avatar);
        const stored = avatarObject(user.id, image.bytes, image.type);
        await changeWithMedia(db, deps.media, [stored], async (tx) => {
          const records = createUserRecords(tx);
          const current = await records.lockAvatar(user.id);
          if (!current) throw tokenNotValid('User not found');
          await records.updateProfile(user.id, { ...patch, avatar: stored.url }, now());
          const replaced = mediaKeyOf(current.avatar);
          return { result: undefined, removed: replaced ? [replaced] : [] };
        });
      }
      const updated = await people.findUser(user.id);
      if (!updated) throw new Error(`user ${user.id} vanished during a profile update`);
      return updated;
    },

    /**
     * A deleted user's avatar, handed by users' deletion after its commit. The database store has
     * nothing left to do (the row went with the user, ON DELETE CASCADE, in the deletion's
     * transaction); a bucket's object is deleted now.
     */
    async removeAvatarFile(avatar: string | null): Promise<void> {
      const key = mediaKeyOf(avatar);
      if (key && deps.media.kind !== 'database') await deps.media.delete(key);
    },

    /** Moves the avatar files an older version kept in $DATA_DIR/media into the store (at start). */
    moveAvatarFiles() {
      return moveAvatarFiles({ db, media: deps.media, mediaDir: deps.mediaDir });
    },

    async changePassword(auth: AuthenticatedUser, oldPassword: string, newPassword: string): Promise<void> {
      const { user } = auth;
      // Counted before the old password is verified, like sign-in (decision 0004): a burst of
      // guesses verifies at most the tier's limit; a right old password gives its slot back.
      const tier = TIERS.passwordFailuresPerUser;
      const attempt = await limiter.count(tier, String(user.id));
      if (attempt.count > tier.limit) throw tooManyRequests(attempt.retryAfter);
      const hash = await people.findPasswordHash(user.id);
      const errors: ValidationErrors = {};
      const oldPasswordRight = hash !== undefined && (await verifyPassword(oldPassword, hash));
      if (!oldPasswordRight) {
        errors.old_password = [OLD_PASSWORD_WRONG];
      } else {
        await limiter.giveBack(attempt);
      }
      if (oldPasswordRight && samePassword(newPassword, oldPassword)) {
        // The old password is the current one, so this is no change: above all not for a generated
        // first password, which would stay the one written to disk while its file is deleted. Only
        // said once the old password is verified, so it tells a guesser nothing.
        errors.new_password = [NEW_PASSWORD_UNCHANGED];
      } else if (newPassword.trim().toLowerCase() === user.email.toLowerCase()) {
        errors.new_password = [PASSWORD_EQUALS_EMAIL_MESSAGE];
      } else if (isCommonPassword(newPassword)) {
        errors.new_password = [COMMON_PASSWORD_MESSAGE];
      }
      if (Object.keys(errors).length > 0) throw badRequest(errors);
      const at = now();
      // Also clears must_change_password: the password is now one the user chose.
      const passwordHash = await hashPassword(newPassword);
      // The new password and the end of the other sign-ins commit together.
      await db.transaction().execute(async (tx) => {
        await createUserRecords(tx).setPasswordHash(user.id, passwordHash, at);
        await createAccountsRepo(tx).revokeUserTokens(user.id, at, auth.family);
      });
      if (toBool(user.must_change_password)) removeInitialAdminPasswordFile();
    },

    /** For the command line and the first start: validates like the API would. */
    async createUser(input: {
      email: string;
      password: string;
      role: string;
      firstName?: string;
      lastName?: string;
      mustChangePassword?: boolean;
    }): Promise<UserRow> {
      const email = Email.safeParse(input.email.trim().toLowerCase());
      if (!email.success) throw fieldError('email', 'Enter a valid email address.');
      const role = Role.safeParse(input.role);
      if (!role.success) throw fieldError('role', `"${input.role}" is not a valid choice.`);
      refuseWeakPassword(input.password);
      if (await people.findUserWithHashByEmail(email.data)) {
        throw fieldError('email', 'A user with this email already exists.');
      }
      const id = await people.insertUser(
        {
          email: email.data,
          passwordHash: await hashPassword(input.password),
          firstName: input.firstName ?? '',
          middleName: '',
          lastName: input.lastName ?? '',
          phone: '',
          gender: null,
          role: role.data,
          isActive: true,
          mustChangePassword: input.mustChangePassword,
        },
        now(),
      );
      const created = await people.findUser(id);
      if (!created) throw new Error('created user not found');
      return created;
    },

    async setPassword(email: string, password: string): Promise<void> {
      refuseWeakPassword(password);
      const found = await people.findUserWithHashByEmail(email.trim().toLowerCase());
      if (!found) throw fieldError('email', `No user with the e-mail ${email}.`);
      const passwordHash = await hashPassword(password);
      const at = now();
      // The command line's password_set commits with the password it records.
      await db.transaction().execute(async (tx) => {
        await createUserRecords(tx).setPasswordHash(found.id, passwordHash, at);
        await createAccountsRepo(tx).revokeUserTokens(found.id, at);
        await recordAuditEvent(
          tx,
          COMMAND_LINE,
          { action: 'user.password_set', target: { type: 'user', id: found.id } },
          at,
        );
      });
    },

    /**
     * On an empty database, creates the first administrator. Without a configured password,
     * one is generated and written to a file only the owner can read (never to the log), and
     * the administrator must choose a new one at the first sign-in.
     */
    async ensureInitialAdmin(
      email: string | undefined,
      password: string | undefined,
    ): Promise<InitialAdmin | null> {
      if ((await people.countUsers()) > 0) return null;
      const adminEmail = email ?? 'admin@example.com';
      const generated = password ? undefined : generatePassword();
      try {
        await this.createUser({
          email: adminEmail,
          password: password ?? (generated as string),
          role: 'admin',
          mustChangePassword: generated !== undefined,
        });
      } catch (err) {
        // Another process starting on the same empty database created it first.
        if ((await people.countUsers()) > 0) return null;
        throw err;
      }
      if (!generated) return { email: adminEmail };
      writeInitialAdminPasswordFile(generated);
      return { email: adminEmail, passwordFile: deps.initialAdminPasswordFile };
    },

    /**
     * Ends every live sign-in of the user but `keep`, in the caller's transaction: user
     * administration's deactivation, deletion or new password (app.ts hands it to the users service).
     */
    async endSignIns(tx: Db, userId: number, at: Date, keep?: string): Promise<void> {
      await createAccountsRepo(tx).revokeUserTokens(userId, at, keep);
    },

    async sweepExpiredTokens(): Promise<void> {
      await repo.deleteExpiredSessions(now());
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;

// Queries for users and refresh tokens. Explicit column lists; the password
// hash is selected only by the functions that need to check it.
import { foldForSearch } from '@staff/contracts';
import type { Selectable, Updateable } from 'kysely';
import { dbBool, toIso } from '../../db/dialect';
import type { Db } from '../../db/index';
import type { UsersTable } from '../../db/schema';

export type UserRow = Omit<Selectable<UsersTable>, 'password_hash' | 'search'>;

type SearchedFields = Pick<UsersTable, 'email' | 'first_name' | 'middle_name' | 'last_name' | 'phone'>;

/**
 * The text user searches match against: e-mail, names (in Vietnamese order)
 * and phone, folded so "nguyen" finds "Nguyễn"; the phone also as bare digits
 * so "0912345678" finds "0912 345 678". Every write to users stores it.
 */
export function userSearchText(u: SearchedFields): string {
  const digits = u.phone.replace(/\D/g, '');
  return foldForSearch(
    [u.email, u.last_name, u.middle_name, u.first_name, u.phone, digits !== u.phone ? digits : '']
      .filter(Boolean)
      .join(' '),
  );
}

/**
 * Writes a patch to one user and refreshes the search text from the row as it
 * then stands. Call it inside a transaction: the first update holds the row
 * lock, so two concurrent edits cannot leave the search text stale.
 */
export async function updateUserKeepingSearch(
  tx: Db,
  id: number,
  patch: Omit<Updateable<UsersTable>, 'id' | 'search' | 'updated_at'>,
  now: Date,
): Promise<void> {
  await tx
    .updateTable('users')
    .set({ ...patch, updated_at: toIso(now) })
    .where('id', '=', id)
    .execute();
  const row = await tx
    .selectFrom('users')
    .select(['email', 'first_name', 'middle_name', 'last_name', 'phone'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return;
  await tx
    .updateTable('users')
    .set({ search: userSearchText(row) })
    .where('id', '=', id)
    .execute();
}

export const USER_COLUMNS = [
  'id',
  'email',
  'username',
  'first_name',
  'middle_name',
  'last_name',
  'phone',
  'gender',
  'role',
  'is_active',
  'avatar',
  'created_at',
  'updated_at',
  'last_login_at',
  'must_change_password',
] as const;

export function createAccountsRepo(db: Db) {
  return {
    findUserById(id: number): Promise<UserRow | undefined> {
      return db.selectFrom('users').select(USER_COLUMNS).where('id', '=', id).executeTakeFirst();
    },

    findUserWithHashByEmail(email: string) {
      return db
        .selectFrom('users')
        .select([...USER_COLUMNS, 'password_hash'])
        .where('email', '=', email)
        .executeTakeFirst();
    },

    findPasswordHash(id: number): Promise<string | undefined> {
      return db
        .selectFrom('users')
        .select('password_hash')
        .where('id', '=', id)
        .executeTakeFirst()
        .then((r) => r?.password_hash);
    },

    async countUsers(): Promise<number> {
      const row = await db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async insertUser(values: {
      email: string;
      passwordHash: string;
      role: string;
      firstName?: string;
      middleName?: string;
      lastName?: string;
      isActive?: boolean;
      mustChangePassword?: boolean;
      now: Date;
    }): Promise<number> {
      const searched = {
        email: values.email,
        first_name: values.firstName ?? '',
        middle_name: values.middleName ?? '',
        last_name: values.lastName ?? '',
        phone: '',
      };
      const row = await db
        .insertInto('users')
        .values({
          ...searched,
          username: values.email,
          password_hash: values.passwordHash,
          gender: null,
          role: values.role,
          is_active: dbBool(values.isActive ?? true),
          avatar: null,
          created_at: toIso(values.now),
          updated_at: toIso(values.now),
          last_login_at: null,
          must_change_password: dbBool(values.mustChangePassword ?? false),
          search: userSearchText(searched),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async updateProfile(
      id: number,
      patch: Partial<
        Pick<UserRow, 'first_name' | 'middle_name' | 'last_name' | 'phone' | 'gender' | 'avatar'>
      >,
      now: Date,
    ): Promise<void> {
      if (db.isTransaction) return updateUserKeepingSearch(db, id, patch, now);
      await db.transaction().execute((tx) => updateUserKeepingSearch(tx, id, patch, now));
    },

    /** A new password someone chose: it also ends a pending must_change_password. */
    async setPasswordHash(id: number, passwordHash: string, now: Date): Promise<void> {
      await db
        .updateTable('users')
        .set({ password_hash: passwordHash, must_change_password: dbBool(false), updated_at: toIso(now) })
        .where('id', '=', id)
        .execute();
    },

    /**
     * The same password re-hashed with today's parameters, only if the stored hash is still the
     * one that was verified (a password changed meanwhile wins). Not an edit: updated_at stays.
     */
    async replacePasswordHash(id: number, verifiedHash: string, passwordHash: string): Promise<void> {
      await db
        .updateTable('users')
        .set({ password_hash: passwordHash })
        .where('id', '=', id)
        .where('password_hash', '=', verifiedHash)
        .execute();
    },

    async touchLastLogin(id: number, now: Date): Promise<void> {
      await db
        .updateTable('users')
        .set({ last_login_at: toIso(now) })
        .where('id', '=', id)
        .execute();
    },

    /** Starts a sign-in: every token issued from it carries its id as `fam`. */
    async insertSession(t: { id: string; userId: number; now: Date; expiresAt: Date }): Promise<void> {
      await db
        .insertInto('sessions')
        .values({
          id: t.id,
          user_id: t.userId,
          created_at: toIso(t.now),
          expires_at: toIso(t.expiresAt),
          revoked_at: null,
        })
        .execute();
    },

    async insertRefreshToken(t: {
      id: string;
      userId: number;
      familyId: string;
      tokenHash: string;
      now: Date;
      expiresAt: Date;
    }): Promise<void> {
      await db
        .insertInto('refresh_tokens')
        .values({
          id: t.id,
          user_id: t.userId,
          family_id: t.familyId,
          token_hash: t.tokenHash,
          created_at: toIso(t.now),
          expires_at: toIso(t.expiresAt),
          rotated_at: null,
        })
        .execute();
      // The sign-in lives as long as its newest refresh token.
      await db
        .updateTable('sessions')
        .set({ expires_at: toIso(t.expiresAt) })
        .where('id', '=', t.familyId)
        .where('expires_at', '<', toIso(t.expiresAt))
        .execute();
    },

    /** A stored refresh token with its sign-in's revocation. */
    findRefreshTokenByHash(tokenHash: string) {
      return db
        .selectFrom('refresh_tokens as t')
        .innerJoin('sessions as s', 's.id', 't.family_id')
        .select(['t.id', 't.user_id', 't.family_id', 't.expires_at', 't.rotated_at', 's.revoked_at'])
        .where('t.token_hash', '=', tokenHash)
        .executeTakeFirst();
    },

    /**
     * The user behind an access token, read together with its sign-in in one indexed read:
     * undefined when the user is gone, `session_revoked` true when the sign-in was revoked,
     * expired or swept.
     */
    async findUserForSession(userId: number, sessionId: string) {
      const row = await db
        .selectFrom('users')
        .leftJoin('sessions', (join) =>
          join.onRef('sessions.user_id', '=', 'users.id').on('sessions.id', '=', sessionId),
        )
        .select(USER_COLUMNS.map((c) => `users.${c}` as const))
        .select(['sessions.id as session_id', 'sessions.revoked_at as session_revoked_at'])
        .where('users.id', '=', userId)
        .executeTakeFirst();
      if (!row) return undefined;
      const { session_id, session_revoked_at, ...user } = row;
      return { user, sessionRevoked: session_id === null || session_revoked_at !== null };
    },

    /** Marks a token rotated only if nobody rotated it first; true when this call won. */
    async markRotated(id: string, now: Date): Promise<boolean> {
      const result = await db
        .updateTable('refresh_tokens')
        .set({ rotated_at: toIso(now) })
        .where('id', '=', id)
        .where('rotated_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * Ends one sign-in: its refresh and access tokens stop working at once. True when this
     * call ended it, false when it had already ended (so two callers racing cannot both win).
     */
    async revokeFamily(familyId: string, now: Date): Promise<boolean> {
      const result = await db
        .updateTable('sessions')
        .set({ revoked_at: toIso(now) })
        .where('id', '=', familyId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Ends every live sign-in of the user, except one when given. */
    async revokeUserTokens(userId: number, now: Date, exceptFamily?: string): Promise<void> {
      let q = db
        .updateTable('sessions')
        .set({ revoked_at: toIso(now) })
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null);
      if (exceptFamily) q = q.where('id', '!=', exceptFamily);
      await q.execute();
    },

    async deleteExpiredRefreshTokens(now: Date): Promise<void> {
      await db.deleteFrom('refresh_tokens').where('expires_at', '<', toIso(now)).execute();
      await db.deleteFrom('sessions').where('expires_at', '<', toIso(now)).execute();
    },
  };
}

export type AccountsRepo = ReturnType<typeof createAccountsRepo>;

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

    async setPasswordHash(id: number, passwordHash: string, now: Date): Promise<void> {
      await db
        .updateTable('users')
        .set({ password_hash: passwordHash, updated_at: toIso(now) })
        .where('id', '=', id)
        .execute();
    },

    async touchLastLogin(id: number, now: Date): Promise<void> {
      await db
        .updateTable('users')
        .set({ last_login_at: toIso(now) })
        .where('id', '=', id)
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
          revoked_at: null,
        })
        .execute();
    },

    findRefreshTokenByHash(tokenHash: string) {
      return db
        .selectFrom('refresh_tokens')
        .select(['id', 'user_id', 'family_id', 'expires_at', 'rotated_at', 'revoked_at'])
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst();
    },

    /** Marks a token rotated only if nobody rotated it first; true when this call won. */
    async markRotated(id: string, now: Date): Promise<boolean> {
      const result = await db
        .updateTable('refresh_tokens')
        .set({ rotated_at: toIso(now) })
        .where('id', '=', id)
        .where('rotated_at', 'is', null)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async revokeFamily(familyId: string, now: Date): Promise<void> {
      await db
        .updateTable('refresh_tokens')
        .set({ revoked_at: toIso(now) })
        .where('family_id', '=', familyId)
        .where('revoked_at', 'is', null)
        .execute();
    },

    /** Revokes every live token of the user, except one family when given. */
    async revokeUserTokens(userId: number, now: Date, exceptFamily?: string): Promise<void> {
      let q = db
        .updateTable('refresh_tokens')
        .set({ revoked_at: toIso(now) })
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null);
      if (exceptFamily) q = q.where('family_id', '!=', exceptFamily);
      await q.execute();
    },

    async deleteExpiredRefreshTokens(now: Date): Promise<void> {
      await db.deleteFrom('refresh_tokens').where('expires_at', '<', toIso(now)).execute();
    },
  };
}

export type AccountsRepo = ReturnType<typeof createAccountsRepo>;

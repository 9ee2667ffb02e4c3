// Queries for users and refresh tokens. Explicit column lists; the password
// hash is selected only by the functions that need to check it.
import type { Selectable } from 'kysely';
import { dbBool, toIso } from '../../db/dialect';
import type { Db } from '../../db/index';
import type { UsersTable } from '../../db/schema';

export type UserRow = Omit<Selectable<UsersTable>, 'password_hash'>;

const USER_COLUMNS = [
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
      const row = await db
        .insertInto('users')
        .values({
          email: values.email,
          username: values.email,
          password_hash: values.passwordHash,
          first_name: values.firstName ?? '',
          middle_name: values.middleName ?? '',
          last_name: values.lastName ?? '',
          phone: '',
          gender: null,
          role: values.role,
          is_active: dbBool(values.isActive ?? true),
          avatar: null,
          created_at: toIso(values.now),
          updated_at: toIso(values.now),
          last_login_at: null,
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
      await db
        .updateTable('users')
        .set({ ...patch, updated_at: toIso(now) })
        .where('id', '=', id)
        .execute();
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

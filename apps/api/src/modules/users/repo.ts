// Queries for user administration: the filtered, sorted, paged list, the
// search for the game setup, and the writes, each storing the search text.
import type { Role, UserOrderingField } from '@staff/contracts';
import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import { dbBool, dialectOf, toIso } from '../../db/dialect';
import type { Db } from '../../db/index';
import type { Database } from '../../db/schema';
import { USER_COLUMNS, type UserRow, updateUserKeepingSearch, userSearchText } from '../accounts/repo';

export interface UserFilters {
  /** Folded search words; a user matches when every word is in their search text. */
  words: string[];
  role?: Role | undefined;
  isActive?: boolean | undefined;
}

export interface UserOrdering {
  field: UserOrderingField;
  descending: boolean;
}

export interface NewUser {
  email: string;
  passwordHash: string;
  firstName: string;
  middleName: string;
  lastName: string;
  phone: string;
  gender: string | null;
  role: string;
  isActive: boolean;
}

export type UserPatch = Partial<NewUser>;

/** `%` and `_` in what people type are literal; `!` is the LIKE escape on both databases. */
export function containsPattern(word: string): string {
  return `%${word.replace(/[!%_]/g, '!$&')}%`;
}

function whereMatching<O>(
  q: SelectQueryBuilder<Database, 'users', O>,
  filters: UserFilters,
): SelectQueryBuilder<Database, 'users', O> {
  let out = q;
  for (const word of filters.words) {
    out = out.where(sql<boolean>`${sql.ref('search')} like ${containsPattern(word)} escape '!'`);
  }
  if (filters.role) out = out.where('role', '=', filters.role);
  if (filters.isActive !== undefined) out = out.where('is_active', '=', dbBool(filters.isActive));
  return out;
}

/** Both databases write the same SQL error classes differently. */
export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

function rowValues(u: NewUser, now: Date) {
  const searched = {
    email: u.email,
    first_name: u.firstName,
    middle_name: u.middleName,
    last_name: u.lastName,
    phone: u.phone,
  };
  return {
    ...searched,
    username: u.email,
    password_hash: u.passwordHash,
    gender: u.gender,
    role: u.role,
    is_active: dbBool(u.isActive),
    avatar: null,
    created_at: toIso(now),
    updated_at: toIso(now),
    last_login_at: null,
    search: userSearchText(searched),
  };
}

/** Rows per INSERT in a bulk import: well under either database's parameter limit. */
const INSERT_BATCH = 200;

export function createUsersRepo(db: Db) {
  return {
    /** One page and the total with the same filters, both counted and cut in the database. */
    async listUsers(
      filters: UserFilters,
      ordering: UserOrdering,
      page: { offset: number; limit: number },
    ): Promise<{ count: number; rows: UserRow[] }> {
      const direction = ordering.descending ? 'desc' : 'asc';
      let rowsQuery = whereMatching(db.selectFrom('users').select(USER_COLUMNS), filters);
      // Only gender may be NULL; the databases disagree on where NULLs sort, so say it: first going up.
      rowsQuery =
        ordering.field === 'gender'
          ? rowsQuery.orderBy('gender', (ob) =>
              ordering.descending ? ob.desc().nullsLast() : ob.asc().nullsFirst(),
            )
          : rowsQuery.orderBy(ordering.field, direction);
      rowsQuery = rowsQuery.orderBy('id', direction).offset(page.offset).limit(page.limit);
      const countQuery = whereMatching(
        db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')),
        filters,
      );
      const [rows, total] = await Promise.all([rowsQuery.execute(), countQuery.executeTakeFirstOrThrow()]);
      return { count: Number(total.n), rows };
    },

    /** Active users for pickers, in list order. */
    searchActiveUsers(words: string[], limit: number) {
      return whereMatching(
        db.selectFrom('users').select(['id', 'email', 'first_name', 'middle_name', 'last_name']),
        { words, isActive: true },
      )
        .orderBy('last_name')
        .orderBy('id')
        .limit(limit)
        .execute();
    },

    findUser(id: number): Promise<UserRow | undefined> {
      return db.selectFrom('users').select(USER_COLUMNS).where('id', '=', id).executeTakeFirst();
    },

    /** Which of these (already lower-cased) e-mails belong to a user already. */
    async existingEmails(emails: string[]): Promise<Set<string>> {
      const found = new Set<string>();
      for (let i = 0; i < emails.length; i += 500) {
        const chunk = emails.slice(i, i + 500);
        const rows = await db.selectFrom('users').select('email').where('email', 'in', chunk).execute();
        for (const r of rows) found.add(r.email);
      }
      return found;
    },

    async emailTakenByOther(email: string, exceptId?: number): Promise<boolean> {
      let q = db.selectFrom('users').select('id').where('email', '=', email);
      if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
      return (await q.executeTakeFirst()) !== undefined;
    },

    /**
     * Ids of the active administrators, locked on PostgreSQL until the
     * transaction ends so two requests cannot each remove "another" admin
     * (SQLite runs one write transaction at a time anyway).
     */
    async lockActiveAdminIds(): Promise<number[]> {
      let q = db
        .selectFrom('users')
        .select('id')
        .where('role', '=', 'admin')
        .where('is_active', '=', dbBool(true));
      if (dialectOf(db as unknown as Kysely<unknown>) === 'postgres') q = q.forUpdate();
      return (await q.execute()).map((r) => r.id);
    },

    async insertUser(u: NewUser, now: Date): Promise<number> {
      const row = await db
        .insertInto('users')
        .values(rowValues(u, now))
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async insertUsers(users: NewUser[], now: Date): Promise<void> {
      for (let i = 0; i < users.length; i += INSERT_BATCH) {
        await db
          .insertInto('users')
          .values(users.slice(i, i + INSERT_BATCH).map((u) => rowValues(u, now)))
          .execute();
      }
    },

    async updateUser(id: number, patch: UserPatch, now: Date): Promise<void> {
      const set: Parameters<typeof updateUserKeepingSearch>[2] = {};
      if (patch.email !== undefined) {
        set.email = patch.email;
        set.username = patch.email;
      }
      if (patch.passwordHash !== undefined) set.password_hash = patch.passwordHash;
      if (patch.firstName !== undefined) set.first_name = patch.firstName;
      if (patch.middleName !== undefined) set.middle_name = patch.middleName;
      if (patch.lastName !== undefined) set.last_name = patch.lastName;
      if (patch.phone !== undefined) set.phone = patch.phone;
      if (patch.gender !== undefined) set.gender = patch.gender;
      if (patch.role !== undefined) set.role = patch.role;
      if (patch.isActive !== undefined) set.is_active = dbBool(patch.isActive);
      await updateUserKeepingSearch(db, id, set, now);
    },

    async deleteUser(id: number): Promise<void> {
      await db.deleteFrom('users').where('id', '=', id).execute();
    },
  };
}

export type UsersRepo = ReturnType<typeof createUsersRepo>;

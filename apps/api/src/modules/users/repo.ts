// The users table's one writer (docs/decisions/0016-one-writer-of-users.md): every insert, update
// and delete of a user row is here, and each stores the search text with it. Also the reads: the
// filtered, sorted, paged list, the search for the game setup, and the rows sign-in needs (other
// modules reach those through records.ts, never through this file).
import { foldForSearch, type Role, type UserOrderingField } from '@staff/contracts';
import { type Kysely, type Selectable, type SelectQueryBuilder, sql, type Updateable } from 'kysely';
import { dbBool, dialectOf, toIso } from '../../db/dialect';
import type { Db } from '../../db/index';
import type { Database, UsersTable } from '../../db/schema';

/** A user as it leaves this module: never the password hash, never the search text. */
export type UserRow = Omit<Selectable<UsersTable>, 'password_hash' | 'search'>;

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

type SearchedFields = Pick<UsersTable, 'email' | 'first_name' | 'middle_name' | 'last_name' | 'phone'>;
const SEARCHED: readonly (keyof SearchedFields)[] = [
  'email',
  'first_name',
  'middle_name',
  'last_name',
  'phone',
];

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

type ColumnPatch = Omit<Updateable<UsersTable>, 'id' | 'search' | 'updated_at' | 'created_at'>;

/**
 * Writes an edit to one user and, when it touches a searched field, refreshes the search text from
 * the row as it then stands. Runs in the caller's transaction, or its own: the first update holds
 * the row lock, so two concurrent edits cannot leave the search text stale.
 */
async function writeEdit(db: Db, id: number, patch: ColumnPatch, now: Date): Promise<void> {
  const write = async (tx: Db) => {
    await tx
      .updateTable('users')
      .set({ ...patch, updated_at: toIso(now) })
      .where('id', '=', id)
      .execute();
    if (!SEARCHED.some((field) => patch[field] !== undefined)) return;
    const row = await tx.selectFrom('users').select(SEARCHED).where('id', '=', id).executeTakeFirst();
    if (!row) return;
    await tx
      .updateTable('users')
      .set({ search: userSearchText(row) })
      .where('id', '=', id)
      .execute();
  };
  if (db.isTransaction) return write(db);
  await db.transaction().execute(write);
}

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
  /** A generated first password: every route but the password change refuses until it is replaced. */
  mustChangePassword?: boolean;
}

/** The administrator's edit: any field of the form, a new password included. */
export type UserPatch = Partial<Omit<NewUser, 'mustChangePassword'>>;

/** What a user edits on their own profile. */
export type ProfilePatch = Partial<
  Pick<UserRow, 'first_name' | 'middle_name' | 'last_name' | 'phone' | 'gender' | 'avatar'>
>;

/** `%` and `_` in what people type are literal; `!` is the LIKE escape on both databases. */
export function containsPattern(word: string): string {
  return `%${word.replace(/[!%_]/g, '!$&')}%`;
}

/**
 * SQLite's trigram index (`users_fts`, migration 0013) finds a word of three letters or more as a
 * substring; a shorter one it cannot, and such words are only tested against each row's text.
 */
export const TRIGRAM = 3;

/**
 * When SQLite looks the words up in the trigram index (decision 0023). Each row the index finds
 * costs about 1 µs (decoding it, then fetching the user by id), about ten times what the plan
 * without the index pays per row it reads: the list counts from a covering index of
 * (role, last_name, id, is_active, search) and walks it in order for the page, stopping at the
 * page's end. So the list (a count and a page) takes the index when at most one user in
 * LIST_SHARE holds the words; the player search (a short page, no count) only when the words are
 * so rare that walking the list in order until `limit` hits would read more than the index would:
 * matches² < limit × users × PAGE_FACTOR × words. A walked row is tested with a LIKE per word, which
 * is most of its cost: two words make it twice as dear (measured at 100,000 users, "tran thi" + staff,
 * 579 matches, a page of 20: walking 4.1 ms, the index 1.6 ms). `auto` is that choice; tests force
 * either path.
 */
const LIST_SHARE = 50;
const PAGE_FACTOR = 0.3;
export type SearchIndexUse = 'auto' | 'always' | 'never';

/**
 * The FTS5 query for the words the trigram index can serve: each a quoted phrase (a `"` doubled,
 * nothing else is special inside quotes), all of them required. Undefined when every word is short.
 */
export function ftsQuery(words: readonly string[]): string | undefined {
  const long = words.filter((w) => [...w].length >= TRIGRAM);
  if (long.length === 0) return undefined;
  return long.map((w) => `"${w.replaceAll('"', '""')}"`).join(' ');
}

/**
 * How a search reads its rows. `fts`: SQLite narrows them with its trigram index first (the FTS5
 * query). `sortMatches`: PostgreSQL reads the matches from its trigram index and sorts them,
 * rather than walking the list's index in order and testing every row on the way.
 */
export interface SearchPlan {
  fts?: string | undefined;
  sortMatches?: boolean | undefined;
}

/**
 * The search's plan (SearchPlan). SQLite's planner cannot see inside an FTS5 table, so the repo asks
 * the index how many rows hold the words, reading no further than `maxMatches(users)` (users: the
 * highest id, an upper bound read from the key). PostgreSQL weighs its trigram index itself, but
 * not the order the matches lie in: walking the list's index for a page of a two-word search (579
 * matches of 100,000, "tran thi") read 37,000 rows and their table pages (80 ms) where sorting the
 * matches took 5 under load. So with the count known (`matches`) it sorts them below the same
 * threshold as SQLite's index (pageMatches): there a walked row reads a covering index, here an
 * index entry and its table page, and a sorted match costs each its own page again.
 */
export async function searchPlan(
  db: Db,
  words: readonly string[],
  use: SearchIndexUse,
  maxMatches: (users: number) => number,
  matches?: number,
): Promise<SearchPlan> {
  if (use === 'never' || words.length === 0) return {};
  const highestId = async () => {
    const top = await db
      .selectFrom('users')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst();
    return Number(top?.id ?? 0);
  };
  if (dialectOf(db as unknown as Kysely<unknown>) !== 'sqlite') {
    if (matches === undefined) return {};
    return {
      sortMatches: use === 'always' || matches < maxMatches(await highestId()),
    };
  }
  const query = ftsQuery(words);
  if (query === undefined || use === 'always') return { fts: query };
  const limit = Math.floor(maxMatches(await highestId()));
  if (limit < 1) return {};
  const { rows } = await sql<{ n: number }>`
    select count(*) as n from (select 1 from users_fts where users_fts match ${query} limit ${limit})
  `.execute(db);
  return Number(rows[0]?.n ?? 0) < limit ? { fts: query } : {};
}

const listMatches = (users: number) => users / LIST_SHARE;
export const pageMatches = (limit: number, words: number) => (users: number) =>
  Math.sqrt(limit * users * PAGE_FACTOR * Math.max(1, words));

/**
 * Every search word is a `LIKE '%word%'` on the folded text: the semantics, whatever serves it.
 * With `fts` (SQLite, a word rare enough), the rows are first narrowed to those the trigram index
 * holds (a superset for each word of three letters or more), looked up by id; the filters' columns
 * are written `+column` so SQLite does not walk the role or list index instead.
 */
function whereMatching<O>(
  q: SelectQueryBuilder<Database, 'users', O>,
  filters: UserFilters,
  fts?: string,
): SelectQueryBuilder<Database, 'users', O> {
  let out = q;
  if (fts !== undefined) {
    out = out.where(
      sql<boolean>`${sql.ref('users.id')} in (select rowid from users_fts where users_fts match ${fts})`,
    );
  }
  for (const word of filters.words) {
    out = out.where(sql<boolean>`${sql.ref('search')} like ${containsPattern(word)} escape '!'`);
  }
  const column = (name: 'role' | 'is_active') => (fts === undefined ? sql.ref(name) : sql`+${sql.ref(name)}`);
  if (filters.role) out = out.where(column('role'), '=', filters.role);
  if (filters.isActive !== undefined) out = out.where(column('is_active'), '=', dbBool(filters.isActive));
  return out;
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
    must_change_password: dbBool(u.mustChangePassword ?? false),
    search: userSearchText(searched),
  };
}

/** The data version every write to users moves (migration 0015's trigger on the table). */
export const USERS_SCOPE = 'users';

/** Rows per INSERT in a bulk import: well under either database's parameter limit. */
const INSERT_BATCH = 200;

/**
 * The list's two queries: a page and the total, with the same filters. `fts` is searchPlan's
 * answer (exported for the tests that read the databases' plans).
 */
export function listQueries(
  db: Db,
  filters: UserFilters,
  ordering: UserOrdering,
  page: { offset: number; limit: number },
  plan: SearchPlan,
  firstMatch?: FirstMatch,
) {
  const { fts, sortMatches = false } = plan;
  const direction = ordering.descending ? 'desc' : 'asc';
  let rowsQuery = whereMatching(db.selectFrom('users').select(USER_COLUMNS), filters, fts);
  if (firstMatch !== undefined && ordering.field !== 'gender' && !sortMatches) {
    // No row before the first match in this order matches: the walk starts there (a range on the
    // ordering's index, the same comparison and collation as ORDER BY on both databases).
    const at = sql`(${sql.ref(ordering.field)}, ${sql.ref('id')})`;
    const key = sql`(${firstMatch.value}, ${firstMatch.id})`;
    rowsQuery = rowsQuery.where(
      ordering.descending ? sql<boolean>`${at} <= ${key}` : sql<boolean>`${at} >= ${key}`,
    );
  }
  // Only gender may be NULL; the databases disagree on where NULLs sort, so say it: first going up.
  // Sorting the matches: the ordering as an expression (the same text, the same collation), which
  // no index holds in order, so PostgreSQL cannot choose to walk one.
  rowsQuery =
    ordering.field === 'gender'
      ? rowsQuery.orderBy('gender', (ob) =>
          ordering.descending ? ob.desc().nullsLast() : ob.asc().nullsFirst(),
        )
      : sortMatches && TEXT_ORDERINGS.has(ordering.field)
        ? rowsQuery.orderBy(sql`${sql.ref(ordering.field)} || ''`, direction)
        : rowsQuery.orderBy(ordering.field, direction);
  rowsQuery = rowsQuery.orderBy('id', direction).offset(page.offset).limit(page.limit);
  const countQuery = whereMatching(
    db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')),
    filters,
    fts,
  );
  return { rowsQuery, countQuery };
}

/** Orderings on a text column, which a sorted search orders as an expression. */
const TEXT_ORDERINGS = new Set<UserOrderingField>([
  'email',
  'first_name',
  'middle_name',
  'last_name',
  'phone',
]);

/** The first row a search matches in one ordering: its ordering value and id. */
export interface FirstMatch {
  value: string | number;
  id: number;
}

/** Orderings on a column that is never NULL, where a first match can start the walk. */
const SEEKABLE = new Set<UserOrderingField>([
  'id',
  'email',
  'first_name',
  'middle_name',
  'last_name',
  'phone',
  'role',
]);

/** Searches whose count and index choice one version of the users keeps at most (decision 0023). */
const COUNTS_KEPT = 1000;

/**
 * The list's totals and index choices under one version of the users (decision 0023): a search's
 * count is the same for every page and ordering, and the same until a write to users moves the
 * version (data_versions' 'users', bumped by a trigger in the write's transaction), so it is
 * counted once per version rather than once per request. The version is read before counting, so
 * a count can only be newer than its version, never older: a write in between moves the version
 * past it and the next request counts again.
 */
function createCountMemo() {
  let version: string | undefined;
  let counts = new Map<string, number>();
  let plans = new Map<string, SearchPlan>();
  let firsts = new Map<string, FirstMatch>();
  return {
    /** The memo for `current`, emptied when the version moved or it grew past COUNTS_KEPT. */
    at(current: string) {
      if (current !== version || counts.size + plans.size + firsts.size > COUNTS_KEPT) {
        version = current;
        counts = new Map();
        plans = new Map();
        firsts = new Map();
      }
      return { counts, plans, firsts };
    },
  };
}

/** `searchIndex` other than `auto` only for tests, which compare the two paths on a few users. */
export function createUsersRepo(db: Db, { searchIndex = 'auto' as SearchIndexUse } = {}) {
  const memo = createCountMemo();
  /** The users' data version (0 before the first write); read before what it stamps. */
  async function usersVersion(): Promise<string> {
    const row = await db
      .selectFrom('data_versions')
      .select('version')
      .where('scope', '=', USERS_SCOPE)
      .executeTakeFirst();
    return String(row?.version ?? 0);
  }
  return {
    /**
     * One page and the total with the same filters, both counted and cut in the database; the
     * total counted once per users version and search (createCountMemo).
     */
    async listUsers(
      filters: UserFilters,
      ordering: UserOrdering,
      page: { offset: number; limit: number },
    ): Promise<{ count: number; rows: UserRow[] }> {
      const version = await usersVersion();
      const { counts, plans, firsts } = memo.at(version);
      const words = filters.words.join('\u0000');
      const key = `${filters.role ?? ''}\u0000${filters.isActive ?? ''}\u0000${words}`;
      const known = counts.get(key);
      // With the total known and the list's own order (its two indexes carry last_name with the
      // filter and search columns), only a page is read, walking an index: the trigram index then
      // pays only for rare words, as in the player search (searchPlan's two thresholds). Another
      // order walks a table's rows or sorts, so it keeps the list's choice. A page's choice weighs
      // the count of these filters (PostgreSQL's sortMatches), so it is kept per filters too.
      const walkable = known !== undefined && ordering.field === 'last_name';
      const planKey = walkable ? `page ${page.limit}\u0000${key}` : `list\u0000${words}`;
      const plan =
        plans.get(planKey) ??
        (await searchPlan(
          db,
          filters.words,
          searchIndex,
          walkable ? pageMatches(page.limit, filters.words.length) : listMatches,
          walkable ? known : undefined,
        ));
      const seek = SEEKABLE.has(ordering.field) ? `${key}\u0000${ordering.field} ${ordering.descending}` : '';
      const { rowsQuery, countQuery } = listQueries(db, filters, ordering, page, plan, firsts.get(seek));
      const [rows, total] = await Promise.all([
        rowsQuery.execute(),
        known === undefined ? countQuery.executeTakeFirstOrThrow() : { n: known },
      ]);
      const count = Number(total.n);
      // Kept only when no write to users committed while the queries ran, so what is kept is what
      // this version's rows give.
      const learnt = known === undefined || !plans.has(planKey) || (seek !== '' && !firsts.has(seek));
      if (learnt && (await usersVersion()) === version) {
        plans.set(planKey, plan);
        counts.set(key, count);
        const first = rows[0];
        if (seek && page.offset === 0 && first) {
          firsts.set(seek, {
            value: first[ordering.field as keyof UserRow] as string | number,
            id: first.id,
          });
        }
      }
      return { count, rows };
    },

    /** Active users for pickers, in list order. */
    async searchActiveUsers(words: string[], limit: number) {
      return whereMatching(
        db.selectFrom('users').select(['id', 'email', 'first_name', 'middle_name', 'last_name']),
        { words, isActive: true },
        (await searchPlan(db, words, searchIndex, pageMatches(limit, words.length))).fts,
      )
        .orderBy('last_name')
        .orderBy('id')
        .limit(limit)
        .execute();
    },

    /** The names and e-mails of these users (those that exist), for naming them elsewhere (the audit log). */
    findUserNames(ids: readonly number[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('users')
        .select(['id', 'email', 'first_name', 'middle_name', 'last_name'])
        .where('id', 'in', [...ids])
        .execute();
    },

    findUser(id: number): Promise<UserRow | undefined> {
      return db.selectFrom('users').select(USER_COLUMNS).where('id', '=', id).executeTakeFirst();
    },

    /** The one read that carries the password hash: sign-in checks it. */
    findUserWithHashByEmail(email: string) {
      return db
        .selectFrom('users')
        .select([...USER_COLUMNS, 'password_hash'])
        .where('email', '=', email)
        .executeTakeFirst();
    },

    /**
     * The user's avatar path, read under the row's lock until the caller's transaction ends
     * (`SELECT … FOR UPDATE` on PostgreSQL; SQLite's write transactions begin IMMEDIATE, so they
     * hold the write lock already): the avatar a new one replaces is the one stored when it commits.
     * Undefined when there is no such user.
     */
    lockAvatar(id: number): Promise<{ avatar: string | null } | undefined> {
      let q = db.selectFrom('users').select('avatar').where('id', '=', id);
      if (dialectOf(db as unknown as Kysely<unknown>) === 'postgres') q = q.forUpdate();
      return q.executeTakeFirst();
    },

    /**
     * Users whose avatar still names a file an older version wrote under a generated UUID
     * (/media/avatars/xxxxxxxx-xxxx-…): accounts moves those files into the media store at start.
     */
    findOlderAvatarFiles(): Promise<{ id: number; avatar: string }[]> {
      return db
        .selectFrom('users')
        .select(['id', 'avatar'])
        .where('avatar', 'like', '/media/avatars/________-____-%')
        .orderBy('id')
        .execute() as Promise<{ id: number; avatar: string }[]>;
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
      const set: ColumnPatch = {};
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
      await writeEdit(db, id, set, now);
    },

    updateProfile(id: number, patch: ProfilePatch, now: Date): Promise<void> {
      return writeEdit(db, id, patch, now);
    },

    /** A new password someone chose: it also ends a pending must_change_password. */
    setPasswordHash(id: number, passwordHash: string, now: Date): Promise<void> {
      return writeEdit(db, id, { password_hash: passwordHash, must_change_password: dbBool(false) }, now);
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

    /** Not an edit either: updated_at (and so an open form's ETag source) stays. */
    async touchLastLogin(id: number, now: Date): Promise<void> {
      await db
        .updateTable('users')
        .set({ last_login_at: toIso(now) })
        .where('id', '=', id)
        .execute();
    },

    async deleteUser(id: number): Promise<void> {
      await db.deleteFrom('users').where('id', '=', id).execute();
    },
  };
}

export type UsersRepo = ReturnType<typeof createUsersRepo>;

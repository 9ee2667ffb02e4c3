// The folded search column for the user list and search, its backfill, and the
// indexes that let the list count and page in the database without a table scan.
// Migrations are frozen history: the folding and the search text below are this
// migration's own copies, as they were when it shipped (foldForSearch from
// @staff/contracts, userSearchText from modules/accounts/repo.ts at b2121ae).
// Do not import them from the live code, and do not edit them here: a change to
// how users are searched gets a new migration that rewrites the column.
import type { Kysely } from 'kysely';

const BACKFILL_BATCH = 1000;

interface SearchedRow {
  id: number;
  email: string;
  first_name: string;
  middle_name: string;
  last_name: string;
  phone: string;
}

/**
 * Folds Vietnamese for accent-insensitive search: decomposes, drops combining
 * marks, maps đ/Đ to d (decomposition leaves them alone) and lower-cases.
 */
function foldForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/[đĐ]/g, 'd')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The text user searches match against: e-mail, names (in Vietnamese order)
 * and phone, folded so "nguyen" finds "Nguyễn"; the phone also as bare digits
 * so "0912345678" finds "0912 345 678".
 */
function userSearchText(u: Omit<SearchedRow, 'id'>): string {
  const digits = u.phone.replace(/\D/g, '');
  return foldForSearch(
    [u.email, u.last_name, u.middle_name, u.first_name, u.phone, digits !== u.phone ? digits : '']
      .filter(Boolean)
      .join(' '),
  );
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('search', 'text', (c) => c.notNull().defaultTo(''))
    .execute();

  // Kysely<any> only here: the migration reads the table as it stands at this version.
  // biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's schema types
  const q = db as Kysely<any>;
  let after = 0;
  for (;;) {
    const rows: SearchedRow[] = await q
      .selectFrom('users')
      .select(['id', 'email', 'first_name', 'middle_name', 'last_name', 'phone'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(BACKFILL_BATCH)
      .execute();
    if (rows.length === 0) break;
    for (const row of rows) {
      await q
        .updateTable('users')
        .set({ search: userSearchText(row) })
        .where('id', '=', row.id)
        .execute();
    }
    after = rows[rows.length - 1]?.id ?? after;
  }

  // The list's default sort (last name, ties by id), with the filter and search
  // columns carried in the index: the count scans the index alone, and the page
  // walks it in order and stops at the page's end, visiting the table only for
  // rows it returns. One index for a role filter, one for everything else.
  await db.schema
    .createIndex('users_role_list_idx')
    .on('users')
    .columns(['role', 'last_name', 'id', 'is_active', 'search'])
    .execute();
  await db.schema
    .createIndex('users_list_idx')
    .on('users')
    .columns(['last_name', 'id', 'is_active', 'search'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('users_list_idx').execute();
  await db.schema.dropIndex('users_role_list_idx').execute();
  await db.schema.alterTable('users').dropColumn('search').execute();
}

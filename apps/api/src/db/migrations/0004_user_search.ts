// The folded search column for the user list and search, its backfill, and the
// indexes that let the list count and page in the database without a table scan.
import type { Kysely } from 'kysely';
import { userSearchText } from '../../modules/accounts/repo';

const BACKFILL_BATCH = 1000;

interface SearchedRow {
  id: number;
  email: string;
  first_name: string;
  middle_name: string;
  last_name: string;
  phone: string;
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

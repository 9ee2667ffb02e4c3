// The folded search column for the user list and search, its backfill, and the
// indexes the list's filters and default sort use.
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

  // Filters by role and status, then the default sort (last name, ties by id).
  await db.schema
    .createIndex('users_role_active_last_name_idx')
    .on('users')
    .columns(['role', 'is_active', 'last_name', 'id'])
    .execute();
  await db.schema.createIndex('users_last_name_idx').on('users').columns(['last_name', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('users_last_name_idx').execute();
  await db.schema.dropIndex('users_role_active_last_name_idx').execute();
  await db.schema.alterTable('users').dropColumn('search').execute();
}

// The diary's running entry (issue 24): at most one per user, kept apart from the entries (which
// keep their required end, and which the analysis and the week totals read). It holds what the
// start gives: the title, the chosen category ids (a JSON array of the user's category ids, read
// back against the user's categories, so one deleted since drops out), the start instant in epoch
// milliseconds and the time zone. Stopping it deletes the row in the transaction that creates the
// entry. Deleted with its user. Down drops the table.
import type { Kysely } from 'kysely';
import { instantType } from '../dialect';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('diary_running_entries')
    // One per user: the key is the owner.
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('category_ids', 'text', (c) => c.notNull())
    .addColumn('started_ms', 'bigint', (c) => c.notNull())
    .addColumn('time_zone', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', instantType(db), (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('diary_running_entries').execute();
}

// Speeds up the jar analysis: each entry carries its number of categories
// (the analysis splits its time by it), and one index on (user_id, start_ms,
// end_ms, category_count) answers a window's rows without reading the
// entries themselves. It replaces the (user_id, start_ms) index, its prefix.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('diary_entries')
    .addColumn('category_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update diary_entries set category_count =
    (select count(*) from diary_entry_categories k where k.entry_id = diary_entries.id)`.execute(db);
  await db.schema
    .createIndex('diary_entries_user_window_idx')
    .on('diary_entries')
    .columns(['user_id', 'start_ms', 'end_ms', 'category_count'])
    .execute();
  await db.schema.dropIndex('diary_entries_user_start_idx').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('diary_entries_user_start_idx')
    .on('diary_entries')
    .columns(['user_id', 'start_ms'])
    .execute();
  await db.schema.dropIndex('diary_entries_user_window_idx').execute();
  await db.schema.alterTable('diary_entries').dropColumn('category_count').execute();
}

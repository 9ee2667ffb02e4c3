// The daily time diary's tables. Entries keep the local date and time as
// entered, the zone, and the instants twice: as instants (for people and ISO
// output) and as epoch milliseconds (bigint), so window arithmetic in SQL is
// plain integer maths that both databases compute identically.
import type { Kysely } from 'kysely';
import { addIdColumn, instantType } from '../dialect';

export async function up(db: Kysely<unknown>): Promise<void> {
  const instant = instantType(db);

  await addIdColumn(db, db.schema.createTable('diaries'))
    .addColumn('user_id', 'integer', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
    .addColumn('title', 'varchar(255)', (c) => c.notNull())
    .addColumn('created_at', instant, (c) => c.notNull())
    .execute();

  await addIdColumn(db, db.schema.createTable('diary_jars'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('key', 'varchar(20)', (c) => c.notNull())
    .addColumn('ratio', 'integer')
    .addUniqueConstraint('diary_jars_user_key_unique', ['user_id', 'key'])
    .execute();

  await addIdColumn(db, db.schema.createTable('diary_categories'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'varchar(100)', (c) => c.notNull())
    .addColumn('jar_id', 'integer', (c) => c.references('diary_jars.id').onDelete('set null'))
    .addColumn('created_at', instant, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('diary_categories_user_idx').on('diary_categories').column('user_id').execute();

  await addIdColumn(db, db.schema.createTable('diary_entries'))
    .addColumn('diary_id', 'integer', (c) => c.notNull().references('diaries.id').onDelete('cascade'))
    // The owner, repeated from the diary so every query filters on one indexed column.
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('feeling', 'varchar(10)', (c) => c.notNull())
    .addColumn('start_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('start_time', 'varchar(5)', (c) => c.notNull())
    .addColumn('end_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('end_time', 'varchar(5)', (c) => c.notNull())
    .addColumn('time_zone', 'varchar(64)', (c) => c.notNull())
    .addColumn('start_at', instant, (c) => c.notNull())
    .addColumn('end_at', instant, (c) => c.notNull())
    .addColumn('start_ms', 'bigint', (c) => c.notNull())
    .addColumn('end_ms', 'bigint', (c) => c.notNull())
    .addColumn('place', 'varchar(200)', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('feedback', 'text', (c) => c.notNull())
    .addColumn('created_at', instant, (c) => c.notNull())
    .addColumn('updated_at', instant, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('diary_entries_user_start_idx')
    .on('diary_entries')
    .columns(['user_id', 'start_ms'])
    .execute();
  await db.schema
    .createIndex('diary_entries_user_end_idx')
    .on('diary_entries')
    .columns(['user_id', 'end_ms'])
    .execute();
  await db.schema.createIndex('diary_entries_diary_idx').on('diary_entries').column('diary_id').execute();

  await db.schema
    .createTable('diary_entry_categories')
    .addColumn('entry_id', 'integer', (c) => c.notNull().references('diary_entries.id').onDelete('cascade'))
    .addColumn('category_id', 'integer', (c) =>
      c.notNull().references('diary_categories.id').onDelete('cascade'),
    )
    .addPrimaryKeyConstraint('diary_entry_categories_pk', ['entry_id', 'category_id'])
    .execute();
  await db.schema
    .createIndex('diary_entry_categories_category_idx')
    .on('diary_entry_categories')
    .column('category_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('diary_entry_categories').execute();
  await db.schema.dropTable('diary_entries').execute();
  await db.schema.dropTable('diary_categories').execute();
  await db.schema.dropTable('diary_jars').execute();
  await db.schema.dropTable('diaries').execute();
}

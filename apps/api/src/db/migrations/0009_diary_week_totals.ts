// Speeds up the long diary analyses (issue 9: 365 days of a heavy diary read ~17,000 entries and
// their categories per request). Each user's entry time is kept summed per week of the entry's
// start (7-day buckets counted from the epoch), per category and per the entry's category count, in
// the same transaction as every write that changes it (diary repo). An analysis reads the whole
// weeks in the middle of its window from here and only the entries near its two edges, which it
// clips exactly, from the entries. Weeks rather than days: a busy diary has as many
// (day, category, count) groups as entries, while a week folds ~300 entries into ~60 groups.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('diary_week_totals')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    /** Week of the entries' start: floor(start_ms / 604,800,000), floored before 1970 too. */
    .addColumn('week', 'integer', (c) => c.notNull())
    /** 0 for entries without a category. */
    .addColumn('category_id', 'integer', (c) => c.notNull())
    /** The entries' category count, by which the analysis splits their time. */
    .addColumn('n', 'integer', (c) => c.notNull())
    .addColumn('ms', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('diary_week_totals_pk', ['user_id', 'week', 'category_id', 'n'])
    .execute();
  await sql`insert into diary_week_totals (user_id, week, category_id, n, ms)
    select e.user_id, (e.start_ms - ((e.start_ms % 604800000) + 604800000) % 604800000) / 604800000, coalesce(ec.category_id, 0), e.category_count,
      sum(e.end_ms - e.start_ms)
    from diary_entries e left join diary_entry_categories ec on ec.entry_id = e.id
    group by e.user_id, (e.start_ms - ((e.start_ms % 604800000) + 604800000) % 604800000) / 604800000, coalesce(ec.category_id, 0), e.category_count`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('diary_week_totals').execute();
}

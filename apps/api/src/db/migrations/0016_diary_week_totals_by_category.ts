// Lets SQLite group a long analysis window's week totals without sorting them (issue 17, decision
// 0026): the analysis sums ~3,000 week rows of a year per (category, category count), which SQLite
// did by sorting them in a temporary B-tree, the larger part of the 365-day analysis. With each
// user's totals also ordered by (category_id, n, week) and carrying ms, it reads them in group
// order from this index alone (one range per user, the window's weeks filtered in the index), with
// or without ANALYZE statistics. PostgreSQL groups those rows in a hash table, so it gets no index to
// keep up.
import type { Kysely } from 'kysely';
import { dialectOf } from '../dialect';

export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== 'sqlite') return;
  await db.schema
    .createIndex('diary_week_totals_user_category_idx')
    .on('diary_week_totals')
    .columns(['user_id', 'category_id', 'n', 'week', 'ms'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== 'sqlite') return;
  await db.schema.dropIndex('diary_week_totals_user_category_idx').execute();
}

// Queries for the running entry: one row per user, keyed by the owner, so every read and write names
// the owner and no user can reach another's.
import { toIso } from '../../../db/dialect';
import type { Db } from '../../../db/index';

export interface RunningRow {
  user_id: number;
  title: string;
  categoryIds: number[];
  startedMs: number;
  time_zone: string;
}

const COLUMNS = ['user_id', 'title', 'category_ids', 'started_ms', 'time_zone'] as const;

function rowOf(r: {
  user_id: number;
  title: string;
  category_ids: string;
  started_ms: number | string;
  time_zone: string;
}): RunningRow {
  return {
    user_id: r.user_id,
    title: r.title,
    categoryIds: (JSON.parse(r.category_ids) as unknown[]).map(Number),
    startedMs: Number(r.started_ms),
    time_zone: r.time_zone,
  };
}

export function createRunningRepo(db: Db) {
  return {
    async find(userId: number): Promise<RunningRow | undefined> {
      const r = await db
        .selectFrom('diary_running_entries')
        .select(COLUMNS)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return r && rowOf(r);
    },

    /** Writes the user's running entry unless one is there already (false then: nothing written). */
    async insertIfNone(row: RunningRow, now: Date): Promise<boolean> {
      const inserted = await db
        .insertInto('diary_running_entries')
        .values({
          user_id: row.user_id,
          title: row.title,
          category_ids: JSON.stringify(row.categoryIds),
          started_ms: row.startedMs,
          time_zone: row.time_zone,
          created_at: toIso(now),
        })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .returning('user_id')
        .executeTakeFirst();
      return inserted !== undefined;
    },

    /**
     * Deletes the user's running entry and answers what it was, or undefined when none was there.
     * In a transaction on PostgreSQL the row stays locked until the commit, so a second stop at the
     * same time waits and then finds nothing.
     */
    async remove(userId: number): Promise<RunningRow | undefined> {
      const r = await db
        .deleteFrom('diary_running_entries')
        .where('user_id', '=', userId)
        .returning(COLUMNS)
        .executeTakeFirst();
      return r && rowOf(r);
    },

    /** Those of the ids that are the user's categories, as {id, title}, in title order (then id). */
    async ownedCategories(userId: number, ids: number[]): Promise<{ id: number; title: string }[]> {
      if (ids.length === 0) return [];
      return db
        .selectFrom('diary_categories')
        .select(['id', 'title'])
        .where('user_id', '=', userId)
        .where('id', 'in', ids)
        .orderBy('title')
        .orderBy('id')
        .execute();
    },
  };
}

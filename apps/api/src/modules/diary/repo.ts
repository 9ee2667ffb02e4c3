// Queries for diaries, jars, categories and entries. Ownership is in every
// where clause; windows arrive as epoch-millisecond parameters computed in
// TypeScript, so both databases do the same integer arithmetic.
import { ENTRY_MAX_DAYS, JAR_DEFAULT_RATIOS, JAR_KEYS } from '@staff/contracts';
import { type Selectable, sql } from 'kysely';
import { toIso } from '../../db/dialect';
import type { Db } from '../../db/index';
import type { DiaryEntriesTable } from '../../db/schema';
import type { JarTimeRow } from './analysis';
import { DAY_MS } from './time';

/** No entry lasts longer, so an entry ending after t started after t minus this. */
export const MAX_ENTRY_MS = ENTRY_MAX_DAYS * DAY_MS;

/** diary_week_totals' buckets (migration 0009): 7 days counted from the epoch. */
const WEEK_MS = 7 * DAY_MS;
export const weekOf = (ms: number) => Math.floor(ms / WEEK_MS);
/** weekOf(e.start_ms) in SQL: floored for instants before 1970 too, where `/` would truncate. */
const startWeek = sql`(e.start_ms - ((e.start_ms % ${sql.lit(WEEK_MS)}) + ${sql.lit(WEEK_MS)}) % ${sql.lit(WEEK_MS)}) / ${sql.lit(WEEK_MS)}`;

/**
 * Sums the user's entries that start in weeks [firstWeek, lastWeek] again into diary_week_totals.
 * Every write that changes an entry's time or categories calls it, in its transaction, for the
 * weeks it touched; 'all' rebuilds every user's weeks (after a bulk load that wrote entries
 * directly).
 */
export async function refreshWeekTotals(
  db: Db,
  scope: { userId: number; firstWeek: number; lastWeek: number } | 'all',
): Promise<void> {
  const only =
    scope === 'all'
      ? sql``
      : sql`where e.user_id = ${scope.userId}
          and e.start_ms >= cast(${scope.firstWeek * WEEK_MS} as bigint)
          and e.start_ms < cast(${(scope.lastWeek + 1) * WEEK_MS} as bigint)`;
  let clear = db.deleteFrom('diary_week_totals');
  if (scope !== 'all') {
    // Two writes of one user's entries at once would each delete the week's sums and insert their
    // own (READ COMMITTED on PostgreSQL): a duplicate key, or a lost entry. Locking the user's diary
    // row first serialises them to commit, and each statement after the wait sees the other's rows.
    // SQLite runs one writer at a time anyway.
    await sql`update diaries set title = title where user_id = ${scope.userId}`.execute(db);
    clear = clear
      .where('user_id', '=', scope.userId)
      .where('week', '>=', scope.firstWeek)
      .where('week', '<=', scope.lastWeek);
  }
  await clear.execute();
  await sql`insert into diary_week_totals (user_id, week, category_id, n, ms)
    select e.user_id, ${startWeek}, coalesce(ec.category_id, 0), e.category_count,
      sum(e.end_ms - e.start_ms)
    from diary_entries e left join diary_entry_categories ec on ec.entry_id = e.id
    ${only}
    group by e.user_id, ${startWeek}, coalesce(ec.category_id, 0), e.category_count`.execute(db);
}

/** Refreshes the week totals of the weeks the given entry starts fall in (one or two per write). */
async function refreshWeeksOf(db: Db, userId: number, startsMs: number[]): Promise<void> {
  for (const week of new Set(startsMs.map(weekOf))) {
    await refreshWeekTotals(db, { userId, firstWeek: week, lastWeek: week });
  }
}

/** An entry as the API presents it; instants are read from the millisecond columns. */
export type EntryRow = Omit<
  Selectable<DiaryEntriesTable>,
  'created_at' | 'updated_at' | 'category_count' | 'start_at' | 'end_at'
>;

const ENTRY_COLUMNS = [
  'diary_entries.id',
  'diary_entries.diary_id',
  'diary_entries.user_id',
  'diary_entries.title',
  'diary_entries.feeling',
  'diary_entries.start_date',
  'diary_entries.start_time',
  'diary_entries.end_date',
  'diary_entries.end_time',
  'diary_entries.time_zone',
  'diary_entries.start_ms',
  'diary_entries.end_ms',
  'diary_entries.place',
  'diary_entries.note',
  'diary_entries.feedback',
] as const;

const CATEGORY_COLUMNS = ['id', 'title', 'user_id', 'jar_id'] as const;

export interface EntryFilter {
  userId: number;
  diaryId?: number;
  /** Entries overlapping [fromMs, toMs). */
  fromMs?: number | null;
  toMs?: number | null;
  feeling?: string;
  categoryIds?: number[];
}

export interface EntryValues {
  title: string;
  feeling: string;
  start_date: string;
  start_time: string;
  end_date: string;
  end_time: string;
  time_zone: string;
  start_ms: number;
  end_ms: number;
  place: string;
  note: string;
  feedback: string;
}

/** Chunks an id list so IN (...) stays under both databases' parameter limits. */
function chunks<T>(items: T[], size = 1000): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

const num = (v: unknown) => Number(v);

/**
 * Whose row a read by id may return: the owner's user id, or ANY_OWNER for the one caller that
 * may see every user's rows (an administrator, whose read of another user's data the service
 * records). Said at every call, so a read meant for the owner cannot forget the owner.
 */
export const ANY_OWNER = 'any-owner';
export type Owner = number | typeof ANY_OWNER;

export function createDiaryRepo(db: Db) {
  return {
    // --- diaries
    findDiaryByUser(userId: number) {
      return db
        .selectFrom('diaries')
        .select(['id', 'title', 'user_id'])
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },

    findDiary(id: number, owner: Owner) {
      let q = db.selectFrom('diaries').select(['id', 'title', 'user_id']).where('id', '=', id);
      if (owner !== ANY_OWNER) q = q.where('user_id', '=', owner);
      return q.executeTakeFirst();
    },

    /** Inserts the user's diary unless one exists (another process may be doing the same). */
    async insertDiaryIfMissing(userId: number, title: string, now: Date): Promise<boolean> {
      const result = await db
        .insertInto('diaries')
        .values({ user_id: userId, title, created_at: toIso(now) })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .returning('id')
        .executeTakeFirst();
      return result !== undefined;
    },

    // --- jars
    listJars(userId: number) {
      return db
        .selectFrom('diary_jars')
        .select(['id', 'key', 'ratio', 'user_id'])
        .where('user_id', '=', userId)
        .execute();
    },

    async insertMissingJars(userId: number, present: Set<string>): Promise<void> {
      const missing = JAR_KEYS.filter((k) => !present.has(k));
      if (missing.length === 0) return;
      await db
        .insertInto('diary_jars')
        .values(missing.map((key) => ({ user_id: userId, key, ratio: JAR_DEFAULT_RATIOS[key] })))
        .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
        .execute();
    },

    findJar(id: number, owner: Owner) {
      let q = db.selectFrom('diary_jars').select(['id', 'key', 'ratio', 'user_id']).where('id', '=', id);
      if (owner !== ANY_OWNER) q = q.where('user_id', '=', owner);
      return q.executeTakeFirst();
    },

    async setJarRatio(id: number, userId: number, ratio: number): Promise<void> {
      await db
        .updateTable('diary_jars')
        .set({ ratio })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .execute();
    },

    // --- categories
    listCategories(userId: number) {
      return db
        .selectFrom('diary_categories')
        .select(CATEGORY_COLUMNS)
        .where('user_id', '=', userId)
        .orderBy('title')
        .orderBy('id')
        .execute();
    },

    findCategory(id: number, owner: Owner) {
      let q = db.selectFrom('diary_categories').select(CATEGORY_COLUMNS).where('id', '=', id);
      if (owner !== ANY_OWNER) q = q.where('user_id', '=', owner);
      return q.executeTakeFirst();
    },

    async insertCategory(v: { userId: number; title: string; jarId: number | null; now: Date }) {
      const row = await db
        .insertInto('diary_categories')
        .values({ user_id: v.userId, title: v.title, jar_id: v.jarId, created_at: toIso(v.now) })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async updateCategory(id: number, userId: number, patch: { title?: string; jar_id?: number | null }) {
      await db
        .updateTable('diary_categories')
        .set(patch)
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .execute();
    },

    /** Deleting a category removes it from its entries, whose category counts drop by one. */
    async deleteCategory(id: number, userId: number): Promise<void> {
      await db.transaction().execute(async (tx) => {
        await sql`update diary_entries set category_count =
            (select count(*) from diary_entry_categories k
              where k.entry_id = diary_entries.id and k.category_id <> ${id})
          where id in (select entry_id from diary_entry_categories where category_id = ${id})`.execute(tx);
        const span = await tx
          .selectFrom('diary_entries')
          .select((eb) => [eb.fn.min('start_ms').as('first'), eb.fn.max('start_ms').as('last')])
          .where('user_id', '=', userId)
          .where('id', 'in', (q) =>
            q.selectFrom('diary_entry_categories').select('entry_id').where('category_id', '=', id),
          )
          .executeTakeFirst();
        await tx.deleteFrom('diary_entry_categories').where('category_id', '=', id).execute();
        await tx.deleteFrom('diary_categories').where('id', '=', id).where('user_id', '=', userId).execute();
        if (span?.first != null && span.last != null) {
          await refreshWeekTotals(tx, {
            userId,
            firstWeek: weekOf(Number(span.first)),
            lastWeek: weekOf(Number(span.last)),
          });
        }
      });
    },

    /** Those of `ids` that are categories of `userId`. */
    async ownedCategoryIds(userId: number, ids: number[]): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .selectFrom('diary_categories')
        .select('id')
        .where('user_id', '=', userId)
        .where('id', 'in', ids)
        .execute();
      return new Set(rows.map((r) => r.id));
    },

    // --- entries
    findEntry(id: number, owner: Owner): Promise<EntryRow | undefined> {
      let q = db.selectFrom('diary_entries').select(ENTRY_COLUMNS).where('id', '=', id);
      if (owner !== ANY_OWNER) q = q.where('user_id', '=', owner);
      return q.executeTakeFirst();
    },

    /** Entries matching the filter, newest first. */
    listEntries(f: EntryFilter): Promise<EntryRow[]> {
      let q = db.selectFrom('diary_entries').select(ENTRY_COLUMNS).where('user_id', '=', f.userId);
      if (f.diaryId !== undefined) q = q.where('diary_id', '=', f.diaryId);
      if (f.toMs != null) q = q.where('start_ms', '<', f.toMs);
      if (f.fromMs != null) {
        q = q.where('end_ms', '>', f.fromMs).where('start_ms', '>', f.fromMs - MAX_ENTRY_MS);
      }
      if (f.feeling) q = q.where('feeling', '=', f.feeling);
      const categoryIds = f.categoryIds;
      if (categoryIds && categoryIds.length > 0) {
        q = q.where((eb) =>
          eb.exists(
            eb
              .selectFrom('diary_entry_categories as f')
              .select(sql.lit(1).as('one'))
              .whereRef('f.entry_id', '=', 'diary_entries.id')
              .where('f.category_id', 'in', categoryIds),
          ),
        );
      }
      return q.orderBy('start_ms', 'desc').orderBy('id', 'desc').execute();
    },

    /** id, start and end of every entry of the user that may overlap [fromMs, toMs). */
    async entrySpans(userId: number, fromMs: number | null, toMs: number | null) {
      let q = db
        .selectFrom('diary_entries')
        .select(['id', 'start_ms', 'end_ms'])
        .where('user_id', '=', userId);
      if (toMs !== null) q = q.where('start_ms', '<', toMs);
      if (fromMs !== null) q = q.where('end_ms', '>', fromMs).where('start_ms', '>', fromMs - MAX_ENTRY_MS);
      const rows = await q.execute();
      return rows.map((r) => ({ id: r.id, startMs: num(r.start_ms), endMs: num(r.end_ms) }));
    },

    /** The categories of each entry, as {id, title}, in title order. */
    async categoriesOfEntries(entryIds: number[]): Promise<Map<number, { id: number; title: string }[]>> {
      const out = new Map<number, { id: number; title: string }[]>();
      for (const part of chunks(entryIds)) {
        const rows = await db
          .selectFrom('diary_entry_categories as ec')
          .innerJoin('diary_categories as c', 'c.id', 'ec.category_id')
          .select(['ec.entry_id', 'c.id', 'c.title'])
          .where('ec.entry_id', 'in', part)
          .orderBy('c.title')
          .orderBy('c.id')
          .execute();
        for (const r of rows) {
          const list = out.get(r.entry_id) ?? [];
          list.push({ id: r.id, title: r.title });
          out.set(r.entry_id, list);
        }
      }
      return out;
    },

    async insertEntry(
      v: EntryValues & { diaryId: number; userId: number; categoryIds: number[]; now: Date },
    ) {
      return db.transaction().execute(async (tx) => {
        const { diaryId, userId, categoryIds, now, ...fields } = v;
        const row = await tx
          .insertInto('diary_entries')
          .values({
            ...fields,
            diary_id: diaryId,
            user_id: userId,
            category_count: categoryIds.length,
            start_at: toIso(new Date(v.start_ms)),
            end_at: toIso(new Date(v.end_ms)),
            created_at: toIso(now),
            updated_at: toIso(now),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await tx
          .insertInto('diary_entry_categories')
          .values(categoryIds.map((category_id) => ({ entry_id: row.id, category_id })))
          .execute();
        await refreshWeeksOf(tx, userId, [v.start_ms]);
        return row.id;
      });
    },

    /** Writes an edit and its week totals; the caller's transaction holds the entry's lock. */
    async updateEntry(
      id: number,
      userId: number,
      values: EntryValues,
      categoryIds: number[] | undefined,
      now: Date,
    ) {
      const before = await db
        .selectFrom('diary_entries')
        .select('start_ms')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      await db
        .updateTable('diary_entries')
        .set({
          ...values,
          start_at: toIso(new Date(values.start_ms)),
          end_at: toIso(new Date(values.end_ms)),
          updated_at: toIso(now),
          ...(categoryIds ? { category_count: categoryIds.length } : {}),
        })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .execute();
      if (categoryIds) {
        await db.deleteFrom('diary_entry_categories').where('entry_id', '=', id).execute();
        await db
          .insertInto('diary_entry_categories')
          .values(categoryIds.map((category_id) => ({ entry_id: id, category_id })))
          .execute();
      }
      if (before) await refreshWeeksOf(db, userId, [Number(before.start_ms), values.start_ms]);
    },

    async deleteEntry(id: number, userId: number): Promise<void> {
      await db.transaction().execute(async (tx) => {
        const gone = await tx
          .deleteFrom('diary_entries')
          .where('id', '=', id)
          .where('user_id', '=', userId)
          .returning('start_ms')
          .executeTakeFirst();
        if (gone) await refreshWeeksOf(tx, userId, [Number(gone.start_ms)]);
      });
    },

    // --- analysis
    /**
     * Time of the user's entries inside [fromMs, toMs), clipped to the window,
     * summed per (jar, category count of the entry). Entries without a
     * category come back with jarId null and categoryCount 0.
     */
    async jarTimeInWindow(userId: number, fromMs: number, toMs: number): Promise<JarTimeRow[]> {
      const from = sql`cast(${fromMs} as bigint)`;
      const to = sql`cast(${toMs} as bigint)`;
      // Entries starting in the whole weeks [firstWeek, endWeek) lie wholly inside the window (no
      // entry is longer than MAX_ENTRY_MS), so their time comes summed from diary_week_totals; only
      // the entries starting near either edge are read and clipped one by one.
      const firstWeek = Math.ceil(fromMs / WEEK_MS);
      const endWeek = Math.max(firstWeek, Math.floor((toMs - MAX_ENTRY_MS) / WEEK_MS));
      const middleFrom = sql`cast(${firstWeek * WEEK_MS} as bigint)`;
      const middleTo = sql`cast(${endWeek * WEEK_MS} as bigint)`;
      // Entries come from the (user_id, start_ms, end_ms, category_count) index alone; the sums are
      // grouped by category first (few groups) and only then mapped to jars.
      const result = await sql<{ jar_id: number | null; n: number | string; ms: number | string }>`
        select c.jar_id as jar_id, g.n as n, sum(g.ms) as ms
        from (
          select ec.category_id as category_id, x.n as n, sum(x.ms) as ms
          from (
            select e.id as id, e.category_count as n,
              (case when e.end_ms < ${to} then e.end_ms else ${to} end)
                - (case when e.start_ms > ${from} then e.start_ms else ${from} end) as ms
            from diary_entries e
            where e.user_id = ${userId}
              and e.start_ms < ${to}
              and e.end_ms > ${from}
              and e.start_ms > cast(${fromMs - MAX_ENTRY_MS} as bigint)
              and (e.start_ms < ${middleFrom} or e.start_ms >= ${middleTo})
          ) x
          left join diary_entry_categories ec on ec.entry_id = x.id
          group by ec.category_id, x.n
          union all
          select nullif(t.category_id, 0) as category_id, t.n as n, sum(t.ms) as ms
          from diary_week_totals t
          where t.user_id = ${userId} and t.week >= ${firstWeek} and t.week < ${endWeek}
          group by t.category_id, t.n
        ) g
        left join diary_categories c on c.id = g.category_id
        group by c.jar_id, g.n
      `.execute(db);
      return result.rows.map((r) => ({ jarId: r.jar_id, categoryCount: num(r.n), ms: num(r.ms) }));
    },

    listUnclassifiedCategories(userId: number) {
      return db
        .selectFrom('diary_categories')
        .select(['id', 'title'])
        .where('user_id', '=', userId)
        .where('jar_id', 'is', null)
        .orderBy('title')
        .orderBy('id')
        .execute();
    },
  };
}

export type DiaryRepo = ReturnType<typeof createDiaryRepo>;

// Queries for diaries, jars, categories and entries. Ownership is in every
// where clause; windows arrive as epoch-millisecond parameters computed in
// TypeScript, so both databases do the same integer arithmetic. Every write of
// entries or their categories keeps diary_week_totals in step through
// week-totals.ts (moveEntryTime for one entry, refreshTouchedWeeks for many), in the write's
// transaction.
import { JAR_DEFAULT_RATIOS, JAR_KEYS } from '@staff/contracts';
import { type Kysely, type Selectable, sql } from 'kysely';
import { compiledOnce } from '../../db/compiled';
import { dialectOf, toIso } from '../../db/dialect';
import type { Db } from '../../db/index';
import { preparedOnPostgres } from '../../db/prepared';
import type { DiaryEntriesTable } from '../../db/schema';
import type { Span } from './overlaps';
import { MAX_ENTRY_MS } from './time';
import {
  type EntryTime,
  lockUsersWeeks,
  moveEntryTime,
  refreshTouchedWeeks,
  shareUsersWeeks,
  weekDeltas,
} from './week-totals';

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

/** What a create or an edit writes of an entry: the row but its ids and what is derived or stamped. */
export type EntryValues = Omit<EntryRow, 'id' | 'diary_id' | 'user_id'>;

/** Up to this many entries, their categories come by one join (one round trip) rather than two reads. */
const FEW_ENTRIES = 50;

/** Chunks an id list so IN (...) stays under both databases' parameter limits. */
function chunks<T>(items: T[], size = 1000): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

const num = (v: unknown) => Number(v);

// An entry's creation runs these on every call: built and compiled once (decision 0027).
const diaryOfOwner = compiledOnce((db, id: number, userId: number) =>
  db
    .selectFrom('diaries')
    .select(['id', 'title', 'user_id'])
    .where('id', '=', id)
    .where('user_id', '=', userId),
);
const diaryOfAnyOwner = compiledOnce((db, id: number) =>
  db.selectFrom('diaries').select(['id', 'title', 'user_id']).where('id', '=', id),
);

/** Those of the ids that are the user's categories, as {id, title}, in title order (then id). */
const ownedCategoriesIn = compiledOnce((db, userId: number, ...ids: number[]) =>
  db
    .selectFrom('diary_categories')
    .select(['id', 'title'])
    .where('user_id', '=', userId)
    .where('id', 'in', ids)
    .orderBy('title')
    .orderBy('id'),
);

/** A new entry's row (every column but id), in this order. */
type NewEntryColumns = [
  diary_id: number,
  user_id: number,
  title: string,
  feeling: string,
  start_date: string,
  start_time: string,
  end_date: string,
  end_time: string,
  time_zone: string,
  start_at: string,
  end_at: string,
  start_ms: number,
  end_ms: number,
  place: string,
  note: string,
  feedback: string,
  category_count: number,
  created_at: string,
  updated_at: string,
];
const insertEntryRow = compiledOnce((db, ...v: NewEntryColumns) =>
  db
    .insertInto('diary_entries')
    .values({
      diary_id: v[0],
      user_id: v[1],
      title: v[2],
      feeling: v[3],
      start_date: v[4],
      start_time: v[5],
      end_date: v[6],
      end_time: v[7],
      time_zone: v[8],
      start_at: v[9],
      end_at: v[10],
      start_ms: v[11],
      end_ms: v[12],
      place: v[13],
      note: v[14],
      feedback: v[15],
      category_count: v[16],
      created_at: v[17],
      updated_at: v[18],
    })
    .returning('id'),
);

const insertEntryCategories = compiledOnce((db, entryId: number, ...categoryIds: number[]) =>
  db
    .insertInto('diary_entry_categories')
    .values(categoryIds.map((category_id) => ({ entry_id: entryId, category_id }))),
);

/** A new entry as its creation answers it: its id, its categories in title order, and whether it overlaps another. */
export interface CreatedEntry {
  id: number;
  categories: { id: number; title: string }[];
  overlaps: boolean;
}

/** A new entry of the user in their diary (the values checked, the categories distinct). */
type NewEntry = EntryValues & { diaryId: number; userId: number; categoryIds: number[] };

/**
 * PostgreSQL: a new entry with everything its creation checks, writes and answers, as one statement
 * (issue 22, decision 0027), where SQLite reads, writes in a transaction and reads again. A round
 * trip to PostgreSQL costs the server more than these statements cost the database: the creation
 * was five with the access check (the diary, its categories, the write, the overlap), now two.
 * - Checks: the diary is the user's and every category is theirs; otherwise nothing is written and
 *   no row comes back (the caller reads again to say why).
 * - Writes: the entry, its links and its time in the week totals (moveEntryTime's rows for an added
 *   entry, weekDeltas). The diary row's share lock comes first, as every entry writer takes it (the
 *   order of locks: week-totals.ts): the entry's insert reads its one row from `checked`, which
 *   reads `shared`, so PostgreSQL takes the lock before the entry, the links and the week rows. A week
 *   row a re-sum wrote meanwhile is updated by the upsert whatever the statement's snapshot, as ON
 *   CONFLICT does; a category a deletion removed meanwhile fails the links' foreign key, and the
 *   whole statement with it.
 * - Answers: the categories as read, and whether another entry of the user overlaps, read in the
 *   statement's snapshot, which the new entry is not in (anotherOverlapping's condition).
 */
async function insertOwnEntryAtOnce(db: Db, v: NewEntry, stamp: string): Promise<CreatedEntry | undefined> {
  const weeks = weekDeltas({
    added: {
      startMs: v.start_ms,
      endMs: v.end_ms,
      categoryCount: v.categoryIds.length,
      categoryIds: v.categoryIds,
    },
  });
  const statement = sql<{ id: number; categories: { id: number; title: string }[]; overlaps: boolean }>`
    with shared as (
      select 1 from diaries where user_id = ${v.userId} for share
    ), categories as (
      select id, title from diary_categories
      where user_id = ${v.userId} and id = any(cast(${v.categoryIds} as integer[]))
    ), checked as (
      select 1 from diaries
      where id = ${v.diaryId} and user_id = ${v.userId}
        and (select count(*) from categories) = ${v.categoryIds.length}
        and (select count(*) from shared) >= 0
    ), entry as (
      insert into diary_entries (diary_id, user_id, title, feeling, start_date, start_time, end_date,
        end_time, time_zone, start_at, end_at, start_ms, end_ms, place, note, feedback, category_count,
        created_at, updated_at)
      select ${v.diaryId}, ${v.userId}, ${v.title}, ${v.feeling}, ${v.start_date}, ${v.start_time},
        ${v.end_date}, ${v.end_time}, ${v.time_zone}, ${toIso(new Date(v.start_ms))},
        ${toIso(new Date(v.end_ms))}, ${v.start_ms}, ${v.end_ms}, ${v.place}, ${v.note}, ${v.feedback},
        ${v.categoryIds.length}, ${stamp}, ${stamp}
      from checked
      returning id
    ), links as (
      insert into diary_entry_categories (entry_id, category_id)
      select entry.id, c.id from entry, unnest(cast(${v.categoryIds} as integer[])) as c(id)
    ), weeks as (
      insert into diary_week_totals (user_id, week, category_id, n, ms)
      select ${v.userId}, t.week, t.category_id, t.n, t.ms
      from entry, unnest(
        cast(${weeks.map((w) => w.week)} as integer[]),
        cast(${weeks.map((w) => w.category_id)} as integer[]),
        cast(${weeks.map((w) => w.n)} as integer[]),
        cast(${weeks.map((w) => w.ms)} as bigint[])
      ) as t(week, category_id, n, ms)
      on conflict (user_id, week, category_id, n) do update set ms = diary_week_totals.ms + excluded.ms
    )
    select entry.id,
      (select json_agg(json_build_object('id', c.id, 'title', c.title) order by c.title, c.id)
        from categories c) as categories,
      exists (
        select 1 from diary_entries e
        where e.user_id = ${v.userId} and e.start_ms < ${v.end_ms} and e.end_ms > ${v.start_ms}
          and e.start_ms > ${v.start_ms - MAX_ENTRY_MS}
      ) as overlaps
    from entry
  `;
  // Its text is the same for every entry: PostgreSQL prepares it once per connection.
  const { rows } = await db.executeQuery(preparedOnPostgres(statement.compile(db)));
  return rows[0];
}

/**
 * Whether another entry of the user shares time with [startMs, endMs) (touching ends do not), as
 * `overlappingIds` would mark the entry among the spans `entrySpans` reads around it.
 */
const anotherOverlapping = compiledOnce(
  (db, userId: number, id: number, startMs: number, endMs: number, earliestStartMs: number) =>
    db
      .selectFrom('diary_entries')
      .select('id')
      .where('user_id', '=', userId)
      .where('start_ms', '<', endMs)
      .where('end_ms', '>', startMs)
      .where('start_ms', '>', earliestStartMs)
      .where('id', '<>', id)
      .limit(1),
);

const spansOf = (rows: { id: number; start_ms: number | string; end_ms: number | string }[]): Span[] =>
  rows.map((r) => ({ id: r.id, startMs: num(r.start_ms), endMs: num(r.end_ms) }));

/**
 * Whose row a read by id may return: the owner's user id, or ANY_OWNER for the one caller that
 * may see every user's rows (an administrator, whose read of another user's data the service
 * records). Said at every call, so a read meant for the owner cannot forget the owner.
 */
export const ANY_OWNER = 'any-owner';
export type Owner = number | typeof ANY_OWNER;

/**
 * An entry's part in the week totals as stored now (read before an edit or a delete), with the
 * entry's row locked on PostgreSQL when `lock` says so (a delete; an edit holds it already), so no
 * edit can change what is taken out between this read and the write.
 */
async function entryTime(db: Db, id: number, userId: number, lock = false): Promise<EntryTime | undefined> {
  let q = db
    .selectFrom('diary_entries')
    .select(['start_ms', 'end_ms', 'category_count'])
    .where('id', '=', id)
    .where('user_id', '=', userId);
  if (lock && dialectOf(db as unknown as Kysely<unknown>) === 'postgres') q = q.forUpdate();
  const row = await q.executeTakeFirst();
  if (!row) return undefined;
  const links = await db
    .selectFrom('diary_entry_categories')
    .select('category_id')
    .where('entry_id', '=', id)
    .execute();
  return {
    startMs: Number(row.start_ms),
    endMs: Number(row.end_ms),
    categoryCount: row.category_count,
    categoryIds: links.map((l) => l.category_id),
  };
}

export function createDiaryRepo(db: Db) {
  /** The categories of each entry by one join ordered by title and id: any number of categories. */
  async function categoriesByJoin(entryIds: number[]) {
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
  }

  return {
    // --- diaries
    findDiaryByUser(userId: number) {
      return db
        .selectFrom('diaries')
        .select(['id', 'title', 'user_id'])
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },

    async findDiary(id: number, owner: Owner) {
      const found = owner === ANY_OWNER ? await diaryOfAnyOwner(db, id) : await diaryOfOwner(db, id, owner);
      return found.rows[0];
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
        // Before any entry or link is touched (the order of locks: week-totals.ts).
        await lockUsersWeeks(tx, userId);
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
          await refreshTouchedWeeks(tx, userId, [[Number(span.first), Number(span.last)]]);
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

    /**
     * The export's read (export.ts): entries whose local start date (in the entry's own zone) is in
     * [startDate, endDate], both YYYY-MM-DD, oldest first. A local date is at most 14 hours ahead
     * of UTC and 12 behind, so start_ms bounds the (user, start) index's range; the date decides.
     */
    listEntriesStartingOn(userId: number, startDate: string, endDate: string): Promise<EntryRow[]> {
      const fromMs = Date.parse(`${startDate}T00:00:00Z`) - 14 * 3_600_000;
      const toMs = Date.parse(`${endDate}T00:00:00Z`) + (24 + 12) * 3_600_000;
      return db
        .selectFrom('diary_entries')
        .select(ENTRY_COLUMNS)
        .where('user_id', '=', userId)
        .where('start_ms', '>=', fromMs)
        .where('start_ms', '<', toMs)
        .where('start_date', '>=', startDate)
        .where('start_date', '<=', endDate)
        .orderBy('start_ms')
        .orderBy('id')
        .execute();
    },

    /** id, start and end of every entry of the user that may overlap [fromMs, toMs). */
    async entrySpans(userId: number, fromMs: number | null, toMs: number | null) {
      let q = db
        .selectFrom('diary_entries')
        .select(['id', 'start_ms', 'end_ms'])
        .where('user_id', '=', userId);
      if (toMs !== null) q = q.where('start_ms', '<', toMs);
      if (fromMs !== null) q = q.where('end_ms', '>', fromMs).where('start_ms', '>', fromMs - MAX_ENTRY_MS);
      return spansOf(await q.execute());
    },

    /**
     * id, start and end of the user's entries that overlap [aroundFromMs, aroundToMs) but not
     * [fromMs, toMs) (the caller has those already): the ones ending by fromMs, read by the
     * (user_id, end_ms) index, and the ones starting at toMs or later. Nothing is read for a side
     * the wider range does not pass.
     */
    async entrySpansBeside(
      userId: number,
      window: { fromMs: number; toMs: number },
      around: { fromMs: number; toMs: number },
    ) {
      const out: Span[] = [];
      if (around.fromMs < window.fromMs) {
        const before = await db
          .selectFrom('diary_entries')
          .select(['id', 'start_ms', 'end_ms'])
          .where('user_id', '=', userId)
          .where('end_ms', '>', around.fromMs)
          .where('end_ms', '<=', window.fromMs)
          .execute();
        out.push(...spansOf(before));
      }
      if (around.toMs > window.toMs) {
        const after = await db
          .selectFrom('diary_entries')
          .select(['id', 'start_ms', 'end_ms'])
          .where('user_id', '=', userId)
          .where('start_ms', '>=', window.toMs)
          .where('start_ms', '<', around.toMs)
          .execute();
        out.push(...spansOf(after));
      }
      return out;
    },

    /**
     * The categories of each entry, as {id, title}, in title order (then id). For more than a few
     * entries the links come from their primary key alone and the few categories they name are
     * ordered by the database (its collation decides the title order), instead of joining and
     * sorting a row per link.
     */
    async categoriesOfEntries(entryIds: number[]): Promise<Map<number, { id: number; title: string }[]>> {
      // A few entries (one read, an edit's answer, a filtered list): one round trip, little to sort.
      if (entryIds.length <= FEW_ENTRIES) return categoriesByJoin(entryIds);
      const out = new Map<number, { id: number; title: string }[]>();
      const links: { entry_id: number; category_id: number }[] = [];
      for (const part of chunks(entryIds)) {
        const rows = await db
          .selectFrom('diary_entry_categories')
          .select(['entry_id', 'category_id'])
          .where('entry_id', 'in', part)
          .execute();
        for (const r of rows) links.push(r);
      }
      if (links.length === 0) return out;
      const categoryIds = [...new Set(links.map((l) => l.category_id))];
      // Past one IN list (a thousand categories in one answer, never in practice) the join orders them.
      if (categoryIds.length > 1000) return categoriesByJoin(entryIds);
      const ordered = await db
        .selectFrom('diary_categories')
        .select(['id', 'title'])
        .where('id', 'in', categoryIds)
        .orderBy('title')
        .orderBy('id')
        .execute();
      // Each category's entries, in the categories' order: every entry's list comes out in that order.
      const rank = new Map(ordered.map((c, i) => [c.id, i]));
      const entriesOf: number[][] = ordered.map(() => []);
      for (const l of links) {
        const r = rank.get(l.category_id);
        if (r !== undefined) entriesOf[r]?.push(l.entry_id);
      }
      ordered.forEach((category, r) => {
        for (const entryId of entriesOf[r] as number[]) {
          const list = out.get(entryId);
          if (list) list.push(category);
          else out.set(entryId, [category]);
        }
      });
      return out;
    },

    /**
     * A new entry of the user in their diary, with its links and its time in the week totals, as
     * creating it answers it; undefined, with nothing written, when the diary is not the user's or a
     * category is not theirs (the caller reads again to say which). One statement on PostgreSQL
     * (insertOwnEntryAtOnce); on SQLite the checks are reads before the write's transaction, which
     * holds the one write lock only for the writes, and the overlap is read after it.
     */
    async insertOwnEntry(v: NewEntry & { now: Date }): Promise<CreatedEntry | undefined> {
      const { diaryId, userId, categoryIds } = v;
      const stamp = toIso(v.now);
      if (dialectOf(db as unknown as Kysely<unknown>) === 'postgres')
        return insertOwnEntryAtOnce(db, v, stamp);
      if ((await diaryOfOwner(db, diaryId, userId)).rows.length === 0) return undefined;
      const categories = (await ownedCategoriesIn(db, userId, ...categoryIds)).rows;
      if (categories.length !== categoryIds.length) return undefined;
      // Within a caller's transaction (a running entry's stop, running/service.ts) it writes there.
      const inTransaction = <T>(work: (tx: Db) => Promise<T>) =>
        db.isTransaction ? work(db) : db.transaction().execute(work);
      const id = await inTransaction(async (tx) => {
        const [row] = (
          await insertEntryRow(
            tx,
            diaryId,
            userId,
            v.title,
            v.feeling,
            v.start_date,
            v.start_time,
            v.end_date,
            v.end_time,
            v.time_zone,
            toIso(new Date(v.start_ms)),
            toIso(new Date(v.end_ms)),
            v.start_ms,
            v.end_ms,
            v.place,
            v.note,
            v.feedback,
            categoryIds.length,
            stamp,
            stamp,
          )
        ).rows;
        if (!row) throw new Error('the inserted entry returned no id');
        await insertEntryCategories(tx, row.id, ...categoryIds);
        await moveEntryTime(tx, userId, {
          added: {
            startMs: v.start_ms,
            endMs: v.end_ms,
            categoryCount: categoryIds.length,
            categoryIds,
          },
        });
        return row.id;
      });
      const overlaps = await anotherOverlapping(
        db,
        userId,
        id,
        v.start_ms,
        v.end_ms,
        v.start_ms - MAX_ENTRY_MS,
      );
      return { id, categories, overlaps: overlaps.rows.length > 0 };
    },

    /**
     * Writes an edit and its week totals. The caller's transaction holds the diary's share lock
     * and, after it, the entry's lock (the order of locks: week-totals.ts), before these links.
     */
    async updateEntry(
      id: number,
      userId: number,
      values: EntryValues,
      categoryIds: number[] | undefined,
      now: Date,
    ) {
      const before = await entryTime(db, id, userId);
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
      if (before) {
        const ids = categoryIds ?? before.categoryIds;
        await moveEntryTime(db, userId, {
          removed: before,
          added: {
            startMs: values.start_ms,
            endMs: values.end_ms,
            categoryCount: categoryIds ? categoryIds.length : before.categoryCount,
            categoryIds: ids,
          },
        });
      }
    },

    async deleteEntry(id: number, userId: number): Promise<void> {
      await db.transaction().execute(async (tx) => {
        await shareUsersWeeks(tx, userId);
        const before = await entryTime(tx, id, userId, true);
        const gone = await tx
          .deleteFrom('diary_entries')
          .where('id', '=', id)
          .where('user_id', '=', userId)
          .executeTakeFirst();
        if (before && Number(gone.numDeletedRows) > 0) await moveEntryTime(tx, userId, { removed: before });
      });
    },

    // --- analysis (the time sums are in week-totals.ts)
    /** The user's categories with their jars, in the order the analysis lists them (title, id). */
    listCategoryJars(userId: number) {
      return db
        .selectFrom('diary_categories')
        .select(['id', 'title', 'jar_id'])
        .where('user_id', '=', userId)
        .orderBy('title')
        .orderBy('id')
        .execute();
    },
  };
}

export type DiaryRepo = ReturnType<typeof createDiaryRepo>;

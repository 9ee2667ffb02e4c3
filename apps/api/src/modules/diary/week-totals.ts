// The derived diary_week_totals (migration 0009, decision 0012): each user's entry time summed per
// week of the entry's start, per category and per the entry's category count. Kept in step by the
// writers of entries or their categories in their own transaction: one entry's write through
// moveEntryTime (its time out of the rows it was in, into those it is in now), a write over many
// entries (a category deleted) through refreshTouchedWeeks (a re-sum of the weeks); read by
// categoryTimeInWindow, the analysis's sums.
import { type Kysely, sql } from 'kysely';
import { compiledOnce } from '../../db/compiled';
import { dialectOf } from '../../db/dialect';
import type { Db } from '../../db/index';
import { preparedOnPostgres } from '../../db/prepared';
import type { CategoryTimeRow } from './analysis';
import { DAY_MS, MAX_ENTRY_MS } from './time';

/** diary_week_totals' buckets: 7 days counted from the epoch. */
const WEEK_MS = 7 * DAY_MS;
const weekOf = (ms: number) => Math.floor(ms / WEEK_MS);
/** weekOf(e.start_ms) in SQL: floored for instants before 1970 too, where `/` would truncate. */
const startWeek = sql`(e.start_ms - ((e.start_ms % ${sql.lit(WEEK_MS)}) + ${sql.lit(WEEK_MS)}) % ${sql.lit(WEEK_MS)}) / ${sql.lit(WEEK_MS)}`;
const num = (v: unknown) => Number(v);

/** An entry start a write touched, or the first and last start of a write over many entries. */
export type TouchedStart = number | readonly [firstMs: number, lastMs: number];

/**
 * Two writes of one user's entries at once would each delete a week's sums and insert their own
 * (READ COMMITTED on PostgreSQL): a duplicate key, or a lost entry. Locking the user's diary row
 * first serialises them to commit, and each statement after the wait sees the other's rows.
 * SQLite runs one writer at a time anyway.
 *
 * The order of locks on PostgreSQL (issue 22): every writer of a user's entries takes this lock
 * (or its shared side below) **first**, before it locks or writes an entry or links one to a
 * category. A category's deletion takes it exclusively before it recounts and unlinks the
 * category's entries; an entry's writer shares it before its entry row and before its links, whose
 * foreign-key checks lock the category row. Taken later (as it was), a creation held the category
 * row while waiting for the diary row a deletion held while waiting for that category row: a
 * deadlock, or, before the deletion locked first, totals left out of step with the links
 * (week-totals.test.ts, creations racing a category deletion).
 */
export async function lockUsersWeeks(db: Db, userId: number): Promise<void> {
  await sql`update diaries set title = title where user_id = ${userId}`.execute(db);
}

/**
 * The incremental writers' side of that lock on PostgreSQL: a shared one, so they never wait for
 * each other (their upserts add and subtract, in any order), only for a re-sum's delete and insert,
 * and a re-sum waits for them. A row lock, not a write: no trigger, no data version moves.
 */
export async function shareUsersWeeks(db: Db, userId: number): Promise<void> {
  if (dialectOf(db as unknown as Kysely<unknown>) !== 'postgres') return;
  await sql`select 1 from diaries where user_id = ${userId} for share`.execute(db);
}

/** Sums the entries starting in weeks [firstWeek, lastWeek] again; every user's weeks when no scope. */
async function resum(db: Db, scope?: { userId: number; firstWeek: number; lastWeek: number }): Promise<void> {
  const only = scope
    ? sql`where e.user_id = ${scope.userId}
          and e.start_ms >= cast(${scope.firstWeek * WEEK_MS} as bigint)
          and e.start_ms < cast(${(scope.lastWeek + 1) * WEEK_MS} as bigint)`
    : sql``;
  let clear = db.deleteFrom('diary_week_totals');
  if (scope) {
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

/** The touched starts as week ranges, sorted, with overlapping and neighbouring ranges joined. */
export function touchedWeekRanges(touched: readonly TouchedStart[]): [number, number][] {
  const ranges = touched
    .map((t): [number, number] =>
      typeof t === 'number' ? [weekOf(t), weekOf(t)] : [weekOf(t[0]), weekOf(t[1])],
    )
    .sort((a, b) => a[0] - b[0]);
  const joined: [number, number][] = [];
  for (const [first, last] of ranges) {
    const previous = joined.at(-1);
    if (previous && first <= previous[1] + 1) previous[1] = Math.max(previous[1], last);
    else joined.push([first, last]);
  }
  return joined;
}

/**
 * The one way a write keeps diary_week_totals in step: called in the writer's transaction, after
 * its writes, with the start of every entry it inserted, moved (the old start and the new) or
 * removed, or the first and last start of the entries a write over many changed (a category
 * deleted). Re-sums the user's weeks those starts fall in.
 */
export async function refreshTouchedWeeks(
  db: Db,
  userId: number,
  touched: readonly TouchedStart[],
): Promise<void> {
  const ranges = touchedWeekRanges(touched);
  if (ranges.length === 0) return;
  await lockUsersWeeks(db, userId);
  for (const [firstWeek, lastWeek] of ranges) await resum(db, { userId, firstWeek, lastWeek });
}

/** An entry's part in the week totals: its span and its categories (none: category 0). */
export interface EntryTime {
  startMs: number;
  endMs: number;
  /** The entry's category_count as stored (its categories' number). */
  categoryCount: number;
  categoryIds: readonly number[];
}

/** The (week, category, n) rows an entry adds its time to, with that time. */
function partsOf(e: EntryTime): { week: number; categoryId: number; n: number; ms: number }[] {
  const week = weekOf(e.startMs);
  const ms = e.endMs - e.startMs;
  const categories = e.categoryIds.length > 0 ? e.categoryIds : [0];
  return categories.map((categoryId) => ({ week, categoryId, n: e.categoryCount, ms }));
}

/**
 * Adds `ms` to the user's (week, category, n) rows, making those that are missing; `cells` holds
 * each row's week, category, n and ms in turn. Compiled once per number of rows (decision 0027):
 * every entry write runs it.
 */
const addToWeekRows = compiledOnce((db, userId: number, ...cells: number[]) => {
  const rows = [];
  for (let i = 0; i < cells.length; i += 4) {
    rows.push({
      user_id: userId,
      week: cells[i] as number,
      category_id: cells[i + 1] as number,
      n: cells[i + 2] as number,
      ms: cells[i + 3] as number,
    });
  }
  return db
    .insertInto('diary_week_totals')
    .values(rows)
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'week', 'category_id', 'n'])
        .doUpdateSet({ ms: sql`diary_week_totals.ms + excluded.ms` }),
    );
});

/** What one entry's write adds to (ms > 0) or takes from (ms < 0) each (week, category, n) row. */
export function weekDeltas(change: {
  removed?: EntryTime | undefined;
  added?: EntryTime | undefined;
}): WeekDelta[] {
  const deltas = new Map<string, WeekDelta>();
  const apply = (e: EntryTime | undefined, sign: 1 | -1) => {
    if (!e) return;
    for (const p of partsOf(e)) {
      const key = `${p.week}/${p.categoryId}/${p.n}`;
      const row = deltas.get(key) ?? { week: p.week, category_id: p.categoryId, n: p.n, ms: 0 };
      row.ms += sign * p.ms;
      deltas.set(key, row);
    }
  };
  apply(change.removed, -1);
  apply(change.added, 1);
  return [...deltas.values()].filter((r) => r.ms !== 0);
}

export interface WeekDelta {
  week: number;
  category_id: number;
  n: number;
  ms: number;
}

/**
 * The way one entry's write keeps diary_week_totals in step (decision 0027): in the writer's
 * transaction, after its writes, the entry as it was (`removed`: an edit's old state, a deleted
 * entry) is taken out of its rows and as it is now (`added`) put in, by one upsert of the changed
 * (week, category, n) rows rather than a re-sum of the week. Entries are never empty (end after
 * start), so a row whose sum falls to 0 holds no entry any more and is deleted, as a re-sum would
 * leave it out. week-totals.test.ts checks the result against a recomputation on both databases.
 */
export async function moveEntryTime(
  db: Db,
  userId: number,
  change: { removed?: EntryTime; added?: EntryTime },
): Promise<void> {
  const rows = weekDeltas(change);
  if (rows.length === 0) return;
  await shareUsersWeeks(db, userId);
  await addToWeekRows(db, userId, ...rows.flatMap((r) => [r.week, r.category_id, r.n, r.ms]));
  if (rows.some((r) => r.ms < 0)) {
    await db
      .deleteFrom('diary_week_totals')
      .where('user_id', '=', userId)
      .where('week', 'in', [...new Set(rows.filter((r) => r.ms < 0).map((r) => r.week))])
      .where('ms', '=', 0)
      .execute();
  }
}

/**
 * Rebuilds every user's week totals from the entries: for a bulk load that wrote entries directly
 * (the benches' data), never for the app's own writes.
 */
export async function rebuildAllWeekTotals(db: Db): Promise<void> {
  await resum(db);
}

/**
 * Time of the user's entries inside [fromMs, toMs), clipped to the window, summed per (category,
 * category count of the entry); a category may come back in more than one row. Entries without a
 * category come back with categoryId null and categoryCount 0. The categories' jars are the
 * caller's to apply (the user's few categories, read once), so this reads no category row.
 */
export async function categoryTimeInWindow(
  db: Db,
  userId: number,
  fromMs: number,
  toMs: number,
): Promise<CategoryTimeRow[]> {
  const from = sql`cast(${fromMs} as bigint)`;
  const to = sql`cast(${toMs} as bigint)`;
  // The whole weeks [firstWeek, lastWeek) inside the window come summed from diary_week_totals (an
  // index-only read on both databases: migrations 0016 and 0023): every entry starting in them
  // ends after `from`, and the few that run past `to` are read back to take that part off. Only
  // the entries starting near either edge are read and clipped one by one: from MAX_ENTRY_MS before
  // `from` up to the first whole week, and in the week `to` falls in. Each read is one range of the
  // (user_id, start_ms, end_ms, category_count) index, its filter on end_ms tested in the index
  // (one range with the middle filtered out walked a year of the heavy diary's entries on SQLite).
  const firstWeek = Math.ceil(fromMs / WEEK_MS);
  const lastWeek = Math.max(firstWeek, Math.floor(toMs / WEEK_MS));
  const middleFrom = Math.min(firstWeek * WEEK_MS, toMs);
  const middleTo = Math.min(lastWeek * WEEK_MS, toMs);
  const startsIn = (after: number, before: number) =>
    sql`e.user_id = ${userId} and e.start_ms >= cast(${after} as bigint) and e.start_ms < cast(${before} as bigint)`;
  const clipped = sql`(case when e.end_ms < ${to} then e.end_ms else ${to} end)
    - (case when e.start_ms > ${from} then e.start_ms else ${from} end)`;
  const statement = sql<{ category_id: number | null; n: number | string; ms: number | string }>`
    select ec.category_id as category_id, x.n as n, sum(x.ms) as ms
    from (
      select e.id as id, e.category_count as n, ${clipped} as ms
      from diary_entries e
      where ${startsIn(fromMs - MAX_ENTRY_MS + 1, middleFrom)} and e.end_ms > ${from}
      union all
      select e.id as id, e.category_count as n, ${clipped} as ms
      from diary_entries e
      where ${startsIn(middleTo, toMs)} and e.end_ms > ${from}
      union all
      select e.id as id, e.category_count as n, ${to} - e.end_ms as ms
      from diary_entries e
      where ${startsIn(Math.max(middleFrom, toMs - MAX_ENTRY_MS + 1), middleTo)} and e.end_ms > ${to}
    ) x
    left join diary_entry_categories ec on ec.entry_id = x.id
    group by ec.category_id, x.n
    union all
    select nullif(t.category_id, 0) as category_id, t.n as n, sum(t.ms) as ms
    from diary_week_totals t
    where t.user_id = ${userId} and t.week >= ${firstWeek} and t.week < ${lastWeek}
    group by t.category_id, t.n
  `;
  // Its text is the same for every user and window: prepared once per connection on PostgreSQL.
  const result = await db.executeQuery(preparedOnPostgres(statement.compile(db)));
  return result.rows.map((r) => ({
    categoryId: r.category_id === null ? null : num(r.category_id),
    categoryCount: num(r.n),
    ms: num(r.ms),
  }));
}

// Diary data for the benches: a user's diary, jars and categories, and entries spread evenly over
// a span of days, inserted straight into the tables. The entries' week totals (migration 0009) are
// not kept per write here: call the diary module's `rebuildAllWeekTotals` once after the load.
import { apiSource, batchedWriter, hhmm } from '../lib.mjs';

const { localToEpochMs, addDays } = await import(apiSource('modules/diary/time.ts'));
const { JAR_KEYS, JAR_DEFAULT_RATIOS } = await import('@staff/contracts');

const ZONE = 'Asia/Ho_Chi_Minh';
const FEELINGS = ['excited', 'happy', 'neutral', 'sad', 'tired', 'angry', 'anxious'];

/**
 * Creates `userId`'s diary, the default jars and `categories` categories spread over the jars (the
 * last two without one), in one transaction. Returns the diary's id and the categories' ids.
 */
export async function insertDiary(db, { userId, categories, nowIso }) {
  return db.transaction().execute(async (tx) => {
    const diary = await tx
      .insertInto('diaries')
      .values({ user_id: userId, title: `Diary ${userId}`, created_at: nowIso })
      .returning('id')
      .executeTakeFirstOrThrow();
    const jars = await tx
      .insertInto('diary_jars')
      .values(JAR_KEYS.map((key) => ({ user_id: userId, key, ratio: JAR_DEFAULT_RATIOS[key] })))
      .returning(['id', 'key'])
      .execute();
    const jarIds = jars.filter((j) => j.key !== 'unclassified').map((j) => j.id);
    const cats = await tx
      .insertInto('diary_categories')
      .values(
        Array.from({ length: categories }, (_, i) => ({
          user_id: userId,
          title: `Category ${i}`,
          jar_id: i < categories - 2 ? jarIds[i % jarIds.length] : null,
          created_at: nowIso,
        })),
      )
      .returning('id')
      .execute();
    return { diaryId: diary.id, categoryIds: cats.map((c) => c.id) };
  });
}

/** A writer of entries with their category links (`diary_entry_categories`), in batches. */
export const entryWriter = (db) =>
  batchedWriter(db, { parentTable: 'diary_entries', childTable: 'diary_entry_categories', key: 'entry_id' });

/**
 * Adds `count` entries of one diary to `writer`, spread evenly over `days` local days from
 * `firstDay`: back-to-back blocks through each day that has any, each with one to three of
 * `categoryIds`, drawn from `random`. A day with a single entry gets it at a random time of up to
 * two hours unless `loneAtMidnight` (then it starts at midnight, as one block of the whole day).
 * Titles count from `Entry 0`; feelings rotate from `feelingFrom`. Returns the number written.
 */
export async function addEntries(
  writer,
  {
    random,
    diaryId,
    userId,
    count,
    firstDay,
    days,
    categoryIds,
    nowIso,
    feelingFrom = 0,
    loneAtMidnight = false,
  },
) {
  const perDay = count / days;
  let done = 0;
  for (let d = 0; d < days && done < count; d++) {
    const n = Math.min(count - done, Math.round((d + 1) * perDay) - Math.round(d * perDay));
    if (n <= 0) continue;
    const date = addDays(firstDay, d);
    const slot = Math.floor(1440 / n);
    const lone = n === 1 && !loneAtMidnight;
    for (let k = 0; k < n; k++) {
      const startMin = lone ? Math.floor(random() * 1200) : k * slot;
      const endMin = Math.min(
        1439,
        startMin + Math.max(5, Math.floor((lone ? 120 : slot) * (0.5 + random() * 0.5))),
      );
      const start_time = hhmm(startMin);
      const end_time = hhmm(endMin);
      const start_ms = localToEpochMs(date, start_time, ZONE);
      const end_ms = localToEpochMs(date, end_time, ZONE);
      const cats = new Set();
      const c = 1 + Math.floor(random() * 3);
      while (cats.size < c) cats.add(categoryIds[Math.floor(random() * categoryIds.length)]);
      await writer.add(
        {
          diary_id: diaryId,
          user_id: userId,
          title: `Entry ${done}`,
          feeling: FEELINGS[(feelingFrom + done) % FEELINGS.length],
          start_date: date,
          start_time,
          end_date: date,
          end_time,
          time_zone: ZONE,
          start_at: new Date(start_ms).toISOString(),
          end_at: new Date(end_ms).toISOString(),
          start_ms,
          end_ms,
          category_count: cats.size,
          place: 'Office',
          note: 'Benchmark entry',
          feedback: '',
          created_at: nowIso,
          updated_at: nowIso,
        },
        [...cats].map((category_id) => ({ category_id })),
      );
      done++;
    }
  }
  return done;
}

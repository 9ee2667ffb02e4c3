// Decides how the diary's rows leave the server: jars with their names, categories with their
// jar's key, entries with their instants, duration, categories and overlap flag.
import {
  type Category,
  type Diary,
  type Entry,
  JAR_NAMES,
  type Jar,
  type JarKey,
  jarHasTarget,
} from '@staff/contracts';
import type { EntryRow } from './repo';
import { isoInstant, MINUTE_MS } from './time';

export interface JarRow {
  id: number;
  key: JarKey;
  ratio: number | null;
}

export function presentDiary(row: { id: number; title: string; user_id: number }): Diary {
  return { id: row.id, title: row.title, user: row.user_id };
}

export function presentJar(row: JarRow): Jar {
  return {
    id: row.id,
    key: row.key,
    name: JAR_NAMES[row.key],
    // Jars without a target answer 0 whatever is stored (rows made before 0 was the default hold null).
    ratio: jarHasTarget(row.key) ? (row.ratio ?? 0) : 0,
  };
}

export function presentEntry(
  row: EntryRow,
  categories: { id: number; title: string }[],
  overlaps: boolean,
): Entry {
  const startMs = Number(row.start_ms);
  const endMs = Number(row.end_ms);
  return {
    id: row.id,
    diary: row.diary_id,
    title: row.title,
    feeling: row.feeling as Entry['feeling'],
    start_date: row.start_date,
    start_time: row.start_time,
    end_date: row.end_date,
    end_time: row.end_time,
    time_zone: row.time_zone,
    start_at: isoInstant(startMs),
    end_at: isoInstant(endMs),
    duration_minutes: Math.round((endMs - startMs) / MINUTE_MS),
    place: row.place,
    category: categories,
    note: row.note,
    feedback: row.feedback,
    overlaps,
  };
}

/** Presents categories with the key of their jar, one of `jars` (the owner's). */
export function categoryPresenter(jars: JarRow[]) {
  const keyOf = new Map(jars.map((j) => [j.id, j.key]));
  return (row: { id: number; title: string; user_id: number; jar_id: number | null }): Category => ({
    id: row.id,
    title: row.title,
    user: row.user_id,
    jar: row.jar_id,
    jar_key: (row.jar_id !== null ? keyOf.get(row.jar_id) : undefined) ?? 'unclassified',
  });
}

// What the week calendar draws of an entry and remembers between entries: its jars (through its
// categories), the colours they give its block, the time logged per shown day, and the optimistic copy
// of a moved entry.
import { type Category, type Entry, JAR_KEYS, type JarKey } from '@staff/contracts';
import { JAR_COLOURS } from '../components/jar-options';
import { daySegments, type EntryTimes, MINUTE_MS, type Span } from './calendar-time';

/** An entry's jars, each once, in the jars' order; 'unclassified' when none of its categories has one. */
export function entryJars(
  entry: Pick<Entry, 'category'>,
  categories: readonly Category[] | undefined,
): JarKey[] {
  const jarOf = new Map((categories ?? []).map((c) => [c.id, c.jar_key] as const));
  const found = new Set(entry.category.map((c) => jarOf.get(c.id) ?? 'unclassified'));
  const jars = JAR_KEYS.filter((key) => found.has(key));
  return jars.length > 0 ? jars : ['unclassified'];
}

/**
 * A jar's colours on the calendar: a light tint of its theme colour behind dark text (contrast above
 * 7:1 for every jar) and the full colour for the block's edge and the jar's swatch.
 */
export function jarTint(jar: JarKey): string {
  return `var(--mantine-color-${JAR_COLOURS[jar]}-1)`;
}
export function jarAccent(jar: JarKey): string {
  return `var(--mantine-color-${JAR_COLOURS[jar]}-7)`;
}

/** A block's background: its jar's tint, or side-by-side bands of each jar's tint. */
export function jarBackground(jars: readonly JarKey[]): string {
  if (jars.length <= 1) return jarTint(jars[0] ?? 'unclassified');
  const step = 100 / jars.length;
  const bands = jars.map((jar, i) => `${jarTint(jar)} ${i * step}% ${(i + 1) * step}%`);
  return `linear-gradient(to right, ${bands.join(', ')})`;
}

export function entrySpan(entry: Pick<Entry, 'start_at' | 'end_at'>): Span {
  return { startMs: Date.parse(entry.start_at), endMs: Date.parse(entry.end_at) };
}

/** Minutes written down on each shown local day (an entry over midnight counts on both its days). */
export function minutesPerDay(
  entries: readonly Entry[],
  range: { start_date: string; end_date: string },
  zone: string,
): Map<string, number> {
  const totals = new Map<string, number>();
  for (const entry of entries) {
    for (const piece of daySegments(entrySpan(entry), range, zone)) {
      const minutes = Math.round((piece.endMs - piece.startMs) / MINUTE_MS);
      totals.set(piece.date, (totals.get(piece.date) ?? 0) + minutes);
    }
  }
  return totals;
}

/** An entry as it will be once moved to `span` (written as `times` in its zone): shown at once. */
export function movedEntry(entry: Entry, span: Span, times: EntryTimes): Entry {
  return {
    ...entry,
    ...times,
    start_at: new Date(span.startMs).toISOString(),
    end_at: new Date(span.endMs).toISOString(),
    duration_minutes: Math.round((span.endMs - span.startMs) / MINUTE_MS),
  };
}

/** What an edit could overwrite: when these differ, the entry changed since the calendar showed it. */
export function sameStoredEntry(a: Entry, b: Entry): boolean {
  const stored = (e: Entry) =>
    JSON.stringify([
      e.title,
      e.feeling,
      Date.parse(e.start_at),
      Date.parse(e.end_at),
      e.time_zone,
      e.place,
      e.note,
      e.feedback,
      e.category.map((c) => c.id).sort((x, y) => x - y),
    ]);
  return stored(a) === stored(b);
}

// The entries list by day: each day the browser's zone calls local (the zone the list's date filter is
// read in, decision 0007), newest day first, its entries in the order they happened, and the day's
// total. An entry is under the day it starts; the total adds up each listed entry's full duration,
// overlaps included, as the analysis counts them (decision 0006) — it is time written down, not wall
// time, and a day with overlapping entries says so.
import type { Entry } from '@staff/contracts';

export interface EntryDay {
  /** YYYY-MM-DD in the given time zone. */
  date: string;
  /** In the order they started. */
  entries: Entry[];
  /** The sum of the entries' durations (overlaps counted in full). */
  minutes: number;
  /** Whether any entry of the day overlaps another (so the total counts some time twice). */
  overlaps: boolean;
}

/** The local calendar day of an instant in `timeZone`, as YYYY-MM-DD. */
export function localDayOf(instant: string, format: Intl.DateTimeFormat): string {
  return format.format(new Date(instant));
}

export function groupEntriesByDay(entries: readonly Entry[], timeZone: string): EntryDay[] {
  const format = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  const byDay = new Map<string, Entry[]>();
  for (const entry of entries) {
    const day = localDayOf(entry.start_at, format);
    const list = byDay.get(day);
    if (list) list.push(entry);
    else byDay.set(day, [entry]);
  }
  const startOf = (entry: Entry) => Date.parse(entry.start_at);
  return [...byDay.entries()]
    .sort(([a], [b]) => (a < b ? 1 : a > b ? -1 : 0))
    .map(([date, list]) => {
      const sorted = [...list].sort((a, b) => startOf(a) - startOf(b) || a.id - b.id);
      return {
        date,
        entries: sorted,
        minutes: sorted.reduce((sum, e) => sum + e.duration_minutes, 0),
        overlaps: sorted.some((e) => e.overlaps),
      };
    });
}

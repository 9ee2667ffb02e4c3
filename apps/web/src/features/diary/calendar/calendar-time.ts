// The week calendar's date arithmetic (issue 24), pure and zone-explicit: which local dates a week or
// a day shows (Monday first, as the week totals), the instants an entry covers in a shown range, and
// the local date and time an instant has in an entry's own zone — what a move or resize sends back,
// so an entry keeps its time zone (decision 0007). The zone maths are the contracts' (zone-time.ts),
// the very code the server resolves entries with (a skipped time with the offset before the jump, a
// repeated time to its first occurrence), so the calendar can tell when a dropped instant cannot be
// written as a local time.
import { addDays, DAY_MS, isIsoDate, localDateTimeAt, localToEpochMs, MINUTE_MS } from '@staff/contracts';

export { addDays, localDateTimeAt, MINUTE_MS };
/** What one arrow key moves a focused entry by, and the grid's snap. */
export const KEY_STEP_MINUTES = 15;

export type CalendarMode = 'week' | 'day';

export interface LocalDateTime {
  /** YYYY-MM-DD */
  date: string;
  /** HH:MM, 24-hour */
  time: string;
}

export interface Span {
  startMs: number;
  endMs: number;
}

function dayNumber(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d) / DAY_MS;
}

function dateOfDayNumber(n: number): string {
  return new Date(n * DAY_MS).toISOString().slice(0, 10);
}

/** The Monday of the week `date` is in (1970-01-01, day 0, was a Thursday). */
export function weekStart(date: string): string {
  const n = dayNumber(date);
  return dateOfDayNumber(n - ((((n + 3) % 7) + 7) % 7));
}

/** The local dates the calendar shows for `date`: its Monday-to-Sunday week, or the day alone. */
export function shownRange(date: string, mode: CalendarMode): { start_date: string; end_date: string } {
  if (mode === 'day') return { start_date: date, end_date: date };
  const start = weekStart(date);
  return { start_date: start, end_date: addDays(start, 6) };
}

/** The date the previous (-1) or next (+1) button goes to: a week, or a day on a phone. */
export function stepDate(date: string, mode: CalendarMode, direction: -1 | 1): string {
  return addDays(date, direction * (mode === 'week' ? 7 : 1));
}

/** The `date` of the address bar when it is a real date, else today. */
export function dateFromParam(value: string | null, today: string): string {
  return value && isIsoDate(value) ? value : today;
}

/** Today's date in `zone`. */
export function todayIn(zone: string, now: number = Date.now()): string {
  return localDateTimeAt(now, zone).date;
}

/** The instant a local date and time denote in `zone`, by the server's rule (the same function). */
export function localToMs({ date, time }: LocalDateTime, zone: string): number {
  return localToEpochMs(date, time, zone);
}

/** [start, end) instants of the shown local dates in `zone` (the week's edges are local midnights). */
export function rangeInstants(range: { start_date: string; end_date: string }, zone: string): Span {
  return {
    startMs: localToMs({ date: range.start_date, time: '00:00' }, zone),
    endMs: localToMs({ date: addDays(range.end_date, 1), time: '00:00' }, zone),
  };
}

/**
 * The pieces of an entry inside a shown range, one per local day of `zone` it touches: an entry that
 * crosses midnight is drawn in two columns, one that crosses the week's edge only up to the edge.
 */
export function daySegments(span: Span, range: { start_date: string; end_date: string }, zone: string) {
  const shown = rangeInstants(range, zone);
  const segments: { date: string; startMs: number; endMs: number }[] = [];
  let from = Math.max(span.startMs, shown.startMs);
  const to = Math.min(span.endMs, shown.endMs);
  while (from < to) {
    const date = localDateTimeAt(from, zone).date;
    const midnight = localToMs({ date: addDays(date, 1), time: '00:00' }, zone);
    const end = Math.min(to, midnight);
    segments.push({ date, startMs: from, endMs: end });
    from = end;
  }
  return segments;
}

export interface EntryTimes {
  start_date: string;
  start_time: string;
  end_date: string;
  end_time: string;
}

/**
 * The local start and end an entry moved to these instants has in its own zone, or null when the
 * server would read them back as other instants (a repeated hour when the clocks go back).
 */
export function entryTimesAt(span: Span, zone: string): EntryTimes | null {
  const start = localDateTimeAt(span.startMs, zone);
  const end = localDateTimeAt(span.endMs, zone);
  if (localToMs(start, zone) !== span.startMs || localToMs(end, zone) !== span.endMs) return null;
  return { start_date: start.date, start_time: start.time, end_date: end.date, end_time: end.time };
}

/**
 * A keyboard move: both ends by `minutes` ('move'), or the end only ('end'), never to an end at or
 * before the start (null then).
 */
export function nudgeSpan(span: Span, minutes: number, edge: 'move' | 'end'): Span | null {
  const delta = minutes * MINUTE_MS;
  if (edge === 'move') return { startMs: span.startMs + delta, endMs: span.endMs + delta };
  const endMs = span.endMs + delta;
  return endMs > span.startMs ? { startMs: span.startMs, endMs } : null;
}

/** A copy of an entry's span 'after it' (Duplicate) or starting `now` to the minute (Continue now). */
export function copiedSpan(span: Span, from: 'after' | { now: number }): Span {
  const length = span.endMs - span.startMs;
  const startMs = from === 'after' ? span.endMs : Math.floor(from.now / MINUTE_MS) * MINUTE_MS;
  return { startMs, endMs: startMs + length };
}

/** A calendar selection's local start and end in `zone`, as the entry form's fields. */
export function selectionTimes(span: Span, zone: string): EntryTimes {
  const start = localDateTimeAt(span.startMs, zone);
  const end = localDateTimeAt(span.endMs, zone);
  return { start_date: start.date, start_time: start.time, end_date: end.date, end_time: end.time };
}

/** Whole days later or earlier at the same local times of `zone` (a keyboard move to another day). */
export function shiftDays(span: Span, days: number, zone: string): Span {
  const move = (ms: number) => {
    const local = localDateTimeAt(ms, zone);
    return localToMs({ date: addDays(local.date, days), time: local.time }, zone);
  };
  return { startMs: move(span.startMs), endMs: move(span.endMs) };
}

/**
 * A new entry's span when asked for without a drag: from the end of today's last entry that has
 * ended by `now` (the next thing to log), else from `now` down to the quarter hour; an hour long.
 */
export function suggestedSpan(spans: readonly Span[], now: number, zone: string): Span {
  const today = localDateTimeAt(now, zone).date;
  let startMs = Math.floor(now / (KEY_STEP_MINUTES * MINUTE_MS)) * KEY_STEP_MINUTES * MINUTE_MS;
  let latest = -Infinity;
  for (const span of spans) {
    if (span.endMs <= now && span.endMs > latest && localDateTimeAt(span.endMs, zone).date === today) {
      latest = span.endMs;
    }
  }
  if (latest > -Infinity) startMs = latest;
  return { startMs, endMs: startMs + 60 * MINUTE_MS };
}

// The diary's running entry (issue 24): one per user, started now with a title and optional
// categories, stopped into an entry. Not an entry: it has no end, and the analysis never sees it.
// GET/POST/DELETE /diaries/running/ and POST /diaries/running/stop/ (decision 0015).
import { z } from 'zod';
import {
  DEFAULT_TIME_ZONE,
  ENTRY_MAX_CATEGORIES,
  ENTRY_MESSAGES,
  EntryCategory,
  EntryUpdate,
  TimeZone,
} from './diary';
import './errors';

/** A running entry older than this asks to be ended (the header says so and offers 'Dừng'). */
export const RUNNING_OVERDUE_HOURS = 24;

export const RUNNING_MESSAGES = {
  alreadyRunning: 'An entry is already running: stop it or discard it first.',
  notRunning: 'No entry is running.',
} as const;

export const RunningEntry = z.object({
  title: z.string(),
  /** The user's categories chosen at the start (any deleted since are left out), in title order. */
  category: z.array(EntryCategory),
  /** When it started, ISO-8601 UTC (the server's clock). */
  started_at: z.string(),
  /** The start as local date and time in `time_zone`, as the entry will have them. */
  start_date: z.string(),
  start_time: z.string(),
  time_zone: z.string(),
  /** Whole seconds since the start at the moment of the answer, by the server's clock. */
  elapsed_seconds: z.number().int(),
  /** Running for more than RUNNING_OVERDUE_HOURS: the user is asked to end it. */
  overdue: z.boolean(),
});
export type RunningEntry = z.infer<typeof RunningEntry>;
/** GET /diaries/running/: the running entry, or null when none runs (as Toggl's current entry). */
export const CurrentRunningEntry = RunningEntry.nullable();

/** POST /diaries/running/: starts now. 409 when one is running already (no silent replacement). */
export const RunningEntryStart = z.object({
  title: EntryUpdate.shape.title.unwrap(),
  category: z
    .array(z.coerce.number().int().positive().max(2_147_483_647), { error: ENTRY_MESSAGES.category })
    .max(ENTRY_MAX_CATEGORIES)
    .transform((ids) => [...new Set(ids)])
    .default([]),
  time_zone: TimeZone.default(DEFAULT_TIME_ZONE),
});
export type RunningEntryStart = z.infer<typeof RunningEntryStart>;
export type RunningEntryStartInput = z.input<typeof RunningEntryStart>;

/**
 * POST /diaries/running/stop/: what the entry needs that the running one lacks (the end, feeling,
 * place, note, feedback; categories when none were chosen), and any of its fields to change. Merged
 * over the running one (title, categories, start, time zone), the result must be a valid new entry
 * (the same messages as creating one); it is created and the running one removed in one transaction.
 */
export const RunningEntryStop = EntryUpdate;
export type RunningEntryStop = z.infer<typeof RunningEntryStop>;
export type RunningEntryStopInput = z.input<typeof RunningEntryStop>;

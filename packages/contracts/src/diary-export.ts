// The diary's export (issue 24): GET /diaries/entries/export/?start_date=&end_date=&format=csv|xlsx,
// one row per entry whose start date is in the range. The server validates the query with this
// schema; the web builds the same query and names the file the same way.
import { z } from 'zod';
import { DAY_MS } from './zone-time';
// zod speaks the API's (DRF's) words before any schema here is used (see diary.ts).
import './errors';
import { isIsoDate } from './diary';

export const ENTRY_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type EntryExportFormat = (typeof ENTRY_EXPORT_FORMATS)[number];

/** The longest range one export covers, both ends counted: a leap year. */
export const ENTRY_EXPORT_MAX_DAYS = 366;

export const ENTRY_EXPORT_MESSAGES = {
  required: 'This field is required.',
  date: 'Enter a valid date (YYYY-MM-DD).',
  endBeforeStart: 'The end date cannot be before the start date.',
  tooLong: `An export covers at most ${ENTRY_EXPORT_MAX_DAYS} days.`,
  format: 'Choose csv or xlsx.',
} as const;

/** The columns, in order, as the file's header row names them. */
export const ENTRY_EXPORT_COLUMNS = [
  'Title',
  'Feeling',
  'Start',
  'End',
  'Time zone',
  'Duration (minutes)',
  'Place',
  'Categories',
  'Jars',
  'Note',
  'Feedback',
] as const;

/** Days from `start` to `end`, both ends counted (both YYYY-MM-DD). */
export function daysInRange(start: string, end: string): number {
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / DAY_MS) + 1;
}

const ExportDate = z
  .string({ error: ENTRY_EXPORT_MESSAGES.required })
  .trim()
  .min(1, { message: ENTRY_EXPORT_MESSAGES.required, abort: true })
  .refine(isIsoDate, ENTRY_EXPORT_MESSAGES.date);

/** The query. `user` (administrators only) names whose entries; the read is recorded. */
export const EntryExportQuery = z
  .object({
    start_date: ExportDate,
    end_date: ExportDate,
    format: z.enum(ENTRY_EXPORT_FORMATS, { error: ENTRY_EXPORT_MESSAGES.format }),
    user: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  })
  .superRefine((q, ctx) => {
    if (!isIsoDate(q.start_date) || !isIsoDate(q.end_date)) return;
    const days = daysInRange(q.start_date, q.end_date);
    if (days < 1)
      ctx.addIssue({ code: 'custom', path: ['end_date'], message: ENTRY_EXPORT_MESSAGES.endBeforeStart });
    else if (days > ENTRY_EXPORT_MAX_DAYS)
      ctx.addIssue({ code: 'custom', path: ['end_date'], message: ENTRY_EXPORT_MESSAGES.tooLong });
  });
export type EntryExportQuery = z.infer<typeof EntryExportQuery>;
export type EntryExportQueryInput = z.input<typeof EntryExportQuery>;

/** The file's name: the range it covers, e.g. diary-entries_2030-01-01_2030-01-31.csv. */
export function entryExportFilename(start: string, end: string, format: EntryExportFormat): string {
  return `diary-entries_${start}_${end}.${format}`;
}

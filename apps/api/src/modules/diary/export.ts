// The diary's export (issue 24): one row per entry whose local start date is in the range, written
// as CSV (UTF-8 with a BOM, so Excel reads Vietnamese) or as an .xlsx workbook with
// write-excel-file, the sibling of the reader the users import uses. Text a spreadsheet would take
// for a formula stays text: in CSV an apostrophe goes before it (OWASP's advice on CSV injection),
// in xlsx every text is a string cell, never a formula.
import {
  ENTRY_EXPORT_COLUMNS,
  type EntryExportFormat,
  type EntryExportQuery,
  entryExportFilename,
  JAR_KEYS,
  JAR_NAMES,
  type JarKey,
} from '@staff/contracts';
import writeXlsxFile, { type Row, type SheetData } from 'write-excel-file/node';
import type { DiaryRepo, EntryRow } from './repo';
import { MINUTE_MS } from './time';

export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';
export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const EXPORT_SHEET_NAME = 'Entries';
const BOM = '\uFEFF';

/** One entry as the file shows it: local times in the entry's own zone. */
export interface ExportRow {
  title: string;
  feeling: string;
  /** YYYY-MM-DD and HH:MM, as entered, in `timeZone`. */
  start: { date: string; time: string };
  end: { date: string; time: string };
  timeZone: string;
  minutes: number;
  place: string;
  /** The categories' titles, in Vietnamese order. */
  categories: string[];
  /** The jars of those categories (a category without one: unclassified), in display order. */
  jars: string[];
  note: string;
  feedback: string;
}

export interface ExportedFile {
  filename: string;
  contentType: string;
  body: Buffer;
}

const collator = new Intl.Collator('vi');
const LIST_SEPARATOR = '; ';

/** The rows of the file, from the entries and their categories; jars by the categories' `jar_id`. */
export function exportRows(
  entries: EntryRow[],
  categoriesOf: Map<number, { id: number; title: string }[]>,
  jarOfCategory: Map<number, number | null>,
  jarKeyOf: Map<number, JarKey>,
): ExportRow[] {
  return entries.map((row) => {
    const categories = categoriesOf.get(row.id) ?? [];
    const keys = new Set<JarKey>();
    for (const c of categories) {
      const jarId = jarOfCategory.get(c.id) ?? null;
      keys.add((jarId !== null ? jarKeyOf.get(jarId) : undefined) ?? 'unclassified');
    }
    return {
      title: row.title,
      feeling: row.feeling,
      start: { date: row.start_date, time: row.start_time },
      end: { date: row.end_date, time: row.end_time },
      timeZone: row.time_zone,
      minutes: Math.round((Number(row.end_ms) - Number(row.start_ms)) / MINUTE_MS),
      place: row.place,
      categories: categories.map((c) => c.title).sort(collator.compare),
      jars: JAR_KEYS.filter((k) => keys.has(k)).map((k) => JAR_NAMES[k]),
      note: row.note,
      feedback: row.feedback,
    };
  });
}

/** Text a spreadsheet would read as a formula (or that starts with a tab or carriage return). */
export function looksLikeFormula(text: string): boolean {
  return /^[=+\-@\t\r]/.test(text);
}

/** A text field of the CSV: an apostrophe before formula-looking text, always quoted (RFC 4180). */
export function csvText(text: string): string {
  const safe = looksLikeFormula(text) ? `'${text}` : text;
  return `"${safe.replaceAll('"', '""')}"`;
}

const localDateTime = (at: { date: string; time: string }) => `${at.date} ${at.time}`;

/**
 * The CSV: a BOM, the header row, one line per entry, CRLF line ends. Start and end are written
 * YYYY-MM-DD HH:MM, which Excel reads as a date and time in any locale (dd/mm/yyyy would be read
 * month first on an English system).
 */
export function entriesCsv(rows: ExportRow[]): Buffer {
  const lines = [ENTRY_EXPORT_COLUMNS.map(csvText).join(',')];
  for (const r of rows) {
    lines.push(
      [
        csvText(r.title),
        csvText(r.feeling),
        csvText(localDateTime(r.start)),
        csvText(localDateTime(r.end)),
        csvText(r.timeZone),
        String(r.minutes),
        csvText(r.place),
        csvText(r.categories.join(LIST_SEPARATOR)),
        csvText(r.jars.join(LIST_SEPARATOR)),
        csvText(r.note),
        csvText(r.feedback),
      ].join(','),
    );
  }
  return Buffer.from(`${BOM}${lines.join('\r\n')}\r\n`, 'utf8');
}

/** The wall-clock time as a Date whose UTC fields are it: the workbook's dates have no zone. */
function wallClock(at: { date: string; time: string }): Date {
  return new Date(`${at.date}T${at.time}:00Z`);
}

/**
 * The workbook: one sheet, the header row kept in view. Start and end are date cells shown
 * dd/mm/yyyy hh:mm (the entry's wall-clock time, its zone in the next column); every text is a
 * string cell, so '=1+1' stays those four characters.
 */
export async function entriesXlsx(rows: ExportRow[]): Promise<Buffer> {
  const text = (value: string) => ({ type: String, value });
  const when = (at: { date: string; time: string }) => ({
    type: Date,
    value: wallClock(at),
    format: 'dd/mm/yyyy hh:mm',
  });
  const data: SheetData = [
    ENTRY_EXPORT_COLUMNS.map((column) => ({ value: column, fontWeight: 'bold' as const })),
    ...rows.map(
      (r): Row => [
        text(r.title),
        text(r.feeling),
        when(r.start),
        when(r.end),
        text(r.timeZone),
        { type: Number, value: r.minutes },
        text(r.place),
        text(r.categories.join(LIST_SEPARATOR)),
        text(r.jars.join(LIST_SEPARATOR)),
        text(r.note),
        text(r.feedback),
      ],
    ),
  ];
  return writeXlsxFile(data, {
    sheet: EXPORT_SHEET_NAME,
    columns: [30, 10, 17, 17, 18, 10, 20, 30, 24, 40, 40].map((width) => ({ width })),
    stickyRowsCount: 1,
  }).toBuffer();
}

/** The file for the user's entries in the query's range (whose diary it is, the service decided). */
export async function exportEntriesFile(
  repo: DiaryRepo,
  userId: number,
  query: Pick<EntryExportQuery, 'start_date' | 'end_date' | 'format'>,
): Promise<ExportedFile> {
  const entries = await repo.listEntriesStartingOn(userId, query.start_date, query.end_date);
  const [categoriesOf, categories, jars] = await Promise.all([
    repo.categoriesOfEntries(entries.map((e) => e.id)),
    repo.listCategoryJars(userId),
    repo.listJars(userId),
  ]);
  const rows = exportRows(
    entries,
    categoriesOf,
    new Map(categories.map((c) => [c.id, c.jar_id])),
    new Map(jars.map((j) => [j.id, j.key as JarKey])),
  );
  const format: EntryExportFormat = query.format;
  return {
    filename: entryExportFilename(query.start_date, query.end_date, format),
    contentType: format === 'csv' ? CSV_CONTENT_TYPE : XLSX_CONTENT_TYPE,
    body: format === 'csv' ? entriesCsv(rows) : await entriesXlsx(rows),
  };
}

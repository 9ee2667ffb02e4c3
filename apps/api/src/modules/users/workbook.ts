// Reads the rows of an uploaded .xlsx without trusting it. An .xlsx is a zip
// archive, so a small upload can inflate to gigabytes (a zip bomb) or name a
// cell a million rows down that a reader would pad out in memory. The archive
// is checked from its central directory before anything is inflated, inflated
// again under a running byte count, and only the parts that passed are handed
// to the spreadsheet reader, re-packed, so it never sees the original bytes.
import type { Readable } from 'node:stream';
import { USER_IMPORT_MAX_ROWS, USER_IMPORT_MAX_UNCOMPRESSED_BYTES } from '@staff/contracts';
import { zipSync } from 'fflate';
import readXlsxFile, { type Row } from 'read-excel-file/node';
import yauzl, { type Entry, type ZipFile } from 'yauzl';

export type WorkbookRefusalReason = 'not_xlsx' | 'corrupt' | 'too_large' | 'too_many_rows';

export class WorkbookRefused extends Error {
  constructor(
    readonly reason: WorkbookRefusalReason,
    message: string,
    /** Where it was refused: from the directory (nothing inflated), while inflating, or after. */
    readonly stage: 'directory' | 'inflating' | 'contents' = 'contents',
  ) {
    super(message);
  }
}

export const WORKBOOK_MESSAGES = {
  not_xlsx: 'The file is not an Excel workbook (.xlsx).',
  corrupt: 'The file is damaged: it could not be read as an Excel workbook (.xlsx).',
  too_large: `The workbook is too large once uncompressed (over ${USER_IMPORT_MAX_UNCOMPRESSED_BYTES / 1024 / 1024} MB).`,
  too_many_rows: `The file has more than ${USER_IMPORT_MAX_ROWS.toLocaleString('en-US')} rows. Split it into smaller files.`,
} as const satisfies Record<WorkbookRefusalReason, string>;

const refuse = (reason: WorkbookRefusalReason, stage?: WorkbookRefused['stage']) =>
  new WorkbookRefused(reason, WORKBOOK_MESSAGES[reason], stage);

/** A real workbook has a dozen or so parts. */
const MAX_ENTRIES = 1000;
const REQUIRED_PARTS = ['[Content_Types].xml', 'xl/workbook.xml'];
/** The parts the spreadsheet reader uses; images, printer settings and the like are never inflated. */
const isReadPart = (name: string) => name.endsWith('.xml') || name.endsWith('.rels');

/**
 * Furthest a non-empty cell may sit. The reader fills gaps with empty cells, so
 * a far-away cell would cost rows × columns of memory; real imports stay far inside.
 */
export const MAX_CELL_ROW = 2 * (USER_IMPORT_MAX_ROWS + 1);
export const MAX_CELL_COLUMN = 256;
/** Excel's last row; a row numbered beyond it is not a spreadsheet. */
const EXCEL_MAX_ROW = 1_048_576;

function openZip(buffer: Buffer): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(
      buffer,
      { lazyEntries: true, validateEntrySizes: true, strictFileNames: false, decodeStrings: true },
      (err, zip) => (err ? reject(err) : resolve(zip)),
    );
  });
}

/** Every entry of the central directory, read without inflating anything. */
function readDirectory(zip: ZipFile): Promise<Entry[]> {
  return new Promise((resolve, reject) => {
    const entries: Entry[] = [];
    zip.on('entry', (entry: Entry) => {
      entries.push(entry);
      if (entries.length > MAX_ENTRIES) {
        reject(refuse('corrupt', 'directory'));
        zip.close();
        return;
      }
      zip.readEntry();
    });
    zip.once('end', () => resolve(entries));
    zip.once('error', reject);
    zip.readEntry();
  });
}

function openEntry(zip: ZipFile, entry: Entry): Promise<Readable> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (err, stream) => (err ? reject(err) : resolve(stream)));
  });
}

/** Inflates one entry, adding to a running total that stops the stream the moment it passes the limit. */
async function inflateCounted(zip: ZipFile, entry: Entry, budget: { left: number }): Promise<Uint8Array> {
  const stream = await openEntry(zip, entry);
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      budget.left -= chunk.length;
      if (budget.left < 0) {
        stream.destroy();
        throw refuse('too_large', 'inflating');
      }
      chunks.push(chunk);
    }
  } catch (err) {
    if (err instanceof WorkbookRefused) throw err;
    // yauzl's validateEntrySizes: the entry inflates beyond the size its directory declared.
    if (err instanceof Error && /too many bytes/i.test(err.message)) throw refuse('too_large', 'inflating');
    throw refuse('corrupt', 'inflating');
  }
  return Buffer.concat(chunks);
}

/**
 * The workbook's XML parts, after both size checks: the declared total from the
 * directory before inflating, then the actual total while inflating.
 */
export async function extractWorkbookParts(buffer: Buffer): Promise<Map<string, Uint8Array>> {
  // Every zip, even an empty one, starts with a local header or the end record.
  if (buffer.length < 22 || buffer.readUInt16BE(0) !== 0x504b) throw refuse('not_xlsx', 'directory');
  let zip: ZipFile;
  try {
    zip = await openZip(buffer);
  } catch {
    throw refuse('corrupt', 'directory');
  }
  try {
    let entries: Entry[];
    try {
      entries = await readDirectory(zip);
    } catch (err) {
      throw err instanceof WorkbookRefused ? err : refuse('corrupt', 'directory');
    }
    const names = new Set(entries.map((e) => e.fileName));
    if (names.size !== entries.length) throw refuse('corrupt', 'directory');
    if (!REQUIRED_PARTS.every((p) => names.has(p))) throw refuse('not_xlsx', 'directory');
    if (entries.some((e) => e.isEncrypted())) throw refuse('corrupt', 'directory');
    const declared = entries.reduce((sum, e) => sum + e.uncompressedSize, 0);
    if (declared > USER_IMPORT_MAX_UNCOMPRESSED_BYTES) throw refuse('too_large', 'directory');

    const budget = { left: USER_IMPORT_MAX_UNCOMPRESSED_BYTES };
    const parts = new Map<string, Uint8Array>();
    for (const entry of entries) {
      if (entry.fileName.endsWith('/') || !isReadPart(entry.fileName)) continue;
      parts.set(entry.fileName, await inflateCounted(zip, entry, budget));
    }
    return parts;
  } finally {
    zip.close();
  }
}

const CELL_WITH_CONTENT = /<(?:[\w.-]+:)?c\b[^>]*?\br="([A-Z]{1,3})(\d{1,10})"[^>]*?(\/?)>/g;
const ROW_NUMBER = /<(?:[\w.-]+:)?row\b[^>]*?\br="(\d{1,12})"/g;

function columnNumber(letters: string): number {
  let n = 0;
  for (const ch of letters) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n;
}

/** Refuses a worksheet whose cells reach so far that reading it would pad out memory. */
export function checkWorksheetExtent(xml: string): void {
  for (const m of xml.matchAll(ROW_NUMBER)) {
    if (Number(m[1]) > EXCEL_MAX_ROW) throw refuse('corrupt');
  }
  for (const m of xml.matchAll(CELL_WITH_CONTENT)) {
    if (m[3] === '/') continue; // <c r="…" s="…"/>: formatting only, no value
    if (Number(m[2]) > MAX_CELL_ROW) throw refuse('too_many_rows');
    if (columnNumber(m[1] as string) > MAX_CELL_COLUMN) throw refuse('corrupt');
  }
}

export interface WorkbookSheet {
  name: string;
  rows: Row[];
}

/** Every sheet's rows as the reader gives them: row i is spreadsheet row i + 1. */
export async function readWorkbook(buffer: Buffer): Promise<WorkbookSheet[]> {
  const parts = await extractWorkbookParts(buffer);
  const decoder = new TextDecoder();
  for (const [name, bytes] of parts) {
    if (name.startsWith('xl/worksheets/')) checkWorksheetExtent(decoder.decode(bytes));
  }
  // Stored, not deflated: the reader re-inflates only what was already measured.
  const repacked = zipSync(
    Object.fromEntries([...parts].map(([name, bytes]) => [name, [bytes, { level: 0 }]])),
  );
  try {
    const sheets = await readXlsxFile(Buffer.from(repacked.buffer, repacked.byteOffset, repacked.byteLength));
    return sheets.map((s) => ({ name: s.sheet, rows: s.data as Row[] }));
  } catch {
    throw refuse('corrupt');
  }
}

import { USER_IMPORT_COLUMNS, USER_IMPORT_MAX_UNCOMPRESSED_BYTES } from '@staff/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_EXAMPLE_EMAIL } from './import';
import { buildImportTemplate } from './template';
import {
  checkWorksheetExtent,
  extractWorkbookParts,
  MAX_CELL_COLUMN,
  MAX_CELL_ROW,
  readWorkbook,
  WorkbookRefused,
} from './workbook';
import { craftZip, storedEntry, zipBomb } from './zip-fixtures';

async function refusal(promise: Promise<unknown>): Promise<WorkbookRefused> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof WorkbookRefused) return err;
    throw err;
  }
  throw new Error('expected the workbook to be refused');
}

describe('reading an uploaded workbook', () => {
  let template: Buffer;
  beforeAll(async () => {
    template = await buildImportTemplate();
  });

  it('reads the template: its parts, then its sheets and rows', async () => {
    const parts = await extractWorkbookParts(template);
    expect([...parts.keys()]).toEqual(expect.arrayContaining(['[Content_Types].xml', 'xl/workbook.xml']));
    const sheets = await readWorkbook(template);
    expect(sheets.map((s) => s.name)).toEqual(['Users', 'Allowed values']);
    expect(sheets[0]?.rows[0]).toEqual([...USER_IMPORT_COLUMNS]);
    expect(sheets[0]?.rows[1]?.[0]).toBe(IMPORT_EXAMPLE_EMAIL);
  });

  it('refuses a file that is not a zip, and a zip that is not a workbook, by their content', async () => {
    expect(
      (await refusal(extractWorkbookParts(Buffer.from('email,password\na@b.c,secret123\n')))).reason,
    ).toBe('not_xlsx');
    const docx = craftZip([
      storedEntry('[Content_Types].xml', '<Types/>'),
      storedEntry('word/document.xml', '<w/>'),
    ]);
    expect((await refusal(extractWorkbookParts(docx))).reason).toBe('not_xlsx');
  });

  it('refuses a damaged archive', async () => {
    const truncated = template.subarray(0, template.length - 40);
    expect((await refusal(extractWorkbookParts(truncated))).reason).toBe('corrupt');
  });

  it('refuses a zip bomb from its directory, before inflating anything', async () => {
    const bomb = await zipBomb(200, true);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const refused = await refusal(extractWorkbookParts(bomb));
    expect(refused).toMatchObject({ reason: 'too_large', stage: 'directory' });
  });

  it('refuses a zip bomb whose directory lies about its size, while inflating', async () => {
    const bomb = await zipBomb(200, false);
    const before = process.memoryUsage().arrayBuffers;
    const refused = await refusal(extractWorkbookParts(bomb));
    expect(refused).toMatchObject({ reason: 'too_large', stage: 'inflating' });
    // Stopped near the declared 1 KB, nowhere near the 200 MB it would inflate to.
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(USER_IMPORT_MAX_UNCOMPRESSED_BYTES);
  });

  it('refuses cells so far away that reading them would pad out memory', () => {
    const sheet = (ref: string) =>
      `<worksheet><sheetData><row r="1"><c r="${ref}" t="s"><v>0</v></c></row></sheetData></worksheet>`;
    expect(() => checkWorksheetExtent(sheet('A1'))).not.toThrow();
    expect(() => checkWorksheetExtent(sheet(`A${MAX_CELL_ROW + 1}`))).toThrow(WorkbookRefused);
    expect(() => checkWorksheetExtent(sheet('XFD1'))).toThrow(WorkbookRefused);
    expect(MAX_CELL_COLUMN).toBeLessThan(16384);
    // A formatted but empty cell holds no value and costs nothing to read.
    expect(() => checkWorksheetExtent('<row r="9"><c r="XFD9" s="1"/></row>')).not.toThrow();
    expect(() => checkWorksheetExtent('<row r="4000000000"></row>')).toThrow(WorkbookRefused);
  });
});

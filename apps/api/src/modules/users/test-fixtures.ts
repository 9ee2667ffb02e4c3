// The users module's own test helpers: import workbooks as a person saves them from Excel, the
// file field that uploads one, and who the active administrators are. Test-only; nothing in the
// server imports it.
import writeXlsxFile, { type SheetData } from 'write-excel-file/node';
import type { TestApp } from '../../test/harness';
import { XLSX_CONTENT_TYPE } from './template';

export type Cell = string | number | boolean | null;

/** A one-sheet workbook as a person would save it from Excel. */
export function workbook(rows: Cell[][], sheet = 'Users'): Promise<Buffer> {
  return writeXlsxFile([{ sheet, data: sheetData(rows) }]).toBuffer();
}

/** Rows of values as a sheet's cells (null and undefined: an empty cell). */
export function sheetData(rows: unknown[][]): SheetData {
  return rows.map((row) =>
    row.map((value) =>
      value === null || value === undefined ? null : { value: value as string | number | boolean },
    ),
  );
}

/** The import form's `file` field: a workbook as the browser uploads it. */
export const workbookField = (file: Buffer, name = 'users.xlsx', type = XLSX_CONTENT_TYPE) => ({
  file: { file, name, type },
});

/** The ids of the active administrators, read straight from the table (the rule the service keeps). */
export async function activeAdminIds(t: TestApp): Promise<number[]> {
  const rows = await t.db
    .selectFrom('users')
    .select('id')
    .where('role', '=', 'admin')
    .where('is_active', '=', 1)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

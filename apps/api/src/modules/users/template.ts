// The import template: a "Users" sheet with the import columns and one example
// row, and an "Allowed values" sheet listing roles, genders and statuses. The
// import reads it back unchanged once the example row is replaced.
import {
  GENDERS,
  PASSWORD_MIN_LENGTH,
  ROLES,
  USER_DEFAULT_ROLE,
  USER_IMPORT_COLUMNS,
  USER_IMPORT_MAX_ROWS,
} from '@staff/contracts';
import writeXlsxFile, { type SheetData } from 'write-excel-file/node';
import { IMPORT_EXAMPLE_EMAIL, IMPORT_SHEET_NAME, type ImportColumn } from './import';

export const TEMPLATE_FILENAME = 'user_import_template.xlsx';
export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const ALLOWED_VALUES_SHEET_NAME = 'Allowed values';

const EXAMPLE: Record<ImportColumn, string> = {
  email: IMPORT_EXAMPLE_EMAIL,
  first_name: 'An',
  middle_name: 'Văn',
  last_name: 'Nguyễn',
  phone: '0912345678',
  role: USER_DEFAULT_ROLE,
  gender: 'M',
  is_active: 'true',
  password: 'change-me-2024',
};

const GENDER_NAMES: Record<(typeof GENDERS)[number], string> = { M: 'male', F: 'female', O: 'other' };

/** Column by column, as the "Allowed values" sheet lists them. */
const ALLOWED = {
  role: [...ROLES],
  gender: [...GENDERS.map((g) => `${g} (${GENDER_NAMES[g]})`), '(blank: not set)'],
  is_active: ['true', 'false', '1', '0', 'yes', 'no', '(blank: true)'],
  Notes: [
    `Replace the example row on the "${IMPORT_SHEET_NAME}" sheet with one row per user; keep the header row.`,
    `email and password are required; a password has at least ${PASSWORD_MIN_LENGTH} characters.`,
    `A blank role means ${USER_DEFAULT_ROLE}.`,
    'E-mails must be new: one already in use, or repeated in the file, refuses the file.',
    'Type phone numbers as text (format the column as Text) so a leading 0 is kept.',
    `The file is imported whole or not at all; at most ${USER_IMPORT_MAX_ROWS.toLocaleString('en-US')} users per file.`,
  ],
};

export async function buildImportTemplate(): Promise<Buffer> {
  const bold = { fontWeight: 'bold' } as const;
  const users: SheetData = [
    USER_IMPORT_COLUMNS.map((column) => ({ value: column, ...bold })),
    // Text cells ("@"), so Excel keeps the phone's leading zero and turns nothing into a number.
    USER_IMPORT_COLUMNS.map((column) => ({ value: EXAMPLE[column], type: String, format: '@' })),
  ];
  const lists = Object.values(ALLOWED);
  const allowed: SheetData = [
    Object.keys(ALLOWED).map((title) => ({ value: title, ...bold })),
    ...Array.from({ length: Math.max(...lists.map((l) => l.length)) }, (_, i) =>
      lists.map((list) => (list[i] === undefined ? null : { value: list[i] })),
    ),
  ];
  return writeXlsxFile([
    {
      sheet: IMPORT_SHEET_NAME,
      data: users,
      columns: USER_IMPORT_COLUMNS.map(() => ({ width: 20 })),
      stickyRowsCount: 1,
    },
    {
      sheet: ALLOWED_VALUES_SHEET_NAME,
      data: allowed,
      columns: [{ width: 12 }, { width: 18 }, { width: 14 }, { width: 100 }],
    },
  ]).toBuffer();
}

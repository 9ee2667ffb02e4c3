// Turns the rows of an import workbook into users to create, or into the
// problems that refuse the whole file, each with its spreadsheet row number
// (the header is row 1) and column. No I/O: the service checks the database.
import {
  GENDERS,
  ROLES,
  USER_DEFAULT_ROLE,
  USER_IMPORT_COLUMNS,
  USER_IMPORT_MAX_ROWS,
  UserCreate,
  type UserImportProblem,
} from '@staff/contracts';
import type { Row } from 'read-excel-file/node';
import { WORKBOOK_MESSAGES, WorkbookRefused, type WorkbookSheet } from './workbook';

export type ImportColumn = (typeof USER_IMPORT_COLUMNS)[number];

/** The sheet the template writes; any other workbook is read from its first sheet. */
export const IMPORT_SHEET_NAME = 'Users';
/** The template's example e-mail: a file still holding it was not filled in. */
export const IMPORT_EXAMPLE_EMAIL = 'example.user@example.com';
const REQUIRED_COLUMNS: readonly ImportColumn[] = ['email', 'password'];

export interface ImportCandidate {
  /** Spreadsheet row number. */
  row: number;
  user: UserCreate;
}

/** Accounts' rule on which passwords may not be used (a common one): the message, or null. */
export type PasswordRefusal = (password: string) => string | null;

export interface CheckedImport {
  candidates: ImportCandidate[];
  problems: UserImportProblem[];
}

export function pickImportSheet(sheets: WorkbookSheet[]): WorkbookSheet | undefined {
  return sheets.find((s) => s.name.trim().toLowerCase() === IMPORT_SHEET_NAME.toLowerCase()) ?? sheets[0];
}

/** A cell as the text a person typed: numbers without a trailing .0, TRUE/FALSE as true/false. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  return String(value).trim();
}

const TRUE_WORDS = new Set(['true', '1', 'yes', 'y']);
const FALSE_WORDS = new Set(['false', '0', 'no', 'n']);

/** Column messages worded for someone fixing a spreadsheet rather than a form. */
const MESSAGES = {
  role: (v: string) =>
    `Unknown role "${v}". Use one of: ${ROLES.join(', ')} (blank means ${USER_DEFAULT_ROLE}).`,
  gender: (v: string) => `Unknown gender "${v}". Use one of: ${GENDERS.join(', ')}, or leave it blank.`,
  isActive: (v: string) =>
    `"${v}" is not true or false. Use true, false, 1, 0, yes, no, or leave it blank (true).`,
  duplicateInFile: (first: number) => `This e-mail is already on row ${first} of the file.`,
  example: "This is the template's example row: replace it with a real user.",
} as const;

interface HeaderMap {
  columns: Map<ImportColumn, number>;
  problems: UserImportProblem[];
}

function readHeader(header: Row | undefined): HeaderMap {
  const columns = new Map<ImportColumn, number>();
  const problems: UserImportProblem[] = [];
  const known = new Set<string>(USER_IMPORT_COLUMNS);
  (header ?? []).forEach((cell, index) => {
    const name = cellText(cell).toLowerCase();
    if (name === '') return;
    if (!known.has(name)) {
      problems.push({ row: 1, column: name, message: `Unknown column "${cellText(cell)}".` });
    } else if (columns.has(name as ImportColumn)) {
      problems.push({ row: 1, column: name, message: `The column "${name}" appears twice.` });
    } else {
      columns.set(name as ImportColumn, index);
    }
  });
  for (const column of REQUIRED_COLUMNS) {
    if (!columns.has(column)) {
      problems.push({ row: 1, column, message: `The required column "${column}" is missing.` });
    }
  }
  return { columns, problems };
}

/** One data row → the user form's fields, with spreadsheet spellings normalised first. */
function checkRow(
  values: Record<ImportColumn, string>,
  row: number,
  passwordRefusal: PasswordRefusal,
): { user?: UserCreate; problems: UserImportProblem[] } {
  const problems: UserImportProblem[] = [];
  const problem = (column: ImportColumn, message: string) => problems.push({ row, column, message });

  const role = values.role.toLowerCase();
  if (role !== '' && !(ROLES as readonly string[]).includes(role))
    problem('role', MESSAGES.role(values.role));
  const gender = values.gender.toUpperCase();
  if (gender !== '' && !(GENDERS as readonly string[]).includes(gender)) {
    problem('gender', MESSAGES.gender(values.gender));
  }
  const activeWord = values.is_active.toLowerCase();
  const isActive =
    activeWord === '' ? true : TRUE_WORDS.has(activeWord) ? true : FALSE_WORDS.has(activeWord) ? false : null;
  if (isActive === null) problem('is_active', MESSAGES.isActive(values.is_active));
  if (values.email.toLowerCase() === IMPORT_EXAMPLE_EMAIL) problem('email', MESSAGES.example);

  const parsed = UserCreate.safeParse({
    email: values.email,
    first_name: values.first_name,
    middle_name: values.middle_name,
    last_name: values.last_name,
    phone: values.phone,
    ...(role !== '' ? { role } : {}),
    gender,
    is_active: isActive ?? true,
    password: values.password,
  });
  const refused = parsed.success ? passwordRefusal(parsed.data.password) : null;
  if (refused) problem('password', refused);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const column = String(issue.path[0] ?? '') as ImportColumn;
      // Role, gender and is_active already carry a spreadsheet-worded message.
      if (column === 'role' || column === 'gender' || column === 'is_active') continue;
      problem(column, issue.message);
    }
  }
  if (problems.length > 0 || !parsed.success) return { problems };
  return { user: { ...parsed.data, email: parsed.data.email.toLowerCase() }, problems };
}

/**
 * Checks the header and every data row. Empty rows are skipped; more than
 * USER_IMPORT_MAX_ROWS data rows refuses the file outright.
 */
export function checkImportRows(rows: Row[], passwordRefusal: PasswordRefusal): CheckedImport {
  const header = readHeader(rows[0]);
  const dataRows: { row: number; cells: Row }[] = [];
  rows.forEach((cells, index) => {
    if (index === 0 || cells.every((c) => cellText(c) === '')) return;
    dataRows.push({ row: index + 1, cells });
  });
  if (dataRows.length > USER_IMPORT_MAX_ROWS) {
    throw new WorkbookRefused('too_many_rows', WORKBOOK_MESSAGES.too_many_rows);
  }
  if (header.problems.length > 0) return { candidates: [], problems: header.problems };

  const candidates: ImportCandidate[] = [];
  const problems: UserImportProblem[] = [];
  const firstRowOfEmail = new Map<string, number>();
  for (const { row, cells } of dataRows) {
    const values = Object.fromEntries(
      USER_IMPORT_COLUMNS.map((column) => {
        const index = header.columns.get(column);
        return [column, index === undefined ? '' : cellText(cells[index])];
      }),
    ) as Record<ImportColumn, string>;
    const checked = checkRow(values, row, passwordRefusal);
    problems.push(...checked.problems);

    const email = values.email.toLowerCase();
    if (email !== '') {
      const first = firstRowOfEmail.get(email);
      if (first !== undefined)
        problems.push({ row, column: 'email', message: MESSAGES.duplicateInFile(first) });
      else firstRowOfEmail.set(email, row);
    }
    if (checked.user) candidates.push({ row, user: checked.user });
  }
  return { candidates, problems };
}

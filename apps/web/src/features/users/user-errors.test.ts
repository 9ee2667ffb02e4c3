import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { importFailureLines, isXlsxFile, saveErrorMessage, templateFailureLines } from './user-errors';

describe('saveErrorMessage', () => {
  it("prefers the server's detail", () => {
    expect(saveErrorMessage(new ApiError(400, { detail: 'You cannot remove the last administrator.' }))).toBe(
      'You cannot remove the last administrator.',
    );
  });

  it('else shows the whole error object as text', () => {
    const body = { email: ['A user with this email already exists.'] };
    expect(saveErrorMessage(new ApiError(400, body))).toBe(JSON.stringify(body));
  });

  it("else says 'Failed to save user'", () => {
    expect(saveErrorMessage(new ApiError(502, null))).toBe('Failed to save user');
    expect(saveErrorMessage(new ApiError(400, {}))).toBe('Failed to save user');
    expect(saveErrorMessage(new TypeError('Failed to fetch'))).toBe('Failed to save user');
  });
});

describe('importFailureLines', () => {
  it('lists the row problems after the summary', () => {
    const error = new ApiError(400, {
      detail: '2 rows have problems; nothing was imported.',
      problems: [
        { row: 7, column: 'email', message: 'A user with this email already exists.' },
        { row: 9, column: null, message: 'The row is empty.' },
      ],
    });
    expect(importFailureLines(error)).toEqual([
      '2 rows have problems; nothing was imported.',
      'Row 7, email: A user with this email already exists.',
      'Row 9: The row is empty.',
    ]);
  });

  it('shows file errors or the detail otherwise', () => {
    expect(importFailureLines(new ApiError(400, { file: ['Upload an .xlsx file.'] }))).toEqual([
      'Upload an .xlsx file.',
    ]);
    expect(importFailureLines(new ApiError(403, { detail: 'Forbidden.' }))).toEqual(['Forbidden.']);
    expect(importFailureLines(new Error('offline'))).toEqual([]);
  });
});

describe('isXlsxFile', () => {
  it('accepts only .xlsx names', () => {
    expect(isXlsxFile(new File([''], 'users.xlsx'))).toBe(true);
    expect(isXlsxFile(new File([''], 'USERS.XLSX'))).toBe(true);
    expect(isXlsxFile(new File([''], 'users.xls'))).toBe(false);
    expect(isXlsxFile(new File([''], 'users.csv'))).toBe(false);
  });
});

describe('templateFailureLines', () => {
  it("keeps the server's detail as the second line", () => {
    expect(templateFailureLines(new ApiError(403, { detail: 'No.' }))).toEqual(['No.']);
    expect(templateFailureLines(new ApiError(500, { detail: 'Server error.' }))).toEqual(['Server error.']);
  });

  it('adds nothing without a detail', () => {
    expect(templateFailureLines(new TypeError('Failed to fetch'))).toEqual([]);
    expect(templateFailureLines(new ApiError(502, null))).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import {
  importFailureLines,
  isXlsxFile,
  saveErrorMessage,
  templateFailureLines,
  userFieldErrors,
} from './user-errors';

describe('saveErrorMessage', () => {
  it("prefers the server's detail", () => {
    expect(saveErrorMessage(new ApiError(400, { detail: 'You cannot remove the last administrator.' }))).toBe(
      'You cannot remove the last administrator.',
    );
  });

  it('asks to correct the fields below when the refused fields are on the form, never the JSON', () => {
    const body = { password: ['This password is too common.'] };
    expect(saveErrorMessage(new ApiError(400, body))).toBe('Please correct the errors below.');
    expect(saveErrorMessage(new ApiError(400, { username: ['Taken.'] }))).toBe(
      'Please correct the errors below.',
    );
  });

  it('words a refusal of something the form has no field for', () => {
    const body = { email: ['A user with this email already exists.'], non_field_errors: ['Try later.'] };
    expect(saveErrorMessage(new ApiError(400, body))).toBe('Please correct the errors below. Try later.');
  });

  it('says the server failed, or could not be reached, in words', () => {
    expect(saveErrorMessage(new ApiError(500, { detail: 'Traceback (most recent call last): …' }))).toBe(
      'Failed to save user. The server failed (error 500). Please try again in a moment.',
    );
    expect(saveErrorMessage(new TypeError('Failed to fetch'))).toBe(
      'Failed to save user. Could not reach the server. Check your connection and try again.',
    );
    expect(saveErrorMessage(new ApiError(400, {}))).toBe(
      'Failed to save user. The server refused the request (error 400).',
    );
    expect(saveErrorMessage(new Error('unexpected'))).toBe('Failed to save user');
  });
});

describe('userFieldErrors', () => {
  it("puts a username refusal under the e-mail, the form's sign-in name", () => {
    expect(userFieldErrors(new ApiError(400, { username: ['Taken.'] }))).toEqual({ email: 'Taken.' });
    expect(userFieldErrors(new ApiError(500, { email: ['x'] }))).toEqual({});
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
  });

  it('says the server failed or could not be reached, in words', () => {
    expect(templateFailureLines(new ApiError(500, { detail: 'Server error.' }))).toEqual([
      'The server failed (error 500). Please try again in a moment.',
    ]);
    expect(templateFailureLines(new TypeError('Failed to fetch'))).toEqual([
      'Could not reach the server. Check your connection and try again.',
    ]);
  });

  it('adds nothing to a refusal without a detail', () => {
    expect(templateFailureLines(new ApiError(403, null))).toEqual([]);
  });
});

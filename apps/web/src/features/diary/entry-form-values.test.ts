import { ENTRY_MESSAGES } from '@staff/contracts';
import { describe, expect, it } from 'vitest';
import { entryFixture } from '../../test/entries';
import {
  EMPTY_ENTRY_VALUES,
  entryPayload,
  lastUsedPlaceAndFeeling,
  validateEntryValues,
} from './entry-form-values';

const VALID = {
  ...EMPTY_ENTRY_VALUES,
  title: 'Standup',
  start_date: '2024-06-15',
  start_time: '09:00:00',
  end_date: '2024-06-15',
  end_time: '09:15',
  category: ['4'],
  place: 'Office',
  note: 'Daily sync',
};

describe('entry form validation', () => {
  it('gives each required field its message from the spec', () => {
    expect(validateEntryValues(EMPTY_ENTRY_VALUES)).toEqual({
      title: ENTRY_MESSAGES.title,
      start_date: ENTRY_MESSAGES.start_date,
      start_time: ENTRY_MESSAGES.start_time,
      end_date: ENTRY_MESSAGES.end_date,
      end_time: ENTRY_MESSAGES.end_time,
      category: ENTRY_MESSAGES.category,
      place: ENTRY_MESSAGES.place,
      note: ENTRY_MESSAGES.note,
    });
  });

  it('treats blanks as missing and feedback as optional', () => {
    expect(validateEntryValues({ ...VALID, title: '   ', place: ' ' })).toEqual({
      title: ENTRY_MESSAGES.title,
      place: ENTRY_MESSAGES.place,
    });
    expect(validateEntryValues(VALID)).toEqual({});
  });

  it('sends times as HH:MM, category ids as numbers and the time zone', () => {
    expect(entryPayload(VALID, 'Asia/Ho_Chi_Minh')).toMatchObject({
      start_time: '09:00',
      end_time: '09:15',
      category: [4],
      feeling: 'happy',
      time_zone: 'Asia/Ho_Chi_Minh',
    });
  });
});

describe('a new entry prefilled from the latest one', () => {
  const entry = entryFixture;

  it('starts with the place and feeling of the latest entry by its start, whatever the order given', () => {
    const older = entry({ id: 2, start_at: '2026-11-30T02:00:00Z', place: 'Nhà', feeling: 'tired' });
    const newer = entry({
      id: 3,
      start_at: '2026-12-02T02:00:00Z',
      place: 'Quán cà phê',
      feeling: 'excited',
    });
    expect(lastUsedPlaceAndFeeling([older, newer, entry({})])).toEqual({
      place: 'Quán cà phê',
      feeling: 'excited',
    });
    expect(lastUsedPlaceAndFeeling([])).toEqual({ place: '', feeling: 'happy' });
  });
});

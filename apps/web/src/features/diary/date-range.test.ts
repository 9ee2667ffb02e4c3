import { describe, expect, it } from 'vitest';
import { addLocalDays, defaultEntryRange, toLocalIsoDate } from './date-range';

describe('defaultEntryRange', () => {
  it('runs from 5 days before today to 1 day after', () => {
    expect(defaultEntryRange(new Date(2024, 5, 15, 10, 30))).toEqual({
      start_date: '2024-06-10',
      end_date: '2024-06-16',
    });
  });

  it('crosses month and year ends', () => {
    expect(defaultEntryRange(new Date(2025, 0, 3))).toEqual({
      start_date: '2024-12-29',
      end_date: '2025-01-04',
    });
    expect(defaultEntryRange(new Date(2024, 1, 29, 23, 59))).toEqual({
      start_date: '2024-02-24',
      end_date: '2024-03-01',
    });
  });

  it('uses the local date, also just after midnight', () => {
    expect(toLocalIsoDate(new Date(2024, 2, 1, 0, 5))).toBe('2024-03-01');
    expect(toLocalIsoDate(addLocalDays(new Date(2024, 2, 1, 0, 5), -1))).toBe('2024-02-29');
  });
});

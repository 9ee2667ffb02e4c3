import { describe, expect, it } from 'vitest';
import { leaderboardQuery, normalizeLeaderboardFilter } from './leaderboard-filter';

describe('leaderboard filter', () => {
  it('keeps the year at 2000 or later and the month within 1–12', () => {
    const base = { range: 'month', includeGuests: false } as const;
    expect(normalizeLeaderboardFilter({ ...base, year: 1999, month: 0 })).toMatchObject({
      year: 2000,
      month: 1,
    });
    expect(normalizeLeaderboardFilter({ ...base, year: 2026, month: 13 })).toMatchObject({
      year: 2026,
      month: 12,
    });
  });

  it('sends the year for a year or month range, the month only for a month range', () => {
    expect(leaderboardQuery({ range: 'all', year: 2026, month: 5, includeGuests: false })).toEqual({
      range: 'all',
    });
    expect(leaderboardQuery({ range: 'year', year: 2026, month: 5, includeGuests: true })).toEqual({
      range: 'year',
      year: '2026',
      include_guests: 'true',
    });
    expect(leaderboardQuery({ range: 'month', year: 2026, month: 5, includeGuests: false })).toEqual({
      range: 'month',
      year: '2026',
      month: '5',
    });
  });
});

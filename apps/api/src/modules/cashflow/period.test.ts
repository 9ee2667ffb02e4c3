import { describe, expect, it } from 'vitest';
import { leaderboardPeriods, periodOf } from './period';

describe('leaderboard periods in Asia/Ho_Chi_Minh', () => {
  it('files an instant under its month in Vietnam (UTC+7)', () => {
    expect(periodOf(Date.parse('2026-01-31T16:59:59.999Z'))).toBe(202601);
    expect(periodOf(Date.parse('2026-01-31T17:00:00Z'))).toBe(202602);
    expect(periodOf(Date.parse('2025-12-31T16:59:59Z'))).toBe(202512);
    expect(periodOf(Date.parse('2025-12-31T17:00:00Z'))).toBe(202601);
  });

  it('follows a zone with daylight saving time when given one', () => {
    // Berlin is UTC+2 on 31 March 2026: 22:30 UTC is already April there.
    expect(periodOf(Date.parse('2026-03-31T22:30:00Z'), 'Europe/Berlin')).toBe(202604);
    expect(periodOf(Date.parse('2026-03-31T21:59:00Z'), 'Europe/Berlin')).toBe(202603);
  });

  it('turns a range into months: a year is January to December, a month is itself', () => {
    expect(leaderboardPeriods({ range: 'year', year: 2026, month: 5 })).toEqual({ from: 202601, to: 202612 });
    expect(leaderboardPeriods({ range: 'month', year: 2025, month: 12 })).toEqual({
      from: 202512,
      to: 202512,
    });
    expect(leaderboardPeriods({ range: 'all', year: 2026, month: 5 })).toBeNull();
  });
});

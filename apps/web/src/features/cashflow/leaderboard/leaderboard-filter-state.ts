// The leaderboard filter as the inputs hold it: what is typed, and the last usable year and
// month the query is built from (a half-typed year such as "202" is not sent).
import type { LeaderboardFilter, LeaderboardRange } from '@staff/cashflow-engine';
import { LEADERBOARD_MIN_YEAR, LEADERBOARD_TIME_ZONE } from '@staff/contracts';
import { useState } from 'react';

/** Today's year and month in Vietnam, where the leaderboard's periods are counted. */
export function currentPeriod(now = new Date()): { year: number; month: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: LEADERBOARD_TIME_ZONE,
    year: 'numeric',
    month: 'numeric',
  }).formatToParts(now);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: part('year'), month: part('month') };
}

export function useLeaderboardFilter(initial?: Partial<LeaderboardFilter>) {
  const [filter, setFilter] = useState<LeaderboardFilter>(() => ({
    range: 'all',
    ...currentPeriod(),
    includeGuests: false,
    ...initial,
  }));
  const [yearInput, setYearInput] = useState<string | number>(filter.year);
  const [monthInput, setMonthInput] = useState<string | number>(filter.month);

  return {
    filter,
    yearInput,
    monthInput,
    setRange: (range: LeaderboardRange) => setFilter((f) => ({ ...f, range })),
    setIncludeGuests: (includeGuests: boolean) => setFilter((f) => ({ ...f, includeGuests })),
    setYear: (value: string | number) => {
      setYearInput(value);
      if (typeof value === 'number' && Number.isInteger(value) && value >= LEADERBOARD_MIN_YEAR) {
        setFilter((f) => ({ ...f, year: value }));
      }
    },
    setMonth: (value: string | number) => {
      setMonthInput(value);
      if (typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 12) {
        setFilter((f) => ({ ...f, month: value }));
      }
    },
  };
}

export type LeaderboardFilterState = ReturnType<typeof useLeaderboardFilter>;

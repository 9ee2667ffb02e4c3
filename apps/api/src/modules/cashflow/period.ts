// The leaderboard's year and month are calendar periods in Asia/Ho_Chi_Minh. A
// game is filed under the month its end falls in, as period = year * 100 +
// month (202602 is February 2026), computed here and passed to SQL as integers.
import { LEADERBOARD_TIME_ZONE, type LeaderboardQuery } from '@staff/contracts';

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: zone, year: 'numeric', month: 'numeric' });
    formatters.set(zone, f);
  }
  return f;
}

/** The month (year * 100 + month) an instant falls in, in `zone`. */
export function periodOf(epochMs: number, zone = LEADERBOARD_TIME_ZONE): number {
  const parts = formatterFor(zone).formatToParts(new Date(epochMs));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return part('year') * 100 + part('month');
}

/** The query's months as an inclusive [from, to] range, or null for all time. */
export function leaderboardPeriods(
  query: Pick<LeaderboardQuery, 'range' | 'year' | 'month'>,
): { from: number; to: number } | null {
  if (query.range === 'all' || query.year === undefined) return null;
  if (query.range === 'year') return { from: query.year * 100 + 1, to: query.year * 100 + 12 };
  const period = query.year * 100 + (query.month ?? 1);
  return { from: period, to: period };
}

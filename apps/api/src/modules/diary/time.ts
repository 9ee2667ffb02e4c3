// Time for the diary's server side: the zone maths (local date and time in an IANA zone → the
// instant it denotes, and back; calendar-day arithmetic) are the contracts' (zone-time.ts), shared
// with the web's week calendar, and re-exported here; this file adds the local days' range, the
// longest entry and a fast ISO writer. Results are passed to SQL as epoch-millisecond parameters.
// See docs/decisions/0007-diary-time-zones.md.
import { addDays, DAY_MS, ENTRY_MAX_DAYS, localToEpochMs } from '@staff/contracts';

export { addDays, DAY_MS, localDateTimeAt, localToEpochMs, MINUTE_MS, zoneOffsetMs } from '@staff/contracts';

/** [start, end) instants of the local days from `startDate` through `endDate` (both inclusive). */
export function localDayRange(
  startDate: string | undefined,
  endDate: string | undefined,
  zone: string,
): { fromMs: number | null; toMs: number | null } {
  return {
    fromMs: startDate ? localToEpochMs(startDate, '00:00', zone) : null,
    toMs: endDate ? localToEpochMs(addDays(endDate, 1), '00:00', zone) : null,
  };
}

/** No entry lasts longer, so an entry ending after t started after t minus this. */
export const MAX_ENTRY_MS = ENTRY_MAX_DAYS * DAY_MS;

/** Years 0000-9999 in milliseconds: where Date#toISOString writes a four-digit year. */
const ISO_FAST_UNTIL_MS = 253_402_300_800_000; // 10000-01-01T00:00:00.000Z
const pad2 = (n: number) => (n < 10 ? `0${n}` : `${n}`);

/**
 * `new Date(ms).toISOString()`, the same string, a few times faster (it was the presenter's largest
 * cost, two per entry): the calendar date from the day number by Howard Hinnant's civil-from-days,
 * the time of day by division. Instants before 1970 or after 9999 go through Date.
 */
export function isoInstant(ms: number): string {
  if (!(ms >= 0 && ms < ISO_FAST_UNTIL_MS) || !Number.isInteger(ms)) return new Date(ms).toISOString();
  const days = Math.floor(ms / DAY_MS);
  let rest = ms - days * DAY_MS;
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  const hour = Math.floor(rest / 3_600_000);
  rest -= hour * 3_600_000;
  const minute = Math.floor(rest / 60_000);
  rest -= minute * 60_000;
  const second = Math.floor(rest / 1000);
  const milli = rest - second * 1000;
  const yyyy = year < 1000 ? String(year).padStart(4, '0') : String(year);
  const mmm = milli < 10 ? `00${milli}` : milli < 100 ? `0${milli}` : `${milli}`;
  return `${yyyy}-${pad2(month)}-${pad2(day)}T${pad2(hour)}:${pad2(minute)}:${pad2(second)}.${mmm}Z`;
}

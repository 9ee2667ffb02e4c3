// Zone maths for the diary: local date and time in an IANA zone → the instant
// it denotes, and calendar-day arithmetic. Node 20 has no Temporal, so offsets
// come from Intl; results are passed to SQL as epoch-millisecond parameters.
// See docs/decisions/0007-diary-time-zones.md.
import { ENTRY_MAX_DAYS } from '@staff/contracts';

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(zone, f);
  }
  return f;
}

/** The zone's offset from UTC at an instant, in milliseconds (east positive). */
export function zoneOffsetMs(zone: string, epochMs: number): number {
  const parts: Record<string, number> = {};
  for (const p of formatterFor(zone).formatToParts(new Date(epochMs))) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  const asUtc = Date.UTC(
    parts.year ?? 1970,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
  const wholeSecond = epochMs - (((epochMs % 1000) + 1000) % 1000);
  return asUtc - wholeSecond;
}

/**
 * The instant a local date (YYYY-MM-DD) and time (HH:MM) denote in `zone`.
 * A time skipped by a daylight-saving jump resolves with the offset before
 * the jump (as wall clocks and Temporal's "compatible" do); a repeated time
 * resolves to its first occurrence.
 */
export function localToEpochMs(date: string, time: string, zone: string): number {
  const key = `${date} ${time} ${zone}`;
  let ms = instants.get(key);
  if (ms === undefined) {
    if (instants.size >= INSTANTS_KEPT) instants.clear();
    ms = computeLocalToEpochMs(date, time, zone);
    instants.set(key, ms);
  }
  return ms;
}

/**
 * Answers of localToEpochMs already worked out (each costs several Intl calls; a list's window
 * asks for the same midnights over and over). Zone rules do not change while the process runs.
 */
const instants = new Map<string, number>();
const INSTANTS_KEPT = 10_000;

function computeLocalToEpochMs(date: string, time: string, zone: string): number {
  const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
  const [h, mi] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  const before = zoneOffsetMs(zone, wall - 86_400_000);
  const after = zoneOffsetMs(zone, wall + 86_400_000);
  // Try the earlier offset first so a repeated hour gives its first occurrence.
  const [first, second] = before >= after ? [before, after] : [after, before];
  for (const offset of [first, second]) {
    const t = wall - offset;
    if (zoneOffsetMs(zone, t) === offset) return t;
  }
  // In a gap: keep the offset that applied before it.
  return wall - before;
}

/** Adds whole days to a YYYY-MM-DD calendar date. */
export function addDays(date: string, days: number): string {
  const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, mo - 1, d + days)).toISOString().slice(0, 10);
}

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

export const MINUTE_MS = 60_000;
export const DAY_MS = 86_400_000;
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

// Zone maths, one implementation for the API and the web (decision 0007): the offset of an IANA
// zone at an instant, the instant a local date and time denote there, the local date and time of
// an instant, and calendar-day arithmetic. Intl only (no Temporal on Node 22), so the same code runs
// in Node and in the browser; the server's entry instants and the week calendar's moves agree.

export const MINUTE_MS = 60_000;
export const DAY_MS = 86_400_000;

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
 * Answers of localToEpochMs already worked out (each costs several Intl calls; a list's window
 * asks for the same midnights over and over). Zone rules do not change while a process runs.
 */
const instants = new Map<string, number>();
const INSTANTS_KEPT = 10_000;

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

function computeLocalToEpochMs(date: string, time: string, zone: string): number {
  const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
  const [h, mi] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  const before = zoneOffsetMs(zone, wall - DAY_MS);
  const after = zoneOffsetMs(zone, wall + DAY_MS);
  // Try the earlier offset first so a repeated hour gives its first occurrence.
  const [first, second] = before >= after ? [before, after] : [after, before];
  for (const offset of [first, second]) {
    const t = wall - offset;
    if (zoneOffsetMs(zone, t) === offset) return t;
  }
  // In a gap: keep the offset that applied before it.
  return wall - before;
}

/** The local date (YYYY-MM-DD) and time (HH:MM, 24-hour) an instant has in `zone`. */
export function localDateTimeAt(epochMs: number, zone: string): { date: string; time: string } {
  const iso = new Date(epochMs + zoneOffsetMs(zone, epochMs)).toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
}

/** Adds whole days to a YYYY-MM-DD calendar date (months, years and leap days included). */
export function addDays(date: string, days: number): string {
  const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, mo - 1, d + days)).toISOString().slice(0, 10);
}

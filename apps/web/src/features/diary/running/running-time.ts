// The running entry's clock: its elapsed time from the server's answer (not the browser's clock, which
// may be off), and the stop dialog's "now" in the entry's time zone.
import { localDateTimeAt } from '@staff/contracts';

/** Seconds elapsed now, from the server's count at the answer and the time since it arrived. */
export function elapsedSecondsNow(elapsedAtAnswer: number, answeredAtMs: number, nowMs: number): number {
  return Math.max(0, elapsedAtAnswer + Math.floor((nowMs - answeredAtMs) / 1000));
}

/** H:MM:SS (hours grow past 24: a forgotten entry shows how long it has run). */
export function formatElapsed(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const seconds = s % 60;
  return `${hours}:${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
}

/** The local date (YYYY-MM-DD) and time (HH:MM) of an instant in an IANA zone (the contracts' zone maths). */
export function localDateTimeIn(zone: string, at: Date): { date: string; time: string } {
  return localDateTimeAt(at.getTime(), zone);
}

/**
 * The end the stop dialog offers: now, or a minute after the start when stopped within the minute it
 * started (an entry must end after it starts).
 */
export function offeredEnd(
  start: { date: string; time: string },
  now: { date: string; time: string },
): { date: string; time: string } {
  const startKey = `${start.date}T${start.time}`;
  if (`${now.date}T${now.time}` > startKey) return now;
  const [h, m] = start.time.split(':').map(Number) as [number, number];
  const [y, mo, d] = start.date.split('-').map(Number) as [number, number, number];
  const next = new Date(Date.UTC(y, mo - 1, d, h, m + 1));
  const iso = next.toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
}

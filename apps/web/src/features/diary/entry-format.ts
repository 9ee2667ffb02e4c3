// How the diary shows times, durations, feelings and jar shares.
import { FEELING_EMOJI, type Feeling } from '@staff/contracts';

/** A time of day cut to HH:MM (inputs and the API may add seconds). */
export function toHhMm(time: string): string {
  return time.slice(0, 5);
}

/** Minutes as hours and minutes: 0 → "0 min", 45 → "45 min", 60 → "1 h", 150 → "2 h 30 min". */
export function formatDuration(totalMinutes: number): string {
  const minutes = Math.max(0, Math.round(totalMinutes));
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m} min`;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}

export function feelingLabel(feeling: Feeling): string {
  return `${FEELING_EMOJI[feeling]} ${feeling.charAt(0).toUpperCase()}${feeling.slice(1)}`;
}

/** A percentage with at most one decimal: 33.3333 → "33.3%", 25 → "25%". */
export function formatPercent(value: number): string {
  return `${Math.round(value * 10) / 10}%`;
}

/** 2024-06-15 → 15/06/2024 (Vietnamese order). */
export function formatDate(isoDate: string): string {
  const [y, m, d] = isoDate.split('-');
  return y && m && d ? `${d}/${m}/${y}` : isoDate;
}

/** "15/06/2024 08:00 – 10:30", or "15/06/2024 08:00 – 16/06/2024 01:00" across days. */
export function formatEntrySpan(entry: {
  start_date: string;
  start_time: string;
  end_date: string;
  end_time: string;
}): string {
  const start = `${formatDate(entry.start_date)} ${toHhMm(entry.start_time)}`;
  const end =
    entry.end_date === entry.start_date
      ? toHhMm(entry.end_time)
      : `${formatDate(entry.end_date)} ${toHhMm(entry.end_time)}`;
  return `${start} – ${end}`;
}

// The entries list's default date filter (spec section 9): 5 days before today to 1 day after, local time.
import { ENTRY_FILTER_DAYS_AFTER, ENTRY_FILTER_DAYS_BEFORE } from '@staff/contracts';

/** A local calendar date as YYYY-MM-DD (not toISOString, which is UTC). */
export function toLocalIsoDate(date: Date): string {
  const y = date.getFullYear();
  const m = String(date.getMonth() + 1).padStart(2, '0');
  const d = String(date.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

/** `date` moved by whole local days (month and year ends included). */
export function addLocalDays(date: Date, days: number): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);
}

export interface DateRange {
  start_date: string;
  end_date: string;
}

export function defaultEntryRange(today: Date = new Date()): DateRange {
  return {
    start_date: toLocalIsoDate(addLocalDays(today, -ENTRY_FILTER_DAYS_BEFORE)),
    end_date: toLocalIsoDate(addLocalDays(today, ENTRY_FILTER_DAYS_AFTER)),
  };
}

/** The browser's IANA time zone, sent with entries and list filters so local dates mean the same. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'Asia/Ho_Chi_Minh';
  } catch {
    return 'Asia/Ho_Chi_Minh';
  }
}

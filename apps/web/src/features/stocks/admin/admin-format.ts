// Display rules of the stock administration screens: dates as dd/mm/yyyy, the market's today, the
// holiday kinds and the price sources in words.
import {
  addDays,
  HOLIDAY_KINDS,
  localDateTimeAt,
  MARKET_TIME_ZONE,
  type MarketHoliday,
} from '@staff/contracts';

/** 'YYYY-MM-DD' as the app shows dates: 'DD/MM/YYYY'. */
export function showDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-');
  return `${day}/${month}/${year}`;
}

const WEEKDAY = new Intl.DateTimeFormat('en-GB', { weekday: 'long', timeZone: 'UTC' });

/** The weekday of a calendar date ('Monday'), whatever the browser's zone. */
export function weekdayOf(isoDate: string): string {
  return WEEKDAY.format(new Date(`${isoDate}T00:00:00Z`));
}

/** Today's date in the market's zone (Asia/Ho_Chi_Minh), as the server dates its sessions. */
export function marketToday(now = Date.now()): string {
  return localDateTimeAt(now, MARKET_TIME_ZONE).date;
}

/** The date `days` before the market's today. */
export function marketDaysAgo(days: number, now = Date.now()): string {
  return addDays(marketToday(now), -days);
}

export const HOLIDAY_KIND_LABELS: Record<MarketHoliday['kind'], string> = {
  holiday: 'Holiday',
  compensation: 'Compensation day',
  swap: 'Swapped working day',
  provisional: 'Provisional',
};

export const HOLIDAY_KIND_COLOURS: Record<MarketHoliday['kind'], string> = {
  holiday: 'red',
  compensation: 'orange',
  swap: 'blue',
  provisional: 'gray',
};

export const HOLIDAY_KIND_OPTIONS = HOLIDAY_KINDS.map((kind) => ({
  value: kind,
  label: HOLIDAY_KIND_LABELS[kind],
}));

/** Where a daily bar came from. */
export function sourceLabel(source: string): string {
  const known: Record<string, string> = {
    manual: 'Entered by hand',
    demo: 'Demo',
    vci: 'VCI',
    kbs: 'KBS',
    ssi: 'SSI',
  };
  return known[source] ?? source;
}

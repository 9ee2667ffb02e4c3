// The Vietnamese market calendar, in Asia/Ho_Chi_Minh (UTC+7 all year: Vietnam has no daylight
// saving time). Pure functions over 'YYYY-MM-DD' dates: weekends and the fixed holidays are rules,
// every other non-trading weekday comes from the per-year table (market_holidays) handed in.
import { type ExchangeCode, FIXED_HOLIDAYS } from '@staff/contracts';

const ICT_OFFSET_MS = 7 * 3600_000;
const DAY_MS = 86_400_000;

/** The market date (YYYY-MM-DD, Asia/Ho_Chi_Minh) of an instant. */
export function marketDate(now: Date): string {
  return new Date(now.getTime() + ICT_OFFSET_MS).toISOString().slice(0, 10);
}

/** Minutes since midnight, Asia/Ho_Chi_Minh, of an instant. */
export function marketMinutes(now: Date): number {
  const local = new Date(now.getTime() + ICT_OFFSET_MS);
  return local.getUTCHours() * 60 + local.getUTCMinutes();
}

/** The instant of a market-local date and time (HH:MM). */
export function marketInstant(date: string, time = '00:00'): Date {
  return new Date(Date.parse(`${date}T${time}:00Z`) - ICT_OFFSET_MS);
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** 0 Sunday … 6 Saturday. */
export function weekdayOf(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

export function isWeekend(date: string): boolean {
  const d = weekdayOf(date);
  return d === 0 || d === 6;
}

/** Monday of the (Monday-first) week containing the date. */
export function weekStart(date: string): string {
  return addDays(date, -((weekdayOf(date) + 6) % 7));
}

export function monthStart(date: string): string {
  return `${date.slice(0, 8)}01`;
}

export type SessionPhase =
  | 'closed'
  | 'pre_open'
  | 'ato'
  | 'continuous'
  | 'lunch_break'
  | 'atc'
  | 'post_close'
  | 'after_hours';

const m = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Trading sessions per exchange (markets.md §5.1), as [start, end, phase] in local minutes. */
export const SESSIONS: Record<ExchangeCode, [number, number, SessionPhase][]> = {
  HOSE: [
    [m('09:00'), m('09:15'), 'ato'],
    [m('09:15'), m('11:30'), 'continuous'],
    [m('11:30'), m('13:00'), 'lunch_break'],
    [m('13:00'), m('14:30'), 'continuous'],
    [m('14:30'), m('14:45'), 'atc'],
    [m('14:45'), m('15:00'), 'post_close'],
  ],
  HNX: [
    [m('09:00'), m('11:30'), 'continuous'],
    [m('11:30'), m('13:00'), 'lunch_break'],
    [m('13:00'), m('14:30'), 'continuous'],
    [m('14:30'), m('14:45'), 'atc'],
    [m('14:45'), m('15:00'), 'post_close'],
  ],
  UPCOM: [
    [m('09:00'), m('11:30'), 'continuous'],
    [m('11:30'), m('13:00'), 'lunch_break'],
    [m('13:00'), m('15:00'), 'continuous'],
  ],
};
/** Matching happens in these phases; prices move only then. */
const MATCHING: SessionPhase[] = ['ato', 'continuous', 'atc', 'post_close'];
export const MARKET_OPEN_MINUTES = m('09:00');
export const MARKET_CLOSE_MINUTES = m('15:00');

/** From the opening to the close (both included), market time, any day: when the intraday jobs are due. */
export function withinMarketHours(now: Date): boolean {
  const minutes = marketMinutes(now);
  return minutes >= MARKET_OPEN_MINUTES && minutes <= MARKET_CLOSE_MINUTES;
}

export interface MarketCalendar {
  /** A weekday that is neither a fixed holiday nor in the table. */
  isTradingDay(date: string): boolean;
  /** A fixed or announced holiday (weekends are not holidays, just closed). */
  isHoliday(date: string): boolean;
  /** The last trading day strictly before the date. */
  previousTradingDay(date: string): string;
  /** The first trading day on or after the date. */
  nextTradingDay(date: string): string;
  /** The first trading day of the date's Monday-first week, or null when the whole week is closed. */
  firstTradingDayOfWeek(date: string): string | null;
  /** The first trading day of the date's month, or null when the whole month is closed. */
  firstTradingDayOfMonth(date: string): string | null;
  /** The session phase at an instant for an exchange ('closed' on non-trading days). */
  phaseAt(now: Date, exchange?: ExchangeCode): SessionPhase;
  /** Any exchange is matching orders at this instant (the intraday poll's gate). */
  isMatching(now: Date): boolean;
  /**
   * The trading date a board shows at this instant: today from the opening bell (09:00) of a
   * trading day; before it, on weekends and on holidays, the last trading day.
   */
  sessionDate(now: Date): string;
}

/**
 * The function with its answers kept per date: a calendar's answers never change (its table is
 * fixed when it is made), and a board asks the same few dates once per ticker (issue 22: the date
 * arithmetic was a quarter of a 50-ticker snapshot request).
 */
function perDate<T>(answer: (date: string) => T): (date: string) => T {
  const answers = new Map<string, T>();
  return (date) => {
    if (answers.has(date)) return answers.get(date) as T;
    const value = answer(date);
    answers.set(date, value);
    return value;
  };
}

/** A calendar over the fixed holidays and the given per-year table of dates. */
export function createMarketCalendar(tableDates: Iterable<string>): MarketCalendar {
  const table = new Set(tableDates);
  const fixed = new Set<string>(FIXED_HOLIDAYS);
  const isHoliday = (date: string) => fixed.has(date.slice(5)) || table.has(date);
  const isTradingDay = perDate((date: string) => !isWeekend(date) && !isHoliday(date));

  const previousTradingDay = perDate((date: string): string => {
    let d = addDays(date, -1);
    // A year has far fewer than 60 consecutive closed days; the bound only guards bad tables.
    for (let i = 0; i < 60 && !isTradingDay(d); i++) d = addDays(d, -1);
    return d;
  });
  const nextTradingDay = perDate((date: string): string => {
    let d = date;
    for (let i = 0; i < 60 && !isTradingDay(d); i++) d = addDays(d, 1);
    return d;
  });
  function firstOnOrAfter(start: string, inPeriod: (d: string) => boolean): string | null {
    for (let d = start; inPeriod(d); d = addDays(d, 1)) if (isTradingDay(d)) return d;
    return null;
  }
  function phaseAt(now: Date, exchange: ExchangeCode = 'HOSE'): SessionPhase {
    if (!isTradingDay(marketDate(now))) return 'closed';
    const minutes = marketMinutes(now);
    if (minutes < MARKET_OPEN_MINUTES) return 'pre_open';
    for (const [start, end, phase] of SESSIONS[exchange]) if (minutes >= start && minutes < end) return phase;
    return 'after_hours';
  }
  return {
    isTradingDay,
    isHoliday,
    previousTradingDay,
    nextTradingDay,
    firstTradingDayOfWeek: perDate((date) => {
      const start = weekStart(date);
      const end = addDays(start, 7);
      return firstOnOrAfter(start, (d) => d < end);
    }),
    firstTradingDayOfMonth: perDate((date) => {
      const month = date.slice(0, 7);
      return firstOnOrAfter(monthStart(date), (d) => d.startsWith(month));
    }),
    phaseAt,
    isMatching(now) {
      return (['HOSE', 'HNX', 'UPCOM'] as const).some((ex) => MATCHING.includes(phaseAt(now, ex)));
    },
    sessionDate(now) {
      const today = marketDate(now);
      return isTradingDay(today) && marketMinutes(now) >= MARKET_OPEN_MINUTES
        ? today
        : previousTradingDay(today);
    },
  };
}

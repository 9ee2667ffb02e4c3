// The market calendar: weekends, fixed and announced holidays, the previous trading day, the first
// trading day of a week or month, and the sessions, all in Asia/Ho_Chi_Minh.
import { describe, expect, it } from 'vitest';
import {
  addDays,
  createMarketCalendar,
  marketDate,
  marketInstant,
  weekStart,
  withinMarketHours,
} from './calendar';
import { HOLIDAY_SEED } from './holidays';

const cal = createMarketCalendar(HOLIDAY_SEED.map((h) => h.date));
const at = (iso: string) => new Date(iso);

describe('market calendar', () => {
  it('counts market hours from the opening to the close, both included, in Vietnam time', () => {
    expect(withinMarketHours(marketInstant('2026-11-20', '08:59'))).toBe(false);
    expect(withinMarketHours(marketInstant('2026-11-20', '09:00'))).toBe(true);
    expect(withinMarketHours(at('2026-11-20T05:00:00Z'))).toBe(true); // 12:00 in Hà Nội
    expect(withinMarketHours(marketInstant('2026-11-20', '15:00'))).toBe(true);
    expect(withinMarketHours(marketInstant('2026-11-20', '15:01'))).toBe(false);
    expect(withinMarketHours(at('2026-11-20T09:00:00Z'))).toBe(false); // 16:00 in Hà Nội
  });

  it('closes on weekends and the fixed holidays of every year, including years not in the table', () => {
    expect(cal.isTradingDay('2026-11-20')).toBe(true); // Friday
    expect(cal.isTradingDay('2026-11-21')).toBe(false); // Saturday
    expect(cal.isTradingDay('2026-11-22')).toBe(false); // Sunday
    for (const date of ['2026-01-01', '2026-04-30', '2026-05-01', '2031-09-02', '2031-01-01']) {
      expect(cal.isTradingDay(date), date).toBe(false);
      expect(cal.isHoliday(date), date).toBe(true);
    }
    expect(cal.isHoliday('2026-11-21')).toBe(false); // a weekend is closed, not a holiday
  });

  it("closes on the year's announced days: Tết, Hùng Kings' compensation day, the second National Day day", () => {
    for (const date of ['2026-02-16', '2026-02-20', '2026-04-27', '2026-08-31', '2026-09-01']) {
      expect(cal.isTradingDay(date), date).toBe(false);
    }
    expect(cal.isTradingDay('2026-02-13')).toBe(true); // the Friday before Tết
    expect(cal.isTradingDay('2026-02-23')).toBe(true); // the Monday after
    // Without the table the same moving days are ordinary trading days.
    const bare = createMarketCalendar([]);
    expect(bare.isTradingDay('2026-02-16')).toBe(true);
    expect(bare.isTradingDay('2026-04-30')).toBe(false);
  });

  it('finds the previous trading day across a weekend and across a holiday plus a weekend', () => {
    expect(cal.previousTradingDay('2026-11-23')).toBe('2026-11-20'); // Monday → Friday
    expect(cal.previousTradingDay('2026-11-18')).toBe('2026-11-17');
    // Tue 2026-02-24 → Mon 02-23; Mon 02-23 → Fri 02-13 across the Tết week and two weekends.
    expect(cal.previousTradingDay('2026-02-24')).toBe('2026-02-23');
    expect(cal.previousTradingDay('2026-02-23')).toBe('2026-02-13');
    // Mon 2026-05-04 → Wed 04-29 (Thu 04-30 and Fri 05-01 closed, then the weekend).
    expect(cal.previousTradingDay('2026-05-04')).toBe('2026-04-29');
    // Thu 2026-09-03 → Fri 08-28 (Mon 08-31 to Wed 09-02 closed).
    expect(cal.previousTradingDay('2026-09-03')).toBe('2026-08-28');
    expect(cal.nextTradingDay('2026-02-14')).toBe('2026-02-23');
  });

  it('finds the first trading day of a week and of a month that starts on a holiday', () => {
    expect(cal.firstTradingDayOfWeek('2026-11-20')).toBe('2026-11-16');
    expect(cal.firstTradingDayOfWeek('2026-04-29')).toBe('2026-04-28'); // Monday 04-27 is the compensation day
    expect(cal.firstTradingDayOfWeek('2026-09-04')).toBe('2026-09-03'); // Mon-Wed closed
    expect(cal.firstTradingDayOfWeek('2026-02-18')).toBeNull(); // the whole Tết week is closed
    expect(cal.firstTradingDayOfMonth('2026-01-20')).toBe('2026-01-02'); // 01-01 is a holiday
    expect(cal.firstTradingDayOfMonth('2026-05-15')).toBe('2026-05-04'); // Fri 05-01 holiday, then a weekend
    expect(cal.firstTradingDayOfMonth('2026-09-30')).toBe('2026-09-03'); // 09-01, 09-02 closed
    expect(cal.firstTradingDayOfMonth('2026-11-22')).toBe('2026-11-02'); // Sun 11-01
    expect(weekStart('2026-11-22')).toBe('2026-11-16');
  });

  it('places instants in the Ho Chi Minh City day and sessions', () => {
    expect(marketDate(at('2026-11-19T16:59:00Z'))).toBe('2026-11-19');
    expect(marketDate(at('2026-11-19T17:00:00Z'))).toBe('2026-11-20'); // midnight +07:00
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    // Friday 2026-11-20, times in UTC (ICT − 7 h).
    expect(cal.phaseAt(at('2026-11-20T01:59:00Z'))).toBe('pre_open'); // 08:59
    expect(cal.phaseAt(at('2026-11-20T02:05:00Z'))).toBe('ato'); // 09:05 HOSE
    expect(cal.phaseAt(at('2026-11-20T02:05:00Z'), 'HNX')).toBe('continuous');
    expect(cal.phaseAt(at('2026-11-20T05:00:00Z'))).toBe('lunch_break'); // 12:00
    expect(cal.phaseAt(at('2026-11-20T07:40:00Z'))).toBe('atc'); // 14:40
    expect(cal.phaseAt(at('2026-11-20T07:50:00Z'), 'UPCOM')).toBe('continuous'); // 14:50 UPCOM still matches
    expect(cal.phaseAt(at('2026-11-20T08:01:00Z'))).toBe('after_hours');
    expect(cal.isMatching(at('2026-11-20T03:00:00Z'))).toBe(true);
    expect(cal.isMatching(at('2026-11-20T05:00:00Z'))).toBe(false); // lunch
    expect(cal.isMatching(at('2026-11-21T03:00:00Z'))).toBe(false); // Saturday
    expect(cal.isMatching(at('2026-04-27T03:00:00Z'))).toBe(false); // holiday
    expect(cal.phaseAt(at('2026-04-27T03:00:00Z'))).toBe('closed');
    expect(cal.sessionDate(at('2026-11-22T03:00:00Z'))).toBe('2026-11-20');
    expect(cal.sessionDate(at('2026-11-20T01:59:00Z'))).toBe('2026-11-19'); // 08:59: still Thursday's board
    expect(cal.sessionDate(at('2026-11-20T02:00:00Z'))).toBe('2026-11-20'); // the opening bell
  });
});

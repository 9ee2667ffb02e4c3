import { describe, expect, it } from 'vitest';
import {
  addDays,
  copiedSpan,
  dateFromParam,
  daySegments,
  entryTimesAt,
  localDateTimeAt,
  localToMs,
  nudgeSpan,
  rangeInstants,
  selectionTimes,
  shiftDays,
  shownRange,
  stepDate,
  suggestedSpan,
  todayIn,
  weekStart,
} from './calendar-time';

const at = (iso: string) => Date.parse(iso);
const HCM = 'Asia/Ho_Chi_Minh';
const NY = 'America/New_York';
const BERLIN = 'Europe/Berlin';

describe('week edges', () => {
  it('starts every week on Monday, across months, years and a leap day', () => {
    expect(weekStart('2026-11-30')).toBe('2026-11-30'); // a Monday
    expect(weekStart('2026-12-06')).toBe('2026-11-30'); // its Sunday
    expect(weekStart('2027-01-01')).toBe('2026-12-28'); // a Friday, week from the old year
    expect(weekStart('2024-03-01')).toBe('2024-02-26');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2023-02-28', 1)).toBe('2023-03-01');
  });

  it('shows Monday to Sunday, or one day on a phone, and steps by a week or a day', () => {
    expect(shownRange('2026-12-02', 'week')).toEqual({ start_date: '2026-11-30', end_date: '2026-12-06' });
    expect(shownRange('2026-12-02', 'day')).toEqual({ start_date: '2026-12-02', end_date: '2026-12-02' });
    expect(stepDate('2026-12-30', 'week', 1)).toBe('2027-01-06');
    expect(stepDate('2026-03-01', 'day', -1)).toBe('2026-02-28');
  });

  it('takes the date from the address bar only when it is a real date', () => {
    expect(dateFromParam('2026-02-10', '2026-11-29')).toBe('2026-02-10');
    expect(dateFromParam('2026-02-30', '2026-11-29')).toBe('2026-11-29');
    expect(dateFromParam('next week', '2026-11-29')).toBe('2026-11-29');
    expect(dateFromParam(null, '2026-11-29')).toBe('2026-11-29');
  });

  it("gives today in the user's zone, not in UTC", () => {
    // 18:30 UTC on the 29th is already the 30th in Hồ Chí Minh City, still the 29th in New York.
    expect(todayIn(HCM, at('2026-11-29T18:30:00Z'))).toBe('2026-11-30');
    expect(todayIn(NY, at('2026-11-29T18:30:00Z'))).toBe('2026-11-29');
  });

  it("bounds the week by the zone's local midnights", () => {
    const week = shownRange('2026-12-02', 'week');
    expect(rangeInstants(week, HCM)).toEqual({
      startMs: at('2026-11-29T17:00:00Z'),
      endMs: at('2026-12-06T17:00:00Z'),
    });
    // The week of the spring jump in Berlin is an hour short.
    const spring = rangeInstants(shownRange('2026-03-29', 'week'), BERLIN);
    expect(spring).toEqual({ startMs: at('2026-03-22T23:00:00Z'), endMs: at('2026-03-29T22:00:00Z') });
    expect(spring.endMs - spring.startMs).toBe((7 * 24 - 1) * 3_600_000);
  });
});

describe('entries crossing midnight and the week edge', () => {
  const week = shownRange('2026-12-02', 'week'); // 30/11 – 06/12

  it('draws an entry over midnight in the two days it touches', () => {
    const span = { startMs: at('2026-12-01T15:00:00Z'), endMs: at('2026-12-01T19:30:00Z') }; // 22:00–02:30
    expect(daySegments(span, week, HCM)).toEqual([
      { date: '2026-12-01', startMs: span.startMs, endMs: at('2026-12-01T17:00:00Z') },
      { date: '2026-12-02', startMs: at('2026-12-01T17:00:00Z'), endMs: span.endMs },
    ]);
  });

  it("keeps only the part inside the week, at the week's edges", () => {
    // Sunday 23:00 → Monday 01:00 of the next week: only the Sunday hour is shown.
    const late = { startMs: at('2026-12-06T16:00:00Z'), endMs: at('2026-12-06T18:00:00Z') };
    expect(daySegments(late, week, HCM)).toEqual([
      { date: '2026-12-06', startMs: late.startMs, endMs: at('2026-12-06T17:00:00Z') },
    ]);
    // From the Sunday before, 22:00, to Monday 06:00: from the week's first midnight.
    const early = { startMs: at('2026-11-29T15:00:00Z'), endMs: at('2026-11-29T23:00:00Z') };
    expect(daySegments(early, week, HCM)).toEqual([
      { date: '2026-11-30', startMs: at('2026-11-29T17:00:00Z'), endMs: early.endMs },
    ]);
    // Wholly outside: nothing.
    expect(
      daySegments({ startMs: at('2026-12-07T01:00:00Z'), endMs: at('2026-12-07T02:00:00Z') }, week, HCM),
    ).toEqual([]);
  });

  it('places the same instants on other days in another zone', () => {
    const span = { startMs: at('2026-12-01T15:00:00Z'), endMs: at('2026-12-01T19:30:00Z') };
    expect(daySegments(span, week, NY).map((s) => s.date)).toEqual(['2026-12-01']); // 10:00–14:30 there
  });
});

describe("moving an entry keeps its own zone's local times", () => {
  it('writes a move as local times of the entry zone, whatever zone the calendar is shown in', () => {
    // An entry kept in Hồ Chí Minh City time, dropped an hour later.
    const moved = nudgeSpan(
      { startMs: at('2026-12-01T01:00:00Z'), endMs: at('2026-12-01T02:30:00Z') },
      60,
      'move',
    );
    expect(moved).toEqual({ startMs: at('2026-12-01T02:00:00Z'), endMs: at('2026-12-01T03:30:00Z') });
    expect(entryTimesAt(moved as { startMs: number; endMs: number }, HCM)).toEqual({
      start_date: '2026-12-01',
      start_time: '09:00',
      end_date: '2026-12-01',
      end_time: '10:30',
    });
    expect(entryTimesAt(moved as { startMs: number; endMs: number }, NY)).toEqual({
      start_date: '2026-11-30',
      start_time: '21:00',
      end_date: '2026-11-30',
      end_time: '22:30',
    });
  });

  it('changes only the end with Shift, never to before the start', () => {
    const span = { startMs: at('2026-12-01T01:00:00Z'), endMs: at('2026-12-01T01:30:00Z') };
    expect(nudgeSpan(span, 15, 'end')).toEqual({ startMs: span.startMs, endMs: at('2026-12-01T01:45:00Z') });
    expect(nudgeSpan(span, -15, 'end')).toEqual({ startMs: span.startMs, endMs: at('2026-12-01T01:15:00Z') });
    expect(nudgeSpan({ startMs: span.startMs, endMs: at('2026-12-01T01:15:00Z') }, -15, 'end')).toBeNull();
  });

  it('crosses a spring-forward jump for a user abroad (New York) by the instants', () => {
    // 01:30–02:45 wall time cannot be: 02:00 is skipped on 8 March 2026. 01:30 EST is 06:30 UTC.
    const span = { startMs: at('2026-03-08T06:30:00Z'), endMs: at('2026-03-08T07:00:00Z') }; // 01:30–03:00
    expect(entryTimesAt(span, NY)).toEqual({
      start_date: '2026-03-08',
      start_time: '01:30',
      end_date: '2026-03-08',
      end_time: '03:00',
    });
    const later = nudgeSpan(span, 15, 'move') as { startMs: number; endMs: number };
    expect(entryTimesAt(later, NY)).toMatchObject({ start_time: '01:45', end_time: '03:15' });
    // The same half hour of real time as local time: 30 minutes long, though the clock says 90.
    expect(
      localToMs({ date: '2026-03-08', time: '03:00' }, NY) -
        localToMs({ date: '2026-03-08', time: '01:30' }, NY),
    ).toBe(30 * 60_000);
  });

  it('resolves a skipped local time as the server does (the offset before the jump)', () => {
    expect(localToMs({ date: '2026-03-08', time: '02:30' }, NY)).toBe(at('2026-03-08T07:30:00Z'));
    expect(localToMs({ date: '2026-03-29', time: '02:30' }, BERLIN)).toBe(at('2026-03-29T01:30:00Z'));
  });

  it('refuses a move into the second of a repeated hour, which the server would read as the first', () => {
    // 1 November 2026 in New York: 01:00–02:00 happens twice (EDT, then EST).
    const firstOnePm = at('2026-11-01T05:30:00Z'); // 01:30 EDT
    const secondOnePm = at('2026-11-01T06:30:00Z'); // 01:30 EST
    expect(localDateTimeAt(firstOnePm, NY)).toEqual(localDateTimeAt(secondOnePm, NY));
    expect(entryTimesAt({ startMs: at('2026-11-01T04:00:00Z'), endMs: firstOnePm }, NY)).toEqual({
      start_date: '2026-11-01',
      start_time: '00:00',
      end_date: '2026-11-01',
      end_time: '01:30',
    });
    expect(entryTimesAt({ startMs: at('2026-11-01T04:00:00Z'), endMs: secondOnePm }, NY)).toBeNull();
  });
});

describe('new entries from the calendar', () => {
  it("fills a dragged selection's local times in the user's zone, over midnight too", () => {
    const span = { startMs: at('2026-12-01T16:00:00Z'), endMs: at('2026-12-01T17:30:00Z') };
    expect(selectionTimes(span, HCM)).toEqual({
      start_date: '2026-12-01',
      start_time: '23:00',
      end_date: '2026-12-02',
      end_time: '00:30',
    });
  });

  it('duplicates an entry after it, and continues it from now to the minute, with its length', () => {
    const span = { startMs: at('2026-12-01T01:00:00Z'), endMs: at('2026-12-01T02:30:00Z') };
    expect(copiedSpan(span, 'after')).toEqual({ startMs: span.endMs, endMs: at('2026-12-01T04:00:00Z') });
    expect(copiedSpan(span, { now: at('2026-12-03T08:10:42Z') })).toEqual({
      startMs: at('2026-12-03T08:10:00Z'),
      endMs: at('2026-12-03T09:40:00Z'),
    });
  });
});

describe('keyboard moves to another day and entries asked for without a drag', () => {
  it('moves to the next day at the same local time, across a daylight-saving change', () => {
    // Saturday 28 March 2026 09:00–10:00 in Berlin (UTC+1) to Sunday 29 March, already UTC+2.
    const span = { startMs: at('2026-03-28T08:00:00Z'), endMs: at('2026-03-28T09:00:00Z') };
    expect(shiftDays(span, 1, BERLIN)).toEqual({
      startMs: at('2026-03-29T07:00:00Z'),
      endMs: at('2026-03-29T08:00:00Z'),
    });
    expect(shiftDays(shiftDays(span, 1, BERLIN), -1, BERLIN)).toEqual(span);
  });

  it("starts after today's last finished entry, else at the quarter hour before now", () => {
    const now = at('2026-12-01T03:40:00Z'); // 10:40 in Hồ Chí Minh City
    const yesterday = { startMs: at('2026-11-30T14:00:00Z'), endMs: at('2026-11-30T16:00:00Z') };
    const morning = { startMs: at('2026-12-01T01:00:00Z'), endMs: at('2026-12-01T02:20:00Z') };
    const later = { startMs: at('2026-12-01T05:00:00Z'), endMs: at('2026-12-01T06:00:00Z') };
    expect(suggestedSpan([yesterday, morning, later], now, HCM)).toEqual({
      startMs: morning.endMs,
      endMs: morning.endMs + 3_600_000,
    });
    expect(suggestedSpan([yesterday, later], now, HCM)).toEqual({
      startMs: at('2026-12-01T03:30:00Z'),
      endMs: at('2026-12-01T04:30:00Z'),
    });
  });
});

// The charts' time labels: vi-VN dates whatever the browser's language, from days and from instants
// already shifted to Vietnam's wall clock.
import { TickMarkType, type UTCTimestamp } from 'lightweight-charts';
import { describe, expect, it } from 'vitest';
import { crosshairTime, tickMark } from './lightweight';

const at = (iso: string) => (Date.parse(iso) / 1000) as UTCTimestamp;

describe('time labels', () => {
  it('writes the axis as 2026, 11/2026, 22/11 and 12:30', () => {
    expect(tickMark('2026-01-02', TickMarkType.Year)).toBe('2026');
    expect(tickMark('2026-11-02', TickMarkType.Month)).toBe('11/2026');
    expect(tickMark({ year: 2026, month: 11, day: 22 }, TickMarkType.DayOfMonth)).toBe('22/11');
    expect(tickMark(at('2026-11-22T12:30:00Z'), TickMarkType.Time)).toBe('12:30');
    expect(tickMark(at('2026-11-22T07:05:00Z'), TickMarkType.TimeWithSeconds)).toBe('07:05');
  });

  it('writes the crosshair’s day as dd/mm/yyyy, with the time when it has one', () => {
    expect(crosshairTime('2026-11-22')).toBe('22/11/2026');
    expect(crosshairTime(at('2026-11-22T00:00:00Z'))).toBe('22/11/2026');
    expect(crosshairTime(at('2026-11-22T09:15:00Z'))).toBe('09:15 22/11/2026');
  });
});

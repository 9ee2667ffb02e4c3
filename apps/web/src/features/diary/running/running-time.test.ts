import { describe, expect, it } from 'vitest';
import { elapsedSecondsNow, formatElapsed, localDateTimeIn, offeredEnd } from './running-time';

describe('the running clock', () => {
  it('counts on from the server’s elapsed time, whatever the browser’s clock says the start was', () => {
    expect(elapsedSecondsNow(90, 1_000_000, 1_000_000)).toBe(90);
    expect(elapsedSecondsNow(90, 1_000_000, 1_002_999)).toBe(92);
    // A clock that went back never shows a negative time.
    expect(elapsedSecondsNow(0, 1_000_000, 990_000)).toBe(0);
  });

  it('shows hours, minutes and seconds, hours past a day included', () => {
    expect(formatElapsed(0)).toBe('0:00:00');
    expect(formatElapsed(3 * 3600 + 7 * 60 + 5)).toBe('3:07:05');
    expect(formatElapsed(25 * 3600 + 59)).toBe('25:00:59');
  });

  it('reads local date and time in the entry’s zone', () => {
    const at = new Date('2030-01-10T23:30:00Z');
    expect(localDateTimeIn('Asia/Ho_Chi_Minh', at)).toEqual({ date: '2030-01-11', time: '06:30' });
    expect(localDateTimeIn('America/New_York', at)).toEqual({ date: '2030-01-10', time: '18:30' });
  });

  it('offers now as the end, or the next minute when stopped in the minute it started', () => {
    const start = { date: '2030-01-10', time: '23:59' };
    expect(offeredEnd(start, { date: '2030-01-11', time: '00:30' })).toEqual({
      date: '2030-01-11',
      time: '00:30',
    });
    expect(offeredEnd(start, { date: '2030-01-10', time: '23:59' })).toEqual({
      date: '2030-01-11',
      time: '00:00',
    });
  });
});

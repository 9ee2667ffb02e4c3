import { describe, expect, it } from 'vitest';
import { addDays, isoInstant, localDayRange, localToEpochMs, zoneOffsetMs } from './time';

const iso = (ms: number) => new Date(ms).toISOString();

describe('localToEpochMs', () => {
  it('reads Asia/Ho_Chi_Minh as UTC+7 all year', () => {
    expect(iso(localToEpochMs('2030-01-10', '08:00', 'Asia/Ho_Chi_Minh'))).toBe('2030-01-10T01:00:00.000Z');
    expect(iso(localToEpochMs('2030-07-01', '00:30', 'Asia/Ho_Chi_Minh'))).toBe('2030-06-30T17:30:00.000Z');
  });

  it('follows daylight saving time', () => {
    expect(iso(localToEpochMs('2030-01-15', '12:00', 'Europe/Berlin'))).toBe('2030-01-15T11:00:00.000Z');
    expect(iso(localToEpochMs('2030-07-15', '12:00', 'Europe/Berlin'))).toBe('2030-07-15T10:00:00.000Z');
    expect(iso(localToEpochMs('2030-07-15', '12:00', 'America/New_York'))).toBe('2030-07-15T16:00:00.000Z');
  });

  it('moves a time skipped by the spring jump forward, and takes the first of a repeated time', () => {
    // Berlin 2030-03-31: 02:00 jumps to 03:00; 02:30 does not exist.
    expect(iso(localToEpochMs('2030-03-31', '02:30', 'Europe/Berlin'))).toBe('2030-03-31T01:30:00.000Z');
    // Berlin 2030-10-27: 02:30 happens twice (first at +02:00).
    expect(iso(localToEpochMs('2030-10-27', '02:30', 'Europe/Berlin'))).toBe('2030-10-27T00:30:00.000Z');
  });

  it('handles UTC and zones with half-hour offsets', () => {
    expect(iso(localToEpochMs('2030-01-01', '00:00', 'UTC'))).toBe('2030-01-01T00:00:00.000Z');
    expect(iso(localToEpochMs('2030-01-01', '05:30', 'Asia/Kolkata'))).toBe('2030-01-01T00:00:00.000Z');
    expect(zoneOffsetMs('Asia/Kolkata', Date.UTC(2030, 0, 1))).toBe(5.5 * 3_600_000);
  });
});

describe('calendar days', () => {
  it('adds days across month and year ends', () => {
    expect(addDays('2030-12-31', 1)).toBe('2031-01-01');
    expect(addDays('2032-03-01', -1)).toBe('2032-02-29');
  });

  it('turns an inclusive local date range into [start, end) instants', () => {
    const r = localDayRange('2030-05-02', '2030-05-03', 'Asia/Ho_Chi_Minh');
    expect(iso(r.fromMs as number)).toBe('2030-05-01T17:00:00.000Z');
    expect(iso(r.toMs as number)).toBe('2030-05-03T17:00:00.000Z');
    expect(localDayRange(undefined, undefined, 'UTC')).toEqual({ fromMs: null, toMs: null });
  });
});

describe('isoInstant', () => {
  it('writes what Date#toISOString writes: edges, leap days, centuries, and random instants', () => {
    const edges = [
      0,
      1,
      999,
      86_399_999,
      Date.parse('1972-02-29T23:59:59.999Z'),
      Date.parse('2000-02-29T12:00:00.000Z'),
      Date.parse('2000-03-01T00:00:00.000Z'),
      Date.parse('2100-02-28T23:59:59.999Z'),
      Date.parse('2100-03-01T00:00:00.000Z'),
      Date.parse('2400-02-29T00:00:00.000Z'),
      Date.parse('9999-12-31T23:59:59.999Z'),
      // Outside the fast path: before 1970, after 9999, not whole milliseconds.
      -1,
      Date.parse('1969-12-31T23:59:59.000Z'),
      Date.parse('0001-01-01T00:00:00.000Z'),
      253_402_300_800_000,
      1.5,
    ];
    for (const ms of edges) expect(isoInstant(ms)).toBe(new Date(ms).toISOString());
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let i = 0; i < 20_000; i++) {
      const ms = Math.floor(random() * 253_402_300_800_000 * (i % 2 === 0 ? 1 : 0.01));
      expect(isoInstant(ms)).toBe(new Date(ms).toISOString());
    }
  });
});

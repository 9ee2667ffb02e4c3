import { describe, expect, it } from 'vitest';
import { feelingLabel, formatDuration, formatEntrySpan, formatPercent, toHhMm } from './entry-format';

describe('entry formatting', () => {
  it('shows durations as hours and minutes', () => {
    expect(formatDuration(0)).toBe('0 min');
    expect(formatDuration(45)).toBe('45 min');
    expect(formatDuration(60)).toBe('1 h');
    expect(formatDuration(150)).toBe('2 h 30 min');
    expect(formatDuration(1439.6)).toBe('24 h');
    expect(formatDuration(-5)).toBe('0 min');
  });

  it('cuts times to HH:MM', () => {
    expect(toHhMm('08:05:00')).toBe('08:05');
    expect(toHhMm('23:59')).toBe('23:59');
  });

  it('shows feelings with their emoji and percentages with one decimal', () => {
    expect(feelingLabel('happy')).toBe('😊 Happy');
    expect(formatPercent(100 / 3)).toBe('33.3%');
    expect(formatPercent(25)).toBe('25%');
  });

  it('writes the span of an entry, with the end date only when it differs', () => {
    const day = { start_date: '2024-06-15', end_date: '2024-06-15' };
    expect(formatEntrySpan({ ...day, start_time: '08:00:00', end_time: '10:30' })).toBe(
      '15/06/2024 08:00 – 10:30',
    );
    expect(formatEntrySpan({ ...day, end_date: '2024-06-16', start_time: '23:00', end_time: '01:00' })).toBe(
      '15/06/2024 23:00 – 16/06/2024 01:00',
    );
  });
});

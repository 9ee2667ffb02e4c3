import type { Category } from '@staff/contracts';
import { describe, expect, it } from 'vitest';
import { entryFixture } from '../../../test/entries';
import { entryJars, jarBackground, minutesPerDay, movedEntry, sameStoredEntry } from './calendar-entries';

const categories: Category[] = [
  { id: 1, title: 'Lập trình', user: 1, jar: 14, jar_key: 'development' },
  { id: 2, title: 'Đọc sách', user: 1, jar: 15, jar_key: 'education' },
  { id: 3, title: 'Ngủ trưa', user: 1, jar: 11, jar_key: 'sleep' },
  { id: 4, title: 'Linh tinh', user: 1, jar: null, jar_key: 'unclassified' },
];

const entry = entryFixture;

describe("an entry's jars and colours", () => {
  it('shows each jar of its categories once, in the jars’ order', () => {
    const several = entry({
      category: [
        { id: 2, title: 'Đọc sách' },
        { id: 1, title: 'Lập trình' },
        { id: 3, title: 'Ngủ trưa' },
        { id: 1, title: 'Lập trình' },
      ],
    });
    expect(entryJars(several, categories)).toEqual(['sleep', 'development', 'education']);
  });

  it('falls back to unclassified for a category without a jar or not known yet', () => {
    expect(entryJars(entry({ category: [{ id: 4, title: 'Linh tinh' }] }), categories)).toEqual([
      'unclassified',
    ]);
    expect(entryJars(entry({ category: [{ id: 99, title: '?' }] }), undefined)).toEqual(['unclassified']);
  });

  it("paints one jar's tint, or a band per jar", () => {
    expect(jarBackground(['development'])).toBe('var(--mantine-color-teal-1)');
    expect(jarBackground(['sleep', 'education'])).toBe(
      'linear-gradient(to right, var(--mantine-color-indigo-1) 0% 50%, var(--mantine-color-violet-1) 50% 100%)',
    );
  });
});

describe('what the calendar remembers of the entries', () => {
  const week = { start_date: '2026-11-30', end_date: '2026-12-06' };

  it('totals the minutes of each shown day, an entry over midnight on both days, overlaps in full', () => {
    const night = entry({ id: 2, start_at: '2026-12-01T16:00:00Z', end_at: '2026-12-01T18:30:00Z' }); // 23:00–01:30
    const overlapping = entry({ id: 3, start_at: '2026-12-01T02:30:00Z', end_at: '2026-12-01T03:30:00Z' });
    const totals = minutesPerDay([entry({}), night, overlapping], week, 'Asia/Ho_Chi_Minh');
    expect(Object.fromEntries(totals)).toEqual({ '2026-12-01': 60 + 60 + 60, '2026-12-02': 90 });
  });

  it('shows a moved entry at once with its new times and length', () => {
    const span = { startMs: Date.parse('2026-12-01T02:15:00Z'), endMs: Date.parse('2026-12-01T03:45:00Z') };
    const moved = movedEntry(entry({}), span, {
      start_date: '2026-12-01',
      start_time: '09:15',
      end_date: '2026-12-01',
      end_time: '10:45',
    });
    expect(moved).toMatchObject({
      start_time: '09:15',
      end_time: '10:45',
      start_at: '2026-12-01T02:15:00.000Z',
      end_at: '2026-12-01T03:45:00.000Z',
      duration_minutes: 90,
      title: 'Viết báo cáo',
    });
  });

  it('tells an entry changed elsewhere from the same one presented again', () => {
    const shown = entry({});
    // The same stored entry: instants written otherwise, categories in another order, overlap flag moved.
    const again = entry({
      start_at: '2026-12-01T02:00:00Z',
      overlaps: true,
      category: [{ id: 1, title: 'Lập trình (renamed)' }],
    });
    expect(sameStoredEntry(shown, again)).toBe(true);
    expect(sameStoredEntry(shown, entry({ title: 'Viết báo cáo (đã sửa)' }))).toBe(false);
    expect(sameStoredEntry(shown, entry({ end_at: '2026-12-01T03:15:00.000Z' }))).toBe(false);
    expect(sameStoredEntry(shown, entry({ category: [{ id: 2, title: 'Đọc sách' }] }))).toBe(false);
  });
});

import type { Entry } from '@staff/contracts';
import { describe, expect, it } from 'vitest';
import { groupEntriesByDay } from './entry-days';

let nextId = 1;
function entry(startAt: string, endAt: string, extra: Partial<Entry> = {}): Entry {
  const minutes = (Date.parse(endAt) - Date.parse(startAt)) / 60_000;
  return {
    id: nextId++,
    diary: 1,
    title: `Entry ${startAt}`,
    feeling: 'happy',
    start_date: '',
    start_time: '',
    end_date: '',
    end_time: '',
    time_zone: 'Asia/Ho_Chi_Minh',
    start_at: startAt,
    end_at: endAt,
    duration_minutes: minutes,
    place: 'Home',
    category: [],
    note: '',
    feedback: '',
    overlaps: false,
    ...extra,
  };
}

describe('groupEntriesByDay', () => {
  it('puts each entry under the local day it starts, newest day first, entries in time order', () => {
    // The API's order: newest first.
    const late = entry('2030-01-10T15:00:00Z', '2030-01-10T16:00:00Z'); // 22:00 on the 10th in Hà Nội
    const sleep = entry('2030-01-09T16:00:00Z', '2030-01-09T23:00:00Z'); // 23:00 on the 9th, 7 h
    const morning = entry('2030-01-10T01:00:00Z', '2030-01-10T03:30:00Z'); // 08:00 on the 10th
    const evening = entry('2030-01-10T12:00:00Z', '2030-01-10T13:00:00Z'); // 19:00 on the 10th
    const days = groupEntriesByDay([late, evening, morning, sleep], 'Asia/Ho_Chi_Minh');
    expect(days.map((d) => d.date)).toEqual(['2030-01-10', '2030-01-09']);
    expect(days[0]?.entries.map((e) => e.id)).toEqual([morning.id, evening.id, late.id]);
    expect(days[0]?.minutes).toBe(150 + 60 + 60);
    expect(days[1]?.entries).toEqual([sleep]);
    expect(days[1]?.minutes).toBe(420); // the whole entry, past midnight too
  });

  it('reads days in the given zone: the same instants fall on other days in UTC', () => {
    const late = entry('2030-01-10T18:00:00Z', '2030-01-10T19:00:00Z'); // 01:00 on the 11th in Hà Nội
    expect(groupEntriesByDay([late], 'Asia/Ho_Chi_Minh')[0]?.date).toBe('2030-01-11');
    expect(groupEntriesByDay([late], 'UTC')[0]?.date).toBe('2030-01-10');
  });

  it('sums overlapping entries in full, as the analysis does, and says the day has overlaps', () => {
    const lunch = entry('2030-01-10T05:00:00Z', '2030-01-10T06:00:00Z', { overlaps: true });
    const call = entry('2030-01-10T05:30:00Z', '2030-01-10T06:00:00Z', { overlaps: true });
    const [day] = groupEntriesByDay([call, lunch], 'Asia/Ho_Chi_Minh');
    expect(day?.minutes).toBe(90);
    expect(day?.overlaps).toBe(true);
    expect(groupEntriesByDay([], 'UTC')).toEqual([]);
  });
});

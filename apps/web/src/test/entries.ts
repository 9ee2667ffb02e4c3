// A diary entry as the API answers it, for component and unit tests: one hour on 01/12/2026 from
// 09:00 in Ho Chi Minh City, with one category; a test changes what it is about.
import type { Entry } from '@staff/contracts';

export function entryFixture(overrides: Partial<Entry> = {}): Entry {
  return {
    id: 1,
    diary: 1,
    title: 'Viết báo cáo',
    feeling: 'happy',
    start_date: '2026-12-01',
    start_time: '09:00',
    end_date: '2026-12-01',
    end_time: '10:00',
    time_zone: 'Asia/Ho_Chi_Minh',
    start_at: '2026-12-01T02:00:00.000Z',
    end_at: '2026-12-01T03:00:00.000Z',
    duration_minutes: 60,
    place: 'Văn phòng',
    category: [{ id: 1, title: 'Lập trình' }],
    note: 'Số liệu',
    feedback: '',
    overlaps: false,
    ...overrides,
  };
}

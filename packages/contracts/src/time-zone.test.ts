// isValidTimeZone remembers the zones it found valid (issue 22: asking Intl costs ~100 µs on every
// entry written): asked again, each answer is the first one, for valid, invalid and look-alike names.
import { describe, expect, it } from 'vitest';
import { EntryCreate, isValidTimeZone } from './diary';

describe('isValidTimeZone', () => {
  it('answers the same each time it is asked, valid or not', () => {
    const valid = ['Asia/Ho_Chi_Minh', 'Europe/London', 'UTC', 'America/Argentina/Buenos_Aires'];
    const invalid = ['', 'Asia/Nowhere', 'Mars/Olympus', 'Asia/Ho_Chi_Minh ', 'x'.repeat(65)];
    for (let round = 0; round < 3; round++) {
      for (const zone of valid) expect(isValidTimeZone(zone), zone).toBe(true);
      for (const zone of invalid) expect(isValidTimeZone(zone), zone).toBe(false);
    }
  });

  it('never remembers an invalid name as valid, however many valid ones come before', () => {
    for (let i = 0; i < 1200; i++) expect(isValidTimeZone(i % 2 ? 'Asia/Saigon' : 'Etc/GMT+5')).toBe(true);
    expect(isValidTimeZone('Asia/Saigon2')).toBe(false);
    const body = {
      title: 't',
      start_date: '2030-01-01',
      start_time: '08:00',
      end_date: '2030-01-01',
      end_time: '09:00',
      category: [1],
      place: 'p',
      note: 'n',
    };
    expect(EntryCreate.safeParse({ ...body, time_zone: 'Asia/Saigon' }).success).toBe(true);
    expect(EntryCreate.safeParse({ ...body, time_zone: 'Asia/Saigon2' }).success).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { compareVi, sortByVi } from './collate';

describe('Vietnamese collation', () => {
  it('orders accented first letters as Vietnamese does, not by code point', () => {
    const titles = ['Thiết kế', 'Đầu tư CK', 'Ăn uống', 'Dọn dẹp', 'Ân cần', 'Bơi', 'An toàn', 'Ê-kíp', 'Em'];
    expect([...titles].sort(compareVi)).toEqual([
      'An toàn',
      'Ăn uống',
      'Ân cần',
      'Bơi',
      'Dọn dẹp',
      'Đầu tư CK',
      'Em',
      'Ê-kíp',
      'Thiết kế',
    ]);
    // The order code points give, which the lists used to show.
    expect([...titles].sort()).not.toEqual([...titles].sort(compareVi));
  });

  it('puts Đ after every D and before E, and ignores case', () => {
    expect(compareVi('Đá', 'Dz')).toBeGreaterThan(0);
    expect(compareVi('Đz', 'E')).toBeLessThan(0);
    expect(sortByVi(['ăn', 'An', 'bơi'], (t) => t)).toEqual(['An', 'ăn', 'bơi']);
  });

  it('sorts numbers inside names by value, and sorts a copy by a key', () => {
    const jars = [{ name: 'Hũ 10' }, { name: 'Hũ 2' }];
    const sorted = sortByVi(jars, (j) => j.name);
    expect(sorted.map((j) => j.name)).toEqual(['Hũ 2', 'Hũ 10']);
    expect(jars[0]?.name).toBe('Hũ 10');
  });
});

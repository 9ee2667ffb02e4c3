import { describe, expect, it } from 'vitest';
import { overlappingIds } from './overlaps';

describe('overlappingIds', () => {
  it('marks both entries of an overlap and neither of two that only touch', () => {
    expect(
      overlappingIds([
        { id: 1, startMs: 0, endMs: 10 },
        { id: 2, startMs: 5, endMs: 15 },
        { id: 3, startMs: 15, endMs: 20 },
        { id: 4, startMs: 30, endMs: 40 },
      ]),
    ).toEqual(new Set([1, 2]));
  });

  it('finds an entry inside a long one, equal starts, and chains, whatever the input order', () => {
    expect(
      overlappingIds([
        { id: 5, startMs: 100, endMs: 110 },
        { id: 1, startMs: 0, endMs: 1000 },
        { id: 7, startMs: 2000, endMs: 2010 },
        { id: 8, startMs: 2000, endMs: 2005 },
        { id: 9, startMs: 3000, endMs: 3010 },
      ]),
    ).toEqual(new Set([1, 5, 7, 8]));
  });

  it('agrees with comparing every pair', () => {
    let seed = 42;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const spans = Array.from({ length: 300 }, (_, id) => {
      const startMs = Math.floor(random() * 10_000);
      return { id, startMs, endMs: startMs + 1 + Math.floor(random() * 60) };
    });
    const expected = new Set<number>();
    for (const a of spans)
      for (const b of spans)
        if (a.id !== b.id && a.startMs < b.endMs && b.startMs < a.endMs) expected.add(a.id);
    expect(expected.size).toBeGreaterThan(0);
    expect(overlappingIds(spans)).toEqual(expected);
  });
});

// The crossing rule of a watchlist item's target (issue 26): the side a target takes when it is set
// (targetSide) and whether the price has crossed it since (targetCrossed), at their edges.
import { describe, expect, it } from 'vitest';
import { type TargetDirection, targetCrossed, targetSide, WatchlistItemUpdate } from './stocks';

const item = (target_price: number | null, target_direction: TargetDirection | null) => ({
  target_price,
  target_direction,
});

describe('targetSide', () => {
  it('is above for a target over the price and below for one under it', () => {
    expect(targetSide(55_000, 50_000)).toBe('above');
    expect(targetSide(45_000, 50_000)).toBe('below');
    expect(targetSide(50_000.5, 50_000)).toBe('above');
  });

  it('has no side for a target at the price, with no price known, or with no target', () => {
    expect(targetSide(50_000, 50_000)).toBeNull();
    expect(targetSide(50_000, null)).toBeNull();
    expect(targetSide(null, 50_000)).toBeNull();
    expect(targetSide(null, null)).toBeNull();
    expect(targetSide(50_000, Number.NaN)).toBeNull();
  });
});

describe('targetCrossed', () => {
  it('crosses a target above once the price reaches it, exactly at it included', () => {
    const above = item(55_000, 'above');
    expect(targetCrossed(above, 54_999)).toBe(false);
    expect(targetCrossed(above, 55_000)).toBe(true);
    expect(targetCrossed(above, 60_000)).toBe(true);
  });

  it('crosses a target below once the price falls to it, exactly at it included', () => {
    const below = item(45_000, 'below');
    expect(targetCrossed(below, 45_001)).toBe(false);
    expect(targetCrossed(below, 45_000)).toBe(true);
    expect(targetCrossed(below, 40_000)).toBe(true);
  });

  it('never crosses with no price, no target, or a target that has no side', () => {
    expect(targetCrossed(item(55_000, 'above'), null)).toBe(false);
    expect(targetCrossed(item(55_000, 'above'), undefined)).toBe(false);
    expect(targetCrossed(item(null, null), 50_000)).toBe(false);
    // A target set with no price known (or at the price) has no side: not crossed, wherever the price goes.
    for (const price of [0, 10_000, 55_000, 100_000])
      expect(targetCrossed(item(55_000, null), price)).toBe(false);
  });

  it('agrees with the side it was set on: not crossed at the moment it is set', () => {
    for (const [target, price] of [
      [55_000, 50_000],
      [45_000, 50_000],
      [50_000, 50_000],
    ] as const) {
      expect(targetCrossed(item(target, targetSide(target, price)), price)).toBe(false);
    }
  });
});

describe('WatchlistItemUpdate', () => {
  it('takes either field, clears with an empty note or a null target, and refuses nothing sent', () => {
    expect(WatchlistItemUpdate.parse({ note: '  x  ' })).toEqual({ note: 'x' });
    expect(WatchlistItemUpdate.parse({ target_price: null })).toEqual({ target_price: null });
    expect(WatchlistItemUpdate.parse({ note: '', target_price: 1 })).toEqual({ note: '', target_price: 1 });
    expect(WatchlistItemUpdate.safeParse({}).success).toBe(false);
    expect(WatchlistItemUpdate.safeParse({ target_price: 0 }).error?.issues[0]?.message).toBe(
      'Ensure this value is greater than 0.',
    );
    expect(WatchlistItemUpdate.safeParse({ note: 'n'.repeat(501) }).error?.issues[0]?.message).toBe(
      'Ensure this field has no more than 500 characters.',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { mergeAfterConflict } from './edit-conflict';

describe('mergeAfterConflict', () => {
  const base = { title: 'A', place: 'Office', note: 'n', category: ['1', '2'] };

  it('takes their value where the user typed nothing, keeps the typed value where only the user changed', () => {
    const mine = { ...base, title: 'Mine' };
    const theirs = { ...base, place: 'Home' };
    expect(mergeAfterConflict(base, mine, theirs)).toEqual({
      values: { ...base, title: 'Mine', place: 'Home' },
      conflicts: [],
    });
  });

  it('keeps the typed value where both changed differently and names their value', () => {
    const mine = { ...base, note: 'mine', category: ['3'] };
    const theirs = { ...base, note: 'theirs', category: ['3'] };
    expect(mergeAfterConflict(base, mine, theirs)).toEqual({
      values: mine,
      conflicts: [{ field: 'note', theirs: 'theirs' }],
    });
  });

  it('compares lists as sets, so a reordered list is no change', () => {
    const mine = { ...base, category: ['2', '1'] };
    const theirs = { ...base, category: ['1', '2', '4'] };
    expect(mergeAfterConflict(base, mine, theirs).values.category).toEqual(['1', '2', '4']);
  });
});

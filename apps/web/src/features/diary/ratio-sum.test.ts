import type { Jar, JarKey } from '@staff/contracts';
import { describe, expect, it } from 'vitest';
import { changedRatios, clampRatio, ratioSum, ratiosBalanced } from './ratio-sum';

const jar = (id: number, key: JarKey, ratio: number): Jar => ({ id, key, name: key, ratio });
const JARS = [
  jar(1, 'sleep', 0),
  jar(2, 'essential', 35),
  jar(3, 'investment', 10),
  jar(4, 'development', 15),
  jar(5, 'education', 15),
  jar(6, 'entertainment', 15),
  jar(7, 'sharing', 10),
  jar(8, 'unclassified', 0),
];

describe('ratioSum', () => {
  it('adds the targets of the jars that have one', () => {
    expect(ratioSum(JARS)).toBe(100);
    expect(ratiosBalanced(ratioSum(JARS))).toBe(true);
  });

  it('uses unsaved edits, an emptied input counting as 0', () => {
    expect(ratioSum(JARS, { 2: 40 })).toBe(105);
    expect(ratioSum(JARS, { 2: '' })).toBe(65);
    expect(ratiosBalanced(ratioSum(JARS, { 2: 40 }))).toBe(false);
  });

  it('ignores sleep and unclassified even when given a value', () => {
    expect(ratioSum([...JARS.slice(0, 7), jar(8, 'unclassified', 50)], { 1: 30 })).toBe(100);
  });
});

describe('ratio input', () => {
  it('clamps to whole numbers 0-100', () => {
    expect(clampRatio(-3)).toBe(0);
    expect(clampRatio(120)).toBe(100);
    expect(clampRatio('12.6')).toBe(13);
    expect(clampRatio('')).toBe('');
  });

  it('sends only the changed jars', () => {
    expect(changedRatios(JARS, { 2: 35, 3: 20, 1: 5, 4: '' })).toEqual([{ id: 3, ratio: 20 }]);
  });
});

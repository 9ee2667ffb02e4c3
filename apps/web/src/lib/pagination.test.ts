import { describe, expect, it } from 'vitest';
import { clampGoToPage, lastPageOf, pageWindow } from './pagination';

describe('clampGoToPage', () => {
  it.each([
    ['abc', 1],
    ['', 1],
    ['   ', 1],
    ['0', 1],
    ['-3', 1],
    ['1', 1],
    ['4', 4],
    [' 4 ', 4],
    ['7', 7],
    ['8', 7],
    ['1000', 7],
    ['2.7', 2],
    ['1e1', 7],
    ['Infinity', 1],
    ['0.5', 1],
  ])('"%s" with 7 pages → %i', (input, expected) => {
    expect(clampGoToPage(input, 7)).toBe(expected);
  });

  it('accepts numbers and never goes below page 1 on an empty list', () => {
    expect(clampGoToPage(3, 5)).toBe(3);
    expect(clampGoToPage('9', 0)).toBe(1);
  });
});

describe('lastPageOf', () => {
  it.each([
    [0, 10, 1],
    [1, 10, 1],
    [10, 10, 1],
    [11, 10, 2],
    [35, 20, 2],
    [101, 50, 3],
  ])('%i items at %i per page → %i pages', (count, size, expected) => {
    expect(lastPageOf(count, size)).toBe(expected);
  });
});

describe('pageWindow', () => {
  it('shows every page when there are at most five', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(2, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(5, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('centres five buttons on the current page', () => {
    expect(pageWindow(5, 10)).toEqual([3, 4, 5, 6, 7]);
    expect(pageWindow(4, 10)).toEqual([2, 3, 4, 5, 6]);
  });

  it('shifts the window at either end so five buttons remain', () => {
    expect(pageWindow(1, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(2, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(9, 10)).toEqual([6, 7, 8, 9, 10]);
    expect(pageWindow(10, 10)).toEqual([6, 7, 8, 9, 10]);
  });

  it('clamps a current page outside the range', () => {
    expect(pageWindow(0, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(40, 10)).toEqual([6, 7, 8, 9, 10]);
  });
});

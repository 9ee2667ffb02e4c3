// Unit tests of the jar analysis rules: equal split, unclassified, window
// clipping, midnight and multi-day entries, sleep bands and the exact edges of
// the status and colour thresholds.
import { JAR_KEYS, type JarKey } from '@staff/contracts';
import { describe, expect, it } from 'vitest';
import {
  analyse,
  analysisWindow,
  clipToWindow,
  jarColour,
  jarStatus,
  minutesByJar,
  sleepAdvice,
  splitEntryAcrossJars,
} from './analysis';

const at = (iso: string) => Date.parse(iso);
const H = 3_600_000;
// A window from Jan 8 12:00 to Jan 15 12:00 UTC.
const W0 = at('2040-01-08T12:00:00Z');
const W1 = at('2040-01-15T12:00:00Z');

describe('clipToWindow', () => {
  it('keeps an entry inside the window whole and cuts one that crosses an edge', () => {
    expect(clipToWindow(at('2040-01-10T08:00:00Z'), at('2040-01-10T09:00:00Z'), W0, W1)).toBe(H);
    expect(clipToWindow(at('2040-01-08T10:00:00Z'), at('2040-01-08T14:00:00Z'), W0, W1)).toBe(2 * H);
    expect(clipToWindow(at('2040-01-15T11:00:00Z'), at('2040-01-15T13:00:00Z'), W0, W1)).toBe(H);
    expect(clipToWindow(W0 - H, W1 + H, W0, W1)).toBe(W1 - W0);
  });

  it('gives nothing for entries outside or only touching the window', () => {
    expect(clipToWindow(W0 - 2 * H, W0, W0, W1)).toBe(0);
    expect(clipToWindow(W1, W1 + H, W0, W1)).toBe(0);
    expect(clipToWindow(W1 + H, W1 + 2 * H, W0, W1)).toBe(0);
  });
});

describe('splitEntryAcrossJars', () => {
  const entry = (start: string, end: string, jars: (JarKey | null)[]) => ({
    startMs: at(start),
    endMs: at(end),
    jars,
  });

  it('splits an entry equally among its categories and credits their jars', () => {
    const e = entry('2040-01-10T09:00:00Z', '2040-01-10T12:00:00Z', ['essential', 'education', 'sharing']);
    expect(splitEntryAcrossJars(e, W0, W1)).toEqual({ essential: 60, education: 60, sharing: 60 });
  });

  it('credits a jar twice when two categories share it', () => {
    const e = entry('2040-01-10T09:00:00Z', '2040-01-10T13:00:00Z', [
      'essential',
      'essential',
      'investment',
      null,
    ]);
    expect(splitEntryAcrossJars(e, W0, W1)).toEqual({ essential: 120, investment: 60, unclassified: 60 });
  });

  it('counts a category without a jar, and an entry without categories, as unclassified', () => {
    expect(
      splitEntryAcrossJars(entry('2040-01-10T09:00:00Z', '2040-01-10T09:30:00Z', [null]), W0, W1),
    ).toEqual({
      unclassified: 30,
    });
    expect(splitEntryAcrossJars(entry('2040-01-10T09:00:00Z', '2040-01-10T09:30:00Z', []), W0, W1)).toEqual({
      unclassified: 30,
    });
  });

  it('counts an entry that crosses the window edge only inside it', () => {
    const e = entry('2040-01-08T10:00:00Z', '2040-01-08T14:00:00Z', ['entertainment', 'sharing']);
    expect(splitEntryAcrossJars(e, W0, W1)).toEqual({ entertainment: 60, sharing: 60 });
    expect(
      splitEntryAcrossJars(entry('2040-01-01T00:00:00Z', '2040-01-01T08:00:00Z', ['sleep']), W0, W1),
    ).toEqual({});
  });

  it('counts an entry across midnight and a multi-day entry in full inside the window', () => {
    const night = entry('2040-01-09T22:00:00Z', '2040-01-10T06:00:00Z', ['sleep']);
    expect(splitEntryAcrossJars(night, W0, W1)).toEqual({ sleep: 480 });
    const trip = entry('2040-01-12T00:00:00Z', '2040-01-15T00:00:00Z', ['sharing', 'entertainment']);
    expect(splitEntryAcrossJars(trip, W0, W1)).toEqual({ sharing: 2160, entertainment: 2160 });
    // The same trip seen from a window ending on the 13th at noon: 36 hours inside.
    expect(splitEntryAcrossJars(trip, W0 - 2 * 24 * H, W1 - 2 * 24 * H)).toEqual({
      sharing: 1080,
      entertainment: 1080,
    });
  });
});

describe('minutesByJar', () => {
  it('divides each sum by the category count and credits it to its category’s jar', () => {
    const keys = new Map<number, JarKey>([
      [1, 'sleep'],
      [2, 'essential'],
      [3, 'education'],
    ]);
    // Categories 11–13 in jars 1–3, 14 in none; 99 is not among the user's (deleted meanwhile).
    const jarOfCategory = new Map<number, number | null>([
      [11, 1],
      [12, 2],
      [13, 3],
      [14, null],
    ]);
    const minutes = minutesByJar(
      [
        { categoryId: 11, categoryCount: 1, ms: 8 * H },
        { categoryId: 12, categoryCount: 2, ms: 4 * H },
        { categoryId: 13, categoryCount: 2, ms: 4 * H },
        { categoryId: 12, categoryCount: 3, ms: 3 * H },
        { categoryId: 14, categoryCount: 1, ms: H },
        { categoryId: null, categoryCount: 0, ms: H / 2 },
        { categoryId: 99, categoryCount: 2, ms: H },
      ],
      jarOfCategory,
      keys,
    );
    expect(minutes).toEqual({
      sleep: 480,
      essential: 120 + 60,
      investment: 0,
      development: 0,
      education: 120,
      entertainment: 0,
      sharing: 0,
      unclassified: 90 + 30,
    });
  });
});

describe('sleep advice', () => {
  it.each([
    [0, 'sleep_more'],
    [6.99, 'sleep_more'],
    [7, 'reasonable'],
    [8, 'reasonable'],
    [9, 'reasonable'],
    [9.01, 'too_much'],
  ] as const)('%s h per day → %s', (hours, advice) => {
    expect(sleepAdvice(hours)).toBe(advice);
  });
});

describe('jar status', () => {
  it.each([
    // Target 10: below under 9, above over 11.
    [8.99, 10, 'below_target'],
    [9, 10, 'on_target'],
    [11, 10, 'on_target'],
    [11.01, 10, 'above_target'],
    // Target 15: the 90 % and 110 % edges are 13.5 and 16.5.
    [13.49, 15, 'below_target'],
    [13.5, 15, 'on_target'],
    [16.5, 15, 'on_target'],
    [16.51, 15, 'above_target'],
    // Target 35: 31.5 and 38.5.
    [31.5, 35, 'on_target'],
    [38.5, 35, 'on_target'],
    [38.51, 35, 'above_target'],
    // Target 0: nothing is on target, anything is above it.
    [0, 0, 'on_target'],
    [0.01, 0, 'above_target'],
  ] as const)('%s %% against %s %% → %s', (percent, target, status) => {
    expect(jarStatus(percent, target)).toBe(status);
  });
});

describe('jar colour', () => {
  it.each([
    [7.99, 10, 'yellow'],
    [8, 10, 'green'],
    [10, 10, 'green'],
    [12, 10, 'green'],
    [12.01, 10, 'red'],
    [32.99, 35, 'yellow'],
    [33, 35, 'green'],
    [37, 35, 'green'],
    [37.01, 35, 'red'],
    [0, 2, 'green'],
    [0, 2.5, 'yellow'],
  ] as const)('%s %% against %s %% → %s', (percent, target, colour) => {
    expect(jarColour(percent, target)).toBe(colour);
  });
});

describe('analyse', () => {
  const jars = JAR_KEYS.map((key, i) => ({
    id: i + 1,
    key,
    ratio: key === 'sleep' || key === 'unclassified' ? null : 10,
  }));
  const minutes = (m: Partial<Record<JarKey, number>>) =>
    Object.fromEntries(JAR_KEYS.map((k) => [k, m[k] ?? 0])) as Record<JarKey, number>;

  it('shares waking time among the jars, leaves sleep out of it and averages sleep per day', () => {
    const result = analyse({
      days: 7,
      windowStartMs: W0,
      windowEndMs: W1,
      jars: [...jars].reverse(),
      minutes: minutes({ sleep: 7 * 480, essential: 300, sharing: 100, unclassified: 100 }),
      unclassifiedCategories: [{ id: 9, title: 'Loose' }],
    });
    expect(result.window_start).toBe('2040-01-08T12:00:00.000Z');
    expect(result.window_end).toBe('2040-01-15T12:00:00.000Z');
    expect(result.total_minutes).toBe(7 * 480 + 500);
    expect(result.waking_minutes).toBe(500);
    expect(result.jars.map((j) => j.key)).toEqual([...JAR_KEYS]);
    const byKey = Object.fromEntries(result.jars.map((j) => [j.key, j]));
    expect(byKey.sleep).toMatchObject({
      name: 'Ngủ',
      minutes: 3360,
      percent: null,
      target: null,
      status: null,
    });
    expect(byKey.essential).toMatchObject({
      minutes: 300,
      percent: 60,
      target: 10,
      status: 'above_target',
      colour: 'red',
    });
    expect(byKey.sharing).toMatchObject({ percent: 20, status: 'above_target', colour: 'red' });
    expect(byKey.investment).toMatchObject({ percent: 0, status: 'below_target', colour: 'yellow' });
    expect(byKey.unclassified).toMatchObject({ percent: 20, target: null, status: null, colour: null });
    expect(result.sleep).toEqual({
      minutes: 3360,
      hours_per_day: 8,
      advice: 'reasonable',
      advice_label: 'reasonable',
    });
    expect(result.unclassified_categories).toEqual([{ id: 9, title: 'Loose' }]);
  });

  it('gives 0 % everywhere and advises more sleep when nothing was recorded', () => {
    const result = analyse({
      days: 30,
      windowStartMs: W0,
      windowEndMs: W1,
      jars,
      minutes: minutes({}),
      unclassifiedCategories: [],
    });
    expect(result.jars.filter((j) => j.key !== 'sleep').every((j) => j.percent === 0)).toBe(true);
    expect(result.sleep).toMatchObject({
      hours_per_day: 0,
      advice: 'sleep_more',
      advice_label: 'should sleep more',
    });
  });

  it('reads a share exactly at 90 % of the target as on target, not below', () => {
    // essential 9 of 100 waking minutes against a target of 10.
    const result = analyse({
      days: 7,
      windowStartMs: W0,
      windowEndMs: W1,
      jars,
      minutes: minutes({ essential: 9, unclassified: 91 }),
      unclassifiedCategories: [],
    });
    expect(result.jars.find((j) => j.key === 'essential')).toMatchObject({
      percent: 9,
      status: 'on_target',
      colour: 'green',
    });
  });
});

describe('analysisWindow', () => {
  it('ends now and reaches back whole days', () => {
    const w = analysisWindow(new Date(W1), 7);
    expect(w).toEqual({ startMs: W0, endMs: W1 });
    expect(analysisWindow(new Date(W1), 365).startMs).toBe(W1 - 365 * 24 * H);
  });
});

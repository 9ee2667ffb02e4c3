// The jar analysis rules (spec section 9), as plain functions. The database
// sums the clipped time per (jar, number of categories of the entry); these
// functions turn those sums into minutes per jar, shares, statuses, colours
// and the sleep advice.
import {
  type Analysis,
  COLOUR_MARGIN_POINTS,
  type EntryCategory,
  JAR_DISPLAY_ORDER,
  JAR_KEYS,
  JAR_NAMES,
  type JarAnalysis,
  type JarColour,
  type JarKey,
  type JarStatus,
  jarHasTarget,
  SLEEP_ADVICE_LABELS,
  SLEEP_MAX_HOURS,
  SLEEP_MIN_HOURS,
  type SleepAdvice,
  STATUS_HIGH_FACTOR,
  STATUS_LOW_FACTOR,
} from '@staff/contracts';
import { DAY_MS, MINUTE_MS } from './time';

/** One row of the database's sum: time of entries with `categoryCount` categories credited to `categoryId`. */
export interface CategoryTimeRow {
  /** null: an entry without categories. */
  categoryId: number | null;
  /** How many categories the entries in this row have (0: none left). */
  categoryCount: number;
  /** Sum of the entries' time inside the window, in milliseconds. */
  ms: number;
}

/** Milliseconds of [startMs, endMs) that fall inside [windowStartMs, windowEndMs). */
export function clipToWindow(startMs: number, endMs: number, windowStartMs: number, windowEndMs: number) {
  return Math.max(0, Math.min(endMs, windowEndMs) - Math.max(startMs, windowStartMs));
}

/**
 * An entry's time inside the window, split equally among its categories and
 * credited to their jars; a category without a jar (or an entry with no
 * category left) counts as unclassified. The reference for what the SQL sums.
 */
export function splitEntryAcrossJars(
  entry: { startMs: number; endMs: number; jars: (JarKey | null)[] },
  windowStartMs: number,
  windowEndMs: number,
): Partial<Record<JarKey, number>> {
  const minutes = clipToWindow(entry.startMs, entry.endMs, windowStartMs, windowEndMs) / MINUTE_MS;
  const out: Partial<Record<JarKey, number>> = {};
  if (minutes === 0) return out;
  const jars = entry.jars.length > 0 ? entry.jars : [null];
  for (const jar of jars) {
    const key = jar ?? 'unclassified';
    out[key] = (out[key] ?? 0) + minutes / jars.length;
  }
  return out;
}

/**
 * Minutes per jar key, from the database's grouped sums: each row's time divided by its entries'
 * category count, credited to its category's jar (`jarOfCategory`: the user's categories and their
 * jar ids); a category without a jar, or one that is no longer there, and entries without
 * categories count as unclassified.
 */
export function minutesByJar(
  rows: CategoryTimeRow[],
  jarOfCategory: Map<number, number | null>,
  jarKeyById: Map<number, JarKey>,
): Record<JarKey, number> {
  const out = Object.fromEntries(JAR_KEYS.map((k) => [k, 0])) as Record<JarKey, number>;
  for (const row of rows) {
    const jarId = row.categoryId === null ? null : (jarOfCategory.get(row.categoryId) ?? null);
    const key = (jarId !== null ? jarKeyById.get(jarId) : undefined) ?? 'unclassified';
    out[key] += row.ms / Math.max(1, row.categoryCount) / MINUTE_MS;
  }
  return out;
}

/** Rounds away float noise so values that are equal on paper compare equal. */
const tidy = (n: number) => Math.round(n * 1e6) / 1e6;

export function sleepAdvice(hoursPerDay: number): SleepAdvice {
  if (hoursPerDay < SLEEP_MIN_HOURS) return 'sleep_more';
  if (hoursPerDay > SLEEP_MAX_HOURS) return 'too_much';
  return 'reasonable';
}

/** Below target under 90 % of it, above target over 110 %, otherwise on target. */
export function jarStatus(percent: number, target: number): JarStatus {
  if (percent < tidy(target * STATUS_LOW_FACTOR)) return 'below_target';
  if (percent > tidy(target * STATUS_HIGH_FACTOR)) return 'above_target';
  return 'on_target';
}

/** Yellow more than 2 points under the target, red more than 2 over, else green. */
export function jarColour(percent: number, target: number): JarColour {
  if (percent < target - COLOUR_MARGIN_POINTS) return 'yellow';
  if (percent > target + COLOUR_MARGIN_POINTS) return 'red';
  return 'green';
}

export interface AnalysisInput {
  days: number;
  windowStartMs: number;
  windowEndMs: number;
  jars: { id: number; key: JarKey; ratio: number | null }[];
  minutes: Record<JarKey, number>;
  unclassifiedCategories: EntryCategory[];
}

/** The analysis answer: every jar's minutes, share of waking time, target, status and colour, and sleep. */
export function analyse(input: AnalysisInput): Analysis {
  const total = JAR_KEYS.reduce((sum, k) => sum + input.minutes[k], 0);
  const sleepMinutes = input.minutes.sleep;
  const waking = total - sleepMinutes;
  const order: readonly JarKey[] = [...JAR_DISPLAY_ORDER, 'unclassified'];
  const jars: JarAnalysis[] = [...input.jars]
    .sort((a, b) => order.indexOf(a.key) - order.indexOf(b.key))
    .map((jar) => {
      const minutes = input.minutes[jar.key];
      const percent = jar.key === 'sleep' ? null : waking > 0 ? tidy((minutes * 100) / waking) : 0;
      const target = jarHasTarget(jar.key) ? jar.ratio : null;
      return {
        id: jar.id,
        key: jar.key,
        name: JAR_NAMES[jar.key],
        minutes: tidy(minutes),
        percent,
        target,
        status: percent !== null && target !== null ? jarStatus(percent, target) : null,
        colour: percent !== null && target !== null ? jarColour(percent, target) : null,
      };
    });
  const hoursPerDay = tidy(sleepMinutes / 60 / input.days);
  const advice = sleepAdvice(hoursPerDay);
  return {
    days: input.days,
    window_start: new Date(input.windowStartMs).toISOString(),
    window_end: new Date(input.windowEndMs).toISOString(),
    total_minutes: tidy(total),
    waking_minutes: tidy(waking),
    jars,
    sleep: {
      minutes: tidy(sleepMinutes),
      hours_per_day: hoursPerDay,
      advice,
      advice_label: SLEEP_ADVICE_LABELS[advice],
    },
    unclassified_categories: input.unclassifiedCategories,
  };
}

/** The window that ends now and reaches back `days` whole days. */
export function analysisWindow(now: Date, days: number): { startMs: number; endMs: number } {
  const endMs = now.getTime();
  return { startMs: endMs - days * DAY_MS, endMs };
}

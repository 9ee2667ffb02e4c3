// The targets on the jar setup screen: only jars with a target count, and they should add up to 100.
import { type Jar, jarHasTarget } from '@staff/contracts';

/** Sum of the target ratios, with unsaved edits (by jar id) taking the place of the saved values. */
export function ratioSum(jars: readonly Jar[], edits: Readonly<Record<number, number | ''>> = {}): number {
  let sum = 0;
  for (const jar of jars) {
    if (!jarHasTarget(jar.key)) continue;
    const edited = edits[jar.id];
    const value = edited === undefined ? jar.ratio : edited;
    if (typeof value === 'number' && Number.isFinite(value)) sum += value;
  }
  return sum;
}

export function ratiosBalanced(sum: number): boolean {
  return sum === 100;
}

/** Ratio inputs accept whole numbers 0-100; anything else is clamped and rounded. */
export function clampRatio(value: number | string): number | '' {
  if (value === '' || value === null) return '';
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return '';
  return Math.min(100, Math.max(0, Math.round(n)));
}

/** The jars whose ratio differs from the saved one, as PATCH bodies. */
export function changedRatios(
  jars: readonly Jar[],
  edits: Readonly<Record<number, number | ''>>,
): { id: number; ratio: number }[] {
  return jars
    .filter((jar) => jarHasTarget(jar.key))
    .flatMap((jar) => {
      const edited = edits[jar.id];
      return typeof edited === 'number' && edited !== jar.ratio ? [{ id: jar.id, ratio: edited }] : [];
    });
}

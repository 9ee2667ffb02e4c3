// Rise and fall colours for small text beside a chart (a read-out, a legend): green and red darkened
// as the theme darkens light tints, so they keep WCAG AA's 4.5:1 on white, which shade 8 does not.
export const RISE_TEXT = 'color-mix(in srgb, var(--mantine-color-green-9) 65%, black)';
export const FALL_TEXT = 'color-mix(in srgb, var(--mantine-color-red-9) 65%, black)';

/** The text colour of a change: rise, fall, or the dimmed text for none. */
export function changeTone(change: number | null | undefined): string {
  if (change === null || change === undefined || change === 0) return 'dimmed';
  return change > 0 ? RISE_TEXT : FALL_TEXT;
}

// Jar choices for category forms: the unclassified jar is never offered (spec section 5). Each jar has
// a colour of its own so a category's jar can be told at a glance in pickers and lists.
import { JAR_DISPLAY_ORDER, JAR_NAMES, type Jar, type JarKey } from '@staff/contracts';

export function jarName(key: JarKey): string {
  return JAR_NAMES[key];
}

/** Mantine colour names, one per jar (gray for unclassified). */
export const JAR_COLOURS: Record<JarKey, string> = {
  sleep: 'indigo',
  essential: 'blue',
  investment: 'green',
  development: 'teal',
  education: 'violet',
  entertainment: 'pink',
  sharing: 'orange',
  unclassified: 'gray',
};

export function jarColour(key: JarKey): string {
  return JAR_COLOURS[key];
}

/** Jars in display order, without unclassified. */
export function placeableJars(jars: readonly Jar[]): Jar[] {
  return JAR_DISPLAY_ORDER.flatMap((key) => jars.filter((jar) => jar.key === key));
}

export function jarSelectData(jars: readonly Jar[]): { value: string; label: string }[] {
  return placeableJars(jars).map((jar) => ({ value: String(jar.id), label: jarName(jar.key) }));
}

// Jar choices for category forms: the unclassified jar is never offered (spec section 5).
import { JAR_DISPLAY_ORDER, JAR_NAMES, type Jar, type JarKey } from '@staff/contracts';

export function jarName(key: JarKey): string {
  return JAR_NAMES[key];
}

/** Jars in display order, without unclassified. */
export function placeableJars(jars: readonly Jar[]): Jar[] {
  return JAR_DISPLAY_ORDER.flatMap((key) => jars.filter((jar) => jar.key === key));
}

export function jarSelectData(jars: readonly Jar[]): { value: string; label: string }[] {
  return placeableJars(jars).map((jar) => ({ value: String(jar.id), label: jarName(jar.key) }));
}

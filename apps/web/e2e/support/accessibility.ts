// Accessibility as every end-to-end test checks it: axe-core in Chromium finds no serious or critical
// violation of WCAG 2.1 A and AA on the page as it is (a11y.spec.ts walks every screen; the flows check
// the states only they reach: dialogs, drawn charts, a marked card).
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export interface AxeScope {
  /** Only this part of the page (a selector), when the rest is checked elsewhere. */
  include?: string;
  /** Parts left out (selectors), each with its reason where it is called. */
  exclude?: string[];
}

export async function expectAccessible(page: Page, what: string, scope: AxeScope = {}): Promise<void> {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (scope.include) builder = builder.include(scope.include);
  for (const selector of scope.exclude ?? []) builder = builder.exclude(selector);
  const results = await builder.analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .map((n) => `${n.target.join(' ')} ${n.html.slice(0, 200)} ${n.failureSummary ?? ''}`)
          .join(', ')}`,
    );
  expect(serious, `${what}\n${serious.join('\n')}`).toEqual([]);
}

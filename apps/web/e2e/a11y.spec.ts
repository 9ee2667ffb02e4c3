// Accessibility: every screen, checked by axe-core in Chromium, has no serious or critical violation.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { openPicker, startGuestGame } from './support/cashflow';
import { SCREENS } from './support/screens';
import { openSignedIn } from './support/session';
import { ADMIN } from './support/users';

// Each test signs in on its own (through the API) and only reads: they may share the workers.
test.describe.configure({ mode: 'parallel' });

async function expectAccessible(page: Page, screen: string): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious, `${screen}\n${serious.join('\n')}`).toEqual([]);
}

test('the sign-in screen', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByLabel('Email', { exact: true })).toBeVisible();
  await expectAccessible(page, '/login');
});

for (const screen of SCREENS) {
  test(`the screen ${screen.path}`, async ({ page }) => {
    // axe walks every node: the forex chart alone has hundreds.
    test.setTimeout(90_000);
    await openSignedIn(page, ADMIN, screen.path);
    await screen.ready(page);
    await expectAccessible(page, screen.path);
  });
}

test('a game in progress, with the card picker open', async ({ page }) => {
  await openSignedIn(page, ADMIN, '/cashflow/setup');
  await startGuestGame(page, [
    { name: 'An', dice: 6 },
    { name: 'Bảo', dice: 8 },
  ]);
  await expect(page.getByRole('heading', { name: 'Lượt của Bảo' })).toBeVisible();
  await expectAccessible(page, '/cashflow/session');
  await openPicker(page, 'Bảo');
  await expectAccessible(page, '/cashflow/session with the card picker');
});

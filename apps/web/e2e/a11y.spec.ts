// Accessibility: every screen, checked by axe-core in Chromium, has no serious or critical violation.
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './support/accessibility';
import { openPicker, startGuestGame } from './support/cashflow';
import { SCREENS } from './support/screens';
import { openSignedIn } from './support/session';
import { ADMIN } from './support/users';

// The groups below and the two single tests only read: they may share the workers.
test.describe.configure({ mode: 'parallel' });

test('the sign-in screen', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByLabel('Email', { exact: true })).toBeVisible();
  await expectAccessible(page, '/login');
});

// The screens in three groups, one per worker at a time: a group signs in once and opens each of its
// screens afresh in the same page, whose cache keeps the app's code (a sign-in and a cold load per
// screen took longer than axe itself).
const GROUPS = 3;
for (let g = 0; g < GROUPS; g++) {
  const screens = SCREENS.filter((_, i) => i % GROUPS === g);
  test.describe(`the screens ${screens.map((s) => s.path).join(', ')}`, () => {
    test.describe.configure({ mode: 'default' });
    let context: BrowserContext;
    let page: Page;
    test.beforeAll(async ({ browser }, testInfo) => {
      // A context of its own, as axe asks, with the project's viewport.
      context = await browser.newContext({ viewport: testInfo.project.use.viewport });
      page = await context.newPage();
      await openSignedIn(page, ADMIN);
    });
    test.afterAll(() => context.close());

    for (const screen of screens) {
      test(`the screen ${screen.path}`, async () => {
        // axe walks every node: the forex chart alone has hundreds.
        test.setTimeout(90_000);
        await page.goto(screen.path);
        await screen.ready(page);
        await expectAccessible(page, screen.path);
      });
    }
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

// Accessibility: every screen, checked by axe-core in Chromium, has no serious or critical violation.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { SCREENS } from './support/screens';
import { signIn } from './support/session';
import { ADMIN } from './support/users';

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
    await signIn(page, ADMIN);
    await page.goto(screen.path);
    await screen.ready(page);
    await expectAccessible(page, screen.path);
  });
}

test('a game in progress, with the card picker open', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto('/cashflow/setup');
  await page.locator('label').filter({ hasText: /^2$/ }).click();
  await page.getByLabel('Tên người chơi 1').fill('An');
  await page.getByLabel('Tổng xúc xắc người chơi 1').fill('6');
  await page.getByLabel('Tên người chơi 2').fill('Bảo');
  await page.getByLabel('Tổng xúc xắc người chơi 2').fill('8');
  await page.getByRole('button', { name: 'Bắt đầu ván' }).click();
  await expect(page.getByRole('heading', { name: 'Lượt của Bảo' })).toBeVisible();
  await expectAccessible(page, '/cashflow/session');
  await page.getByLabel('Người chơi Bảo', { exact: true }).getByRole('button', { name: 'Chọn thẻ' }).click();
  await expect(page.getByRole('dialog', { name: 'Chọn thẻ' })).toBeVisible();
  await expectAccessible(page, '/cashflow/session with the card picker');
});

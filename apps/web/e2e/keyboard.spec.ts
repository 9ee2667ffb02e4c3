// Keyboard only: on every screen each visible control takes focus from the Tab key and shows it, and
// the main flows (sign in, move between screens, open and close a dialog) work without a pointer.
import { expect, type Page, test } from '@playwright/test';
import { adminToken } from './support/admin-api';
import { tabTo, walkTabOrder } from './support/keyboard';
import { SCREENS } from './support/screens';
import { mainNavigation, openSignedIn } from './support/session';
import { ADMIN } from './support/users';

async function expectKeyboardReachable(page: Page, screen: string): Promise<void> {
  const walk = await walkTabOrder(page);
  expect(walk.unreached, `${screen}: controls Tab never reaches (${walk.presses} presses)`).toEqual([]);
  expect(walk.invisibleFocus, `${screen}: controls whose focus is not visible`).toEqual([]);
}

test('the sign-in screen', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByLabel('Email', { exact: true })).toBeVisible();
  await expectKeyboardReachable(page, '/login');
});

test.describe('every signed-in screen', () => {
  // One sign-in for all of them: each test loads its screen afresh in the same signed-in page.
  let page: Page;
  test.beforeAll(async ({ browser }) => {
    page = await browser.newPage();
    await openSignedIn(page, ADMIN);
  });
  test.afterAll(() => page.close());

  for (const screen of SCREENS) {
    test(`the screen ${screen.path}`, async () => {
      await page.goto(screen.path);
      await screen.ready(page);
      await expectKeyboardReachable(page, screen.path);
    });
  }
});

test('signs in with the keyboard alone', async ({ page }) => {
  await page.goto('/login');
  await tabTo(page, page.getByLabel('Email', { exact: true }));
  await page.keyboard.type(ADMIN.email);
  await tabTo(page, page.getByLabel('Password', { exact: true }));
  await page.keyboard.type(ADMIN.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/$/);
  await expect(mainNavigation(page)).toBeVisible();
});

test('moves to another screen through the main navigation', async ({ page }) => {
  await openSignedIn(page, ADMIN);
  const diary = mainNavigation(page).getByRole('link', { name: 'Daily Diary' });
  await tabTo(page, diary);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/diary$/);
  await expect(diary).toHaveAttribute('aria-current', 'page');

  // The collapse control works from the keyboard too, and keeps focus.
  const collapse = mainNavigation(page).getByRole('button', { name: 'Collapse sidebar' });
  await tabTo(page, collapse);
  await page.keyboard.press('Enter');
  const expand = mainNavigation(page).getByRole('button', { name: 'Expand sidebar' });
  await expect(expand).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(mainNavigation(page).getByRole('button', { name: 'Collapse sidebar' })).toBeFocused();
});

test('opens the phone navigation drawer and moves to another screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openSignedIn(page, ADMIN);
  const burger = page.getByRole('button', { name: 'Open navigation' });
  await tabTo(page, burger);
  await page.keyboard.press('Enter');
  const forex = mainNavigation(page).getByRole('link', { name: 'Forex' });
  await expect(forex).toBeVisible();
  await tabTo(page, forex);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/forex$/);
  // The drawer closes after navigating, and leaves the tab order with it.
  await expect(page.getByRole('button', { name: 'Open navigation' })).toBeVisible();
  await expect(mainNavigation(page)).toHaveAttribute('inert');
});

test('opens a dialog with Enter, closes it with Escape, and focus returns to its trigger', async ({
  page,
  request,
}) => {
  const title = `Phím tắt ${test.info().workerIndex}-${Date.now()}`;
  const created = await request.post('/api/diaries/categories/', {
    headers: { Authorization: `Bearer ${await adminToken(request)}` },
    data: { title },
  });
  expect(created.status(), await created.text()).toBe(201);
  await openSignedIn(page, ADMIN, '/diary/categories');
  const trigger = page.getByRole('button', { name: `Delete ${title}` });
  await expect(trigger).toBeVisible();
  await tabTo(page, trigger, 120);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Delete category' });
  await expect(dialog).toBeVisible();
  // Focus moves into the dialog and stays there while it is open.
  await expect(dialog.locator(':focus')).toHaveCount(1);
  for (let i = 0; i < 4; i++) {
    await page.keyboard.press('Tab');
    await expect(dialog.locator(':focus')).toHaveCount(1);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeFocused();
});

test('steps a number field with the arrow keys, as its pointer-only steppers do', async ({ page }) => {
  await openSignedIn(page, ADMIN, '/jar-setup');
  const ratio = page.getByLabel(/^Tỷ lệ .* \(%\)$/).first();
  await tabTo(page, ratio, 120);
  const before = Number.parseInt(await ratio.inputValue(), 10);
  const [key, after] = before < 100 ? ['ArrowUp', before + 1] : ['ArrowDown', before - 1];
  await page.keyboard.press(key);
  await expect(ratio).toHaveValue(`${after}%`);
});

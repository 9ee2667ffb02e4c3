// The main shell: the menu per role, the active item, the collapsible sidebar, the role guard,
// deep links, and on a phone the drawer behind the burger (spec sections 2 and 6).
import { expect, test } from '@playwright/test';
import { mainNavigation, openSignedIn, STORAGE_KEYS } from './support/session';
import { ADMIN, type Role, STAFF, shownName, USERS_BY_ROLE } from './support/users';

// The stock administration items (issue 26) follow Stocks for the roles the server lets use them.
const STOCK_ADMIN = ['Stock catalogue', 'Price records'];
const MENU_LABELS = [
  'Dashboard',
  'Daily Diary',
  'Stocks',
  ...STOCK_ADMIN,
  'Market holidays',
  'Forex',
  'Cash Flow 101',
  'Users',
  'Audit log',
];

const MENU_BY_ROLE: Record<Role, string[]> = {
  admin: MENU_LABELS,
  manager: ['Dashboard', 'Daily Diary', 'Stocks', ...STOCK_ADMIN, 'Forex'],
  staff: ['Dashboard', 'Daily Diary', 'Stocks', 'Forex'],
  ndf: ['Cash Flow 101'],
};

for (const role of Object.keys(MENU_BY_ROLE) as Role[]) {
  test(`the ${role} menu shows exactly ${MENU_BY_ROLE[role].join(', ')}`, async ({ page }) => {
    const user = USERS_BY_ROLE[role];
    await openSignedIn(page, user);
    const nav = mainNavigation(page);
    const expected = MENU_BY_ROLE[role];
    for (const label of MENU_LABELS) {
      const link = nav.getByRole('link', { name: label, exact: true });
      if (expected.includes(label)) await expect(link).toBeVisible();
      else await expect(link).toHaveCount(0);
    }
    // In the spec's order, and nothing else in the menu.
    await expect(nav.getByRole('listitem')).toHaveText(expected);
    // The user's name (or e-mail) links to the profile, and Logout is there.
    await expect(nav.getByRole('link', { name: shownName(user), exact: true })).toHaveAttribute(
      'href',
      '/profile',
    );
    await expect(nav.getByRole('button', { name: 'Logout' })).toBeVisible();
  });
}

test('the active menu item follows the path prefix', async ({ page }) => {
  await openSignedIn(page, ADMIN);
  const nav = mainNavigation(page);
  const current = nav.locator('[aria-current="page"]');
  // `/` is the dashboard.
  await expect(current).toHaveCount(1);
  await expect(current).toHaveAccessibleName('Dashboard');

  await nav.getByRole('link', { name: 'Forex', exact: true }).click();
  await expect(page).toHaveURL(/\/forex$/);
  await expect(current).toHaveCount(1);
  await expect(current).toHaveAccessibleName('Forex');

  await page.goto('/admin/users/create');
  await expect(current).toHaveCount(1);
  await expect(current).toHaveAccessibleName('Users');

  await page.goto('/diary/entries');
  await expect(current).toHaveAccessibleName('Daily Diary');
});

test('the collapse control narrows the sidebar to icons and back', async ({ page }) => {
  await openSignedIn(page, ADMIN);
  const nav = mainNavigation(page);
  const forex = nav.getByRole('link', { name: 'Forex', exact: true });
  await expect(nav.getByText('Forex', { exact: true })).toBeVisible();

  await nav.getByRole('button', { name: /collapse/i }).click();
  await expect.poll(async () => (await nav.boundingBox())?.width ?? 0).toBeLessThan(50);
  await expect(nav.getByText('Forex', { exact: true })).toBeHidden(); // icons only: no label text
  await expect(forex).toBeVisible(); // still reachable, by its accessible name
  await forex.click();
  await expect(page).toHaveURL(/\/forex$/);

  await nav.getByRole('button', { name: /expand/i }).click();
  await expect.poll(async () => (await nav.boundingBox())?.width ?? 0).toBeGreaterThanOrEqual(50);
  await expect(nav.getByText('Forex', { exact: true })).toBeVisible();
});

const FORBIDDEN: [Role, string][] = [
  ['staff', '/admin/users'],
  ['manager', '/cashflow'],
  ['ndf', '/stocks'],
  ['manager', '/stocks/admin/holidays'],
];

for (const [role, path] of FORBIDDEN) {
  test(`${role} opening ${path} is told it is not allowed`, async ({ page }) => {
    await openSignedIn(page, USERS_BY_ROLE[role], path);
    await expect(page.getByRole('heading', { name: /not allowed|access denied|forbidden/i })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(mainNavigation(page)).toBeVisible(); // still inside the shell, with a way out
  });
}

test('the sidebar says "Loading modules..." until the user is known', async ({ page }) => {
  await openSignedIn(page, STAFF);
  const nav = mainNavigation(page);
  // Hold the profile request, and forget the cached user, so the shell has no user to show yet.
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/users/profile/', async (route) => {
    await released;
    await route.continue();
  });
  // Forgotten as the reloaded page starts, before the app runs: removed from the page before the
  // reload, the user could be written back by the first load's own profile request, still on its way.
  await page.addInitScript((key) => localStorage.removeItem(key), STORAGE_KEYS.user);
  await page.reload();
  await expect(nav.getByText('Loading modules...')).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Dashboard', exact: true })).toHaveCount(0);

  release();
  await expect(nav.getByRole('link', { name: 'Dashboard', exact: true })).toBeVisible();
  await expect(nav.getByText('Loading modules...')).toHaveCount(0);
  await expect(nav.getByRole('link', { name: shownName(STAFF), exact: true })).toBeVisible();
});

test('a deep link to /profile loads the app', async ({ page }) => {
  await openSignedIn(page, STAFF, '/profile');
  await expect(page).toHaveURL(/\/profile$/);
  await expect(mainNavigation(page)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save Changes' })).toBeVisible();
});

test('on a phone the burger opens the menu drawer @phone', async ({ page }) => {
  await openSignedIn(page, ADMIN);
  const nav = mainNavigation(page);
  const forex = nav.getByRole('link', { name: 'Forex', exact: true });
  await expect(forex).not.toBeInViewport();

  await page.getByRole('button', { name: /open navigation|menu/i }).click();
  for (const label of MENU_BY_ROLE.admin) {
    await expect(nav.getByRole('link', { name: label, exact: true })).toBeInViewport();
  }
  await forex.click();
  await expect(page).toHaveURL(/\/forex$/);
  await expect(forex).not.toBeInViewport(); // the drawer closes after navigating
});

// User administration (spec sections 2, 4, 5, 8, 9): the list's search, filters, sort and pages kept
// in the URL; create, edit and delete; the import template downloaded and imported back; the admin guard.
import fs from 'node:fs';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { USER_IMPORT_COLUMNS as IMPORT_COLUMNS } from '@staff/contracts';
import { readSheet } from 'read-excel-file/node';
import writeXlsxFile from 'write-excel-file/node';
import { ensureUsers, type SeedUser } from './support/admin-api';
import { openSignedIn } from './support/session';
import { ADMIN, MANAGER } from './support/users';

// 25 users under one domain, so "roster" isolates them from every other spec's users: 3 pages of 10.
const DOMAIN = 'roster.e2e.test';
const FIRST_NAMES = [
  'Anh',
  'Bao',
  'Chi',
  'Dung',
  'Giang',
  'Hai',
  'Khanh',
  'Linh',
  'Mai',
  'Nam',
  'Oanh',
  'Phuc',
  'Quan',
  'Son',
  'Thao',
  'Uyen',
  'Van',
  'Xuan',
  'Yen',
  'Dat',
  'Hung',
  'Kiet',
  'Long',
  'Minh',
  'Tam',
];
const LAST_NAMES = ['Nguyễn', 'Trần', 'Lê', 'Phạm', 'Hoàng'];
const ROLES = ['staff', 'manager', 'staff', 'ndf', 'admin'] as const;
const SEED: SeedUser[] = FIRST_NAMES.map((first, i) => ({
  email: `member${String(i + 1).padStart(2, '0')}@${DOMAIN}`,
  first_name: first,
  last_name: LAST_NAMES[i % LAST_NAMES.length] as string,
  role: ROLES[(i * 2 + 1) % ROLES.length] as SeedUser['role'],
  is_active: i % 4 !== 3,
  password: 'Roster-pass-2024',
}));

test.beforeAll(async ({ playwright }, workerInfo) => {
  const request = await playwright.request.newContext({ baseURL: workerInfo.project.use.baseURL });
  try {
    await ensureUsers(request, SEED);
  } finally {
    await request.dispose();
  }
});

function usersTable(page: Page): Locator {
  return page.getByRole('table', { name: 'Users' });
}

function bodyRows(page: Page): Locator {
  return usersTable(page).locator('tbody tr');
}

/** The column of every shown row, by the header's position. */
async function columnTexts(page: Page, header: string): Promise<string[]> {
  const headers = await usersTable(page).locator('thead th').allInnerTexts();
  const index = headers.findIndex((text) => text.trim() === header);
  expect(index, `column ${header}`).toBeGreaterThanOrEqual(0);
  // textContent, not innerText: badges are upper-cased by CSS only.
  return (
    await bodyRows(page)
      .locator(`td:nth-child(${index + 1})`)
      .allTextContents()
  ).map((t) => t.trim());
}

async function openUsers(page: Page, query = ''): Promise<void> {
  await page.goto(`/admin/users${query}`);
  await expect(page.getByRole('heading', { name: 'User Management' })).toBeVisible();
}

/** Types a search and waits for the list the debounced search asks for. */
async function search(page: Page, text: string): Promise<void> {
  const answered = page.waitForResponse((response) => {
    const url = new URL(response.url());
    return url.pathname === '/api/users/users/' && url.searchParams.get('search') === text;
  });
  await page.getByRole('searchbox', { name: 'Search' }).fill(text);
  await answered;
  await expect.poll(() => new URL(page.url()).searchParams.get('search')).toBe(text);
}

async function choose(page: Page, select: string, option: string): Promise<void> {
  await page.getByRole('textbox', { name: select, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(page.getByRole('textbox', { name: select, exact: true })).toHaveValue(option);
}

function summary(page: Page): Locator {
  return page.getByText(/^(Showing \d+–\d+ of \d+|No results)$/);
}

function pager(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Pagination' });
}

async function goToPage(page: Page, value: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Go to page' }).fill(value);
  await page.getByRole('button', { name: 'Go', exact: true }).click();
}

async function expectCurrentPage(page: Page, n: number): Promise<void> {
  await expect(pager(page).getByRole('button', { name: `Page ${n}`, exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
}

test.describe('as an admin', () => {
  // Signed in through the API, on the dashboard; each test then opens its own address of the list.
  test.beforeEach(async ({ page }) => {
    await openSignedIn(page, ADMIN);
  });

  test('searches with or without accents and filters by role and status', async ({ page }) => {
    await openUsers(page);
    // Default: last name ascending.
    await expect(page.getByRole('columnheader', { name: 'Last name' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );

    const nguyens = SEED.filter((u) => u.last_name === 'Nguyễn');
    await search(page, 'nguyen roster');
    await expect(summary(page)).toHaveText(`Showing 1–${nguyens.length} of ${nguyens.length}`);
    expect(await columnTexts(page, 'Last name')).toEqual(nguyens.map(() => 'Nguyễn'));
    await search(page, 'Nguyễn roster');
    await expect(summary(page)).toHaveText(`Showing 1–${nguyens.length} of ${nguyens.length}`);

    await search(page, 'roster');
    await expect(summary(page)).toHaveText('Showing 1–10 of 25');
    const managers = SEED.filter((u) => u.role === 'manager');
    await choose(page, 'Role', 'Manager');
    await expect(page).toHaveURL(/role=manager/);
    await expect(summary(page)).toHaveText(`Showing 1–${managers.length} of ${managers.length}`);
    expect(new Set(await columnTexts(page, 'Role'))).toEqual(new Set(['Manager']));

    const inactiveManagers = managers.filter((u) => !u.is_active);
    expect(inactiveManagers.length).toBeGreaterThan(0);
    await choose(page, 'Status', 'Inactive');
    await expect(page).toHaveURL(/is_active=false/);
    await expect(summary(page)).toHaveText(
      `Showing 1–${inactiveManagers.length} of ${inactiveManagers.length}`,
    );
    expect(await columnTexts(page, 'Email')).toEqual(
      expect.arrayContaining(inactiveManagers.map((u) => u.email)),
    );
    expect(new Set(await columnTexts(page, 'Status'))).toEqual(new Set(['Inactive']));

    await choose(page, 'Role', 'All');
    await choose(page, 'Status', 'All');
    await expect(summary(page)).toHaveText('Showing 1–10 of 25');
  });

  test('sorts a new column ascending, the same column again descending, and keeps it across a reload', async ({
    page,
  }) => {
    await openUsers(page);
    await search(page, 'roster');
    await expect(summary(page)).toHaveText('Showing 1–10 of 25');
    const firstNames = SEED.map((u) => u.first_name).sort();
    await page.getByRole('button', { name: 'First name', exact: true }).click();
    await expect(page).toHaveURL(/ordering=first_name/);
    await expect(page.getByRole('columnheader', { name: 'First name' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await expect(bodyRows(page).first().locator('td').nth(2)).toHaveText(firstNames[0] as string);
    expect(await columnTexts(page, 'First name')).toEqual(firstNames.slice(0, 10));

    await page.getByRole('button', { name: 'First name', exact: true }).click();
    await expect(page).toHaveURL(/ordering=-first_name/);
    await expect(page.getByRole('columnheader', { name: 'First name' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await expect(bodyRows(page).first().locator('td').nth(2)).toHaveText(firstNames.at(-1) as string);
    expect(await columnTexts(page, 'First name')).toEqual(firstNames.slice().reverse().slice(0, 10));
    await expect(page.getByRole('columnheader', { name: 'Last name' })).not.toHaveAttribute(
      'aria-sort',
      /.+/,
    );

    // The URL keeps it all across a reload.
    await page.reload();
    await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('roster');
    await expect(page.getByRole('columnheader', { name: 'First name' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await expect(bodyRows(page).first().locator('td').nth(2)).toHaveText(firstNames.at(-1) as string);
  });

  test('pages with page buttons and go-to-page; the URL keeps the page for reload and Back', async ({
    page,
  }) => {
    await openUsers(page, '?search=roster&ordering=email');
    await expect(summary(page)).toHaveText('Showing 1–10 of 25');
    await expect(pager(page).getByRole('button', { name: /^Page \d+$/ })).toHaveText(['1', '2', '3']);
    await expectCurrentPage(page, 1);

    await pager(page).getByRole('button', { name: 'Page 2', exact: true }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(summary(page)).toHaveText('Showing 11–20 of 25');
    await expect(bodyRows(page).first()).toContainText('member11@');

    // Go to page: past the end → the last page; not a number or below 1 → page 1.
    await goToPage(page, '99');
    await expect(page).toHaveURL(/page=3/);
    await expectCurrentPage(page, 3);
    await expect(summary(page)).toHaveText('Showing 21–25 of 25');
    await expect(bodyRows(page)).toHaveCount(5);

    await goToPage(page, 'abc');
    await expect(page).not.toHaveURL(/page=/);
    await expectCurrentPage(page, 1);
    await goToPage(page, '2');
    await expectCurrentPage(page, 2);
    await goToPage(page, '0');
    await expectCurrentPage(page, 1);
    await goToPage(page, '3');
    await expectCurrentPage(page, 3);

    // Reload keeps the page; Back returns to the page before.
    await page.reload();
    await expectCurrentPage(page, 3);
    await expect(summary(page)).toHaveText('Showing 21–25 of 25');
    await page.goBack();
    await expect(page).not.toHaveURL(/page=/);
    await expectCurrentPage(page, 1);
    await page.goBack();
    await expectCurrentPage(page, 2);
    await expect(bodyRows(page).first()).toContainText('member11@');

    // A new search goes back to page 1.
    await search(page, 'roster.e2e');
    await expect(page).not.toHaveURL(/page=/);
    await expectCurrentPage(page, 1);
  });

  test('offers page sizes 10, 20 and 50, hides the pager and page sizes on a single page, and turns a stale page into the last', async ({
    page,
  }) => {
    await openUsers(page, '?search=roster&page=2');
    await expectCurrentPage(page, 2);

    // Page sizes 10/20/50; with a single page the whole pagination is hidden (spec §2, §9): the
    // page buttons, the go-to box and the page size selector; only the summary line stays.
    await choose(page, 'Rows per page', '20');
    await expect(page).not.toHaveURL(/[?&]page=/);
    await expect(summary(page)).toHaveText('Showing 1–20 of 25');
    await expect(pager(page).getByRole('button', { name: /^Page \d+$/ })).toHaveText(['1', '2']);
    // Not choose(): the selector itself goes once 50 rows make a single page.
    await page.getByRole('textbox', { name: 'Rows per page', exact: true }).click();
    await page.getByRole('option', { name: '50', exact: true }).click();
    await expect(page).toHaveURL(/[?&]page_size=50/);
    await expect(summary(page)).toHaveText('Showing 1–25 of 25');
    await expect(bodyRows(page)).toHaveCount(25);
    await expect(pager(page)).toHaveCount(0);
    await expect(page.getByRole('textbox', { name: 'Go to page' })).toHaveCount(0);
    await expect(page.getByRole('textbox', { name: 'Rows per page' })).toHaveCount(0);

    // An old link past the last page shows the last page.
    await openUsers(page, '?search=roster&page=7');
    await expect(page).toHaveURL(/page=3/);
    await expect(summary(page)).toHaveText('Showing 21–25 of 25');
  });

  test('creates, edits and deletes a user', async ({ page }) => {
    const email = 'new.hire@crud.e2e.test';
    await openUsers(page, '?search=crud.e2e');
    await expect(page.getByText('No users found.')).toBeVisible();

    await page.getByRole('link', { name: 'Add User' }).click();
    await expect(page).toHaveURL(/\/admin\/users\/create$/);
    await expect(page.getByRole('heading', { name: 'Create New User' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Role' })).toHaveValue('Staff');
    await expect(page.getByRole('switch', { name: /^Active/ })).toBeChecked();

    await page.getByRole('button', { name: 'Create User' }).click();
    await expect(page.getByText('This field may not be blank.')).toHaveCount(2);

    await page.getByRole('textbox', { name: /^Email/ }).fill(email);
    await page.getByLabel('First name').fill('Thảo');
    await page.getByLabel('Middle name').fill('Thị');
    await page.getByLabel('Last name').fill('Đỗ');
    await page.getByLabel('Phone').fill('0987 654 321');
    await choose(page, 'Role', 'Manager');
    await choose(page, 'Gender', 'Female');
    await page.getByLabel(/^Password/).fill('Welcome-2024-ok');
    await page.getByRole('button', { name: 'Create User' }).click();

    // Back to the list it came from, which now shows the user.
    await expect(page).toHaveURL(/\/admin\/users\?search=crud\.e2e$/);
    const row = bodyRows(page).filter({ hasText: email });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Đỗ');
    await expect(row).toContainText('Manager');
    await expect(row).toContainText('Active');

    // Edit: the password may stay blank; a taken e-mail is refused and the form keeps what was typed.
    await page.getByRole('link', { name: `Edit ${email}` }).click();
    await expect(page).toHaveURL(/\/admin\/users\/\d+\/edit$/);
    await expect(page.getByRole('heading', { name: 'Edit User' })).toBeVisible();
    const emailInput = page.getByRole('textbox', { name: /^Email/ });
    await expect(emailInput).toHaveValue(email);
    await expect(page.getByText('leave blank to keep unchanged')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Gender' })).toHaveValue('Female');
    await expect(page.getByRole('textbox', { name: 'Role', exact: true })).toHaveValue('Manager');
    await expect(page.getByLabel('Middle name')).toHaveValue('Thị');

    await emailInput.fill(ADMIN.email);
    await page.getByLabel('Last name').fill('Đoàn');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    // The banner says it in words; the server's message stands under the field, and no JSON shows.
    const failure = page.getByRole('alert').filter({ hasText: 'Please correct the errors below.' });
    await expect(failure).toBeVisible();
    await expect(page.getByText('{"email"')).toHaveCount(0);
    await expect(emailInput).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/edit$/);
    await expect(page.getByLabel('Last name')).toHaveValue('Đoàn');

    await emailInput.fill(email);
    await page.getByRole('switch', { name: /^Active/ }).setChecked(false);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page).toHaveURL(/\/admin\/users\?search=crud\.e2e$/);
    await expect(row).toContainText('Đoàn');
    await expect(row).toContainText('Inactive');

    // Delete asks first; dismissing keeps the user.
    const dialogs: string[] = [];
    page.once('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.getByRole('button', { name: `Delete ${email}` }).click();
    await expect.poll(() => dialogs).toEqual(['Are you sure you want to delete this user?']);
    await expect(row).toHaveCount(1);

    page.once('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.accept();
    });
    await page.getByRole('button', { name: `Delete ${email}` }).click();
    await expect(page.getByText('No users found.')).toBeVisible();
    expect(dialogs).toEqual([
      'Are you sure you want to delete this user?',
      'Are you sure you want to delete this user?',
    ]);
    await page.reload();
    await expect(page.getByText('No users found.')).toBeVisible();
  });

  test("keeps a wide row's delete button inside its card and the screen at 1280 and 390 px", async ({
    page,
    request,
  }) => {
    // A long e-mail, a phone number and both badges: the row is wider than the card at 1280 px.
    const wide: SeedUser = {
      email: 'nguyen.thi.thanh.huong.accounting@wide-row.e2e.test',
      first_name: 'Thanh Hương',
      middle_name: 'Thị',
      last_name: 'Nguyễn',
      phone: '+84 912 345 678',
      role: 'manager',
      is_active: false,
      password: 'Wide-row-pass-2024',
    };
    await ensureUsers(request, [wide]);
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport);
      await openUsers(page, '?search=wide-row.e2e');
      const row = bodyRows(page).filter({ hasText: wide.email });
      await expect(row).toContainText('+84 912 345 678');
      await expect(row).toContainText('Inactive');
      const remove = page.getByRole('button', { name: `Delete ${wide.email}` });
      await expect(remove).toBeVisible();
      const card = usersTable(page).locator('xpath=ancestor::div[contains(@class, "mantine-Paper-root")][1]');
      const button = await remove.boundingBox();
      const cardBox = await card.boundingBox();
      expect(button, 'the delete button has a box').not.toBeNull();
      expect(cardBox, 'the card has a box').not.toBeNull();
      if (!button || !cardBox) return;
      const where = `at ${viewport.width} px`;
      expect(button.x, where).toBeGreaterThanOrEqual(Math.max(0, cardBox.x));
      expect(button.x + button.width, where).toBeLessThanOrEqual(
        Math.min(viewport.width, cardBox.x + cardBox.width),
      );
      // Nothing covers it: a click would land on the button (trial: checked, not clicked).
      await remove.click({ trial: true });
    }
  });

  test('downloads the template and imports it back once the example row is replaced', async ({
    page,
  }, testInfo) => {
    await openUsers(page, '?search=imported.e2e');
    await expect(page.getByText('No users found.')).toBeVisible();

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download Template' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('user_import_template.xlsx');
    const templatePath = testInfo.outputPath('user_import_template.xlsx');
    await download.saveAs(templatePath);
    const [header, example] = await readSheet(templatePath, 'Users');
    expect(header).toEqual(IMPORT_COLUMNS);
    expect(example?.length).toBe(IMPORT_COLUMNS.length);

    const importFile = async (path: string) => {
      const choosing = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: 'Import Excel' }).click();
      await (await choosing).setFiles(path);
    };

    // The template as downloaded still holds the example row: refused, with the row's problem.
    await importFile(templatePath);
    const refused = page.getByRole('alert').filter({ hasText: 'Import failed.' });
    await expect(refused).toBeVisible();
    await expect(refused.getByText(/^Row 2\b/).first()).toBeVisible();
    await expect(page.getByText('No users found.')).toBeVisible();

    // The same template with real users instead of the example row.
    const people = [
      ['an.vu@imported.e2e.test', 'An', '', 'Vũ', '0911000001', 'staff', 'M', 'true', 'Imported-pass-1'],
      ['binh.ngo@imported.e2e.test', 'Bình', 'Văn', 'Ngô', '', 'manager', '', 'false', 'Imported-pass-2'],
    ];
    const data = [header ?? [], ...people].map((row) =>
      row.map((value) => (value === '' || value === null ? null : { value: String(value) })),
    );
    const filled = await writeXlsxFile([{ sheet: 'Users', data }]).toBuffer();
    const filledPath = testInfo.outputPath('users-to-import.xlsx');
    fs.writeFileSync(filledPath, filled);

    await importFile(filledPath);
    const imported = page.getByRole('alert').filter({ hasText: 'Import successful!' });
    await expect(imported).toBeVisible();
    // The list reloads by itself.
    await expect(bodyRows(page)).toHaveCount(2);
    await expect(bodyRows(page).filter({ hasText: 'an.vu@imported.e2e.test' })).toContainText('Active');
    await expect(bodyRows(page).filter({ hasText: 'binh.ngo@imported.e2e.test' })).toContainText('Inactive');

    // Importing the same people again is refused: they exist now.
    await importFile(filledPath);
    await expect(refused).toBeVisible();
    await expect(refused).toContainText('Row 2, email:');
    await expect(refused).toContainText('Row 3, email:');
  });
});

test('a manager opening /admin/users sees the not-allowed page', async ({ page }) => {
  await openSignedIn(page, MANAGER, '/admin/users');
  await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Users' })).toHaveCount(0);
  await page.goto('/admin/users/create');
  await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
});

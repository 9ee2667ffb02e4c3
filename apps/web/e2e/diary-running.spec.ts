// Issue 24, the running entry: 'Bắt đầu' in the header of a diary screen starts it; it is still
// there, ticking, after a reload and in a second tab on another diary screen (it lives on the
// server); 'Dừng' in that tab asks for what the entry lacks and makes it an entry, and the first tab
// sees the stop when it is looked at again.
import { expect, test } from '@playwright/test';
import { ensureUsers } from './support/admin-api';
import { FIRST_LOAD, storeSignIn } from './support/session';

const user = { email: 'diary-running@e2e.test', password: 'Diary-running-2024' };
const TITLE = 'Viết báo cáo tuần';

test.use({ locale: 'en-US', timezoneId: 'Asia/Ho_Chi_Minh' });

test('a running entry survives a reload and shows in a second tab, where it is stopped', async ({
  page,
  request,
}) => {
  await ensureUsers(request, [
    { ...user, first_name: 'Lan', last_name: 'Phạm', role: 'staff', is_active: true },
  ]);
  await storeSignIn(page, user);
  const token = await page.evaluate(() => localStorage.getItem('access'));
  const category = await page.request.post('/api/diaries/categories/', {
    headers: { Authorization: `Bearer ${token}` },
    data: { title: 'Báo cáo', jar_id: null },
  });
  expect(category.status()).toBe(201);

  await page.goto('/diary/entries');
  const bar = page.getByRole('region', { name: 'Running entry' });
  await bar.getByRole('textbox', { name: 'What are you doing?' }).fill(TITLE, FIRST_LOAD);
  await bar.getByRole('button', { name: 'Bắt đầu' }).click();
  await expect(bar.getByTestId('running-title')).toHaveText(TITLE);
  const elapsed = bar.getByTestId('running-elapsed');
  await expect(elapsed).toHaveText(/^0:00:0\d$/);
  await expect(elapsed).not.toHaveText('0:00:00'); // it ticks

  await page.reload();
  await expect(bar.getByTestId('running-title')).toHaveText(TITLE, FIRST_LOAD);
  await expect(bar.getByRole('button', { name: 'Dừng' })).toBeVisible();

  const second = await page.context().newPage();
  await second.goto('/diary/categories');
  const secondBar = second.getByRole('region', { name: 'Running entry' });
  await expect(secondBar.getByTestId('running-title')).toHaveText(TITLE, FIRST_LOAD);
  await secondBar.getByRole('button', { name: 'Dừng' }).click();
  const dialog = second.getByRole('dialog', { name: 'Stop the running entry' });
  await expect(dialog.getByLabel('Title')).toHaveValue(TITLE);
  await dialog.getByRole('textbox', { name: 'Categories' }).click();
  await second.getByRole('option', { name: /Báo cáo/ }).click();
  await second.keyboard.press('Escape');
  await dialog.getByLabel('Place').fill('Văn phòng');
  await dialog.getByLabel('Note').fill('Số liệu tháng');
  await dialog.getByRole('button', { name: 'Save entry' }).click();
  await expect(second.getByText(`Entry "${TITLE}" created.`)).toBeVisible();
  await expect(secondBar.getByRole('button', { name: 'Bắt đầu' })).toBeVisible();

  // The first tab, looked at again, shows no running entry and the new entry in its list.
  await page.bringToFront();
  await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
  await expect(bar.getByRole('button', { name: 'Bắt đầu' })).toBeVisible();
  await expect(page.getByText(TITLE)).toBeVisible();
});

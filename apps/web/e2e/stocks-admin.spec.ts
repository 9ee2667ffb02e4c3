// Stock administration (issue 26) as people use it: an administrator adds a stock from the menu,
// enters a day's bar for it and finds that price on the stock's page, then adds and removes a
// market holiday; axe finds nothing serious in the add dialog and on the price records with a bar
// recorded (a11y.spec.ts walks the three screens as they open). A staff member sees none of the
// menu items, is refused the screens, and the server answers 403 to their calls.
import { type APIRequestContext, expect, test } from '@playwright/test';
import { expectAccessible } from './support/accessibility';
import { fillDate } from './support/date-fields';
import { mainNavigation, openSignedIn, readSession } from './support/session';
import { ADMIN, STAFF } from './support/users';

const ZONE = 'Asia/Ho_Chi_Minh';
test.use({ timezoneId: ZONE });

const ADMIN_ITEMS = ['Stock catalogue', 'Price records', 'Market holidays'];
const FIXED = ['01-01', '04-30', '05-01', '09-02'];
const addDays = (date: string, n: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();
const dmy = (date: string) => date.split('-').reverse().join('/');

/**
 * A trading day a few sessions back, from the server's holiday table: on or before the session the
 * board shows, and inside the weeks a snapshot reads, so its close is the stock's price on its page.
 */
async function recentTradingDay(request: APIRequestContext, token: string): Promise<string> {
  const res = await request.get('/api/stocks/holidays/', { headers: { Authorization: `Bearer ${token}` } });
  expect(res.ok()).toBe(true);
  const table = new Set(((await res.json()) as { date: string }[]).map((h) => h.date));
  const isTrading = (d: string) =>
    weekday(d) !== 0 && weekday(d) !== 6 && !FIXED.includes(d.slice(5)) && !table.has(d);
  let day = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date());
  for (let back = 0; back < 3; ) {
    day = addDays(day, -1);
    if (isTrading(day)) back++;
  }
  return day;
}

test('an administrator adds a stock and a bar, sees its price on the stock page, and adds and removes a holiday', async ({
  page,
}) => {
  test.setTimeout(90_000);
  // A ticker of this run's own, so that a repeated run (--repeat-each) on the same server adds a new stock.
  const ticker = `E2E${Date.now().toString(36).slice(-6).toUpperCase()}`;
  await openSignedIn(page, ADMIN, '/stocks');
  const nav = mainNavigation(page);
  for (const item of ADMIN_ITEMS)
    await expect(nav.getByRole('link', { name: item, exact: true })).toBeVisible();

  // The catalogue, from the menu.
  await nav.getByRole('link', { name: 'Stock catalogue', exact: true }).click();
  await expect(page).toHaveURL(/\/stocks\/admin$/);
  await expect(page.getByRole('heading', { name: 'Stock catalogue' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Stocks' }).getByRole('row').nth(1)).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Stock catalogue', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(nav.getByRole('link', { name: 'Stocks', exact: true })).not.toHaveAttribute(
    'aria-current',
    'page',
  );

  await page.getByRole('button', { name: 'Add stock' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add stock' });
  await dialog.getByLabel(/^Ticker/).fill(ticker.toLowerCase());
  await dialog.getByLabel(/^Company name/).fill('Công ty Cổ phần Quản Trị Thử');
  await dialog.getByRole('textbox', { name: /^Exchange/ }).click();
  await page.getByRole('option', { name: /^HNX —/ }).click();
  await dialog.getByLabel(/^Lot size/).fill('10');
  await dialog.getByLabel(/^Sector/).fill('Dịch vụ');
  await expectAccessible(page, '/stocks/admin, the add form');
  await dialog.getByRole('button', { name: 'Add stock' }).click();
  await expect(page.getByText(`Stock ${ticker} added.`)).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByRole('searchbox', { name: 'Search' }).fill('quan tri thu');
  const row = page
    .getByRole('table', { name: 'Stocks' })
    .getByRole('row', { name: new RegExp(`^${ticker} `) });
  await expect(row).toContainText('HNX');
  await expect(row).toContainText('Dịch vụ');
  await expect(row).toContainText('Active');

  // Its price records, from its row.
  const token = (await readSession(page)).access ?? '';
  const day = await recentTradingDay(page.request, token);
  await row.getByRole('link', { name: `Price records of ${ticker}` }).click();
  await expect(page).toHaveURL(new RegExp(`/stocks/admin/prices\\?ticker=${ticker}$`));
  const form = page.getByRole('form', { name: `New daily bar for ${ticker}` });
  await fillDate(form, 'Date', day);
  await form.getByLabel(/^Open/).fill('12000');
  await form.getByLabel(/^High/).fill('12500');
  await form.getByLabel(/^Low/).fill('11800');
  await form.getByLabel(/^Close/).fill('12300');
  await form.getByLabel(/^Volume/).fill('45600');
  await form.getByRole('button', { name: 'Record bar' }).click();
  await expect(page.getByText(`Recorded the bar of ${ticker} for ${dmy(day)}: close 12.300.`)).toBeVisible();
  const recorded = page
    .getByRole('table', { name: `Price records of ${ticker}` })
    .getByRole('row', { name: new RegExp(dmy(day)) });
  await expect(recorded).toContainText('12.300');
  await expect(recorded).toContainText('Entered by hand');
  await expectAccessible(page, '/stocks/admin/prices');

  // The stock's page shows the entered close as its price.
  await page.getByRole('link', { name: 'Open the stock page' }).click();
  await expect(page).toHaveURL(new RegExp(`/stocks/${ticker}$`));
  await expect(page.getByRole('heading', { name: ticker, exact: true })).toBeVisible();
  await expect(page.getByText(/^Công ty Cổ phần Quản Trị Thử · Dịch vụ · .* · lô 10$/)).toBeVisible();
  await expect(page.getByRole('article', { name: ticker }).getByTestId('price')).toHaveText('12.300');

  // The holiday table: a weekday of next October (no holiday falls then), added then removed.
  await mainNavigation(page).getByRole('link', { name: 'Market holidays', exact: true }).click();
  await expect(page).toHaveURL(/\/stocks\/admin\/holidays$/);
  const nextYear =
    Number(new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric' }).format(new Date())) + 1;
  const yearList = await page.request.get(`/api/stocks/holidays/?year=${nextYear}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const taken = new Set(((await yearList.json()) as { date: string }[]).map((h) => h.date));
  let holiday = `${nextYear}-10-14`;
  while (weekday(holiday) === 0 || weekday(holiday) === 6 || taken.has(holiday))
    holiday = addDays(holiday, 1);
  const add = page.getByRole('form', { name: 'Add a holiday' });
  await fillDate(add, 'Date', holiday);
  await add.getByLabel(/^Name/).fill('Ngày nghỉ thử E2E');
  await add.getByRole('button', { name: 'Add holiday' }).click();
  await expect(page.getByText(`Added ${dmy(holiday)} (Ngày nghỉ thử E2E) to the holidays.`)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`year=${nextYear}$`));
  const listedRow = page
    .getByRole('table', { name: `Holidays of ${nextYear}` })
    .getByRole('row', { name: new RegExp(dmy(holiday)) });
  await expect(listedRow).toContainText('Ngày nghỉ thử E2E');

  await listedRow.getByRole('button', { name: `Remove ${dmy(holiday)}` }).click();
  const confirm = page.getByRole('dialog', { name: `Remove ${dmy(holiday)}?` });
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(
    page.getByText(`Removed ${dmy(holiday)} (Ngày nghỉ thử E2E) from the holidays.`),
  ).toBeVisible();
  await expect(listedRow).toHaveCount(0);
});

test('staff sees no stock administration items, is refused the screens, and the server answers 403', async ({
  page,
}) => {
  await openSignedIn(page, STAFF, '/stocks');
  const nav = mainNavigation(page);
  await expect(nav.getByRole('link', { name: 'Stocks', exact: true })).toBeVisible();
  for (const item of ADMIN_ITEMS)
    await expect(nav.getByRole('link', { name: item, exact: true })).toHaveCount(0);

  for (const path of ['/stocks/admin', '/stocks/admin/prices?ticker=VNM', '/stocks/admin/holidays']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Stock catalogue' })).toHaveCount(0);
  }

  const headers = { Authorization: `Bearer ${(await readSession(page)).access}` };
  const calls = [
    page.request.get('/api/stocks/catalogue/', { headers }),
    page.request.patch('/api/stocks/stocks/VNM/', { headers, data: { is_active: false } }),
    page.request.post('/api/stocks/stocks/', {
      headers,
      data: { ticker: 'E2ESTF', name: 'x', exchange_id: 1 },
    }),
    page.request.post('/api/stocks/prices/', {
      headers,
      data: { ticker: 'VNM', date: '2026-05-05', open: 1, high: 1, low: 1, close: 1 },
    }),
    page.request.post('/api/stocks/holidays/', { headers, data: { date: '2030-10-15', name: 'x' } }),
    page.request.delete('/api/stocks/holidays/2026-04-27/', { headers }),
  ];
  for (const res of await Promise.all(calls)) expect(res.status(), res.url()).toBe(403);
  // VNM is untouched: still active for everyone.
  const vnm = await page.request.get('/api/stocks/stocks/VNM/', { headers });
  expect(((await vnm.json()) as { is_active: boolean }).is_active).toBe(true);
});

// Watchlist items and lists as an investor uses them (issue 26): a ticker added with a note and a
// target price (the specification's add payload), the target edited, the card marked 'Target
// crossed' once the price rises through it (a day's bar recorded here, as an editor records one),
// another list made the default, renamed and deleted after a confirmation (the default passes back),
// with axe and the Tab key on the marked card and the edit dialog, and the card on a phone.
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { expectAccessible } from './support/accessibility';
import { adminToken, ensureUsers } from './support/admin-api';
import { walkTabOrder } from './support/keyboard';
import { openSignedIn } from './support/session';
import type { TestUser } from './support/users';

const ZONE = 'Asia/Ho_Chi_Minh';
test.use({ timezoneId: ZONE });

/** This spec's own investor: their lists and default are changed here, apart from stocks.spec.ts. */
const INVESTOR: TestUser = {
  email: 'watchlist-items@e2e.test',
  password: 'Watchlist-pass-2024',
  role: 'staff',
  firstName: 'Khánh',
  lastName: 'Vũ',
};
const TICKER = 'E2ETGT';

const FIXED = ['01-01', '04-30', '05-01', '09-02'];
const addDays = (date: string, n: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** The last few trading days up to the board's session date, from the server's holiday table. */
async function lastTradingDays(
  request: APIRequestContext,
  headers: Record<string, string>,
): Promise<string[]> {
  const res = await request.get('/api/stocks/holidays/', { headers });
  expect(res.ok()).toBe(true);
  const table = new Set(((await res.json()) as { date: string }[]).map((h) => h.date));
  const isTrading = (d: string) => {
    const wd = new Date(`${d}T00:00:00Z`).getUTCDay();
    return wd !== 0 && wd !== 6 && !FIXED.includes(d.slice(5)) && !table.has(d);
  };
  const now = new Date();
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(now);
  // Before the 09:00 opening bell the board still shows the previous session.
  const hour = Number(
    new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, hour: '2-digit', hourCycle: 'h23' }).format(now),
  );
  const last = hour < 9 ? addDays(today, -1) : today;
  const days: string[] = [];
  for (let d = addDays(today, -20); d <= last; d = addDays(d, 1)) if (isTrading(d)) days.push(d);
  return days.slice(-4);
}

async function recordBar(
  request: APIRequestContext,
  headers: Record<string, string>,
  date: string,
  close: number,
) {
  const res = await request.post('/api/stocks/prices/', {
    headers,
    data: {
      ticker: TICKER,
      date,
      open: 20_000,
      high: Math.max(20_000, close),
      low: Math.min(20_000, close),
      close,
      volume: 500_000,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
}

const yourLists = (page: Page) => page.getByRole('navigation', { name: 'Your lists' });
const listRow = (page: Page, name: string) => yourLists(page).getByRole('group', { name, exact: true });

async function listAction(page: Page, list: string, action: string) {
  await listRow(page, list).getByRole('button', { name: 'List actions' }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

async function expectDefault(page: Page, list: string, others: string[]) {
  await expect(listRow(page, list)).toContainText('default');
  for (const other of others) await expect(listRow(page, other)).not.toContainText('default');
}

async function expectToast(page: Page, message: string) {
  await expect(page.getByRole('alert').filter({ hasText: message })).toBeVisible();
}

test('watchlist items: a note and target added and edited, the crossing marked, and lists made default, renamed and deleted', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  await ensureUsers(request, [
    {
      email: INVESTOR.email,
      password: INVESTOR.password,
      role: INVESTOR.role,
      first_name: INVESTOR.firstName,
      last_name: INVESTOR.lastName,
      is_active: true,
    },
  ]);
  // A stock no provider quotes, flat at 20 000 up to the day before the session shown.
  const headers = { Authorization: `Bearer ${await adminToken(request)}` };
  const exchanges = (await (await request.get('/api/stocks/exchanges/', { headers })).json()) as {
    id: number;
    code: string;
  }[];
  const created = await request.post('/api/stocks/stocks/', {
    headers,
    data: {
      ticker: TICKER,
      name: 'Công ty Cổ phần Thử Mục Tiêu',
      exchange_id: exchanges.find((e) => e.code === 'HOSE')?.id,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const days = await lastTradingDays(request, headers);
  const session = days.at(-1) as string;
  for (const day of days.slice(0, -1)) await recordBar(request, headers, day, 20_000);

  await openSignedIn(page, INVESTOR, '/stocks');
  const create = page.getByRole('form', { name: 'Create watchlist' });
  for (const name of ['Dài hạn', 'Lướt sóng']) {
    await create.getByLabel('Create watchlist').fill(name);
    await create.getByRole('button', { name: 'Add' }).click();
    await expect(listRow(page, name)).toBeVisible();
  }
  await expectDefault(page, 'Dài hạn', ['Lướt sóng']);
  await listRow(page, 'Dài hạn')
    .getByRole('button', { name: /Dài hạn/ })
    .click();
  await expect(page.getByRole('heading', { name: 'Items — Dài hạn' })).toBeVisible();

  // Added with a note and a target above today's 20 000.
  const add = page.getByRole('form', { name: 'Add ticker to list' });
  await add.getByPlaceholder('Search ticker (e.g., VNM)').fill(TICKER);
  await page.getByRole('option', { name: new RegExp(TICKER) }).click();
  await add.getByRole('textbox', { name: 'Note' }).fill('Mua thêm khi vượt 20.500');
  await add.getByRole('textbox', { name: 'Target price' }).fill('20500');
  await add.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText(`Added ${TICKER} to Dài hạn.`)).toBeVisible();
  const card = page.getByRole('article', { name: TICKER });
  await expect(card.getByTestId('price')).toHaveText('20.000');
  await expect(card.getByTestId('note')).toHaveText('Mua thêm khi vượt 20.500');
  await expect(card.getByTestId('target')).toContainText('20.500');
  await expect(card.getByTestId('target')).toHaveAttribute('data-direction', 'above');
  await expect(card).toHaveAttribute('data-crossed', 'false');

  // Edited: a higher target, a new note.
  await card.getByRole('button', { name: `Edit note and target of ${TICKER}` }).click();
  const dialog = page.getByRole('dialog', { name: `${TICKER} — note and target` });
  await expect(dialog.getByRole('textbox', { name: 'Target price' })).toHaveValue('20.500');
  await dialog.getByRole('textbox', { name: 'Target price' }).fill('20800');
  await expect(dialog.getByText('Now 20.000. Marked when the price rises to 20.800.')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Note' }).fill('Chờ vượt 20.800');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, `Saved the note and target of ${TICKER}.`);
  await expect(dialog).toBeHidden();
  await expect(card.getByTestId('note')).toHaveText('Chờ vượt 20.800');
  await expect(card.getByTestId('target')).toContainText('20.800');

  // The session's bar closes at 21 000, through the target: the card is marked and counted.
  await recordBar(request, headers, session, 21_000);
  await page.reload();
  await expect(card.getByTestId('price')).toHaveText('21.000');
  await expect(card).toHaveAttribute('data-crossed', 'true');
  await expect(card.getByText('Target crossed')).toBeVisible();
  await expect(page.getByTestId('crossed-count')).toHaveText('1 target crossed');
  await expectAccessible(page, '/stocks with a crossed target');
  const walk = await walkTabOrder(page);
  expect(walk.unreached, 'controls Tab never reaches').toEqual([]);
  expect(walk.invisibleFocus, 'controls whose focus is not visible').toEqual([]);
  await card.getByRole('button', { name: `Edit note and target of ${TICKER}` }).click();
  await expect(dialog.getByRole('textbox', { name: 'Note' })).toBeFocused();
  await expectAccessible(page, "/stocks, a card's edit dialog");
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // The other list made the default: the badge moves.
  await listAction(page, 'Lướt sóng', 'Make default');
  await expectToast(page, '"Lướt sóng" is now your default list.');
  await expectDefault(page, 'Lướt sóng', ['Dài hạn']);

  // Renamed.
  await listAction(page, 'Lướt sóng', 'Rename');
  const rename = page.getByRole('dialog', { name: 'Rename watchlist' });
  await rename.getByRole('textbox', { name: 'Name' }).fill('Ngắn hạn');
  await rename.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Renamed "Lướt sóng" to "Ngắn hạn".');
  await expectDefault(page, 'Ngắn hạn', ['Dài hạn']);
  await expect(listRow(page, 'Lướt sóng')).toHaveCount(0);

  // Deleted, the default, after a confirmation that says where the default goes.
  await listAction(page, 'Ngắn hạn', 'Delete');
  const confirm = page.getByRole('dialog', { name: 'Delete watchlist' });
  await expect(confirm).toContainText('Are you sure you want to delete the watchlist "Ngắn hạn"?');
  await expect(confirm).toContainText('"Dài hạn" will become your default list.');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, 'Deleted the watchlist "Ngắn hạn".');
  await expect(listRow(page, 'Ngắn hạn')).toHaveCount(0);
  await expectDefault(page, 'Dài hạn', []);
  // Nothing was lost on the way: a reload shows the server's state.
  await page.reload();
  await expect(yourLists(page).getByRole('group')).toHaveCount(1);
  await expectDefault(page, 'Dài hạn', []);
  await expect(card.getByTestId('note')).toHaveText('Chờ vượt 20.800');

  // On a phone the card, its note and the pencil fit the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await card.scrollIntoViewIfNeeded();
  await expectWithin(card, 390);
  await expectWithin(card.getByRole('button', { name: `Edit note and target of ${TICKER}` }), 390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

async function expectWithin(locator: Locator, width: number) {
  const box = await locator.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= width).toBe(true);
}

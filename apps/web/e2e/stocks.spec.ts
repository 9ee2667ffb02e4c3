// Stock watchlists as an investor uses them (spec sections 2, 4, 5, 8, 9): two lists (the first is
// the default), the add-ticker messages, searching by ticker and by a Vietnamese name without
// accents, cards whose colours and arrows match prices recorded here, removing a ticker, a stock's
// page with its chart, and the list's analysis.
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { adminToken } from './support/admin-api';
import { openSignedIn } from './support/session';
import { STAFF } from './support/users';

const ZONE = 'Asia/Ho_Chi_Minh';
test.use({ timezoneId: ZONE });
test.describe.configure({ mode: 'serial' });

const FIXED = ['01-01', '04-30', '05-01', '09-02'];
const addDays = (date: string, n: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** Trading days of the last ~45 days up to the board's session date, from the server's holiday table. */
async function tradingDays(request: APIRequestContext, headers: Record<string, string>): Promise<string[]> {
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
  for (let d = addDays(today, -45); d <= last; d = addDays(d, 1)) if (isTrading(d)) days.push(d);
  return days;
}

/**
 * Three stocks with known prices: flat for weeks, then on the session's day E2EUP closes at
 * 21 000 (from 20 000: up, green), E2EDN at 29 000 (from 30 000: down, red) and E2ECE at the
 * UPCOM ceiling (reference = the previous average 10 000, +15 % → 11 500, purple).
 */
async function seedKnownStocks(request: APIRequestContext) {
  const headers = { Authorization: `Bearer ${await adminToken(request)}` };
  const exchanges = (await (await request.get('/api/stocks/exchanges/', { headers })).json()) as {
    id: number;
    code: string;
  }[];
  const id = (code: string) => exchanges.find((e) => e.code === code)?.id;
  const stocks = [
    {
      ticker: 'E2EUP',
      name: 'Công ty Cổ phần Thử Nghiệm Tăng',
      code: 'HOSE',
      flat: 20_000,
      last: 21_000,
      average: null,
    },
    {
      ticker: 'E2EDN',
      name: 'Công ty Cổ phần Thử Nghiệm Giảm',
      code: 'HNX',
      flat: 30_000,
      last: 29_000,
      average: null,
    },
    {
      ticker: 'E2ECE',
      name: 'Công ty Cổ phần Thử Nghiệm Trần',
      code: 'UPCOM',
      flat: 10_000,
      last: 11_500,
      average: 10_000,
    },
  ];
  const days = await tradingDays(request, headers);
  for (const s of stocks) {
    const created = await request.post('/api/stocks/stocks/', {
      headers,
      data: { ticker: s.ticker, name: s.name, exchange_id: id(s.code) },
    });
    expect([201, 400]).toContain(created.status()); // 400: a retried run already made it
    for (const [i, date] of days.entries()) {
      const last = i === days.length - 1;
      const close = last ? s.last : s.flat;
      const res = await request.post('/api/stocks/prices/', {
        headers,
        data: {
          ticker: s.ticker,
          date,
          open: s.flat,
          high: Math.max(s.flat, close),
          low: Math.min(s.flat, close),
          close,
          volume: 1_000_000,
          ...(s.average ? { average: s.average } : {}),
        },
      });
      expect(res.status(), await res.text()).toBe(201);
    }
  }
}

/** Which of red, green or blue dominates an element's text colour. */
async function hue(locator: Locator): Promise<'red' | 'green' | 'blue'> {
  const colour = await locator.evaluate((el) => getComputedStyle(el).color);
  const [r, g, b] = (colour.match(/\d+/g) ?? []).map(Number) as [number, number, number];
  return g > r && g > b ? 'green' : r > g && r > b ? 'red' : 'blue';
}

function addForm(page: Page) {
  return page.getByRole('form', { name: 'Add ticker to list' });
}

async function addTicker(page: Page, search: string, option: RegExp) {
  await addForm(page).getByPlaceholder('Search ticker (e.g., VNM)').fill(search);
  await page.getByRole('option', { name: option }).click();
  await addForm(page).getByRole('button', { name: 'Add' }).click();
}

test('watchlists: create, add, see known prices, remove, open a stock and the analysis', async ({
  page,
  request,
}) => {
  // A long flow: about 35 s alone on a loaded two-core machine.
  test.setTimeout(120_000);
  await seedKnownStocks(request);
  await openSignedIn(page, STAFF, '/stocks');
  await expect(page.getByRole('heading', { name: 'Watchlists' })).toBeVisible();
  await expect(page.getByText('No items')).toBeVisible();

  await addForm(page).getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText('Please select a watchlist first.')).toBeVisible();

  const create = page.getByRole('form', { name: 'Create watchlist' });
  await create.getByLabel('Create watchlist').fill('Ngân hàng');
  await create.getByRole('button', { name: 'Add' }).click();
  const lists = page.getByRole('navigation', { name: 'Your lists' });
  await expect(lists.getByRole('button', { name: /Ngân hàng/ })).toContainText('default');
  await create.getByLabel('Create watchlist').fill('Theo dõi');
  await create.getByRole('button', { name: 'Add' }).click();
  await expect(lists.getByRole('button', { name: /Theo dõi/ })).toBeVisible();
  await expect(lists.getByRole('button', { name: /Theo dõi/ })).not.toContainText('default');

  // The default list is the selected one.
  await lists.getByRole('button', { name: /Ngân hàng/ }).click();
  await expect(page.getByRole('heading', { name: 'Items — Ngân hàng' })).toBeVisible();
  await addForm(page).getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText('No ticker selected.')).toBeVisible();

  await addTicker(page, 'E2EU', /E2EUP/);
  const added = page.getByText('Added E2EUP to Ngân hàng.');
  await expect(added).toBeVisible();
  await expect(added).toBeHidden({ timeout: 6000 }); // cleared after 3 s
  await addTicker(page, 'E2ED', /E2EDN/);
  await expect(page.getByText('Added E2EDN to Ngân hàng.')).toBeVisible();
  await addTicker(page, 'E2EC', /E2ECE/);
  await expect(page.getByText('Added E2ECE to Ngân hàng.')).toBeVisible();
  // A seeded demo company found by its Vietnamese name typed without accents.
  await addTicker(page, 'sua viet nam', /VNM/);
  await expect(page.getByText('Added VNM to Ngân hàng.')).toBeVisible();

  await addForm(page).getByPlaceholder('Search ticker (e.g., VNM)').fill('E2EUP');
  await addForm(page).getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText('E2EUP is already in this list.')).toBeVisible();
  await addForm(page).getByPlaceholder('Search ticker (e.g., VNM)').fill('ZZZZ9');
  await addForm(page).getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText('Unknown ticker: ZZZZ9.')).toBeVisible();

  await expect(page.getByLabel('Ticker count')).toHaveText('4');
  const up = page.getByRole('article', { name: 'E2EUP' });
  await expect(up.getByTestId('price')).toHaveText('21.000');
  await expect(up.getByTestId('price')).toHaveAttribute('data-tone', 'up');
  expect(await hue(up.getByTestId('price'))).toBe('green');
  await expect(up.getByText('+5,00%')).toBeVisible();
  await expect(up.getByRole('img', { name: 'Giá hôm qua: 20.000' })).toBeAttached();
  await expect(up.getByTestId('week-open')).toHaveAttribute('data-direction', 'up');
  await expect(up.getByTestId('month-open')).toHaveAttribute('data-direction', 'up');
  await expect(up.getByTestId('month-open')).toContainText('20.000');
  await up.getByRole('img', { name: 'Giá hôm qua: 20.000' }).hover();
  await expect(page.getByText('Giá hôm qua: 20.000')).toBeVisible();

  const down = page.getByRole('article', { name: 'E2EDN' });
  await expect(down.getByTestId('price')).toHaveText('29.000');
  await expect(down.getByTestId('price')).toHaveAttribute('data-tone', 'down');
  expect(await hue(down.getByTestId('price'))).toBe('red');
  await expect(down.getByTestId('month-open')).toHaveAttribute('data-direction', 'down');

  const ceiling = page.getByRole('article', { name: 'E2ECE' });
  await expect(ceiling.getByTestId('price')).toHaveText('11.500');
  await expect(ceiling.getByTestId('price')).toHaveAttribute('data-tone', 'ceiling');
  await expect(ceiling.getByRole('img', { name: 'Giá hôm qua: 10.000' })).toBeAttached();

  const vnm = page.getByRole('article', { name: 'VNM' });
  await expect(vnm.getByTestId('price')).not.toHaveText('—');
  await expect(vnm).toContainText('Công ty Cổ phần Sữa Việt Nam');

  // Remove a ticker.
  await down.getByRole('button', { name: 'Remove E2EDN' }).click();
  await expect(page.getByRole('article', { name: 'E2EDN' })).toHaveCount(0);
  await expect(page.getByLabel('Ticker count')).toHaveText('3');

  // The stock's own page.
  await up.getByRole('link').click();
  await expect(page).toHaveURL(/\/stocks\/E2EUP$/);
  await expect(page.getByRole('heading', { name: 'E2EUP' })).toBeVisible();
  await expect(page.getByText(/^Công ty Cổ phần Thử Nghiệm Tăng · .* · lô 100$/)).toBeVisible();
  await expect(page.getByRole('img', { name: /Giá đóng cửa E2EUP/ })).toBeVisible();
  await expect(page.getByRole('article', { name: 'E2EUP' }).getByTestId('price')).toHaveText('21.000');

  // The analysis of the list.
  await page.goto('/stocks');
  await page.getByRole('link', { name: 'Phân tích' }).click();
  await expect(page).toHaveURL(/\/watchlists\/\d+\/analysis$/);
  await expect(page.getByRole('heading', { name: 'Phân tích — Ngân hàng' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Phân tích danh mục' });
  const upRow = table.getByRole('row', { name: /E2EUP/ });
  await expect(upRow).toContainText('+5,00%');
  await expect(table.getByRole('row', { name: /E2ECE/ })).toContainText('+15,00%');
  await expect(table.getByRole('row', { name: /Bình quân/ })).toContainText('100%');
});

test("the ticker search finds companies by their common names, and says 'Không tìm thấy mã'", async ({
  page,
}) => {
  await openSignedIn(page, STAFF, '/stocks');
  const search = addForm(page).getByPlaceholder('Search ticker (e.g., VNM)');
  for (const [typed, ticker] of [
    ['hoa phat', /HPG/],
    ['vietcombank', /VCB/],
    ['vietcom', /VCB/],
    ['Vinamilk', /VNM/],
  ] as const) {
    await search.fill(typed);
    await expect(page.getByRole('option', { name: ticker })).toBeVisible();
  }
  await search.fill('khong co cong ty nay');
  await expect(addForm(page).getByText('Không tìm thấy mã')).toBeVisible();
  // The message sits under the row: 'Add' stays level with the box, not with the message.
  const box = await search.boundingBox();
  const add = await addForm(page).getByRole('button', { name: 'Add', exact: true }).boundingBox();
  expect(box && add && Math.abs(box.y + box.height - (add.y + add.height))).toBeLessThanOrEqual(2);
});

// The market charts as an investor uses them (issue 26), on the demo market a fresh install seeds:
// the stock page's candlesticks and volume painted from the real bars, the read-out of the day under
// the mouse (checked against the API's bar), zoom by range button, the day-by-day slider, and the
// demo notice; the watchlist analysis's month lines with their legend and notice.
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { expectAccessible } from './support/accessibility';
import { ensureUsers } from './support/admin-api';
import { colourBlobs } from './support/canvas';
import { openSignedIn } from './support/session';
import type { TestUser } from './support/users';

test.use({ timezoneId: 'Asia/Ho_Chi_Minh' });

/** A user of this spec alone: its watchlist is nobody else's test data. */
const CHART_USER: TestUser = {
  email: 'charts@e2e.test',
  password: 'Charts-pass-2024',
  role: 'staff',
  firstName: 'Vy',
  lastName: 'Phạm',
};

/** The candles' colours (candlestick-canvas.tsx) and the first two lines' (month-change.ts). */
const CANDLES = { up: '#2f9e44', down: '#e03131' };
const LINES = { first: '#1c7ed6', second: '#e8590c' };

interface Bar {
  date: string;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

const vi = (n: number) => new Intl.NumberFormat('vi-VN', { maximumFractionDigits: 2 }).format(n);
const ddmmyyyy = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;
const dayMs = (date: string | null) => Date.parse(`${date}T00:00:00Z`);

async function tokenOf(request: APIRequestContext, user: TestUser): Promise<string> {
  const res = await request.post('/api/users/token/', {
    data: { email: user.email, password: user.password },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { access: string }).access;
}

test.beforeAll(async ({ request }) => {
  await ensureUsers(request, [
    {
      email: CHART_USER.email,
      password: CHART_USER.password,
      role: CHART_USER.role,
      first_name: CHART_USER.firstName,
      last_name: CHART_USER.lastName,
      is_active: true,
    },
  ]);
});

/** Moves the mouse over the chart at a fraction of its width, in the candles' pane, and returns the day read out. */
async function hoverAt(
  page: Page,
  chart: Locator,
  readout: Locator,
  fraction: number,
  before: string | null,
) {
  const box = await chart.boundingBox();
  if (!box) throw new Error('the chart has no box');
  await page.mouse.move(box.x + Math.max(6, box.width * fraction), box.y + box.height * 0.3);
  await expect(readout).not.toHaveAttribute('data-date', before ?? '');
  return readout.getAttribute('data-date');
}

test('the stock page draws candles from the bars, reads out the day under the mouse and zooms by range', async ({
  page,
}) => {
  const headers = { Authorization: `Bearer ${await tokenOf(page.request, CHART_USER)}` };
  const res = await page.request.get('/api/stocks/prices/?ticker=VNM&since=2000-01-01', { headers });
  expect(res.status()).toBe(200);
  const history = (await res.json()) as Bar[];
  expect(history.length).toBeGreaterThan(500); // three years of demo sessions

  await openSignedIn(page, CHART_USER, '/stocks/VNM');
  await expect(page.getByRole('heading', { name: 'VNM', level: 1 })).toBeVisible();
  await expect(page.getByTestId('demo-notice')).toContainText(
    'Giá của VNM là dữ liệu mô phỏng, không phải giá thị trường.',
  );

  // Painted: rising and falling candles in the board's colours.
  const chart = page.getByTestId('candlestick-chart');
  await expect(chart.locator('canvas').first()).toBeVisible();
  await expect
    .poll(async () => {
      const blobs = await colourBlobs(chart, CANDLES);
      return ['up', 'down'].map((c) => blobs.filter((b) => b.colour === c).length > 5);
    })
    .toEqual([true, true]);

  // Not hovering, the read-out is the last day; under the mouse, the day there, as the API has it.
  const readout = page.getByTestId('ohlc-readout');
  const lastShown = await readout.getAttribute('data-date');
  const hovered = await hoverAt(page, chart, readout, 0.3, lastShown);
  const bar = history.find((b) => b.date === hovered);
  expect(bar, `a bar on ${hovered}`).toBeDefined();
  if (!bar) return;
  await expect(readout.getByTestId('readout-date')).toHaveText(ddmmyyyy(bar.date));
  await expect(readout.getByTestId('readout-open')).toHaveText(vi(bar.open));
  await expect(readout.getByTestId('readout-high')).toHaveText(vi(bar.high));
  await expect(readout.getByTestId('readout-low')).toHaveText(vi(bar.low));
  await expect(readout.getByTestId('readout-close')).toHaveText(vi(bar.close));
  await expect(readout.getByTestId('readout-volume')).toHaveText(vi(bar.volume));

  // 1M: the chart's left edge is about a month before the last day.
  await page.getByText('1M', { exact: true }).click();
  await expect(page.getByTestId('chart-summary')).toContainText('Giá đóng cửa VNM, 1 tháng từ');
  const monthEdge = await hoverAt(page, chart, readout, 0, hovered);
  const lastMs = dayMs(lastShown);
  expect(lastMs - dayMs(monthEdge)).toBeGreaterThan(25 * 86_400_000);
  expect(lastMs - dayMs(monthEdge)).toBeLessThan(35 * 86_400_000);

  // All: the left edge is the first bar's days.
  await page.getByText('Tất cả', { exact: true }).click();
  await expect(page.getByTestId('chart-summary')).toContainText(
    `toàn bộ lịch sử từ ${ddmmyyyy(history[0]?.date as string)}`,
  );
  const allEdge = await hoverAt(page, chart, readout, 0, monthEdge);
  expect(dayMs(allEdge) - dayMs(history[0]?.date as string)).toBeLessThan(20 * 86_400_000);

  // Off the chart, the last day again; the slider steps back a day at a time.
  await page.mouse.move(0, 0);
  await expect(readout).toHaveAttribute('data-date', lastShown as string);
  const days = [...new Set([...history.map((b) => b.date), lastShown as string])].sort();
  const slider = page.getByRole('slider', { name: 'Phiên' });
  await slider.focus();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  const twoBack = days[days.indexOf(lastShown as string) - 2] as string;
  await expect(readout).toHaveAttribute('data-date', twoBack);
  await expect(slider).toHaveAttribute('aria-valuetext', new RegExp(`^${ddmmyyyy(twoBack)}: Open `));
  await expectAccessible(page, 'the stock page with its chart and read-out');
});

test('the list analysis draws each ticker’s month and says the prices are demo', async ({ page }) => {
  const headers = { Authorization: `Bearer ${await tokenOf(page.request, CHART_USER)}` };
  const created = await page.request.post('/api/stocks/watchlists/', {
    headers,
    data: { name: `Biểu đồ ${Date.now()}` },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  for (const ticker of ['VNM', 'FPT']) {
    const added = await page.request.post(`/api/stocks/watchlists/${id}/add_item/`, {
      headers,
      data: { ticker },
    });
    expect(added.status(), await added.text()).toBe(201);
  }

  // Every stock screen says that its prices are generated: the watchlists first, then the analysis.
  await openSignedIn(page, CHART_USER, '/stocks');
  await expect(page.getByTestId('demo-notice')).toContainText(
    'Giá cổ phiếu trên trang này là dữ liệu mô phỏng, không phải giá thị trường.',
  );
  await page.goto(`/watchlists/${id}/analysis`);
  await expect(page.getByTestId('demo-notice')).toContainText(
    'Giá cổ phiếu trên trang này là dữ liệu mô phỏng, không phải giá thị trường.',
  );
  const chart = page.getByTestId('month-change-chart');
  await expect(chart.getByRole('heading', { name: 'Thay đổi trong tháng' })).toBeVisible();
  const legend = chart.getByRole('list', { name: 'Chú giải' });
  await expect(legend.getByRole('listitem')).toHaveText([/^VNM[+-]\d+,\d{2}%$/, /^FPT[+-]\d+,\d{2}%$/]);
  await expect(chart.getByTestId('chart-summary')).toContainText('Thay đổi từ đầu tháng');
  // A line (with a dot on each day) in each ticker's colour.
  await expect
    .poll(async () => {
      const blobs = await colourBlobs(chart, LINES);
      return ['first', 'second'].map((c) => blobs.some((b) => b.colour === c));
    })
    .toEqual([true, true]);
  // Its numbers as a table, a day a row.
  await chart.getByText('Xem số liệu dạng bảng').click();
  const table = chart.getByRole('table', { name: 'Thay đổi trong tháng' });
  await expect(table.getByRole('columnheader')).toHaveText(['Ngày', 'VNM', 'FPT']);
  expect(await table.getByRole('row').count()).toBeGreaterThan(1);
  await expectAccessible(page, 'the list analysis with its month chart');
});

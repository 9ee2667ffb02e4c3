// The forex and gold board as a user sees it on a fresh install (spec: Forex and gold dashboard):
// demo data out of the box, the groups, switching symbol and range, and the dot colours on a
// known series that global-setup imported with `manage import-forex`. The chart is a canvas
// (TradingView Lightweight Charts, decision 0032): its dots are read back from the painted pixels,
// and from the chart's table of points.
import { expect, type Page, test } from '@playwright/test';
import { colourBlobs } from './support/canvas';
import { KNOWN_DIRECTIONS, KNOWN_SYMBOL } from './support/forex-series';
import { openSignedIn } from './support/session';
import { STAFF } from './support/users';

test.use({ timezoneId: 'Asia/Ho_Chi_Minh' });

const chartTitle = (page: Page) => page.getByTestId('chart-title');
/** The spec's dot colours (features/forex/chart-data.ts). */
const DOTS = { up: '#2f9e44', down: '#e03131' };
const drawing = (page: Page) => page.getByTestId('chart-drawing');
const unit = (page: Page) => page.getByTestId('chart-unit');

// Signed in through the API, on the dashboard; each test then opens the board itself.
test.beforeEach(async ({ page }) => {
  await openSignedIn(page, STAFF);
});

test('the board opens on SJC by month with the demo history and the demo notice', async ({ page }) => {
  await page.goto('/forex');
  await expect(page.getByRole('heading', { name: 'Forex & Gold Dashboard' })).toBeVisible();
  await expect(chartTitle(page)).toHaveText('SJC - MONTHLY');
  // The chart is 320 px high: its box and the library's drawing in it.
  expect((await drawing(page).boundingBox())?.height).toBe(320);
  await expect(drawing(page).locator('.tv-lightweight-charts')).toHaveCSS('height', '320px');
  await expect(unit(page)).toHaveText('triệu');
  // A month of 3-hour buckets: a couple of hundred points and plenty of ups and downs, in the table
  // and painted, green and red.
  await expect.poll(() => page.getByTestId('chart-dot').count()).toBeGreaterThan(100);
  await expect
    .poll(async () => {
      const blobs = await colourBlobs(drawing(page), DOTS);
      return ['up', 'down'].map((c) => blobs.some((b) => b.colour === c));
    })
    .toEqual([true, true]);
  await expect(page.getByTestId('demo-notice')).toContainText('dữ liệu mô phỏng');
  const quote = page.getByTestId('latest-quote');
  await expect(quote.getByTestId('quote-last')).toHaveText(/^Last\d{2,3}\.\d{3}\.\d{3}$/);
  await expect(quote.getByTestId('quote-bid')).toHaveText(/^Bid\d{2,3}\.\d{3}\.\d{3}$/);
  await expect(page.getByRole('radio', { name: 'Month' })).toBeChecked();
});

test('the groups hold the right symbols', async ({ page }) => {
  await page.goto('/forex');
  const metals = page.getByTestId('metals-group').getByRole('button');
  // The labels' text as specified; flags and metals are drawn (SVG), never emoji, which a machine
  // without an emoji font (this Debian Chromium among them) shows as empty boxes.
  await expect(metals).toHaveText(['Gold', KNOWN_SYMBOL, 'Vàng nhẫn SJC', 'Phú Quý 999.9', 'Silver (BPQ)']);
  const metalIcons = page.getByTestId('metals-group').locator('svg[data-metal]');
  expect(await metalIcons.evaluateAll((icons) => icons.map((i) => i.getAttribute('data-metal')))).toEqual([
    'gold',
    'gold',
    'gold',
    'gold',
    'silver',
  ]);
  const favorites = page.getByTestId('favorites-group').getByRole('button');
  await expect(favorites).toHaveText(['USD', 'GBP', 'JPY', 'CNY', 'EUR', 'KRW']);
  const flags = page.getByTestId('favorites-group').locator('svg[data-flag]');
  expect(await flags.evaluateAll((svgs) => svgs.map((f) => f.getAttribute('data-flag')))).toEqual([
    'US',
    'GB',
    'JP',
    'CN',
    'EU',
    'KR',
  ]);
  for (const flag of await flags.all()) {
    const box = await flag.boundingBox();
    expect(box?.width ?? 0).toBeGreaterThan(12);
    expect(box?.height ?? 0).toBeGreaterThan(8);
  }
  await expect(page.getByText('Other Currencies')).toBeVisible();
  await page.getByPlaceholder('Select currency').click();
  const options = page.getByRole('option');
  await expect(options).toHaveCount(14);
  await expect(options.first()).toHaveText('AUD — Đô la Úc');
  await expect(options.first().locator('svg[data-flag="AU"]')).toBeVisible();
  await expect(options.last()).toHaveText('THB — Baht Thái');
});

test('switching symbol and range redraws the chart with the right title and unit', async ({ page }) => {
  await page.goto('/forex');
  await expect(chartTitle(page)).toHaveText('SJC - MONTHLY');
  await page.getByTestId('favorites-group').getByRole('button', { name: 'USD' }).click();
  await expect(chartTitle(page)).toHaveText('USD - MONTHLY');
  await expect(unit(page)).toHaveText('nghìn');
  await expect(page.getByTestId('price-chart').getByRole('img')).toHaveAttribute(
    'aria-label',
    /last \d{2},\d{3} nghìn$/,
  );
  await page.getByText('Year', { exact: true }).click();
  await expect(chartTitle(page)).toHaveText('USD - YEARLY');
  await expect(page).toHaveURL(/symbol=USD&range=yearly/);
  await expect.poll(() => page.getByTestId('chart-dot').count()).toBeGreaterThan(200);
  await page.getByText('Day', { exact: true }).click();
  await expect(chartTitle(page)).toHaveText('USD - DAILY');
  await page.getByPlaceholder('Select currency').click();
  await page.getByRole('option', { name: /THB/ }).click();
  await expect(chartTitle(page)).toHaveText('THB - DAILY');
  // The selection survives a reload.
  await page.reload();
  await expect(chartTitle(page)).toHaveText('THB - DAILY');
  await page.getByTestId('metals-group').getByRole('button', { name: 'Silver (BPQ)' }).click();
  await expect(chartTitle(page)).toHaveText('BPQ - DAILY');
  await expect(unit(page)).toHaveText('triệu');
});

test('dots are green on a rise, red on a fall and absent otherwise, on a known series', async ({ page }) => {
  await page.goto(`/forex?symbol=${encodeURIComponent(KNOWN_SYMBOL)}&range=monthly`);
  await expect(chartTitle(page)).toHaveText(`${KNOWN_SYMBOL} - MONTHLY`);
  // The table: a dot on each move, none on the first point nor on the unchanged one.
  const dots = page.getByTestId('chart-dot');
  await expect(dots).toHaveCount(KNOWN_DIRECTIONS.length);
  const seen = await dots.evaluateAll((nodes) =>
    nodes.map((n) => [n.getAttribute('data-direction'), n.getAttribute('data-colour')]),
  );
  expect(seen).toEqual(KNOWN_DIRECTIONS.map((d) => [d, DOTS[d as keyof typeof DOTS]]));
  await expect(page.getByTestId('chart-point')).toHaveCount(2);
  // The drawing: one dot per move, left to right in the series' order, green up and red down.
  await expect
    .poll(async () => (await colourBlobs(drawing(page), DOTS)).map((b) => b.colour))
    .toEqual(KNOWN_DIRECTIONS);
  await expect(page.getByTestId('demo-notice')).toHaveCount(0);
  await expect(page.getByTestId('latest-quote').getByTestId('quote-last')).toHaveText('Last100.000.000');
});

test('on a phone the price, the range switch and the chart come first; a tap on a symbol shows', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/forex');
  await expect(chartTitle(page)).toHaveText('SJC - MONTHLY');
  const chart = page.getByTestId('chart-card');
  const quote = page.getByTestId('latest-quote');
  // The whole chart and the latest price are on the first screen, the range switch above the chart.
  await expect(quote.getByTestId('quote-last')).toBeInViewport({ ratio: 1 });
  await expect(chart).toBeInViewport({ ratio: 1 });
  const range = await page.getByRole('radio', { name: 'Year' }).boundingBox();
  const chartBox = await chart.boundingBox();
  expect(range && chartBox && range.y < chartBox.y).toBe(true);

  // The symbols follow, each with its last price; a tap redraws the chart, still in view.
  const usd = page.getByTestId('favorites-group').getByRole('button', { name: /USD/ });
  await expect(usd.getByTestId('symbol-last')).toHaveText(/^\d{1,3}(\.\d{3})+$/);
  // Every symbol's name and last price fit inside its button (the metals' long names once pushed
  // their prices out at 390 px).
  const symbolPanel = page.getByRole('navigation', { name: 'Symbols' });
  await expect(symbolPanel.getByTestId('symbol-last').filter({ hasText: '…' })).toHaveCount(0);
  const overflowing = await symbolPanel.locator('button[data-symbol]').evaluateAll((buttons) =>
    buttons.flatMap((button) => {
      const price = button.querySelector('[data-testid="symbol-last"]');
      const inner = button.getBoundingClientRect();
      const box = price?.getBoundingClientRect();
      return box && box.right > inner.right - 1 ? [button.getAttribute('data-symbol')] : [];
    }),
  );
  expect(overflowing).toEqual([]);
  await usd.click();
  await expect(chartTitle(page)).toHaveText('USD - MONTHLY');
  await expect(page.getByTestId('price-chart')).toBeInViewport();
  await page.getByText('Year', { exact: true }).click();
  await expect(chartTitle(page)).toHaveText('USD - YEARLY');
  await expect(chartTitle(page)).toBeInViewport();
});

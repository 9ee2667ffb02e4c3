// Issue 24, "Analysis in pictures": under the jar cards of /diary/dashboard, four charts drawn from
// the API's numbers, each an image named by its title and a summary, with its numbers in a table; on a
// desktop (1280 px) and a phone (390 px), with no content past the window's edge and no serious axe
// violation (one run, at 390 px with every table open). One manager's diary, seeded through the API.
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './support/accessibility';
import { ensureUsers } from './support/admin-api';
import { storeSignIn } from './support/session';

const ZONE = 'Asia/Ho_Chi_Minh';
const user = { email: `diary-charts-${Date.now()}@e2e.test`, password: 'Diary-charts-pass-2024' };

/** YYYY-MM-DD `offset` days from today in the test's time zone. */
function localDate(offset: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date());
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + offset)).toISOString().slice(0, 10);
}

async function seedDiary(page: Page): Promise<void> {
  const token = await page.evaluate(() => localStorage.getItem('access'));
  const headers = { Authorization: `Bearer ${token}` };
  const get = async (url: string) => (await page.request.get(url, { headers })).json();
  const post = async (url: string, data: object) => {
    const res = await page.request.post(url, { headers, data });
    expect(res.status(), await res.text()).toBe(201);
    return res.json();
  };
  const [diary] = await get('/api/diaries/diaries/');
  const jars = (await get('/api/diaries/jars/')) as { id: number; key: string }[];
  const jar = (key: string) => jars.find((j) => j.key === key)?.id;
  const [sleep, work, learn] = (
    await Promise.all([
      post('/api/diaries/categories/', { title: 'Ngủ đêm', jar_id: jar('sleep') }),
      post('/api/diaries/categories/', { title: 'Làm việc', jar_id: jar('essential') }),
      post('/api/diaries/categories/', { title: 'Học', jar_id: jar('education') }),
    ])
  ).map((c) => c.id as number);
  const entry = (
    day: number,
    from: string,
    endDay: number,
    to: string,
    category: number[],
    feeling: string,
  ) =>
    post(`/api/diaries/${diary.id}/entries/`, {
      title: 'Mục',
      feeling,
      start_date: localDate(day),
      start_time: from,
      end_date: localDate(endDay),
      end_time: to,
      category,
      place: 'Văn phòng',
      note: 'Ghi chú',
      time_zone: ZONE,
    });
  await Promise.all([
    entry(-3, '22:00', -2, '06:00', [sleep as number], 'tired'), // across midnight
    entry(-2, '09:00', -2, '12:00', [work as number, learn as number], 'happy'), // 1 h 30 min to each jar
    entry(-1, '14:00', -1, '16:00', [work as number], 'anxious'),
  ]);
}

/** Nothing in the main area past the window's edge, but what scrolls inside a box that fits it. */
async function fitsTheWindow(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const scrolls = (el: Element) => ['auto', 'scroll'].includes(getComputedStyle(el).overflowX);
    const insideScroller = (el: Element) => {
      for (let up = el.parentElement; up && up.tagName !== 'MAIN'; up = up.parentElement) {
        if (scrolls(up)) return true;
      }
      return false;
    };
    const wide = [...document.querySelectorAll('main *')]
      .filter((el) => {
        const box = el.getBoundingClientRect();
        return box.width > 0 && (box.right > width + 1 || box.left < -1) && !insideScroller(el);
      })
      .map((el) => `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 40)}`);
    return { scroll: document.documentElement.scrollWidth - width, wide: wide.slice(0, 5) };
  });
  expect(overflow).toEqual({ scroll: 0, wide: [] });
}

/**
 * The new part of the screen (a11y.spec.ts checks the whole of it, cards included). The charts' SVG
 * internals are left out: each chart is one image (its children presentational), checked below to
 * hold no tab stop; axe walking every bar took 12 s on a busy machine.
 */
const CHARTS_ONLY = {
  include: '[data-testid="analysis-charts"]',
  exclude: ['[data-testid="chart-drawing"]'],
};

test.use({ viewport: { width: 1280, height: 800 }, locale: 'en-US', timezoneId: ZONE });

test('the analysis charts, with their text alternatives, on a desktop and a phone', async ({
  page,
  request,
}) => {
  await ensureUsers(request, [
    { ...user, first_name: 'Lan', last_name: 'Trần', role: 'manager', is_active: true },
  ]);
  await storeSignIn(page, user);
  await seedDiary(page);
  await page.goto('/diary/dashboard?days=7');

  const charts = page.getByTestId('analysis-charts');
  const titles = [
    'Share of waking time against the target',
    'Hours per jar, day by day',
    'How often each feeling was logged',
    "Each jar's time by feeling",
  ];
  await expect(charts.getByRole('region')).toHaveCount(4, { timeout: 30_000 });
  for (const title of titles) {
    const section = charts.getByRole('region', { name: title });
    // The chart itself is drawn (visx's SVG, with bars) and is one image named by title and summary.
    await expect(section.getByTestId('chart-drawing')).toBeVisible();
    await expect(
      section.getByRole('img', { name: new RegExp(`^${title.replace(/'/g, '.')}\\. `) }),
    ).toBeVisible();
  }
  await expect(charts.locator('rect.visx-bar').first()).toBeVisible();
  await expect(
    page.getByRole('img', { name: /How often each feeling was logged\. 3 entries/ }),
  ).toBeVisible();

  // The numbers behind the feelings chart, and the day the night was split across.
  const feelings = charts.getByRole('region', { name: titles[2] });
  await feelings.getByText('Show the numbers as a table').click();
  const feelingsTable = feelings.getByRole('table', { name: titles[2] });
  await expect(feelingsTable.getByRole('row', { name: /Happy 1 3 h/ })).toBeVisible();
  await expect(feelingsTable.getByRole('row', { name: /Tired 1 8 h/ })).toBeVisible();
  const time = charts.getByRole('region', { name: titles[1] });
  await time.getByText('Show the numbers as a table').click();
  const [y, m, d] = localDate(-2).split('-');
  // The night from 22:00 two days before: 6 h of it fall on this day, with 3 h of work and study.
  await expect(
    time.getByRole('row', { name: new RegExp(`^${d}/${m}/${y} 6 h 1 h 30 min 1 h 30 min 9 h$`) }),
  ).toBeVisible();

  // Nothing inside a chart's image is reached with Tab: the table is the way through.
  const tabStops = await charts.evaluate((panel) =>
    [...panel.querySelectorAll('[role="img"] *')]
      .filter((el) => (el as HTMLElement | SVGElement).tabIndex >= 0)
      .map((el) => `${el.tagName.toLowerCase()}.${el.getAttribute('class') ?? ''}`),
  );
  expect(tabStops).toEqual([]);

  // A phone: the same charts redrawn at its width.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(charts.getByRole('region')).toHaveCount(4);
  for (const title of titles) {
    await expect(charts.getByRole('region', { name: title }).getByTestId('chart-drawing')).toBeVisible();
  }
  const share = charts.getByRole('region', { name: titles[0] });
  await share.getByText('Show the numbers as a table').click();
  await expect(
    share.getByRole('table', { name: titles[0] }).getByRole('row', { name: /^Thiết yếu / }),
  ).toBeVisible();
  const perJar = charts.getByRole('region', { name: titles[3] });
  await perJar.getByText('Show the numbers as a table').click();
  await expect(
    perJar.getByRole('table', { name: titles[3] }).getByRole('row', { name: /^Ngủ / }),
  ).toBeVisible();
  // Every table open, on the narrow screen: nothing past its edge, and axe finds nothing serious.
  await fitsTheWindow(page);
  await expectAccessible(page, '/diary/dashboard at 390 px, every table open', CHARTS_ONLY);
});

// Issue 27, "A day of real use": the diary as a Vietnamese-speaking employee keeps it through a day,
// in an English-language browser, on a desktop (1280 × 800) and on a phone (390 × 844): a form left
// unsaved is offered back, not filled in; create, edit and delete are confirmed; an empty window says
// nothing was logged; targets not totalling 100 % are asked about; categories in Vietnamese order,
// each with its jar in the entry form; the entries grouped by day with the day's total. Every screen
// is checked for content cut off or overflowing sideways.
import { expect, type Page, test } from '@playwright/test';
import { ensureUsers } from './support/admin-api';
import { fillDate, fillTime } from './support/date-fields';
import { storeSignIn } from './support/session';

const ZONE = 'Asia/Ho_Chi_Minh';
const PASSWORD = 'Diary-day-pass-2024';

/** YYYY-MM-DD `offset` days from today in the test's time zone. */
function localDate(offset: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date());
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + offset)).toISOString().slice(0, 10);
}

/** 2030-01-10 → 10/01/2030, as the headings show days. */
function shown(isoDate: string): string {
  const [y, m, d] = isoDate.split('-');
  return `${d}/${m}/${y}`;
}

async function bearer(page: Page): Promise<Record<string, string>> {
  const token = await page.evaluate(() => localStorage.getItem('access'));
  return { Authorization: `Bearer ${token}` };
}

/** Nothing wider than the window (no sideways scrolling), and a screenshot to look at. */
async function fitsTheWindow(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
  const overflow = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const wide = [...document.querySelectorAll('main *')]
      .filter((el) => {
        const box = el.getBoundingClientRect();
        return box.width > 0 && (box.right > width + 1 || box.left < -1);
      })
      .map((el) => `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 40)}`);
    return { scroll: document.documentElement.scrollWidth - width, wide: wide.slice(0, 5) };
  });
  expect(overflow, `${name}: content past the window's edge`).toEqual({ scroll: 0, wide: [] });
}

/** The first look at a screen just opened: its code and data may take a while on a busy machine. */
const OPENING = { timeout: 30_000 };

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

for (const viewport of VIEWPORTS) {
  test.describe(`a day in the diary on a ${viewport.name} (${viewport.width} px)`, () => {
    test.use({
      viewport: { width: viewport.width, height: viewport.height },
      locale: 'en-US',
      timezoneId: ZONE,
    });
    // One user's diary through the day: the steps build on each other.
    test.describe.configure({ mode: 'serial' });
    const user = { email: `diary-day-${viewport.width}@e2e.test`, password: PASSWORD };

    test.beforeAll(async ({ request }) => {
      await ensureUsers(request, [
        { ...user, first_name: 'Hạnh', last_name: 'Vũ', role: 'manager', is_active: true },
      ]);
    });
    // Signed in through the API; each step then opens its first screen itself.
    test.beforeEach(async ({ page }) => {
      test.slow(); // many screens and saves each, on a shared 2-core machine
      await storeSignIn(page, user);
    });

    test('with nothing logged, the analysis says so instead of a verdict', async ({ page }) => {
      await page.goto('/diary/dashboard');
      const sleep = page.getByTestId('jar-card-sleep');
      await expect(sleep).toContainText('Nothing logged', OPENING);
      await expect(sleep).not.toContainText('should sleep more');
      await expect(page.getByTestId('jar-card-sharing')).toContainText('Nothing logged');
      await expect(page.getByText('below target')).toHaveCount(0);
      await expect(page.getByText('should sleep more')).toHaveCount(0);
      await fitsTheWindow(page, 'analysis-empty');
    });

    test('categories in Vietnamese order, each with its jar in the entry form', async ({ page }) => {
      await page.goto('/diary/categories');
      const add = page.getByRole('form', { name: 'Add category' });
      await expect(add).toBeVisible(OPENING);
      for (const [title, jar] of [
        ['Thiết kế', 'Phát triển'],
        ['Ăn uống', 'Thiết yếu'],
        ['Đầu tư CK', 'Đầu tư'],
        ['Dọn dẹp', 'Thiết yếu'],
        ['Bơi', 'Giải trí'],
      ] as const) {
        await add.getByLabel('Title').fill(title);
        await add.getByRole('textbox', { name: 'Jar' }).click();
        await page.getByRole('option', { name: jar, exact: true }).click();
        await add.getByRole('button', { name: 'Add' }).click();
        await expect(page.getByTestId('category-row').filter({ hasText: title })).toBeVisible();
      }
      const order = ['Ăn uống', 'Bơi', 'Dọn dẹp', 'Đầu tư CK', 'Thiết kế'];
      await expect(page.getByTestId('category-row').locator('p').first()).toHaveText(order[0] as string);
      expect(await page.getByTestId('category-row').locator('p:first-child').allTextContents()).toEqual(
        order,
      );
      await fitsTheWindow(page, 'categories');

      await page.goto('/diary/entries/new');
      await expect(
        page.getByRole('form', { name: 'Entry', exact: true }).getByRole('textbox', { name: 'Categories' }),
      ).toBeEnabled(OPENING);
      await page
        .getByRole('form', { name: 'Entry', exact: true })
        .getByRole('textbox', { name: 'Categories' })
        .click();
      const options = page.getByRole('option');
      await expect(options).toHaveCount(5);
      expect(await options.allTextContents()).toEqual([
        'Ăn uốngThiết yếu',
        'BơiGiải trí',
        'Dọn dẹpThiết yếu',
        'Đầu tư CKĐầu tư',
        'Thiết kếPhát triển',
      ]);
      await fitsTheWindow(page, 'entry-form-picker');
      await page.keyboard.press('Escape');
      await page.getByRole('link', { name: 'Cancel' }).click();
    });

    test('a form left unsaved is offered, never filled in, and typing is exactly what was typed', async ({
      page,
    }) => {
      await page.goto('/diary/entries');
      const addNew = page.getByRole('link', { name: '+ Add New Entry' });
      await expect(addNew).toHaveText('+ Add New Entry', OPENING);
      await expect(addNew.locator('svg')).toHaveCount(0);
      await addNew.click();
      await page.getByLabel('Title').pressSequentially('Kiểm tra máy ép');
      await page.getByLabel('Place').fill('Xưởng 2');
      await page.getByLabel('Note').fill('Áp suất dầu');
      await page.goBack(); // leave without saving
      await expect(page).toHaveURL(/\/diary\/entries(\?.*)?$/);

      await addNew.click();
      await expect(page).toHaveURL(/\/diary\/entries\/new$/);
      const offer = page.getByRole('region', { name: 'Có một bản nháp chưa lưu' });
      await expect(offer).toContainText('Kiểm tra máy ép');
      await expect(page.getByLabel('Title')).toHaveValue('');
      await expect(page.getByLabel('Place')).toHaveValue('');
      await expect(page.getByLabel('Note')).toHaveValue('');
      await fitsTheWindow(page, 'draft-offer');
      await page.getByLabel('Title').pressSequentially('Họp giao ban');
      await expect(page.getByLabel('Title')).toHaveValue('Họp giao ban');

      // Restoring brings the whole draft back.
      await offer.getByRole('button', { name: 'Khôi phục bản nháp' }).click();
      await expect(offer).toHaveCount(0);
      await expect(page.getByLabel('Title')).toHaveValue('Kiểm tra máy ép');
      await expect(page.getByLabel('Place')).toHaveValue('Xưởng 2');
      await expect(page.getByLabel('Note')).toHaveValue('Áp suất dầu');
      // A reload of this same form keeps it, without asking.
      await page.reload();
      await expect(page.getByLabel('Title')).toHaveValue('Kiểm tra máy ép', OPENING);
      await expect(offer).toHaveCount(0);

      // Leave again; this time discard it.
      await page.goBack();
      await expect(page).toHaveURL(/\/diary\/entries(\?.*)?$/);
      await addNew.click();
      await offer.getByRole('button', { name: 'Bỏ bản nháp' }).click();
      await expect(offer).toHaveCount(0);
      await expect(page.getByLabel('Title')).toHaveValue('');
      await page.goBack();
      await addNew.click();
      await expect(page).toHaveURL(/\/diary\/entries\/new$/);
      await expect(page.getByLabel('Title')).toHaveValue('');
      await expect(offer).toHaveCount(0);
    });

    test('create, edit and delete are confirmed; the entries are grouped by day', async ({ page }) => {
      const today = localDate(0);
      const yesterday = localDate(-1);
      // Yesterday's entries, through the API: one ends past midnight; two overlap.
      await page.goto('/diary/entries');
      const ids = Object.fromEntries(
        (
          (await (
            await page.request.get('/api/diaries/categories/', { headers: await bearer(page) })
          ).json()) as { id: number; title: string }[]
        ).map((c) => [c.title, c.id]),
      );
      const [diary] = (await (
        await page.request.get('/api/diaries/diaries/', { headers: await bearer(page) })
      ).json()) as { id: number }[];
      for (const [title, start, end, endDay] of [
        ['Ngủ trưa', '12:30', '13:00', yesterday],
        ['Họp khách', '09:00', '10:00', yesterday],
        ['Gọi điện', '09:30', '10:00', yesterday],
        ['Thiết kế khuôn', '22:00', '01:00', today],
      ] as const) {
        const response = await page.request.post(`/api/diaries/${diary?.id}/entries/`, {
          headers: await bearer(page),
          data: {
            title,
            feeling: 'neutral',
            start_date: yesterday,
            start_time: start,
            end_date: endDay,
            end_time: end,
            category: [ids['Thiết kế']],
            place: 'Xưởng',
            note: 'Hôm qua',
            time_zone: ZONE,
          },
        });
        expect(response.status(), await response.text()).toBe(201);
      }

      // Today's entry through the form.
      await page.getByRole('link', { name: '+ Add New Entry' }).click(OPENING);
      await page.getByLabel('Title').fill('Họp giao ban');
      await fillDate(page, 'Start date', today);
      await fillTime(page, 'Start time', '08:00');
      await fillDate(page, 'End date', today);
      await fillTime(page, 'End time', '08:45');
      await page
        .getByRole('form', { name: 'Entry', exact: true })
        .getByRole('textbox', { name: 'Categories' })
        .click();
      await page.getByRole('option', { name: /^Ăn uống/ }).click();
      await page.keyboard.press('Escape');
      await page.getByLabel('Place').fill('Phòng họp');
      await page.getByLabel('Note').fill('Kế hoạch tuần');
      await page.getByRole('button', { name: 'Create entry' }).click();
      await expect(page.getByText('Entry "Họp giao ban" created.')).toBeVisible();
      await expect(page).toHaveURL(/\/diary\/entries(\?.*)?$/);

      const days = page.getByTestId('entry-day');
      await expect(days).toHaveCount(2);
      await expect(days.nth(0).getByRole('heading')).toHaveText(shown(today));
      await expect(days.nth(0).getByTestId('entry-day-total')).toHaveText('Total 45 min');
      await expect(days.nth(1).getByRole('heading')).toHaveText(shown(yesterday));
      // 60 + 30 (overlapping, both counted in full) + 30 + 180 (to 01:00, counted on the day it starts).
      await expect(days.nth(1).getByTestId('entry-day-total')).toHaveText(
        'Total 5 h (overlaps counted in full)',
      );
      expect(
        await days
          .nth(1)
          .getByTestId('entry-card')
          .evaluateAll((cards) => cards.map((c) => c.getAttribute('aria-label'))),
      ).toEqual(['Họp khách', 'Gọi điện', 'Ngủ trưa', 'Thiết kế khuôn']);
      await fitsTheWindow(page, 'entries-by-day');

      await days.nth(0).getByTestId('entry-card').click();
      await page.getByRole('link', { name: 'Edit' }).click();
      await page.getByLabel('Title').fill('Họp giao ban tuần');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Entry "Họp giao ban tuần" saved.')).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Họp giao ban tuần' })).toBeVisible();
      await fitsTheWindow(page, 'entry-view');

      await page.getByRole('button', { name: 'Delete' }).click();
      await page
        .getByRole('dialog', { name: 'Delete entry' })
        .getByRole('button', { name: 'Delete' })
        .click();
      await expect(page.getByText('Entry "Họp giao ban tuần" deleted.')).toBeVisible();
      await expect(page).toHaveURL(/\/diary$/);
    });

    test('targets not totalling 100 % are saved only when confirmed, and the message says what', async ({
      page,
    }) => {
      await page.goto('/jar-setup');
      const essential = page.getByRole('textbox', { name: 'Tỷ lệ Thiết yếu (%)' });
      await expect(essential).toHaveValue('35%', OPENING);
      await essential.fill('45');
      await expect(page.getByTestId('ratio-sum')).toHaveText('Tổng tỷ lệ mục tiêu: 110%');
      await page.getByRole('button', { name: 'Lưu tỷ lệ' }).click();
      const question = page.getByRole('dialog', { name: 'Lưu tỷ lệ' });
      await expect(question).toContainText('Tổng là 110%. Vẫn lưu?');
      await fitsTheWindow(page, 'jar-setup-question');
      await question.getByRole('button', { name: 'Hủy' }).click();
      await expect(page.getByText(/Đã lưu tỷ lệ các hũ thành công!/)).toHaveCount(0);
      await page.reload();
      await expect(essential).toHaveValue('35%', OPENING);

      await essential.fill('45');
      await page.getByRole('button', { name: 'Lưu tỷ lệ' }).click();
      await question.getByRole('button', { name: 'Vẫn lưu' }).click();
      const saved = page.getByText(/Đã lưu tỷ lệ các hũ thành công!/);
      await expect(saved).toContainText('Thiết yếu 45%');
      await expect(saved).toContainText('tổng 110%');
      await page.reload();
      await expect(essential).toHaveValue('45%', OPENING);
      await fitsTheWindow(page, 'jar-setup');
    });
  });
}

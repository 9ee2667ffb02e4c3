// Issue 24, the week calendar: reached from the entries list and the side menu; an entry in two jars
// shows both; a drag on empty time opens the entry form prefilled (times, and the place last used)
// and saving puts the block on the calendar; a block is moved and resized with the mouse and moved
// with the keyboard, each change saved on the server; a change made elsewhere meanwhile is refused
// with the server's message and the newer values shown; axe finds nothing serious; a phone shows a day.
import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectAccessible } from './support/accessibility';
import { ensureUsers } from './support/admin-api';
import { dmy, expectDate, expectTime, fillDate } from './support/date-fields';
import { FIRST_LOAD, storeSignIn } from './support/session';

const password = 'Diary-calendar-2024';
const ZONE = 'Asia/Ho_Chi_Minh';
const WEEK_DAY = '2026-11-17'; // a Tuesday; its week is 16/11 – 22/11/2026

test.use({ locale: 'en-US', timezoneId: ZONE, viewport: { width: 1280, height: 900 } });

async function bearer(page: Page) {
  return { Authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('access'))}` };
}

interface Entry {
  id: number;
  title: string;
  start_date: string;
  start_time: string;
  end_time: string;
}

async function entryOnServer(page: Page, id: number): Promise<Entry> {
  const response = await page.request.get(`/api/diaries/entries/${id}/`, { headers: await bearer(page) });
  expect(response.status()).toBe(200);
  return (await response.json()) as Entry;
}

/** The middle of a day's column at the top (or bottom) of a half-hour slot. */
async function slotPoint(page: Page, date: string, time: string, edge: 'top' | 'bottom') {
  const column = await page.locator(`td.fc-timegrid-col[data-date="${date}"]`).boundingBox();
  const lane = page.locator(`td.fc-timegrid-slot-lane[data-time="${time}:00"]`);
  await lane.scrollIntoViewIfNeeded();
  const row = await lane.boundingBox();
  if (!column || !row) throw new Error('the time grid is not drawn');
  return { x: column.x + column.width / 2, y: edge === 'top' ? row.y + 3 : row.y + row.height - 3 };
}

async function drag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x, from.y + (to.y > from.y ? 8 : -8), { steps: 3 });
  await page.mouse.move(to.x, to.y, { steps: 8 });
  await page.mouse.up();
}

/** Today's date in a time zone, as YYYY-MM-DD. */
function todayIn(timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());
}

function block(page: Page, id: number): Locator {
  return page.locator(`[data-entry-id="${id}"]`);
}

test('a day is logged on the week calendar with the mouse and the keyboard', async ({ page, request }) => {
  // A user of its own per repeat, so that `--repeat-each` runs side by side without overlapping entries.
  const user = { email: `diary-calendar-${test.info().repeatEachIndex}@e2e.test`, password };
  await ensureUsers(request, [
    { ...user, first_name: 'Minh', last_name: 'Trần', role: 'manager', is_active: true },
  ]);
  await storeSignIn(page, user);
  const headers = await bearer(page);
  const jars = (await (await page.request.get('/api/diaries/jars/', { headers })).json()) as {
    id: number;
    key: string;
  }[];
  const jarId = (key: string) => jars.find((j) => j.key === key)?.id;
  const category = async (title: string, jar: string) => {
    const response = await page.request.post('/api/diaries/categories/', {
      headers,
      data: { title, jar_id: jarId(jar) },
    });
    expect(response.status()).toBe(201);
    return ((await response.json()) as { id: number }).id;
  };
  const coding = await category('Lập trình', 'development');
  const reading = await category('Đọc tài liệu', 'education');
  const [diary] = (await (await page.request.get('/api/diaries/diaries/', { headers })).json()) as {
    id: number;
  }[];
  const created = await page.request.post(`/api/diaries/${diary?.id}/entries/`, {
    headers,
    data: {
      title: 'Viết báo cáo',
      feeling: 'excited',
      start_date: WEEK_DAY,
      start_time: '09:00',
      end_date: WEEK_DAY,
      end_time: '10:00',
      category: [coding, reading],
      place: 'Văn phòng',
      note: 'Số liệu quý',
      time_zone: ZONE,
    },
  });
  expect(created.status()).toBe(201);
  const report = ((await created.json()) as Entry).id;

  // From the entries list to the calendar, then to the week by the date picker (kept in the URL).
  await page.goto('/diary/entries');
  await page.locator('a[href="/diary/calendar"]:not(nav a)').click(FIRST_LOAD);
  await expect(page).toHaveURL(/\/diary\/calendar$/);
  await expect(
    page.getByRole('navigation', { name: 'Diary menu' }).getByRole('link', { name: 'Calendar' }),
  ).toHaveAttribute('aria-current', 'page');
  await fillDate(page, 'Date', WEEK_DAY);
  await expect(page).toHaveURL(new RegExp(`date=${WEEK_DAY}`));
  await expect(page.getByTestId('calendar-range')).toHaveText('16/11/2026 – 22/11/2026');
  await expect(block(page, report)).toHaveAccessibleName(
    'Viết báo cáo, 17/11/2026 09:00 – 10:00, Phát triển, Giáo dục',
  );

  // Drag on empty time: the form opens with those times and the place last used; saving adds the block.
  await drag(
    page,
    await slotPoint(page, '2026-11-18', '13:00', 'top'),
    await slotPoint(page, '2026-11-18', '14:00', 'bottom'),
  );
  const dialog = page.getByRole('dialog', { name: 'New entry' });
  // dd/mm/yyyy and 24 hours in this English browser.
  await expect(dialog.getByLabel('Start date')).toHaveValue('18/11/2026');
  await expectTime(dialog, 'Start time', '13:00');
  await expectDate(dialog, 'End date', '2026-11-18');
  await expectTime(dialog, 'End time', '14:30');
  await expect(dialog.getByLabel('Place')).toHaveValue('Văn phòng');
  await dialog.getByLabel('Title').fill('Sửa lỗi đăng nhập');
  await dialog.getByRole('textbox', { name: 'Categories' }).click();
  await page.getByRole('option', { name: /Lập trình/ }).click();
  await page.keyboard.press('Escape');
  await dialog.getByLabel('Note').fill('Lỗi phiên');
  await dialog.getByRole('button', { name: 'Create entry' }).click();
  await expect(dialog).toBeHidden();
  const toast = page.getByRole('alert').filter({ hasText: 'Entry "Sửa lỗi đăng nhập" created.' });
  await toast.getByRole('button', { name: 'Close' }).click();
  await expect(toast).toBeHidden();
  await expect(
    page.getByRole('button', { name: /^Sửa lỗi đăng nhập, 18\/11\/2026 13:00 – 14:30, Phát triển$/ }),
  ).toBeVisible();

  // Drag the block an hour later, then its lower edge half an hour down: each saved on the server.
  await page.locator('td.fc-timegrid-slot-lane[data-time="12:00:00"]').scrollIntoViewIfNeeded();
  const from = await block(page, report).boundingBox();
  const hour = await page.locator('td.fc-timegrid-slot-lane[data-time="10:00:00"]').boundingBox();
  const nine = await page.locator('td.fc-timegrid-slot-lane[data-time="09:00:00"]').boundingBox();
  if (!from || !hour || !nine) throw new Error('no block');
  const oneHour = hour.y - nine.y;
  // Held inside its second quarter hour, away from the snap lines (FullCalendar snaps to 15 minutes).
  const grab = { x: from.x + from.width / 2, y: from.y + (oneHour * 3) / 8 };
  await drag(page, grab, { x: grab.x, y: grab.y + oneHour });
  await expect(block(page, report)).toHaveAccessibleName(/17\/11\/2026 10:00 – 11:00/);
  await expect.poll(async () => (await entryOnServer(page, report)).start_time).toBe('10:00');

  const moved = block(page, report);
  await moved.hover();
  const resizer = moved.locator('.fc-event-resizer-end');
  const edge = await resizer.boundingBox();
  if (!edge) throw new Error('no resizer');
  await drag(
    page,
    { x: edge.x + edge.width / 2, y: edge.y + edge.height / 2 },
    {
      x: edge.x + edge.width / 2,
      y: edge.y + edge.height / 2 + oneHour / 2,
    },
  );
  await expect(block(page, report)).toHaveAccessibleName(/10:00 – 11:30/);
  await expect.poll(async () => (await entryOnServer(page, report)).end_time).toBe('11:30');

  // The keyboard: arrow down moves by 15 minutes, Shift+arrow up brings the end back; Enter opens it.
  await block(page, report).focus();
  await page.keyboard.press('ArrowDown');
  await expect(block(page, report)).toHaveAccessibleName(/10:15 – 11:45/);
  await expect(block(page, report)).toBeFocused();
  await page.keyboard.press('Shift+ArrowUp');
  await expect(block(page, report)).toHaveAccessibleName(/10:15 – 11:30/);
  await expect
    .poll(async () => {
      const e = await entryOnServer(page, report);
      return `${e.start_time}–${e.end_time}`;
    })
    .toBe('10:15–11:30');
  await page.keyboard.press('Enter');
  const opened = page.getByRole('dialog', { name: 'Viết báo cáo' });
  await expect(opened.getByRole('button', { name: 'Duplicate' })).toBeVisible();
  await expect(opened.getByRole('button', { name: 'Continue now' })).toBeVisible();
  // 'Duplicate': the entry form with the same fields, from the entry's end for as long.
  await opened.getByRole('button', { name: 'Duplicate' }).click();
  const copy = page.getByRole('dialog', { name: 'New entry' });
  await expect(copy.getByLabel('Title')).toHaveValue('Viết báo cáo');
  await expect(copy.getByLabel('Title')).toBeFocused();
  await expectTime(copy, 'Start time', '11:30');
  await expectTime(copy, 'End time', '12:45');
  await expect(copy.getByLabel('Note')).toHaveValue('Số liệu quý');
  await copy.getByRole('button', { name: 'Cancel' }).click();
  await expect(copy).toBeHidden();
  // 'Continue now': the same fields again, starting now (today in the entry's zone).
  await block(page, report).focus();
  await page.keyboard.press('Enter');
  await page
    .getByRole('dialog', { name: 'Viết báo cáo' })
    .getByRole('button', { name: 'Continue now' })
    .click();
  await expect(copy.getByLabel('Title')).toHaveValue('Viết báo cáo');
  await expectDate(copy, 'Start date', todayIn(ZONE));
  await copy.getByRole('button', { name: 'Cancel' }).click();
  await expect(copy).toBeHidden();

  // Changed elsewhere meanwhile: the move is refused with the server's word and the newer values show.
  const elsewhere = await page.request.patch(`/api/diaries/entries/${report}/`, {
    headers,
    data: { title: 'Viết báo cáo (đã sửa)' },
  });
  expect(elsewhere.status()).toBe(200);
  await block(page, report).focus();
  await page.keyboard.press('ArrowDown');
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: 'This entry was changed by someone else since you opened it.' }),
  ).toBeVisible();
  await expect(block(page, report)).toHaveAccessibleName(
    /^Viết báo cáo \(đã sửa\), 17\/11\/2026 10:15 – 11:30/,
  );
  expect((await entryOnServer(page, report)).start_time).toBe('10:15');

  await expectAccessible(page, 'the week with entries');

  // A phone shows one day, stepped with the buttons and by a swipe.
  await page.setViewportSize({ width: 390, height: 800 });
  await expect(page.getByTestId('calendar-range')).toHaveText('17/11/2026');
  await expect(page.locator('td.fc-timegrid-col[data-date]')).toHaveCount(1);
  await page.getByRole('button', { name: 'Next day' }).click();
  await expect(page).toHaveURL(/date=2026-11-18/);
  await expect(page.getByRole('button', { name: /^Sửa lỗi đăng nhập,/ })).toBeVisible();
  // A swipe to the left is the next day.
  await page.getByTestId('diary-calendar').evaluate((el) => {
    const at = (x: number) => new Touch({ identifier: 1, target: el, clientX: x, clientY: 400 });
    el.dispatchEvent(
      new TouchEvent('touchstart', { bubbles: true, touches: [at(300)], changedTouches: [at(300)] }),
    );
    el.dispatchEvent(new TouchEvent('touchend', { bubbles: true, touches: [], changedTouches: [at(120)] }));
  });
  await expect(page).toHaveURL(/date=2026-11-19/);
  await expect(page.getByTestId('calendar-range')).toHaveText('19/11/2026');
  await expectAccessible(page, 'an empty day on a phone');
  // Today is drawn with the line of now.
  await page.getByRole('button', { name: 'Today' }).click();
  await expect(page.getByTestId('calendar-range')).toHaveText(dmy(todayIn(ZONE)));
  await expect(page.locator('.fc-timegrid-now-indicator-line')).toBeVisible();
});

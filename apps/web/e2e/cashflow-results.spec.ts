// Finishing CashFlow games (cashflow.md sections 2, 4, 8): a finished game appears once in the hall and
// the leaderboard; a result sent while the API is unreachable, or whose answer is lost, waits as pending
// through a reload and is stored exactly once when resent, whatever controls the screens offer meanwhile.
import { expect, type Locator, type Page, test } from '@playwright/test';
import { buyTypedBusiness, openPicker, playerCard, startGuestGame } from './support/cashflow';
import { openSignedIn } from './support/session';
import { CASHFLOW_PLAYER, NDF, shownName } from './support/users';

test.describe.configure({ mode: 'serial' });

const FINALIZE = '**/api/cashflow/sessions/finalize/';

/** Takes the active player to the Fast Track (a hand-typed business covering the expenses) and buys the dream. */
async function winByDream(page: Page, name: string, expenses: number): Promise<void> {
  await buyTypedBusiness(await openPicker(page, name), 'Chuỗi nhà hàng', expenses);
  await expect(page.getByText(`${name} đã thoát Rat Race và vào Fast Track.`)).toBeVisible();
  await playerCard(page, name).getByRole('switch', { name: 'Đã mua Ước mơ' }).check();
  await expect(page.getByText(`${name} đã thắng ván này.`)).toBeVisible();
}

async function finish(page: Page): Promise<void> {
  const panel = page.getByRole('region', { name: 'Kết thúc ván' });
  // The winner found in play presets the method and the winner.
  await expect(panel.getByLabel('Cách thắng')).toHaveValue('Mua Ước mơ');
  await panel.getByRole('button', { name: 'Kết thúc & Gửi kết quả' }).click();
  await page
    .getByRole('dialog', { name: 'Kết thúc ván?' })
    .getByRole('button', { name: 'Kết thúc & Gửi' })
    .click();
}

/** Finished games whose results include a guest of this name, read through the API. */
async function storedGamesWith(page: Page, guest: string): Promise<number> {
  const token = await page.evaluate(() => localStorage.getItem('access'));
  const response = await page.request.get('/api/cashflow/sessions/?page_size=50', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { results: { results: { display_name: string }[] }[] };
  return body.results.filter((s) => s.results.some((r) => r.display_name === guest)).length;
}

/** The server stores each result sent, but the browser sees the connection drop before the answer. */
async function loseAnswers(page: Page): Promise<void> {
  await page.route(FINALIZE, async (route) => {
    await route.fetch();
    await route.abort('connectionreset');
  });
}

/** The spec's message for a result that could not be sent and waits on the device. */
async function expectKeptOnDevice(page: Page): Promise<void> {
  await expect(
    page.getByText('Gửi thất bại. Kết quả đã được lưu tạm thời trên máy, bạn có thể thử gửi lại.', {
      exact: false,
    }),
  ).toBeVisible();
}

function pendingBanner(page: Page): Locator {
  return page.getByRole('status').filter({ hasText: 'Có kết quả ván chơi chưa gửi' });
}

/** The network is back: the resend is confirmed, nothing waits any more, and the game is stored once. */
async function resendOnline(page: Page, guest: string): Promise<void> {
  const banner = pendingBanner(page);
  await page.unroute(FINALIZE);
  await banner.getByRole('button', { name: 'Gửi lại ngay' }).click();
  await expect(page.getByText('Đã khôi phục và lưu kết quả ván chơi thành công!')).toBeVisible();
  await expect(banner).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('cashflow.pending'))).toBeNull();
  expect(await storedGamesWith(page, guest)).toBe(1);
}

test('a finished game shows in the hall and the leaderboard', async ({ page }) => {
  test.setTimeout(90_000);
  const guest = `Khách ${Date.now().toString(36)}`;
  const player = shownName(CASHFLOW_PLAYER);
  await openSignedIn(page, NDF, '/cashflow/setup');
  await page.locator('label').filter({ hasText: /^2$/ }).click();
  // Seat 1: a registered user from the picker; seat 2: a guest.
  await page.getByRole('checkbox', { name: 'Khách' }).first().uncheck();
  await page.getByLabel('Người dùng cho người chơi 1').fill(CASHFLOW_PLAYER.firstName);
  await page.getByRole('button', { name: player }).click();
  await expect(page.getByLabel('Tên người chơi 1')).toHaveValue(player);
  await page.getByLabel('Tổng xúc xắc người chơi 1').fill('12');
  await page.getByLabel('Tên người chơi 2').fill(guest);
  await page.getByLabel('Tổng xúc xắc người chơi 2').fill('4');
  await page.getByRole('button', { name: 'Bắt đầu ván' }).click();
  await expect(page.getByRole('heading', { name: `Lượt của ${player}` })).toBeVisible();

  // Tiếp viên hàng không: expenses $6,900.
  await winByDream(page, player, 6900);
  await finish(page);
  await expect(page.getByText('Đã lưu kết quả ván chơi thành công!')).toBeVisible();
  await expect(page).toHaveURL(/\/cashflow$/);
  // The game on this device is cleared; the home's leaderboard counts the win.
  await expect(page.getByRole('button', { name: 'Tiếp tục ván đã lưu' })).toBeDisabled();
  await expect(page.getByRole('table', { name: 'Người chơi thắng nhiều nhất' })).toContainText(player);

  await page.goto('/cashflow/hall');
  await expect(page.getByRole('heading', { name: 'Lịch sử ván chơi' })).toBeVisible();
  const row = page
    .getByRole('table', { name: 'Lịch sử ván chơi' })
    .getByRole('row')
    .filter({ hasText: player })
    .first();
  await expect(row).toContainText('Mua Ước mơ');
  await row.getByRole('button', { name: 'Xem' }).click();
  await expect(page.getByLabel(`Kết quả ${player}`)).toContainText('Winner');
  await expect(page.getByLabel(`Kết quả ${player}`).getByRole('img', { name: 'Đã thoát' })).toBeVisible();
  await expect(page.getByLabel(`Kết quả ${guest}`)).toContainText('Thư ký');
  await expect(page.getByLabel(`Kết quả ${guest}`).getByRole('img', { name: 'Chưa thoát' })).toBeVisible();
  await row.getByRole('button', { name: 'Ẩn' }).click();
  await expect(page.getByLabel(`Kết quả ${guest}`)).toBeHidden();

  // The hall's leaderboard: the user's win; guests only with 'Gồm khách'.
  const board = page.getByLabel('Bảng xếp hạng', { exact: true });
  await expect(board.getByRole('table', { name: 'Người chơi thắng nhiều nhất' })).toContainText(player);
  expect(await storedGamesWith(page, guest)).toBe(1);
});

test('a result the API never got, or whose answer was lost, is stored exactly once', async ({ page }) => {
  test.setTimeout(90_000);
  const guest = `Ngoại tuyến ${Date.now().toString(36)}`;
  await openSignedIn(page, NDF, '/cashflow/setup');
  await startGuestGame(page, [{ name: guest, dice: 2 }]);
  // Lao công: expenses $950.
  await winByDream(page, guest, 950);

  // The API is unreachable: the result stays on the device, with the spec's message.
  await page.route(FINALIZE, (route) => route.abort('internetdisconnected'));
  await finish(page);
  await expectKeptOnDevice(page);
  expect(await page.evaluate(() => localStorage.getItem('cashflow.pending'))).not.toBeNull();

  // After a reload the banner offers to resend it.
  await page.reload();
  const banner = pendingBanner(page);
  await expect(banner).toBeVisible();

  // The server stores it but the answer is lost on the way back.
  await page.unroute(FINALIZE);
  await loseAnswers(page);
  await banner.getByRole('button', { name: 'Gửi lại ngay' }).click();
  await expect(banner).toContainText('Khôi phục gửi thất bại. Vui lòng thử lại.');
  expect(await storedGamesWith(page, guest)).toBe(1);

  // The network is back: the resend is confirmed, and the game is still stored once.
  await resendOnline(page, guest);
});

test('a finished game whose answer was lost is stored once, whatever is tried on the screens', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const guest = `Mất trả lời ${Date.now().toString(36)}`;
  await openSignedIn(page, NDF, '/cashflow/setup');
  await startGuestGame(page, [{ name: guest, dice: 2 }]);
  await winByDream(page, guest, 950);
  const undo = page.getByRole('button', { name: 'Hoàn tác' });
  // The action that found the first winner cannot be undone.
  await expect(undo).toBeDisabled();
  await expect(undo).toHaveAccessibleDescription(
    'Không thể hoàn tác thao tác đã xác định người thắng đầu tiên: người thắng đầu tiên không bao giờ bị thay thế.',
  );

  // The server stores the game; the browser sees the connection drop.
  await loseAnswers(page);
  await finish(page);
  await expectKeptOnDevice(page);
  expect(await storedGamesWith(page, guest)).toBe(1);
  const key = await page.evaluate(
    () => JSON.parse(localStorage.getItem('cashflow.pending') ?? '{}')._pending_ts,
  );
  expect(typeof key).toBe('number');

  // Nothing on the session screen finishes the game again under a new key.
  await expect(undo).toBeDisabled();
  await expect(undo).toHaveAccessibleDescription('Ván chơi đã kết thúc: không thể hoàn tác.');
  await expect(page.getByRole('button', { name: 'Kết thúc & Gửi kết quả' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Qua ngày (Cashday)' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Qua lượt' })).toBeDisabled();
  const banner = pendingBanner(page);
  await banner.getByRole('button', { name: 'Ẩn' }).click();
  await expect(banner).toBeHidden();

  // A reload, then a resend whose answer is lost again.
  await page.reload();
  await expect(banner).toBeVisible();
  await expect(undo).toBeDisabled();
  await banner.getByRole('button', { name: 'Gửi lại ngay' }).click();
  await expect(banner).toContainText('Khôi phục gửi thất bại. Vui lòng thử lại.');
  expect(await storedGamesWith(page, guest)).toBe(1);

  // Home, then a new game from setup: the waiting result keeps its key.
  await page.goto('/cashflow');
  await page.getByRole('link', { name: 'Bắt đầu ván mới' }).click();
  await startGuestGame(page, [{ name: `${guest} 2`, dice: 3 }]);
  await expect(page.getByRole('heading', { name: `Lượt của ${guest} 2` })).toBeVisible();
  expect(
    await page.evaluate(() => JSON.parse(localStorage.getItem('cashflow.pending') ?? '{}')._pending_ts),
  ).toBe(key);

  // The network is back: the resend is confirmed, and the game is still stored once.
  await resendOnline(page, guest);
});

// A CASHFLOW 101 game at the table (cashflow.md sections 2, 4, 5): setup with guests and rolled dice,
// turns with Cashday, the card picker, the bank loan, children, undo, a reload mid-game, the Fast Track
// with its toast, and controls only for the active player — on a laptop and on a phone.
import { expect, type Page, test } from '@playwright/test';
import { buyTypedBusiness, openPicker, playerCard } from './support/cashflow';
import { openSignedIn } from './support/session';
import { NDF } from './support/users';

/** Reads the cash figure of a player's card, e.g. "$2,070" → 2070. */
async function cashOf(page: Page, name: string): Promise<number> {
  const text = await playerCard(page, name)
    .getByText('Tiền mặt', { exact: true })
    .locator('xpath=following-sibling::*[1]')
    .textContent();
  return Number((text ?? '').replace(/[$,]/g, ''));
}

async function setUpGame(page: Page, players: { name: string; dice: number }[]): Promise<void> {
  await page.goto('/cashflow/setup');
  await expect(page.getByRole('heading', { name: 'Thiết lập ván chơi' })).toBeVisible();
  await page
    .locator('label')
    .filter({ hasText: new RegExp(`^${players.length}$`) })
    .click();
  await page.getByRole('button', { name: 'Tung xúc xắc cho tất cả' }).click();
  for (const [index, player] of players.entries()) {
    const dice = page.getByLabel(`Tổng xúc xắc người chơi ${index + 1}`);
    // Rolled: two dice, each 1–6.
    const rolled = Number(await dice.inputValue());
    expect(rolled).toBeGreaterThanOrEqual(2);
    expect(rolled).toBeLessThanOrEqual(12);
    await page.getByLabel(`Tên người chơi ${index + 1}`).fill(player.name);
    await dice.fill(String(player.dice));
  }
  await page.getByRole('button', { name: 'Bắt đầu ván' }).click();
  await expect(page).toHaveURL(/\/cashflow\/session$/);
}

test('a three-player game with guests, from setup to the Fast Track, survives a reload', async ({ page }) => {
  test.setTimeout(120_000);
  await openSignedIn(page, NDF);
  // Bình (9, Doanh nhân) starts, then An (5, Tài xế), then Chi (3, Công nhân).
  await setUpGame(page, [
    { name: 'An', dice: 5 },
    { name: 'Bình', dice: 9 },
    { name: 'Chi', dice: 3 },
  ]);
  await expect(page.getByRole('heading', { name: 'Lượt của Bình' })).toBeVisible();
  const cards = page.getByLabel(/^Người chơi /);
  await expect(cards).toHaveCount(3);
  await expect(cards.first()).toHaveAttribute('aria-label', 'Người chơi Bình');
  await expect(playerCard(page, 'Bình').getByText(/^Doanh nhân/)).toBeVisible();

  // Only the active player's card has enabled controls.
  for (const other of ['An', 'Chi']) {
    await expect(playerCard(page, other).getByRole('button', { name: 'Chọn thẻ' })).toBeDisabled();
    await expect(playerCard(page, other).getByRole('button', { name: 'Vay' })).toBeDisabled();
    await expect(playerCard(page, other).getByRole('button', { name: 'Thêm một con' })).toBeDisabled();
  }
  const bình = playerCard(page, 'Bình');
  await expect(bình.getByRole('button', { name: 'Chọn thẻ' })).toBeEnabled();

  // Cashday pays the cash flow: $400 + ($4,600 − $2,930).
  expect(await cashOf(page, 'Bình')).toBe(400);
  await page.getByRole('button', { name: 'Qua ngày (Cashday)' }).click();
  await expect.poll(() => cashOf(page, 'Bình')).toBe(2070);

  // A stock from the picker: 100 × $10.
  let dialog = await openPicker(page, 'Bình');
  await dialog.getByRole('button', { name: 'Thẻ GRO4US' }).click();
  await dialog.getByLabel('Số cổ phiếu').fill('100');
  await dialog.getByRole('button', { name: 'Mua cổ phiếu' }).click();
  await expect(dialog).toBeHidden();
  await expect(bình.getByRole('listitem', { name: 'GRO4US (100 cp)' })).toBeVisible();
  await expect.poll(() => cashOf(page, 'Bình')).toBe(1070);

  // Borrow $5,000 (typed as 4,600: rounded to the nearest $1,000), then a small asset for its down payment.
  await bình.getByLabel('Số tiền vay (bội số $1,000)').fill('4600');
  await expect(bình.getByText('Sẽ vay $5,000')).toBeVisible();
  await bình.getByRole('button', { name: 'Vay', exact: true }).click();
  await expect.poll(() => cashOf(page, 'Bình')).toBe(6070);
  await expect(bình.getByRole('listitem', { name: 'Nợ Vay' })).toContainText('$500 / vòng');

  dialog = await openPicker(page, 'Bình');
  await dialog.getByRole('tab', { name: 'Tài sản & kinh doanh' }).click();
  await dialog.getByRole('button', { name: 'Thẻ CHCC' }).click();
  await expect(dialog.getByText('Tiền mặt hiện có không đủ. Hãy vay thêm trước khi mua.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Mua tài sản' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Chọn thẻ khác' }).click();
  await dialog.getByRole('button', { name: 'Thẻ CH32' }).click();
  await dialog.getByRole('button', { name: 'Mua tài sản' }).click();
  await expect(dialog).toBeHidden();
  await expect(bình.getByRole('listitem', { name: 'CH32' })).toBeVisible();
  await expect.poll(() => cashOf(page, 'Bình')).toBe(4070);

  // Repay $1,000 of the loan.
  await bình.getByLabel('Số tiền trả khoản Vay').fill('1000');
  await bình.getByRole('button', { name: 'Trả', exact: true }).click();
  await expect(bình.getByRole('listitem', { name: 'Nợ Vay' })).toContainText('Dư nợ $4,000');
  await expect.poll(() => cashOf(page, 'Bình')).toBe(3070);

  // A child, then undo it.
  await bình.getByRole('button', { name: 'Thêm một con' }).click();
  await expect(bình.getByText('Con: 1 / 3')).toBeVisible();
  const log = page.getByRole('region', { name: 'Nhật ký ván chơi' });
  await expect(log.getByRole('listitem').first()).toHaveText(/Bình: Thêm 1 con/);
  // Undo sits in the turn bar, always at hand.
  await page.getByRole('button', { name: 'Hoàn tác' }).click();
  await expect(bình.getByText('Con: 0 / 3')).toBeVisible();
  await expect(log.getByRole('listitem').first()).toHaveText(/Bình: Trả nợ Vay \$1,000/);

  // A reload in the middle of the game finds everything as it was.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Lượt của Bình' })).toBeVisible();
  await expect.poll(() => cashOf(page, 'Bình')).toBe(3070);
  await expect(bình.getByRole('listitem', { name: 'GRO4US (100 cp)' })).toBeVisible();
  await expect(bình.getByRole('listitem', { name: 'CH32' })).toBeVisible();
  await expect(bình.getByRole('listitem', { name: 'Nợ Vay' })).toContainText('Dư nợ $4,000');
  await expect(bình.getByText('Con: 0 / 3')).toBeVisible();

  // Next turn: An plays first and Bình's controls are off.
  await page.getByRole('button', { name: 'Qua lượt' }).click();
  await expect(page.getByRole('heading', { name: 'Lượt của An' })).toBeVisible();
  await expect(cards.first()).toHaveAttribute('aria-label', 'Người chơi An');
  await expect(bình.getByRole('button', { name: 'Chọn thẻ' })).toBeDisabled();

  // A business typed in by hand whose income covers An's expenses ($1,620) takes An to the Fast Track.
  await buyTypedBusiness(await openPicker(page, 'An'), 'Chuỗi cà phê', 1620);
  await expect(page.getByText('An đã thoát Rat Race và vào Fast Track.')).toBeVisible();
  const an = playerCard(page, 'An');
  await expect(an.getByText('Fast Track', { exact: true })).toBeVisible();
  await expect(an.getByRole('listitem', { name: 'Thu nhập Rat Race (Fast Track)' })).toContainText(
    '+$162,000 / vòng',
  );
  await expect(an.getByText('Khóa', { exact: true })).toBeVisible();

  // The Fast Track survives a reload too.
  await page.reload();
  await expect(playerCard(page, 'An').getByText('Fast Track', { exact: true })).toBeVisible();
});

/**
 * Buttons and labels drawn outside the screen's width, or cut (their text wider than their box), each
 * named by its text: a phone must show every one whole.
 */
async function cutLabels(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const selector = 'button, a, label, [role="switch"], .mantine-Button-label, .mantine-Badge-label';
    for (const element of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue; // not drawn
      if (element.closest('[aria-hidden="true"], .mantine-VisuallyHidden-root')) continue;
      const name = (element.textContent || element.getAttribute('aria-label') || element.tagName).trim();
      if (box.left < -0.5 || box.right > window.innerWidth + 0.5) found.push(`outside: ${name}`);
      else if (element.scrollWidth > element.clientWidth + 0.5) found.push(`cut: ${name}`);
    }
    return found;
  });
}

test.describe('on a phone @phone', () => {
  test('the session suits one phone passed around the table @phone', async ({ page }) => {
    test.setTimeout(90_000);
    await openSignedIn(page, NDF);
    // Three players: the setup is longer than the screen, its start button at its foot.
    await setUpGame(page, [
      { name: 'An', dice: 5 },
      { name: 'Bình', dice: 9 },
      { name: 'Chi', dice: 3 },
    ]);
    await expect(page.getByRole('heading', { name: 'Lượt của Bình' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Kết thúc ván' })).toBeAttached();
    // The session opens at its top, the active player's card first, their cash large.
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    const bình = playerCard(page, 'Bình');
    const cash = bình.getByText('Tiền mặt', { exact: true }).locator('xpath=following-sibling::*[1]');
    await expect(cash).toBeInViewport({ ratio: 1 });
    expect(
      await cash.evaluate((e) => Number.parseFloat(getComputedStyle(e).fontSize)),
    ).toBeGreaterThanOrEqual(24);
    await expect(bình.getByRole('button', { name: 'Chọn thẻ' })).toBeInViewport({ ratio: 1 });
    expect(await cutLabels(page)).toEqual([]);

    // The active player's card fits the screen above the turn bar: the debt list starts closed.
    const bar = page.getByRole('button', { name: 'Hoàn tác' });
    const barTop = (await bar.boundingBox())?.y ?? 0;
    const card = await bình.boundingBox();
    expect((card?.y ?? 0) + (card?.height ?? Number.POSITIVE_INFINITY)).toBeLessThanOrEqual(barTop);
    const debts = bình.getByRole('button', { name: /^Nợ/ });
    await expect(debts).toHaveAttribute('aria-expanded', 'false');
    await debts.click();
    await expect(bình.getByRole('listitem', { name: 'Nợ Nợ mua nhà' })).toBeVisible();

    // The other players are short summaries that open into their whole (disabled) card.
    const an = playerCard(page, 'An');
    await expect(an).toContainText('Tài xế');
    await expect(an.getByRole('button', { name: 'Chọn thẻ' })).toHaveCount(0);
    expect((await an.boundingBox())?.height).toBeLessThan(200);
    await an.getByRole('button', { name: 'Chi tiết: An' }).click();
    await expect(an.getByRole('button', { name: 'Chọn thẻ' })).toBeDisabled();
    expect(await cutLabels(page)).toEqual([]);

    // At the foot of the page the turn, Cashday and Undo are still at hand, in the bar at the bottom.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    // The page's last part ends above the bar, not under it.
    const finish = await page.getByRole('button', { name: 'Kết thúc & Gửi kết quả' }).boundingBox();
    const barTopNow = (await page.getByRole('button', { name: 'Hoàn tác' }).boundingBox())?.y ?? 0;
    expect((finish?.y ?? 0) + (finish?.height ?? Number.POSITIVE_INFINITY)).toBeLessThanOrEqual(barTopNow);
    for (const name of ['Qua ngày (Cashday)', 'Qua lượt', 'Hoàn tác']) {
      await expect(page.getByRole('button', { name })).toBeInViewport({ ratio: 1 });
    }
    expect(await cutLabels(page)).toEqual([]);
    await page.getByRole('button', { name: 'Qua ngày (Cashday)' }).click();
    await expect(page.getByRole('button', { name: 'Hoàn tác' })).toBeEnabled();

    // Passing the turn brings the next player's card to the top of the screen.
    await page.getByRole('button', { name: 'Qua lượt' }).click();
    await expect(page.getByRole('heading', { name: 'Lượt của An' })).toBeVisible();
    await expect(page.getByLabel(/^Người chơi /).first()).toHaveAttribute('aria-label', 'Người chơi An');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(an.getByRole('button', { name: 'Chọn thẻ' })).toBeInViewport({ ratio: 1 });
    await expect(an.getByRole('button', { name: 'Chọn thẻ' })).toBeEnabled();
  });

  test('the hall shows each game as a card, its players under it @phone', async ({ page }) => {
    const guest = `Lan ${Date.now().toString(36)}`;
    await openSignedIn(page, NDF);
    const token = await page.evaluate(() => localStorage.getItem('access'));
    const stored = await page.request.post('/api/cashflow/sessions/finalize/', {
      headers: { Authorization: `Bearer ${token}` },
      data: {
        num_players: 2,
        start_time: '2026-11-27T10:00:00Z',
        end_time: '2026-11-27T11:10:00Z',
        win_type: 'DREAM',
        winner_index: 0,
        _pending_ts: Date.now(),
        results: [
          {
            guest_name: guest,
            career: 'Giáo viên',
            salary: 3300,
            expenses: 2190,
            passive_income: 2500,
            cash_on_hand_end: 12000,
            escaped_ratrace: true,
            is_winner: true,
          },
          {
            guest_name: `${guest} B`,
            career: 'Kỹ sư',
            salary: 4900,
            expenses: 3000,
            passive_income: 100,
            cash_on_hand_end: 800,
            escaped_ratrace: false,
            is_winner: false,
          },
        ],
      },
    });
    expect(stored.ok()).toBe(true);
    await page.goto('/cashflow/hall');
    await expect(page.getByRole('heading', { name: 'Lịch sử ván chơi' })).toBeVisible();
    const games = page.getByRole('list', { name: 'Lịch sử ván chơi' });
    const game = games.getByRole('listitem').filter({ hasText: guest }).first();
    await expect(game).toContainText('Mua Ước mơ');
    await expect(game).toContainText('Thời lượng (phút)');
    await game.getByRole('button', { name: 'Xem' }).click();
    for (const name of [guest, `${guest} B`]) {
      const result = page.getByLabel(`Kết quả ${name}`, { exact: true });
      await expect(result).toContainText('Tiền mặt cuối ván');
      const box = await result.boundingBox();
      expect(box?.x).toBeGreaterThanOrEqual(0);
      expect((box?.x ?? 0) + (box?.width ?? Number.POSITIVE_INFINITY)).toBeLessThanOrEqual(390);
    }
    await expect(
      page.getByLabel(`Kết quả ${guest}`, { exact: true }).getByRole('img', { name: 'Đã thoát' }),
    ).toBeVisible();
    await expect(page.getByLabel(`Kết quả ${guest}`, { exact: true })).toContainText('Winner');
    expect(await cutLabels(page)).toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await game.getByRole('button', { name: 'Ẩn' }).click();
    await expect(page.getByLabel(`Kết quả ${guest}`, { exact: true })).toBeHidden();
  });

  test('a player can run a turn one-handed @phone', async ({ page }) => {
    await openSignedIn(page, NDF);
    await setUpGame(page, [{ name: 'Dũng', dice: 10 }]);
    await page.getByRole('button', { name: 'Qua ngày (Cashday)' }).click();
    const dialog = await openPicker(page, 'Dũng');
    // The picker fills the phone's screen.
    const box = await dialog.boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(380);
    await dialog.getByRole('button', { name: 'Thẻ ON2U' }).click();
    await dialog.getByLabel('Số cổ phiếu').fill('50');
    await dialog.getByRole('button', { name: 'Mua cổ phiếu' }).click();
    await expect(playerCard(page, 'Dũng').getByRole('listitem', { name: 'ON2U (50 cp)' })).toBeVisible();
    // Nothing is wider than the screen.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test.describe('with no network', () => {
  test.use({ serviceWorkers: 'allow' });

  test('a loaded game keeps going offline, through a reload', async ({ page, context }) => {
    await openSignedIn(page, NDF);
    await setUpGame(page, [
      { name: 'Giang', dice: 8 },
      { name: 'Hà', dice: 4 },
    ]);
    // The service worker has precached the app shell.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Lượt của Giang' })).toBeVisible();
    await page.getByRole('button', { name: 'Qua ngày (Cashday)' }).click();
    // Giáo viên: $400 + ($3,300 − $2,190).
    await expect.poll(() => cashOf(page, 'Giang')).toBe(1510);
    await page.getByRole('button', { name: 'Qua lượt' }).click();
    await expect(page.getByRole('heading', { name: 'Lượt của Hà' })).toBeVisible();
    await context.setOffline(false);
  });
});

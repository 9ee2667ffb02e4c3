// A CashFlow game on a shared table (issue 25): a host's screen and two phones, three browser contexts
// on the one server. The host starts the table in auditor mode; one phone's player signs in and types
// the code, the other is a guest with no account who opens the invite link the host made for their
// seat; a phone's payday waits for the host, who approves one and rejects another; a phone that loses
// the network keeps playing, shows its action unsent, and sends it when it is back; every device is
// reloaded and restores the table from the server; the host takes a player to the Fast Track and
// finishes the game, which every device then shows and the hall stores once. axe on the three screens.
import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './support/accessibility';
import { buyTypedBusiness, openPicker, playerCard } from './support/cashflow';
import { openSignedIn } from './support/session';
import { ADMIN, NDF, type TestUser } from './support/users';

const PHONE = { width: 390, height: 844 };

/** A browser of its own, signed in as `user` at `path`; or, with no user, a guest's opening `path`. */
async function device(browser: Browser, user: TestUser | null, path: string, phone: boolean) {
  const context = await browser.newContext(
    phone ? { viewport: PHONE } : { viewport: { width: 1280, height: 800 } },
  );
  const page = await context.newPage();
  if (user) await openSignedIn(page, user, path);
  else await page.goto(path);
  return { context, page };
}

const turn = (page: Page, name: string) => page.getByRole('heading', { name: `Lượt của ${name}` });
const mine = (page: Page) => page.getByRole('region', { name: 'Thao tác của bạn' });
const pendingPanel = (page: Page) => page.getByRole('region', { name: 'Thao tác chờ duyệt' });

test('a host and two phones, one a guest, play one game in step, in auditor mode, through a lost connection and reloads', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36);
  // Seated by their dice: An (12, a flight attendant) plays first, then Bảo (2, a janitor: $950 a month).
  const an = `An ${stamp}`;
  const bao = `Bảo ${stamp}`;
  const contexts: BrowserContext[] = [];
  try {
    const host = await device(browser, ADMIN, '/cashflow/setup', false);
    contexts.push(host.context);
    await host.page.locator('label').filter({ hasText: /^2$/ }).click();
    await host.page.getByLabel('Tên người chơi 1').fill(an);
    await host.page.getByLabel('Tổng xúc xắc người chơi 1').fill('12');
    await host.page.getByLabel('Tên người chơi 2').fill(bao);
    await host.page.getByLabel('Tổng xúc xắc người chơi 2').fill('2');
    await host.page.getByRole('switch', { name: /Chế độ kiểm duyệt/ }).check();
    await host.page.getByRole('button', { name: 'Chơi trên nhiều máy' }).click();
    await expect(host.page).toHaveURL(/\/cashflow\/tables\/\d+$/);
    const code = (await host.page.getByTestId('table-code').textContent())?.trim() ?? '';
    expect(code).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{6}$/);
    const invite = host.page.getByRole('region', { name: 'Mời người chơi' });
    await expect(invite.getByRole('img', { name: `Mã QR để vào bàn ${code}` })).toBeVisible();
    await expect(invite.getByText('Đang chờ')).toHaveCount(2);

    // An's player signs in and types the code (in lower case, with a space).
    const a = await device(browser, NDF, '/cashflow/join', true);
    contexts.push(a.context);
    await a.page.getByLabel('Mã bàn').fill(` ${code.toLowerCase()}`);
    await a.page.getByRole('button', { name: 'Tìm bàn' }).click();
    await a.page.getByRole('button', { name: `Ngồi ghế ${an}` }).click();
    await expect(turn(a.page, an)).toBeVisible();
    // Bảo has no account: the host makes the seat's invite, whose link (and QR code) opens it.
    await invite.getByRole('button', { name: `Mời khách: ${bao}` }).click();
    const dialog = host.page.getByRole('region', { name: `Lời mời cho ${bao}` });
    await expect(dialog.getByRole('img', { name: `Mã QR mời khách vào ghế ${bao}` })).toBeVisible();
    await expectAccessible(host.page, 'a table, the host’s guest invite');
    const link = (await dialog.getByTestId('guest-link').textContent())?.trim() ?? '';
    expect(link).toMatch(/\/cashflow\/guest\/\d+#[A-Za-z0-9_-]{43}$/);
    await dialog.getByRole('button', { name: 'Đóng lời mời' }).click();
    const b = await device(browser, null, link, true);
    contexts.push(b.context);
    await expect(turn(b.page, an)).toBeVisible();
    // The token left the address bar.
    expect(new URL(b.page.url()).hash).toBe('');
    // Each phone shows its own card first; the host sees both seats taken.
    await expect(playerCard(a.page, an)).toBeVisible();
    await expect(playerCard(b.page, bao)).toBeVisible();
    await expect(invite.getByText('Đã vào')).toHaveCount(2, { timeout: 20_000 });
    await expectAccessible(host.page, 'a table, the host’s screen');
    await expectAccessible(a.page, 'a table, a player’s phone');
    await expectAccessible(b.page, 'a table, a guest’s phone');

    // An's payday waits for the host ('Chờ duyệt'), who approves it.
    await a.page.getByRole('button', { name: 'Qua ngày (Cashday)' }).click();
    await expect(mine(a.page).getByText('Chờ duyệt')).toBeVisible();
    await expect(pendingPanel(host.page).getByText(`${an}:`)).toBeVisible();
    await pendingPanel(host.page).getByRole('button', { name: 'Duyệt' }).click();
    await expect(pendingPanel(host.page).getByText('Không có thao tác nào chờ duyệt.')).toBeVisible();
    await expect(mine(a.page)).toBeHidden();

    // An's phone loses the network and ends the turn: kept, marked unsent, seen by nobody else.
    await a.context.setOffline(true);
    await a.page.getByRole('button', { name: 'Qua lượt' }).click();
    await expect(mine(a.page).getByText('Chưa gửi')).toBeVisible();
    await expect(turn(a.page, bao)).toBeVisible();
    await expect(turn(host.page, an)).toBeVisible();
    // Back online: it is sent, once, and every device moves on.
    await a.context.setOffline(false);
    await expect(turn(host.page, bao)).toBeVisible();
    await expect(turn(b.page, bao)).toBeVisible();
    await expect(mine(a.page)).toBeHidden();

    // Bảo's payday: the host rejects it, and Bảo's phone says so.
    await b.page.getByRole('button', { name: 'Qua ngày (Cashday)' }).click();
    await expect(mine(b.page).getByText('Chờ duyệt')).toBeVisible();
    await pendingPanel(host.page).getByRole('button', { name: 'Từ chối' }).click();
    await expect(b.page.getByText('Chủ bàn đã từ chối thao tác này.').first()).toBeVisible();

    // Every device reloaded restores the table from the server.
    for (const { page } of [host, a, b]) {
      await page.reload();
      await expect(turn(page, bao)).toBeVisible();
    }

    // The host acts for Bảo, who has no card picker on this phone's turn: a business that covers the
    // expenses takes Bảo to the Fast Track, and the dream wins the game, on every device.
    await buyTypedBusiness(await openPicker(host.page, bao), 'Chuỗi nhà hàng', 950);
    await expect(host.page.getByText(`${bao} đã thoát Rat Race và vào Fast Track.`)).toBeVisible();
    await playerCard(host.page, bao).getByRole('switch', { name: 'Đã mua Ước mơ' }).check();
    await expect(host.page.getByText(`${bao} đã thắng ván này.`)).toBeVisible();
    const panel = host.page.getByRole('region', { name: 'Kết thúc ván' });
    await expect(panel.getByLabel('Cách thắng')).toHaveValue('Mua Ước mơ');
    await panel.getByRole('button', { name: 'Kết thúc & Gửi kết quả' }).click();
    await host.page
      .getByRole('dialog', { name: 'Kết thúc ván?' })
      .getByRole('button', { name: 'Kết thúc & Gửi' })
      .click();
    await expect(host.page.getByText('Đã lưu kết quả ván chơi thành công!')).toBeVisible();
    for (const { page } of [a, b]) {
      await expect(page.getByRole('status').filter({ hasText: 'Ván đã kết thúc' })).toContainText(
        `${bao} thắng`,
      );
    }
    // The game is over, and with it the guest's invite: reloaded, the guest's phone still shows the result.
    await b.page.reload();
    await expect(b.page.getByRole('status').filter({ hasText: 'Ván đã kết thúc' })).toContainText(
      `${bao} thắng`,
    );

    // The hall has the game once.
    await host.page.goto('/cashflow/hall');
    const rows = host.page
      .getByRole('table', { name: 'Lịch sử ván chơi' })
      .getByRole('row')
      .filter({ hasText: bao });
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('Mua Ước mơ');
  } finally {
    await Promise.all(contexts.map((c) => c.close()));
  }
});

// Steps at the CashFlow table shared by the specs: starting a game of guests, a player's card, the
// card picker, and buying a business typed in by hand.
import { expect, type Locator, type Page } from '@playwright/test';

/** On the setup screen: the number of seats, each guest's name and dice total, then 'Bắt đầu ván'. */
export async function startGuestGame(page: Page, players: { name: string; dice: number }[]): Promise<void> {
  await page
    .locator('label')
    .filter({ hasText: new RegExp(`^${players.length}$`) })
    .click();
  for (const [index, player] of players.entries()) {
    await page.getByLabel(`Tên người chơi ${index + 1}`).fill(player.name);
    await page.getByLabel(`Tổng xúc xắc người chơi ${index + 1}`).fill(String(player.dice));
  }
  await page.getByRole('button', { name: 'Bắt đầu ván' }).click();
}

export function playerCard(page: Page, name: string): Locator {
  return page.getByLabel(`Người chơi ${name}`, { exact: true });
}

export async function openPicker(page: Page, name: string): Promise<Locator> {
  await playerCard(page, name).getByRole('button', { name: 'Chọn thẻ' }).click();
  const dialog = page.getByRole('dialog', { name: 'Chọn thẻ' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** In the open card picker: buys a business typed in by hand, worth 0, with this income a round. */
export async function buyTypedBusiness(dialog: Locator, name: string, income: number): Promise<void> {
  await dialog.getByRole('tab', { name: 'Thẻ tự nhập' }).click();
  await dialog
    .locator('label')
    .filter({ hasText: /^Tài sản & kinh doanh$/ })
    .click();
  await dialog.getByLabel('Tên thẻ').fill(name);
  await dialog.getByLabel('Giá trị').fill('0');
  await dialog.getByLabel('Thu nhập mỗi vòng').fill(String(income));
  await dialog.getByRole('button', { name: 'Mua tài sản' }).click();
}

// Editing one's own profile: names, phone, gender and a scaled avatar (spec sections 2, 5, 8, 9).
import { expect, type Page, test } from '@playwright/test';
import { gradientPng } from './support/png';
import { mainNavigation, openSignedIn, readSession } from './support/session';
import { PROFILE_USER } from './support/users';

const AVATAR_TOO_LARGE = 'File quá lớn. Vui lòng chọn ảnh nhỏ hơn 5MB.';

function avatarInput(page: Page) {
  return page.locator('input[type="file"]');
}

/** Natural size of the first loaded <img> whose src matches, once it has loaded. */
async function loadedImageSize(page: Page, selector: string) {
  const image = page.locator(selector).first();
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
  return image.evaluate((img: HTMLImageElement) => ({ width: img.naturalWidth, height: img.naturalHeight }));
}

test('saving names, phone, gender and a large avatar, then seeing them after a reload', async ({ page }) => {
  await openSignedIn(page, PROFILE_USER);
  await mainNavigation(page)
    .getByRole('link', { name: `${PROFILE_USER.lastName} ${PROFILE_USER.firstName}` })
    .click();
  await expect(page).toHaveURL(/\/profile$/);

  const firstName = page.getByLabel('First name');
  const middleName = page.getByLabel('Middle name');
  const lastName = page.getByLabel('Last name');
  const phone = page.getByLabel('Phone');
  const gender = page.getByRole('textbox', { name: 'Gender' });
  await expect(firstName).toHaveValue(PROFILE_USER.firstName);
  await expect(lastName).toHaveValue(PROFILE_USER.lastName);

  await firstName.fill('An');
  await middleName.fill('Thị');
  await lastName.fill('Đặng');
  await phone.fill('0901 234 567');
  await gender.click();
  await page.getByRole('option', { name: 'Female' }).click();
  await expect(gender).toHaveValue('Female');

  // A 2400×1600 picture: the app must scale it to at most 1024 px before upload.
  const picture = gradientPng(2400, 1600);
  expect(picture.length).toBeLessThan(5 * 1024 * 1024);
  await avatarInput(page).setInputFiles({ name: 'Ảnh đại diện.png', mimeType: 'image/png', buffer: picture });
  await expect(page.getByText(/Anh_dai_dien\.jpg/)).toBeVisible();

  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Profile updated!')).toBeVisible();

  // The shell shows the new name at once.
  const nav = mainNavigation(page);
  await expect(nav.getByRole('link', { name: 'Đặng Thị An', exact: true })).toBeVisible();

  await page.reload();
  await expect(firstName).toHaveValue('An');
  await expect(middleName).toHaveValue('Thị');
  await expect(lastName).toHaveValue('Đặng');
  await expect(phone).toHaveValue('0901 234 567');
  await expect(gender).toHaveValue('Female');
  await expect(nav.getByRole('link', { name: 'Đặng Thị An', exact: true })).toBeVisible();

  const served = await loadedImageSize(page, 'main img[src*="/media/avatars/"]');
  expect(served.width).toBeGreaterThan(0);
  expect(Math.max(served.width, served.height)).toBeLessThanOrEqual(1024);
  expect(served.width / served.height).toBeCloseTo(2400 / 1600, 1);
  await loadedImageSize(page, 'nav img[src*="/media/avatars/"]'); // the sidebar shows it too

  const session = await readSession(page);
  expect(session.user?.avatar ?? '').toMatch(/^https?:\/\/[^/]+\/media\/avatars\//);
});

test('a picture over 5 MB is refused with the spec alert', async ({ page }) => {
  await openSignedIn(page, PROFILE_USER, '/profile');
  await expect(page.getByRole('button', { name: 'Save Changes' })).toBeVisible();

  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.accept();
  });
  const tooLarge = Buffer.concat([gradientPng(64, 64), Buffer.alloc(5 * 1024 * 1024 + 100_000)]);
  await avatarInput(page).setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: tooLarge });
  await expect.poll(() => dialogs).toEqual([AVATAR_TOO_LARGE]);
  await expect(page.getByText(/New picture:/)).toHaveCount(0); // nothing was taken
});

test('a failed save shows "Update failed." and keeps what was typed', async ({ page }) => {
  await openSignedIn(page, PROFILE_USER, '/profile');
  const firstName = page.getByLabel('First name');
  await expect(firstName).not.toHaveValue('');
  const saved = await firstName.inputValue();

  await page.route('**/api/users/profile/', (route) =>
    route.request().method() === 'PUT'
      ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"detail":"Server error"}' })
      : route.continue(),
  );
  await firstName.fill('Tạm');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Update failed.')).toBeVisible();
  await expect(page.getByText('Profile updated!')).toHaveCount(0);
  await expect(firstName).toHaveValue('Tạm');

  await page.unroute('**/api/users/profile/');
  await page.reload();
  await expect(firstName).toHaveValue(saved);
});

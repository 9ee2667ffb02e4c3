// Changing one's own password (spec sections 2 and 8). Uses its own user: it changes the password.
import { expect, test } from '@playwright/test';
import { fillLoginForm, readSession, signIn, signOut } from './support/session';
import { PASSWORD_USER } from './support/users';

const NEW_PASSWORD = 'Password-new-2025';

test('Cancel returns to the profile', async ({ page }) => {
  await signIn(page, PASSWORD_USER);
  await page.goto('/profile');
  await page.getByRole('link', { name: 'Change Password' }).click();
  await expect(page).toHaveURL(/\/change-password$/);
  await page
    .getByRole('link', { name: 'Cancel' })
    .or(page.getByRole('button', { name: 'Cancel' }))
    .click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('button', { name: 'Save Changes' })).toBeVisible();
});

test('a wrong old password is refused; the right one changes the password for the next sign-in', async ({
  page,
}) => {
  await signIn(page, PASSWORD_USER);
  await page.goto('/change-password');
  const oldPassword = page.getByLabel('Old password', { exact: true });
  const newPassword = page.getByLabel('New password', { exact: true });
  const update = page.getByRole('button', { name: 'Update Password' });

  await oldPassword.fill('not-my-password');
  await newPassword.fill(NEW_PASSWORD);
  await update.click();
  await expect(page.getByText('Failed to change password.')).toBeVisible();
  await expect(page.getByText('Password changed successfully.')).toHaveCount(0);

  await oldPassword.fill(PASSWORD_USER.password);
  await newPassword.fill(NEW_PASSWORD);
  await update.click();
  await expect(page.getByText('Password changed successfully.')).toBeVisible();
  await expect(page.getByText('Failed to change password.')).toHaveCount(0);
  await expect(oldPassword).toHaveValue('');
  await expect(newPassword).toHaveValue('');
  // This browser stays signed in.
  await page.goto('/profile');
  await expect(page.getByLabel('First name')).toHaveValue(PASSWORD_USER.firstName);

  await signOut(page);
  await fillLoginForm(page, PASSWORD_USER.email, PASSWORD_USER.password);
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  expect((await readSession(page)).access).toBeNull();

  await signIn(page, { email: PASSWORD_USER.email, password: NEW_PASSWORD });
  expect((await readSession(page)).user).toMatchObject({ email: PASSWORD_USER.email });
});

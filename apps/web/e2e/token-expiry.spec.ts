// Runs against the server whose access tokens live 2 s: an expired access token is replaced
// through the refresh token without the user noticing (spec section 4, "Token refresh").
import { expect, test } from '@playwright/test';
import { readSession, STORAGE_KEYS, signIn } from './support/session';
import { EXPIRY_USER } from './support/users';

test('an expired access token is refreshed and the page still loads', async ({ page, request }) => {
  await signIn(page, EXPIRY_USER);
  const before = await readSession(page);
  expect(before.access).toBeTruthy();
  expect(before.refresh).toBeTruthy();

  // Wait for the server to reject the stored access token.
  await expect
    .poll(
      async () => {
        const response = await request.get('/api/users/profile/', {
          headers: { Authorization: `Bearer ${before.access}` },
        });
        return response.status();
      },
      { timeout: 15_000, message: 'the access token should expire after ACCESS_TOKEN_TTL=2' },
    )
    .toBe(401);
  const rejected = await request.get('/api/users/profile/', {
    headers: { Authorization: `Bearer ${before.access}` },
  });
  expect(await rejected.json()).toMatchObject({ code: 'token_not_valid' });

  await page.goto('/profile');
  await expect(page.getByLabel(/first name/i)).toHaveValue(EXPIRY_USER.firstName);
  await expect(page.getByLabel(/last name/i)).toHaveValue(EXPIRY_USER.lastName);
  await expect(page).toHaveURL(/\/profile$/);

  const after = await readSession(page);
  expect(after.access).toBeTruthy();
  expect(after.access).not.toBe(before.access);
  expect(after.user).toMatchObject({ email: EXPIRY_USER.email });
});

test('when the refresh token is refused too, the session is cleared and the user goes to /login', async ({
  page,
  request,
}) => {
  await signIn(page, EXPIRY_USER);
  const { access } = await readSession(page);
  await page.evaluate((key) => localStorage.setItem(key, 'not-a-refresh-token'), STORAGE_KEYS.refresh);
  await expect
    .poll(
      async () =>
        (
          await request.get('/api/users/profile/', { headers: { Authorization: `Bearer ${access}` } })
        ).status(),
      { timeout: 15_000 },
    )
    .toBe(401);

  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login$/);
  // The app may navigate once more on its way to /login: poll rather than read once.
  await expect.poll(() => readSession(page)).toEqual({ access: null, refresh: null, user: null });
});

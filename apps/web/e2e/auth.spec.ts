// Sign-in, sign-out and the guard on signed-in pages (spec sections 2, 4, 5, 8).
import { expect, type Page, test } from '@playwright/test';
import { fillLoginForm, mainNavigation, readSession, signIn, signOut } from './support/session';
import { STAFF } from './support/users';

const TOKEN_PATH = '/api/users/token/';
const LOGOUT_PATH = '/api/users/token/blacklist/';

/** Counts sign-in requests, to show that the form refused to send one. */
function countSignInRequests(page: Page): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === TOKEN_PATH) count++;
  });
  return () => count;
}

test('a wrong password shows the spec message and stays on /login', async ({ page }) => {
  await page.goto('/login');
  await fillLoginForm(page, STAFF.email, 'not-the-password');
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect((await readSession(page)).access).toBeNull();
});

test('an unknown e-mail gets the same message', async ({ page }) => {
  await page.goto('/login');
  await fillLoginForm(page, 'nobody@e2e.test', STAFF.password);
  await expect(page.getByText('Invalid email or password')).toBeVisible();
});

test('the form refuses empty fields and a malformed e-mail without calling the server', async ({ page }) => {
  const signInRequests = countSignInRequests(page);
  await page.goto('/login');
  const submit = page.getByRole('button', { name: /sign in|log in|login/i });
  const email = page.getByLabel('Email', { exact: true });
  const password = page.getByLabel('Password', { exact: true });

  await submit.click();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(password).toHaveAttribute('aria-invalid', 'true');

  await email.fill('not-an-email');
  await password.fill(STAFF.password);
  await submit.click();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(password).not.toHaveAttribute('aria-invalid', 'true');

  await expect(page).toHaveURL(/\/login$/);
  expect(signInRequests()).toBe(0);
  expect((await readSession(page)).access).toBeNull();
});

test('signing in lands on / with the Vietnamese welcome and stores the session', async ({ page }) => {
  await page.goto('/login');
  await fillLoginForm(page, STAFF.email, STAFF.password);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: /Chào mừng/ })).toBeVisible();

  const session = await readSession(page);
  expect(session.access).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  expect(session.refresh).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  expect(session.user).toMatchObject({ email: STAFF.email, role: 'staff' });

  // Already signed in: /login sends the user home.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/$/);
});

test('a signed-out visit to /profile goes to /login', async ({ page }) => {
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByLabel('Email', { exact: true })).toBeVisible();
});

test('Logout returns to /login, forgets the session and guards pages again', async ({ page }) => {
  await signIn(page, STAFF);
  await signOut(page);
  await expect.poll(() => readSession(page)).toEqual({ access: null, refresh: null, user: null });
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login$/);
});

test('signing out in one tab signs out the other tabs', async ({ context }) => {
  const first = await context.newPage();
  await signIn(first, STAFF);
  const second = await context.newPage();
  await second.goto('/profile');
  await expect(second).toHaveURL(/\/profile$/);
  await expect(mainNavigation(second)).toBeVisible();

  await signOut(first);
  await expect(second).toHaveURL(/\/login$/);
});

test('Logout ends the sign-in on the server: its stored refresh and access tokens are refused', async ({
  page,
}) => {
  await signIn(page, STAFF);
  const { access, refresh } = await readSession(page);
  const loggedOut = page.waitForResponse((r) => new URL(r.url()).pathname === LOGOUT_PATH);
  await signOut(page);
  expect((await loggedOut).status()).toBe(200);

  const refreshed = await page.request.post('/api/users/token/refresh/', { data: { refresh } });
  expect(refreshed.status()).toBe(401);
  expect(await refreshed.json()).toMatchObject({ code: 'token_not_valid' });
  const profile = await page.request.get('/api/users/profile/', {
    headers: { Authorization: `Bearer ${access}` },
  });
  expect(profile.status()).toBe(401);
});

test('Logout signs out at once when the network is cut or the server never answers', async ({ page }) => {
  await signIn(page, STAFF);
  let cut = 0;
  await page.route(`**${LOGOUT_PATH}`, (route) => {
    cut++;
    return route.abort('internetdisconnected');
  });
  await signOut(page);
  await expect.poll(() => readSession(page)).toEqual({ access: null, refresh: null, user: null });
  await expect.poll(() => cut).toBe(1);

  await signIn(page, STAFF);
  await page.unroute(`**${LOGOUT_PATH}`);
  // A request that hangs: Logout does not wait for it.
  await page.route(`**${LOGOUT_PATH}`, () => {});
  await signOut(page);
  await expect.poll(() => readSession(page)).toEqual({ access: null, refresh: null, user: null });
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login$/);
});

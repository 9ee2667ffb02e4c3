// Signing in — through the login form, for the tests about signing in, or through the API for every
// other test — and reading the session the app keeps in localStorage.
import { expect, type Locator, type Page } from '@playwright/test';
import type { TestUser } from './users';

/** localStorage keys of the web app's session (apps/web/src/lib/auth-storage.ts). */
export const STORAGE_KEYS = { access: 'access', refresh: 'refresh', user: 'user' } as const;

export interface StoredSession {
  access: string | null;
  refresh: string | null;
  user: { email?: string; role?: string; first_name?: string; avatar?: string | null } | null;
}

export async function fillLoginForm(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: /sign in|log in|login/i }).click();
}

/** Signs in from /login, through the form, and waits for the landing page. */
export async function signIn(page: Page, user: Pick<TestUser, 'email' | 'password'>): Promise<void> {
  await page.goto('/login');
  await fillLoginForm(page, user.email, user.password);
  await expect(page).toHaveURL(/\/$/);
  await expect(mainNavigation(page)).toBeAttached();
}

/** What POST /api/users/token/ answers, and what the app's sign-in stores (features/auth/api.ts). */
interface TokenAnswer {
  access: string;
  refresh: string;
  user: { avatar?: string | null };
}

/**
 * Signs in through the API — one request: no form, no page of the app loaded — and writes the
 * session into this page's localStorage as the app's own sign-in writes it, so that the next
 * page.goto opens the app signed in. For the tests that are not about signing in (those sign in
 * through the form, with signIn). Every call is a sign-in of its own, with its own refresh token:
 * with refresh-token rotation (decision 0005) two tests sharing one could end each other's sign-in.
 * Leaves the page on /api/health: a page of the app's origin without the app. The next page.goto
 * is then the app's first load in this browser context (see FIRST_LOAD).
 */
export async function storeSignIn(page: Page, user: Pick<TestUser, 'email' | 'password'>): Promise<void> {
  const response = await page.request.post('/api/users/token/', {
    data: { email: user.email, password: user.password },
  });
  expect(response.status(), await response.text()).toBe(200);
  const session = (await response.json()) as TokenAnswer;
  await page.goto('/api/health');
  await page.evaluate(
    ({ keys, session }) => {
      // As withHostAvatar (lib/auth-storage.ts): the stored avatar is an absolute URL on this origin.
      const { avatar } = session.user;
      const user =
        avatar && !/^(https?:|blob:|data:)/.test(avatar)
          ? { ...session.user, avatar: `${location.origin}${avatar.startsWith('/') ? '' : '/'}${avatar}` }
          : session.user;
      localStorage.setItem(keys.access, session.access);
      localStorage.setItem(keys.refresh, session.refresh);
      localStorage.setItem(keys.user, JSON.stringify(user));
    },
    { keys: STORAGE_KEYS, session },
  );
}

/** How long the first load of the app in a fresh browser context may take on a busy 2-core machine. */
export const FIRST_LOAD = { timeout: 30_000 };

/**
 * Signs in through the API (storeSignIn) and opens `path` in the shell: where signIn, through the
 * form, would land and then be sent on with a second page load.
 */
export async function openSignedIn(
  page: Page,
  user: Pick<TestUser, 'email' | 'password'>,
  path = '/',
): Promise<void> {
  await storeSignIn(page, user);
  await page.goto(path);
  // The app's first load in this browser context: its code comes with it, slow on a busy machine.
  await expect(mainNavigation(page)).toBeAttached(FIRST_LOAD);
}

/** The stored session; retried when a navigation (e.g. a redirect to /login) replaces the page meanwhile. */
export async function readSession(page: Page): Promise<StoredSession> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await page.evaluate((keys) => {
        const user = localStorage.getItem(keys.user);
        return {
          access: localStorage.getItem(keys.access),
          refresh: localStorage.getItem(keys.refresh),
          user: user ? JSON.parse(user) : null,
        };
      }, STORAGE_KEYS);
    } catch (error) {
      if (attempt >= 5 || !/context was destroyed|navigat/i.test(String(error))) throw error;
      await page.waitForLoadState();
    }
  }
}

/** The sidebar (on phones: the drawer). */
export function mainNavigation(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Main navigation' });
}

export async function signOut(page: Page): Promise<void> {
  await mainNavigation(page).getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

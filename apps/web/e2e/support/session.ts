// Signing in through the login form and reading the session the app keeps in localStorage.
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

/** Signs in from /login and waits for the landing page. */
export async function signIn(page: Page, user: Pick<TestUser, 'email' | 'password'>): Promise<void> {
  await page.goto('/login');
  await fillLoginForm(page, user.email, user.password);
  await expect(page).toHaveURL(/\/$/);
  await expect(mainNavigation(page)).toBeAttached();
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

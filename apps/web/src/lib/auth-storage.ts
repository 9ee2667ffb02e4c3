// The signed-in session (tokens + cached user) lives in localStorage so it survives reloads and is
// shared by every tab; this module is the only place that writes those keys. It is on /login's first
// download, so it holds no schema (zod): the stored user is read and validated in current-user.ts.
import type { User } from '@staff/contracts';

export const ACCESS_KEY = 'access';
export const REFRESH_KEY = 'refresh';
export const USER_KEY = 'user';
const AUTH_KEYS: readonly string[] = [ACCESS_KEY, REFRESH_KEY, USER_KEY];

type Listener = () => void;
const listeners = new Set<Listener>();

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Storage can be disabled (privacy mode); behave as signed out rather than crash.
    return null;
  }
}

function read(key: string): string | null {
  return storage()?.getItem(key) ?? null;
}

function notify(): void {
  for (const listener of listeners) listener();
}

export function getAccessToken(): string | null {
  return read(ACCESS_KEY);
}

export function getRefreshToken(): string | null {
  return read(REFRESH_KEY);
}

export function isSignedIn(): boolean {
  return getAccessToken() !== null || getRefreshToken() !== null;
}

export function storeTokens(tokens: { access: string; refresh?: string }): void {
  const s = storage();
  if (!s) return;
  s.setItem(ACCESS_KEY, tokens.access);
  if (tokens.refresh) s.setItem(REFRESH_KEY, tokens.refresh);
  notify();
}

/** The avatar is stored as an absolute URL on this origin, as the spec asks ("prefixed by the host"). */
export function withHostAvatar(user: User): User {
  const { avatar } = user;
  if (!avatar || /^(https?:|blob:|data:)/.test(avatar)) return user;
  const path = avatar.startsWith('/') ? avatar : `/${avatar}`;
  return { ...user, avatar: `${window.location.origin}${path}` };
}

/** The stored user as written (JSON text), or null; parsed and validated by current-user.ts. */
export function getStoredUserJson(): string | null {
  return read(USER_KEY);
}

export function storeUser(user: User): void {
  storage()?.setItem(USER_KEY, JSON.stringify(withHostAvatar(user)));
  notify();
}

export function storeSession(session: { access: string; refresh: string; user: User }): void {
  const s = storage();
  if (!s) return;
  s.setItem(ACCESS_KEY, session.access);
  s.setItem(REFRESH_KEY, session.refresh);
  s.setItem(USER_KEY, JSON.stringify(withHostAvatar(session.user)));
  notify();
}

/** Signs out: removes only the session keys, so preferences such as the sidebar state survive. */
export function clearSession(): void {
  const s = storage();
  if (!s) return;
  for (const key of AUTH_KEYS) s.removeItem(key);
  notify();
}

/** Called on sign-in/out in this tab and, through the `storage` event, in other tabs. */
export function subscribeToSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    // key === null means another tab called localStorage.clear().
    if (event.key === null || AUTH_KEYS.includes(event.key)) notify();
  });
}

// The signed-in user: read from localStorage at once, then refreshed from GET /api/users/profile/
// and written back. Shared by the shell and several features, hence it lives in lib. It validates with
// the contracts (zod), so only signed-in screens import it; /login uses session.ts.
import { User } from '@staff/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { api } from './api-client';
import { getStoredUserJson, storeUser, subscribeToSession, withHostAvatar } from './auth-storage';
import { afterFirstPaint } from './first-paint';
import { PROFILE_PATH, useIsSignedIn, userKeys } from './session';

export { PROFILE_PATH, useIsSignedIn, userKeys };

let cachedRaw: string | null = null;
let cachedUser: User | null = null;

/** The cached user; the same object is returned until storage changes (needed by useSyncExternalStore). */
export function getStoredUser(): User | null {
  const raw = getStoredUserJson();
  if (raw === cachedRaw) return cachedUser;
  cachedRaw = raw;
  cachedUser = null;
  if (raw) {
    try {
      const parsed = User.safeParse(JSON.parse(raw));
      cachedUser = parsed.success ? parsed.data : null;
    } catch {
      cachedUser = null;
    }
  }
  return cachedUser;
}

export async function fetchProfile(signal?: AbortSignal): Promise<User> {
  const user = withHostAvatar(await api.get(PROFILE_PATH, { schema: User, signal }));
  storeUser(user);
  return user;
}

export function currentUserQueryOptions() {
  return queryOptions({
    queryKey: userKeys.profile(),
    queryFn: ({ signal }) => fetchProfile(signal),
    staleTime: 30_000,
  });
}

export function useStoredUser(): User | null {
  return useSyncExternalStore(subscribeToSession, getStoredUser, () => null);
}

/** The user to show: the fresh profile once loaded, the cached copy until then (null: not known yet). */
export function useCurrentUser() {
  const signedIn = useIsSignedIn();
  const stored = useStoredUser();
  const query = useQuery({
    ...currentUserQueryOptions(),
    // A user known from storage is refreshed once the screen has painted (lib/first-paint.ts): drawn from
    // storage, the screen does not wait for the answer, so the request need not come before its first
    // frame. The wait is inside the fetch, so the paint itself re-renders nothing.
    queryFn: async ({ signal }) => {
      if (getStoredUser() !== null) await afterFirstPaint();
      return fetchProfile(signal);
    },
    enabled: signedIn,
  });
  // Storage first: fetchProfile and profile saves write it, and it also carries updates made in other tabs.
  return { user: stored ?? query.data ?? null, query };
}

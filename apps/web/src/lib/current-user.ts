// The signed-in user: read from localStorage at once, then refreshed from GET /api/users/profile/
// and written back. Shared by the shell and several features, hence it lives in lib.
import { User } from '@staff/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { api } from './api-client';
import { getStoredUser, isSignedIn, storeUser, subscribeToSession, withHostAvatar } from './auth-storage';

export const PROFILE_PATH = '/api/users/profile/';

/** Query keys of the users module; mutations invalidate by these prefixes. */
export const userKeys = {
  all: ['users'] as const,
  profile: () => [...userKeys.all, 'profile'] as const,
};

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

/** Re-renders on sign-in/out here or in another tab. */
export function useIsSignedIn(): boolean {
  return useSyncExternalStore(subscribeToSession, isSignedIn, () => false);
}

export function useStoredUser(): User | null {
  return useSyncExternalStore(subscribeToSession, getStoredUser, () => null);
}

/** The user to show: the fresh profile once loaded, the cached copy until then (null: not known yet). */
export function useCurrentUser() {
  const signedIn = useIsSignedIn();
  const stored = useStoredUser();
  const query = useQuery({ ...currentUserQueryOptions(), enabled: signedIn });
  // Storage first: fetchProfile and profile saves write it, and it also carries updates made in other tabs.
  return { user: stored ?? query.data ?? null, query };
}

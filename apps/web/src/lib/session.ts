// The session as screens see it, without any schema: /login and the route guards use only this, so
// their first download holds no zod (the signed-in user and its schema live in current-user.ts).
import { useSyncExternalStore } from 'react';
import { isSignedIn, subscribeToSession } from './auth-storage';

export const PROFILE_PATH = '/api/users/profile/';

/** Query keys of the users module; mutations invalidate by these prefixes. */
export const userKeys = {
  all: ['users'] as const,
  profile: () => [...userKeys.all, 'profile'] as const,
};

/** Re-renders on sign-in/out here or in another tab. */
export function useIsSignedIn(): boolean {
  return useSyncExternalStore(subscribeToSession, isSignedIn, () => false);
}

import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useIsSignedIn } from '../lib/session';

/** Signed-out visitors (including after a sign-out in another tab) go to /login. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const signedIn = useIsSignedIn();
  return signedIn ? children : <Navigate to="/login" replace />;
}

// Profile feature: the signed-in user edits their own profile and password. Loaded on demand.
import type { RouteObject } from 'react-router';

/** Where a user who must replace their password is sent, whatever they open. */
export const CHANGE_PASSWORD_ROUTE = '/change-password';

export const profileRoutes: RouteObject[] = [
  {
    path: '/profile',
    lazy: async () => ({ Component: (await import('./components/profile-page')).ProfilePage }),
  },
  {
    path: CHANGE_PASSWORD_ROUTE,
    lazy: async () => ({ Component: (await import('./components/change-password-page')).ChangePasswordPage }),
  },
];

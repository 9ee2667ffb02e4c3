// Profile feature: the signed-in user edits their own profile and password. Loaded on demand.
import type { RouteObject } from 'react-router';

export const profileRoutes: RouteObject[] = [
  {
    path: '/profile',
    lazy: async () => ({ Component: (await import('./components/profile-page')).ProfilePage }),
  },
  {
    path: '/change-password',
    lazy: async () => ({ Component: (await import('./components/change-password-page')).ChangePasswordPage }),
  },
];

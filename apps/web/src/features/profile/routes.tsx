// Profile feature: the signed-in user edits their own profile and password.
import type { RouteObject } from 'react-router';
import { ChangePasswordPage } from './components/change-password-page';
import { ProfilePage } from './components/profile-page';

export const profileRoutes: RouteObject[] = [
  { path: '/profile', element: <ProfilePage /> },
  { path: '/change-password', element: <ChangePasswordPage /> },
];

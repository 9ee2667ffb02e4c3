// Auth feature: sign-in at /login (outside the shell); the session itself lives in lib/auth-storage.
import type { RouteObject } from 'react-router';
import { LoginPage } from './components/login-page';

export const authRoutes: RouteObject[] = [{ path: '/login', element: <LoginPage /> }];

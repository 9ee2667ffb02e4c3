import type { RouteObject } from 'react-router';
import { LoginPage } from './components/login-page';

export const authRoutes: RouteObject[] = [{ path: '/login', element: <LoginPage /> }];

// Dashboard feature: the Vietnamese welcome page with a tile per module the role may open.
import type { RouteObject } from 'react-router';
import { RequireModule } from '../../components/require-module';

const dashboard = async () => ({ Component: (await import('./components/dashboard-page')).DashboardPage });

/**
 * `/` is the landing page for every role (sign-in goes there); `/dashboard` is the Dashboard module,
 * which ndf users may not use (spec section 6), so it is guarded.
 */
export const dashboardRoutes: RouteObject[] = [
  { index: true, lazy: dashboard },
  {
    element: <RequireModule module="dashboard" />,
    children: [{ path: '/dashboard', lazy: dashboard }],
  },
];

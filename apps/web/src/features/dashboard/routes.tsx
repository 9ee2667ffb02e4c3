// Dashboard feature: the Vietnamese welcome page with a tile per module the role may open.
import type { RouteObject } from 'react-router';
import { RequireModule } from '../../components/require-module';
import { DashboardPage } from './components/dashboard-page';

/**
 * `/` is the landing page for every role (sign-in goes there); `/dashboard` is the Dashboard module,
 * which ndf users may not use (spec section 6), so it is guarded.
 */
export const dashboardRoutes: RouteObject[] = [
  { index: true, element: <DashboardPage /> },
  {
    path: '/dashboard',
    element: (
      <RequireModule module="dashboard">
        <DashboardPage />
      </RequireModule>
    ),
  },
];

import { createBrowserRouter } from 'react-router';
import { authRoutes } from '../features/auth/routes';
import { cashflowRoutes } from '../features/cashflow/routes';
import { dashboardRoutes } from '../features/dashboard/routes';
import { diaryRoutes } from '../features/diary/routes';
import { forexRoutes } from '../features/forex/routes';
import { profileRoutes } from '../features/profile/routes';
import { stocksRoutes } from '../features/stocks/routes';
import { usersRoutes } from '../features/users/routes';
import { RequireAuth } from './require-auth';
import { AppLayout } from './shell/app-layout';
import { UnknownRoute } from './unknown-route';

export const routes = [
  ...authRoutes,
  {
    path: '/',
    element: (
      <RequireAuth>
        <AppLayout />
      </RequireAuth>
    ),
    children: [
      ...dashboardRoutes,
      ...profileRoutes,
      ...diaryRoutes,
      ...usersRoutes,
      ...cashflowRoutes,
      ...forexRoutes,
      ...stocksRoutes,
      { path: '*', element: <UnknownRoute /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}

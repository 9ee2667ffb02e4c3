// The app's routes. Only sign-in is in the first download: the signed-in shell and every feature's
// screens load on demand, so /login opens fast on a phone.
import { createBrowserRouter, Outlet, type RouteObject } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { loadModuleGuard } from '../components/require-module';
import { auditRoutes } from '../features/audit/routes';
import { authRoutes } from '../features/auth/routes';
import { cashflowGuestRoutes, cashflowRoutes } from '../features/cashflow/routes';
import { dashboardRoutes } from '../features/dashboard/routes';
import { diaryRoutes } from '../features/diary/routes';
import { forexRoutes } from '../features/forex/routes';
import { profileRoutes } from '../features/profile/routes';
import { stocksRoutes } from '../features/stocks/routes';
import { usersRoutes } from '../features/users/routes';
import { RequireAuth } from './require-auth';

export const routes: RouteObject[] = [
  ...authRoutes,
  ...cashflowGuestRoutes,
  {
    path: '/',
    element: (
      <RequireAuth>
        <Outlet />
      </RequireAuth>
    ),
    // Shown while the shell and the first screen's code arrive.
    hydrateFallbackElement: <PageLoader />,
    children: [
      {
        // The module guard every feature's routes render inside comes with the shell, in parallel.
        lazy: async () => {
          const [{ AppLayout }] = await Promise.all([import('./shell/app-layout'), loadModuleGuard()]);
          return { Component: AppLayout };
        },
        children: [
          ...dashboardRoutes,
          ...profileRoutes,
          ...diaryRoutes,
          ...usersRoutes,
          ...auditRoutes,
          ...cashflowRoutes,
          ...forexRoutes,
          ...stocksRoutes,
          // Lazy like the guards: it needs the signed-in user, whose schema is not on /login's download.
          { path: '*', lazy: async () => ({ Component: (await import('./unknown-route')).UnknownRoute }) },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}

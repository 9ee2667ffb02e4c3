// Stock watchlists (spec section 2): /stocks, /stocks/{ticker}, /watchlists/{id}/analysis behind
// the 'stocks' module guard (admin, manager, staff). Each screen is its own lazily loaded chunk.
import { Outlet, type RouteObject } from 'react-router';
import { RequireModule } from '../../components/require-module';
import { stocksAdminRoutes } from './admin/routes';

/** The screens (exported for tests, which skip the role guard). */
export const stocksPages: RouteObject[] = [
  {
    path: '/stocks',
    lazy: async () => ({ Component: (await import('./components/watchlists-page')).WatchlistsPage }),
  },
  {
    path: '/stocks/:ticker',
    lazy: async () => ({ Component: (await import('./components/stock-detail-page')).StockDetailPage }),
  },
  {
    path: '/watchlists/:id/analysis',
    lazy: async () => ({ Component: (await import('./components/analysis-page')).WatchlistAnalysisPage }),
  },
];

export const stocksRoutes: RouteObject[] = [
  {
    element: (
      <RequireModule module="stocks">
        <Outlet />
      </RequireModule>
    ),
    children: stocksPages,
  },
  // Stock administration (issue 26), behind its own role guards.
  ...stocksAdminRoutes,
];

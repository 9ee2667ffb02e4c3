// Stock administration (issue 26): /stocks/admin (the catalogue) and /stocks/admin/prices for the
// roles that edit stocks and prices (MODULE_ROLES.stocksAdmin: admin, manager), and
// /stocks/admin/holidays for administrators (MODULE_ROLES.stockHolidays), as the server allows them.
// Each screen is its own lazily loaded chunk. The static segment outranks /stocks/:ticker in React
// Router's ranking, so /stocks/admin is this screen, never a stock's page.
import { Outlet, type RouteObject } from 'react-router';
import { RequireModule } from '../../../components/require-module';

/** The catalogue and the price records (exported for tests, which skip the role guard). */
export const stocksAdminPages: RouteObject[] = [
  {
    path: '/stocks/admin',
    lazy: async () => ({ Component: (await import('./components/stocks-admin-page')).StocksAdminPage }),
  },
  {
    path: '/stocks/admin/prices',
    lazy: async () => ({ Component: (await import('./components/prices-page')).PricesPage }),
  },
];

/** The holiday table (exported for tests, which skip the role guard). */
export const stockHolidaysPages: RouteObject[] = [
  {
    path: '/stocks/admin/holidays',
    lazy: async () => ({ Component: (await import('./components/holidays-page')).HolidaysPage }),
  },
];

export const stocksAdminRoutes: RouteObject[] = [
  {
    element: (
      <RequireModule module="stocksAdmin">
        <Outlet />
      </RequireModule>
    ),
    children: stocksAdminPages,
  },
  {
    element: (
      <RequireModule module="stockHolidays">
        <Outlet />
      </RequireModule>
    ),
    children: stockHolidaysPages,
  },
];

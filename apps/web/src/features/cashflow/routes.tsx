// CashFlow helper (spec cashflow.md 2): one guarded wrapper (module 'cashflow': admin, ndf) whose
// layout holds the game state shared by every /cashflow route. Each screen loads on demand, in
// parallel with the layout, and brings only its own code: the session does not wait for the hall's
// tables or the setup's pickers (decision 0022). Once loaded, the service worker keeps every screen for
// a table with no network (decision 0011).
import type { RouteObject } from 'react-router';
import { RequireModule } from '../../components/require-module';

/** The screens under the shared layout (exported for tests, which skip the role guard). */
export const cashflowPages: RouteObject[] = [
  {
    path: '/cashflow',
    lazy: async () => ({ Component: (await import('./components/cashflow-home')).CashflowHome }),
  },
  {
    path: '/cashflow/game',
    lazy: async () => ({ Component: (await import('./components/cashflow-home')).CashflowHome }),
  },
  {
    path: '/cashflow/setup',
    lazy: async () => ({ Component: (await import('./components/setup-page')).SetupPage }),
  },
  {
    path: '/cashflow/session',
    lazy: async () => ({ Component: (await import('./components/session-page')).SessionPage }),
  },
  {
    path: '/cashflow/join',
    lazy: async () => ({ Component: (await import('./tables/join-page')).JoinPage }),
  },
  {
    path: '/cashflow/tables/:id',
    lazy: async () => ({ Component: (await import('./tables/screens')).TablePage }),
  },
  { path: '/cashflow/hall', lazy: async () => ({ Component: (await import('./hall/hall-page')).HallPage }) },
];

/**
 * A guest seat's screen: outside the signed-in shell (a guest has no account; the invite link's token
 * is the credential), beside /login in the router.
 */
export const cashflowGuestRoutes: RouteObject[] = [
  {
    path: '/cashflow/guest/:id',
    lazy: async () => ({ Component: (await import('./tables/screens')).GuestPage }),
  },
];

export const cashflowRoutes: RouteObject[] = [
  {
    element: <RequireModule module="cashflow" />,
    children: [
      {
        lazy: async () => ({ Component: (await import('./components/cashflow-layout')).CashflowLayout }),
        children: cashflowPages,
      },
    ],
  },
];

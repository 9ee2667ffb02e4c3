// CashFlow helper (spec cashflow.md 2): one guarded wrapper (module 'cashflow': admin, ndf) whose
// layout holds the game state shared by every /cashflow route. The area loads on demand; once loaded,
// the service worker keeps it for a table with no network (decision 0011).
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { RequireModule } from '../../components/require-module';

type Pages = typeof import('./pages');
const page = (pick: (pages: Pages) => ComponentType) => async () => ({
  Component: pick(await import('./pages')),
});

/** The screens under the shared layout (exported for tests, which skip the role guard). */
export const cashflowPages: RouteObject[] = [
  { path: '/cashflow', lazy: page((p) => p.CashflowHome) },
  { path: '/cashflow/game', lazy: page((p) => p.CashflowHome) },
  { path: '/cashflow/setup', lazy: page((p) => p.SetupPage) },
  { path: '/cashflow/session', lazy: page((p) => p.SessionPage) },
  { path: '/cashflow/hall', lazy: page((p) => p.HallPage) },
];

export const cashflowRoutes: RouteObject[] = [
  {
    element: <RequireModule module="cashflow" />,
    children: [{ lazy: page((p) => p.CashflowLayout), children: cashflowPages }],
  },
];

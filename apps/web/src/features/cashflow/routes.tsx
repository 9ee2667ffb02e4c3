// CashFlow helper (spec cashflow.md 2): one guarded wrapper (module 'cashflow': admin, ndf) whose
// layout holds the game state shared by every /cashflow route.
import type { RouteObject } from 'react-router';
import { RequireModule } from '../../components/require-module';
import { CashflowHome } from './components/cashflow-home';
import { CashflowLayout } from './components/cashflow-layout';
import { SessionPage } from './components/session-page';
import { SetupPage } from './components/setup-page';
import { HallPage } from './hall/hall-page';

/** The screens under the shared layout (exported for tests, which skip the role guard). */
export const cashflowPages: RouteObject[] = [
  { path: '/cashflow', element: <CashflowHome /> },
  { path: '/cashflow/game', element: <CashflowHome /> },
  { path: '/cashflow/setup', element: <SetupPage /> },
  { path: '/cashflow/session', element: <SessionPage /> },
  { path: '/cashflow/hall', element: <HallPage /> },
];

export const cashflowRoutes: RouteObject[] = [
  {
    element: (
      <RequireModule module="cashflow">
        <CashflowLayout />
      </RequireModule>
    ),
    children: cashflowPages,
  },
];

// Page guard: the server enforces permissions, this only tells the user clearly instead of failing.
// Loaded through RequireModule, so the current user's schema stays out of /login's first download.
import { type AppModule, canUseModule } from '@staff/contracts';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { useCurrentUser } from '../lib/current-user';
import { AccessDenied } from './access-denied';
import { PageLoader } from './page-loader';

/** Without children it guards the nested routes (an Outlet). */
export function ModuleGuard({ module, children = <Outlet /> }: { module: AppModule; children?: ReactNode }) {
  const { user } = useCurrentUser();
  if (!user) return <PageLoader />;
  return canUseModule(user.role, module) ? children : <AccessDenied />;
}

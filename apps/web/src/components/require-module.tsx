// Page guard for a module's routes. The route table is on /login's first download, but the guard needs
// the signed-in user (validated with zod), so its body loads with the first guarded screen.
import type { AppModule } from '@staff/contracts';
import { lazy, type ReactNode, Suspense } from 'react';
import { PageLoader } from './page-loader';

const ModuleGuard = lazy(async () => ({ default: (await import('./module-guard')).ModuleGuard }));

/** Without children it guards the nested routes (an Outlet). */
export function RequireModule(props: { module: AppModule; children?: ReactNode }) {
  return (
    <Suspense fallback={<PageLoader />}>
      <ModuleGuard {...props} />
    </Suspense>
  );
}

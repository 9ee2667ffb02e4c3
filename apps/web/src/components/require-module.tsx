// Page guard for a module's routes. The route table is on /login's first download, but the guard needs
// the signed-in user (validated with zod), so its body loads with the signed-in shell (the shell's route
// starts loading it, decision 0022) instead of after the shell has rendered.
import type { AppModule } from '@staff/contracts';
import { type ReactNode, Suspense, use } from 'react';
import { PageLoader } from './page-loader';

type GuardModule = typeof import('./module-guard');
let loading: Promise<GuardModule> | null = null;
let loaded: GuardModule | null = null;

/** Loads the guard's code once; the shell's route awaits it together with its own code. */
export function loadModuleGuard(): Promise<GuardModule> {
  loading ??= import('./module-guard').then((module) => {
    loaded = module;
    return module;
  });
  return loading;
}

function Guard(props: { module: AppModule; children?: ReactNode }) {
  // Loaded already when the shell rendered this: no suspending, no loader shown for a frame.
  const { ModuleGuard } = loaded ?? use(loadModuleGuard());
  return <ModuleGuard {...props} />;
}

/** Without children it guards the nested routes (an Outlet). */
export function RequireModule(props: { module: AppModule; children?: ReactNode }) {
  return (
    <Suspense fallback={<PageLoader />}>
      <Guard {...props} />
    </Suspense>
  );
}

// Page guard: the server enforces permissions, this only tells the user clearly instead of failing.
import { type AppModule, canUseModule } from '@staff/contracts';
import type { ReactNode } from 'react';
import { useCurrentUser } from '../lib/current-user';
import { AccessDenied } from './access-denied';
import { PageLoader } from './page-loader';

export function RequireModule({ module, children }: { module: AppModule; children: ReactNode }) {
  const { user } = useCurrentUser();
  if (!user) return <PageLoader />;
  return canUseModule(user.role, module) ? children : <AccessDenied />;
}

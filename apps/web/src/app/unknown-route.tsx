import { canUseModule } from '@staff/contracts';
import { useLocation } from 'react-router';
import { AccessDenied } from '../components/access-denied';
import { NotFound } from '../components/not-found';
import { PageLoader } from '../components/page-loader';
import { moduleForPath } from '../lib/app-modules';
import { useCurrentUser } from '../lib/current-user';

/**
 * Paths without a screen. Under a module the role may not use it says "Access denied" (so the answer
 * does not change once that module's screens exist); anything else is "Page not found".
 */
export function UnknownRoute() {
  const { pathname } = useLocation();
  const { user } = useCurrentUser();
  const module = moduleForPath(pathname);
  if (module && !user) return <PageLoader />;
  if (module && user && !canUseModule(user.role, module)) return <AccessDenied />;
  return <NotFound />;
}

// The audit log (admin only), loaded on demand behind the module guard.
import { Outlet, type RouteObject } from 'react-router';
import { RequireModule } from '../../components/require-module';

export const auditRoutes: RouteObject[] = [
  {
    element: (
      <RequireModule module="audit">
        <Outlet />
      </RequireModule>
    ),
    children: [
      {
        path: '/admin/audit',
        lazy: async () => ({ Component: (await import('./components/audit-page')).AuditPage }),
      },
    ],
  },
];

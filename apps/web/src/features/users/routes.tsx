// User administration (admin only): the list, and the create and edit forms. Each screen is loaded on
// demand (the list brings the .xlsx libraries), behind the module guard.
import { Outlet, type RouteObject } from 'react-router';
import { RequireModule } from '../../components/require-module';

export const usersRoutes: RouteObject[] = [
  {
    element: (
      <RequireModule module="users">
        <Outlet />
      </RequireModule>
    ),
    children: [
      {
        path: '/admin/users',
        lazy: async () => ({ Component: (await import('./components/users-page')).UsersPage }),
      },
      {
        path: '/admin/users/create',
        lazy: async () => ({ Component: (await import('./components/user-form-page')).CreateUserPage }),
      },
      {
        path: '/admin/users/:id/edit',
        lazy: async () => ({ Component: (await import('./components/user-form-page')).EditUserPage }),
      },
    ],
  },
];

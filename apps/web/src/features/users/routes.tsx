// User administration (admin only): the list, and the create and edit forms.
import type { RouteObject } from 'react-router';
import { RequireModule } from '../../components/require-module';
import { CreateUserPage, EditUserPage } from './components/user-form-page';
import { UsersPage } from './components/users-page';

export const usersRoutes: RouteObject[] = [
  {
    path: '/admin/users',
    element: (
      <RequireModule module="users">
        <UsersPage />
      </RequireModule>
    ),
  },
  {
    path: '/admin/users/create',
    element: (
      <RequireModule module="users">
        <CreateUserPage />
      </RequireModule>
    ),
  },
  {
    path: '/admin/users/:id/edit',
    element: (
      <RequireModule module="users">
        <EditUserPage />
      </RequireModule>
    ),
  },
];

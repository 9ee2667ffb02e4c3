// Query keys of user administration, under the users module's prefix (lib/current-user.ts) so that
// invalidating `userKeys.all` also refreshes the signed-in user's own profile.
import { userKeys } from '../../../lib/current-user';
import type { UserListParams } from '../user-list-params';

export const USERS_PATH = '/api/users/users/';
export const ROLES_PATH = '/api/users/roles/';

export const adminUserKeys = {
  all: [...userKeys.all, 'admin'] as const,
  lists: () => [...adminUserKeys.all, 'list'] as const,
  list: (params: UserListParams) => [...adminUserKeys.lists(), params] as const,
  details: () => [...adminUserKeys.all, 'detail'] as const,
  detail: (id: number) => [...adminUserKeys.details(), id] as const,
  roles: () => [...userKeys.all, 'roles'] as const,
};

export function userPath(id: number): string {
  return `${USERS_PATH}${id}/`;
}

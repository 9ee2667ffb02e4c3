// GET /api/users/users/{id}/: the user the edit form loads.
import { User } from '@staff/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminUserKeys, userPath } from './user-keys';

export function fetchUser(id: number, signal?: AbortSignal): Promise<User> {
  return api.get(userPath(id), { schema: User, signal });
}

export function userQueryOptions(id: number) {
  return queryOptions({
    queryKey: adminUserKeys.detail(id),
    queryFn: ({ signal }) => fetchUser(id, signal),
  });
}

export function useUser(id: number) {
  return useQuery(userQueryOptions(id));
}

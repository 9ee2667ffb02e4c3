// GET /api/users/users/{id}/: the user the edit form loads, with the ETag its save sends back.
import { User } from '@staff/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Versioned } from '../../../lib/api-client';
import { adminUserKeys, userPath } from './user-keys';

export function fetchUser(id: number, signal?: AbortSignal): Promise<Versioned<User>> {
  return api.requestVersioned(userPath(id), { schema: User, signal });
}

export function userQueryOptions(id: number) {
  return queryOptions({
    queryKey: adminUserKeys.detail(id),
    queryFn: ({ signal }) => fetchUser(id, signal),
  });
}

/** `id` null: the path named no user, so nothing is asked. */
export function useUser(id: number | null) {
  return useQuery({ ...userQueryOptions(id ?? 0), enabled: id !== null });
}

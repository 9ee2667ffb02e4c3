// GET /api/users/roles/: the role names the user form offers.
import { RolesResponse } from '@staff/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminUserKeys, ROLES_PATH } from './user-keys';

export function fetchRoles(signal?: AbortSignal) {
  return api.get(ROLES_PATH, { schema: RolesResponse, signal });
}

export function rolesQueryOptions() {
  return queryOptions({
    queryKey: adminUserKeys.roles(),
    queryFn: ({ signal }) => fetchRoles(signal),
    // The list only changes with a deployment.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useRoles() {
  return useQuery(rolesQueryOptions());
}

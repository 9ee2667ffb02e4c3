// GET /api/users/users/: one page of the user list, filtered and sorted on the server.
import { UserPage } from '@staff/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { fetchPageOrLast } from '../../../lib/fetch-page-or-last';
import { type UserListParams, userListQuery } from '../user-list-params';
import { adminUserKeys, USERS_PATH } from './user-keys';

export interface UserListPage extends UserPage {
  /** The page these results are: the asked one, or the last page when the asked one is past it. */
  page: number;
}

function getPage(params: UserListParams, signal?: AbortSignal): Promise<UserPage> {
  return api.get(`${USERS_PATH}?${userListQuery(params, { omitDefaults: false })}`, {
    schema: UserPage,
    signal,
  });
}

/**
 * A page past the last one answers 404 "Invalid page." (after a delete, or an old link): then the
 * last page is shown instead.
 */
export async function fetchUsers(params: UserListParams, signal?: AbortSignal): Promise<UserListPage> {
  return fetchPageOrLast(getPage, params, signal);
}

export function usersQueryOptions(params: UserListParams) {
  return queryOptions({
    queryKey: adminUserKeys.list(params),
    queryFn: ({ signal }) => fetchUsers(params, signal),
    // Keep showing the previous page while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useUsers(params: UserListParams) {
  return useQuery(usersQueryOptions(params));
}

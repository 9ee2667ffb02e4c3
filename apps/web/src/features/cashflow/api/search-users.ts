// User picker search (spec 7: GET /users/search/, q and limit 10), read with the contracts' schema.
import { USER_SEARCH_LIMIT, type UserSearchHit, UserSearchResult } from '@staff/contracts';
import { api } from '../../../lib/api-client';

export const USER_SEARCH_PATH = '/api/users/search/';

/** A registered user a player can be: the search's hit as the server answers it. */
export type UserOption = UserSearchHit;

export function searchUsers(q: string, signal?: AbortSignal): Promise<UserOption[]> {
  const params = new URLSearchParams({ q, limit: String(USER_SEARCH_LIMIT) });
  return api.get(`${USER_SEARCH_PATH}?${params}`, { schema: UserSearchResult, signal });
}

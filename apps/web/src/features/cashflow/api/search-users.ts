// User picker search (spec 7: GET /users/search/, q and limit 10); answers an array or {results}.
import { z } from 'zod';
import { api } from '../../../lib/api-client';

export const USER_SEARCH_PATH = '/api/users/search/';
export const USER_SEARCH_LIMIT = 10;

const UserHit = z.object({
  id: z.number(),
  display_name: z.string().nullish(),
  full_name: z.string().nullish(),
  username: z.string().nullish(),
});
const UserHits = z.union([z.array(UserHit), z.object({ results: z.array(UserHit) })]);

export type UserOption = { id: number; name: string };

export async function searchUsers(q: string, signal?: AbortSignal): Promise<UserOption[]> {
  const params = new URLSearchParams({ q, limit: String(USER_SEARCH_LIMIT) });
  const data = await api.get(`${USER_SEARCH_PATH}?${params}`, { schema: UserHits, signal });
  const hits = Array.isArray(data) ? data : data.results;
  return hits.map((hit) => ({
    id: hit.id,
    name: hit.display_name || hit.full_name || hit.username || `#${hit.id}`,
  }));
}

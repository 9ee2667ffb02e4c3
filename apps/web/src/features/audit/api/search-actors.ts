// The actor filter's user picker: administrators found by name or e-mail through the user list's
// search (GET /api/users/users/?search=, accent-insensitive), and the one user a linked `?actor=`
// names (GET /api/users/users/{id}/). The audit API keeps filtering by the actor's id.
import { fullName, User, UserPage } from '@staff/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client';
import { compareVi } from '../../../lib/collate';
import { auditKeys } from './audit-keys';

const USERS_PATH = '/api/users/users/';
/** Suggestions shown while typing. */
export const ACTOR_SUGGESTIONS = 10;

export interface ActorOption {
  id: number;
  /** Full name, else e-mail. */
  name: string;
  email: string;
}

export function actorOptionOf(user: Pick<User, 'id' | 'email' | 'first_name' | 'middle_name' | 'last_name'>) {
  return { id: user.id, name: fullName(user) || user.email, email: user.email };
}

export function sortActorOptions(options: ActorOption[]): ActorOption[] {
  // In Vietnamese order ('Đ' after 'D', 'Ă' after 'A'), as every list the web sorts itself.
  return [...options].sort((a, b) => compareVi(a.name, b.name) || compareVi(a.email, b.email));
}

export function useActorSearch(text: string) {
  const search = text.trim();
  return useQuery({
    queryKey: [...auditKeys.all, 'actor-search', search] as const,
    queryFn: async ({ signal }) => {
      const query = new URLSearchParams({ search, page: '1', page_size: String(ACTOR_SUGGESTIONS) });
      const page = await api.get(`${USERS_PATH}?${query}`, { schema: UserPage, signal });
      return sortActorOptions(page.results.map(actorOptionOf));
    },
    enabled: search !== '',
    placeholderData: keepPreviousData,
  });
}

/** The user a linked actor id names; null when that user no longer exists. */
export function useActor(id: number | null) {
  return useQuery({
    queryKey: [...auditKeys.all, 'actor', id] as const,
    queryFn: async ({ signal }) => {
      try {
        return actorOptionOf(await api.get(`${USERS_PATH}${id}/`, { schema: User, signal }));
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    enabled: id !== null,
    staleTime: 60_000,
  });
}

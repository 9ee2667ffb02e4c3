// The user list's state lives in the URL query (page, page_size, search, role, is_active, ordering)
// so a reload and the browser's Back button keep it. Each parameter is read with the contracts'
// own rule for it (UserListQuery, the one the server validates with), but leniently: a value the
// rule refuses falls back to its default instead of failing the page.
import {
  formatUserOrdering,
  parseUserOrdering,
  type Role,
  USER_DEFAULT_ORDERING,
  USER_DEFAULT_PAGE_SIZE,
  USER_SEARCH_MAX_LENGTH,
  UserListQuery,
  type UserOrdering,
  type UserOrderingField,
} from '@staff/contracts';
import { readListParam as read } from '../../lib/url-list-params';

export interface UserListParams {
  page: number;
  page_size: number;
  /** Trimmed; '' for no search. */
  search: string;
  role: Role | null;
  is_active: boolean | null;
  ordering: UserOrdering;
}

export const DEFAULT_USER_LIST_PARAMS: UserListParams = {
  page: 1,
  page_size: USER_DEFAULT_PAGE_SIZE,
  search: '',
  role: null,
  is_active: null,
  ordering: USER_DEFAULT_ORDERING,
};

const QUERY = UserListQuery.shape;

export function parseUserListParams(params: URLSearchParams): UserListParams {
  return {
    page: read(QUERY.page, params.get('page'), DEFAULT_USER_LIST_PARAMS.page),
    page_size: read(QUERY.page_size, params.get('page_size'), DEFAULT_USER_LIST_PARAMS.page_size),
    // Cut rather than refused: an over-long search in an old link still searches.
    search: (params.get('search') ?? '').trim().slice(0, USER_SEARCH_MAX_LENGTH),
    role: read(QUERY.role, params.get('role'), null),
    is_active: read(QUERY.is_active, params.get('is_active'), null),
    ordering: read(QUERY.ordering, params.get('ordering'), DEFAULT_USER_LIST_PARAMS.ordering),
  };
}

/**
 * The list's query, for the page's URL and for the API call alike. They differ in one thing, on
 * purpose: the URL leaves out parameters at their defaults (`omitDefaults`), so the plain list has
 * the plain address /admin/users; the API call spells out the ordering, page and page size, so the
 * rows are exactly the ones the screen says it shows (sorted as its headers say, and the page
 * count computed from its own page size) without relying on the server's defaults matching.
 */
export function userListQuery(
  state: UserListParams,
  { omitDefaults }: { omitDefaults: boolean },
): URLSearchParams {
  const query = new URLSearchParams();
  if (state.search) query.set('search', state.search);
  if (state.role) query.set('role', state.role);
  if (state.is_active !== null) query.set('is_active', String(state.is_active));
  const keep = <K extends 'ordering' | 'page' | 'page_size'>(key: K) =>
    !omitDefaults || state[key] !== DEFAULT_USER_LIST_PARAMS[key];
  if (keep('ordering')) query.set('ordering', state.ordering);
  if (keep('page')) query.set('page', String(state.page));
  if (keep('page_size')) query.set('page_size', String(state.page_size));
  return query;
}

/**
 * Applies a change the way the list expects: a new search, role or status (or page size) starts
 * again at page 1.
 */
export function changeUserListParams(state: UserListParams, change: Partial<UserListParams>): UserListParams {
  const next = { ...state, ...change };
  const filtersChanged =
    next.search !== state.search ||
    next.role !== state.role ||
    next.is_active !== state.is_active ||
    next.page_size !== state.page_size;
  if (filtersChanged && change.page === undefined) next.page = 1;
  return next;
}

/** Clicking a column header: the same column toggles ascending/descending, another sorts ascending. */
export function toggleOrdering(current: UserOrdering, field: UserOrderingField): UserOrdering {
  const now = parseUserOrdering(current);
  return formatUserOrdering({ field, descending: now?.field === field && !now.descending });
}

export function orderingDirection(
  current: UserOrdering,
  field: UserOrderingField,
): 'ascending' | 'descending' | null {
  const now = parseUserOrdering(current);
  if (now?.field !== field) return null;
  return now.descending ? 'descending' : 'ascending';
}

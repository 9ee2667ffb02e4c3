// The user list's state lives in the URL query (page, page_size, search, role, is_active, ordering)
// so a reload and the browser's Back button keep it. Parsing is lenient: a bad value falls back to
// its default instead of failing the page.
import {
  ROLES,
  type Role,
  USER_DEFAULT_ORDERING,
  USER_DEFAULT_PAGE_SIZE,
  USER_ORDERING_FIELDS,
  USER_PAGE_SIZES,
  type UserOrderingField,
} from '@staff/contracts';

export type UserOrdering = UserOrderingField | `-${UserOrderingField}`;

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

const SEARCH_MAX_LENGTH = 200;

function isOrdering(value: string): value is UserOrdering {
  const field = value.startsWith('-') ? value.slice(1) : value;
  return (USER_ORDERING_FIELDS as readonly string[]).includes(field);
}

function positiveInt(value: string | null): number | null {
  if (value === null || !/^\s*\d+\s*$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 && Number.isSafeInteger(n) ? n : null;
}

export function parseUserListParams(params: URLSearchParams): UserListParams {
  const pageSize = positiveInt(params.get('page_size'));
  const role = params.get('role');
  const active = params.get('is_active');
  const ordering = params.get('ordering') ?? '';
  return {
    page: positiveInt(params.get('page')) ?? 1,
    page_size:
      pageSize !== null && (USER_PAGE_SIZES as readonly number[]).includes(pageSize)
        ? pageSize
        : USER_DEFAULT_PAGE_SIZE,
    search: (params.get('search') ?? '').trim().slice(0, SEARCH_MAX_LENGTH),
    role: (ROLES as readonly string[]).includes(role ?? '') ? (role as Role) : null,
    is_active: active === 'true' ? true : active === 'false' ? false : null,
    ordering: isOrdering(ordering) ? ordering : USER_DEFAULT_ORDERING,
  };
}

/** The URL query for `state`; defaults are left out so the plain list has a plain URL. */
export function userListSearchParams(state: UserListParams): URLSearchParams {
  const params = new URLSearchParams();
  if (state.search) params.set('search', state.search);
  if (state.role) params.set('role', state.role);
  if (state.is_active !== null) params.set('is_active', String(state.is_active));
  if (state.ordering !== USER_DEFAULT_ORDERING) params.set('ordering', state.ordering);
  if (state.page_size !== USER_DEFAULT_PAGE_SIZE) params.set('page_size', String(state.page_size));
  if (state.page !== 1) params.set('page', String(state.page));
  return params;
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
  if (current === field) return `-${field}`;
  return field;
}

export function orderingDirection(
  current: UserOrdering,
  field: UserOrderingField,
): 'ascending' | 'descending' | null {
  if (current === field) return 'ascending';
  if (current === `-${field}`) return 'descending';
  return null;
}

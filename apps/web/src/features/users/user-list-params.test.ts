import { describe, expect, it } from 'vitest';
import {
  changeUserListParams,
  DEFAULT_USER_LIST_PARAMS,
  orderingDirection,
  parseUserListParams,
  toggleOrdering,
  userListQuery,
} from './user-list-params';

const parse = (query: string) => parseUserListParams(new URLSearchParams(query));

describe('parseUserListParams', () => {
  it('gives the defaults for an empty query: page 1 of 10, last_name ascending, no filters', () => {
    expect(parse('')).toEqual({
      page: 1,
      page_size: 10,
      search: '',
      role: null,
      is_active: null,
      ordering: 'last_name',
    });
  });

  it('reads every parameter', () => {
    expect(
      parse('page=3&page_size=50&search=%20nguy%E1%BB%85n%20&role=manager&is_active=false&ordering=-email'),
    ).toEqual({
      page: 3,
      page_size: 50,
      search: 'nguyễn',
      role: 'manager',
      is_active: false,
      ordering: '-email',
    });
    expect(parse('is_active=true').is_active).toBe(true);
  });

  it.each([
    ['page=0', { page: 1 }],
    ['page=-2', { page: 1 }],
    ['page=abc', { page: 1 }],
    ['page=2.5', { page: 1 }],
    ['page_size=30', { page_size: 10 }],
    ['page_size=x', { page_size: 10 }],
    ['role=owner', { role: null }],
    ['is_active=yes', { is_active: null }],
    ['ordering=password', { ordering: 'last_name' }],
    ['ordering=--email', { ordering: 'last_name' }],
    ['ordering=-', { ordering: 'last_name' }],
    ['page_size=', { page_size: 10 }],
  ])('falls back to the default for a bad value: %s', (query, expected) => {
    expect(parse(query)).toEqual({ ...DEFAULT_USER_LIST_PARAMS, ...expected });
  });
});

describe('userListQuery', () => {
  const state = {
    page: 4,
    page_size: 20,
    search: 'lan',
    role: 'staff' as const,
    is_active: true,
    ordering: '-last_name' as const,
  };

  it('leaves defaults out of the URL and round-trips through parsing', () => {
    expect(userListQuery(DEFAULT_USER_LIST_PARAMS, { omitDefaults: true }).toString()).toBe('');
    const query = userListQuery(state, { omitDefaults: true });
    expect(query.toString()).toBe(
      'search=lan&role=staff&is_active=true&ordering=-last_name&page=4&page_size=20',
    );
    expect(parseUserListParams(query)).toEqual(state);
    expect(
      userListQuery({ ...state, ordering: 'last_name', page: 1 }, { omitDefaults: true }).toString(),
    ).toBe('search=lan&role=staff&is_active=true&page_size=20');
  });

  it('spells the ordering, page and size out for the API, and leaves empty filters out of both', () => {
    expect(userListQuery(DEFAULT_USER_LIST_PARAMS, { omitDefaults: false }).toString()).toBe(
      'ordering=last_name&page=1&page_size=10',
    );
    expect(userListQuery(state, { omitDefaults: false }).toString()).toBe(
      userListQuery(state, { omitDefaults: true }).toString(),
    );
  });
});

describe('changeUserListParams', () => {
  const onPage3 = { ...DEFAULT_USER_LIST_PARAMS, page: 3 };

  it.each([
    ['search', { search: 'an' }],
    ['role', { role: 'admin' as const }],
    ['status', { is_active: false }],
    ['page size', { page_size: 20 }],
  ])('a new %s goes back to page 1', (_name, change) => {
    expect(changeUserListParams(onPage3, change)).toEqual({ ...onPage3, ...change, page: 1 });
  });

  it('keeps the page when sorting or when the same filter value is set again', () => {
    expect(changeUserListParams(onPage3, { ordering: '-email' }).page).toBe(3);
    expect(changeUserListParams(onPage3, { search: '' }).page).toBe(3);
  });

  it('moves to the asked page', () => {
    expect(changeUserListParams(onPage3, { page: 5 }).page).toBe(5);
  });
});

describe('ordering', () => {
  it('toggles the same column and starts another ascending', () => {
    expect(toggleOrdering('last_name', 'last_name')).toBe('-last_name');
    expect(toggleOrdering('-last_name', 'last_name')).toBe('last_name');
    expect(toggleOrdering('-last_name', 'email')).toBe('email');
  });

  it('says the direction of a column', () => {
    expect(orderingDirection('email', 'email')).toBe('ascending');
    expect(orderingDirection('-email', 'email')).toBe('descending');
    expect(orderingDirection('-email', 'phone')).toBeNull();
  });
});

// The users list's ordering: one reading, shared by the server's query and the web's URL.
import { describe, expect, it } from 'vitest';
import {
  formatUserOrdering,
  parseUserOrdering,
  USER_DEFAULT_ORDERING,
  USER_ORDERING_FIELDS,
  UserListQuery,
} from './users';

describe('user list ordering', () => {
  it('takes an ordering apart into its column and direction', () => {
    expect(parseUserOrdering('last_name')).toEqual({ field: 'last_name', descending: false });
    expect(parseUserOrdering('-email')).toEqual({ field: 'email', descending: true });
  });

  it.each(['', '-', '--email', 'password', 'last_name ', 'Email', '+email', '-constructor'])(
    'refuses %j',
    (value) => {
      expect(parseUserOrdering(value)).toBeNull();
    },
  );

  it('puts every column back together both ways', () => {
    for (const field of USER_ORDERING_FIELDS) {
      for (const descending of [false, true]) {
        const ordering = formatUserOrdering({ field, descending });
        expect(ordering).toBe(descending ? `-${field}` : field);
        expect(parseUserOrdering(ordering)).toEqual({ field, descending });
      }
    }
  });

  it('is what the list query accepts, with the same default and the server’s message', () => {
    expect(UserListQuery.parse({}).ordering).toBe(USER_DEFAULT_ORDERING);
    expect(parseUserOrdering(USER_DEFAULT_ORDERING)).toEqual({ field: 'last_name', descending: false });
    expect(UserListQuery.parse({ ordering: '-phone' }).ordering).toBe('-phone');
    const refused = UserListQuery.safeParse({ ordering: 'password' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe(
      `"password" is not a field you can order by. Choose one of: ${USER_ORDERING_FIELDS.join(', ')}.`,
    );
  });
});

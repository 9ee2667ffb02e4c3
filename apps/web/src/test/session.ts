// A signed-in user for component tests: the session the app reads from localStorage at start.
import type { Role, User } from '@staff/contracts';
import { ACCESS_KEY, USER_KEY } from '../lib/auth-storage';

export function signedInUser(role: Role, overrides: Partial<User> = {}): User {
  return {
    id: 1,
    email: 'me@example.com',
    username: 'me@example.com',
    first_name: 'Me',
    middle_name: '',
    last_name: 'Test',
    full_name: 'Test Me',
    phone: '',
    gender: null,
    role,
    is_active: true,
    avatar: null,
    avatar_url: null,
    must_change_password: false,
    ...overrides,
  };
}

/** Stores a session for a user of this role and returns the user. */
export function signInAs(role: Role, overrides: Partial<User> = {}): User {
  const user = signedInUser(role, overrides);
  localStorage.setItem(ACCESS_KEY, 'token');
  localStorage.setItem(USER_KEY, JSON.stringify(user));
  return user;
}

// Users for component tests (the users and audit screens), in the API's shape.
import type { User } from '@staff/contracts';

export function testUser(id: number, overrides: Partial<User> = {}): User {
  return {
    id,
    email: `user${id}@example.com`,
    username: `user${id}@example.com`,
    first_name: `First${id}`,
    middle_name: '',
    last_name: `Last${id}`,
    full_name: `Last${id} First${id}`,
    phone: '',
    gender: null,
    role: 'staff',
    is_active: true,
    avatar: null,
    avatar_url: null,
    must_change_password: false,
    ...overrides,
  };
}

export const ROLE_NAMES = ['admin', 'manager', 'staff', 'ndf'];

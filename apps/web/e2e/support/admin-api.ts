// Calls to the API as the admin, for test data the screens under test then show.
import { type APIRequestContext, expect } from '@playwright/test';
import { ADMIN } from './users';

export async function adminToken(request: APIRequestContext): Promise<string> {
  const response = await request.post('/api/users/token/', {
    data: { email: ADMIN.email, password: ADMIN.password },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { access: string }).access;
}

export interface SeedUser {
  email: string;
  first_name: string;
  middle_name?: string;
  last_name: string;
  phone?: string;
  role: 'admin' | 'manager' | 'staff' | 'ndf';
  is_active: boolean;
  password: string;
}

/** Creates the users through POST /api/users/users/; ones that already exist (a retried worker) are kept. */
export async function ensureUsers(request: APIRequestContext, users: readonly SeedUser[]): Promise<void> {
  const token = await adminToken(request);
  for (const user of users) {
    const response = await request.post('/api/users/users/', {
      headers: { Authorization: `Bearer ${token}` },
      multipart: {
        email: user.email,
        username: user.email,
        first_name: user.first_name,
        middle_name: user.middle_name ?? '',
        last_name: user.last_name,
        role: user.role,
        is_active: String(user.is_active),
        password: user.password,
        ...(user.phone ? { phone: user.phone } : {}),
      },
    });
    if (response.status() === 400 && 'email' in ((await response.json()) as object)) continue;
    expect(response.status(), await response.text()).toBe(201);
  }
}

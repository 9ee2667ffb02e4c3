// How every API test gets a user: `makeUser` creates one through the accounts
// service and signs it in; `caller` sends requests as that user (or as nobody),
// and `sendForm` a multipart form; `seedUsers` puts many users straight into the
// database when a test needs volume; `signedInRoles` gives one signed-in user of
// each role.
// Test-only; nothing in the app imports it. See README.md next to it.
import type { Role } from '@staff/contracts';
import { hashPassword } from '../modules/accounts/index';
import { createUserRecords, type NewUser } from '../modules/users/index';
import { bearer, multipart, signIn, type TestApp } from './harness';

/** A signed-in user: its id, email and the headers that carry its access token. */
export interface TestUser {
  id: number;
  email: string;
  headers: { authorization: string };
}

export const TEST_PASSWORD = 'password-123';

let counter = 0;

/** A new user of that role (and, if given, those names), created by the accounts service and signed in. */
export async function makeUser(
  t: TestApp,
  role: Role = 'staff',
  names: { firstName?: string; lastName?: string } = {},
): Promise<TestUser> {
  const email = `user-${role}-${++counter}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const user = await t.app.accounts.createUser({ email, password: TEST_PASSWORD, role, ...names });
  const { access } = await signIn(t.app, email, TEST_PASSWORD);
  return { id: user.id, email, headers: bearer(access) };
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Who a request is sent as: a signed-in user, a bare access token, or nobody (null or undefined). */
export type Sender = TestUser | string | null | undefined;

const credentials = (user: Sender) => (typeof user === 'string' ? bearer(user) : user ? user.headers : {});

/**
 * Sends a request as `user` (null or undefined: without credentials), with an optional JSON body.
 * `user` may also be a bare access token, for tests that sign in themselves (seedUsers, signedInRoles).
 */
export function caller(t: TestApp) {
  return (user: Sender, method: Method, url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: credentials(user),
      ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
    });
}

/**
 * Sends `fields` as multipart/form-data (a file as `{ file, name, type }`), as `user` like `caller`;
 * `headers` are added to the request's (a forged Host, say).
 */
export async function sendForm(
  t: TestApp,
  user: Sender,
  method: Method,
  url: string,
  fields: Parameters<typeof multipart>[0],
  headers: Record<string, string> = {},
) {
  const form = await multipart(fields);
  return t.app.inject({
    method,
    url,
    headers: { ...credentials(user), ...form.headers, ...headers },
    payload: form.payload,
  });
}

export const SEED_PASSWORD = 'seed-password-1';
let seedHash: Promise<string> | undefined;

export type SeedUser = Partial<NewUser> & { email: string };

/** Users put straight into the database (one scrypt hash for all, so seeding many stays fast); not signed in. */
export async function seedUsers(t: TestApp, users: SeedUser[]): Promise<number[]> {
  seedHash ??= hashPassword(SEED_PASSWORD);
  const passwordHash = await seedHash;
  const records = createUserRecords(t.db);
  const ids: number[] = [];
  for (const u of users) {
    ids.push(
      await records.insertUser(
        {
          passwordHash,
          firstName: '',
          middleName: '',
          lastName: '',
          phone: '',
          gender: null,
          role: 'staff',
          isActive: true,
          ...u,
        },
        t.clock.now(),
      ),
    );
  }
  return ids;
}

/** A signed-in user of each role (plus the harness's admin, signed in separately). */
export async function signedInRoles(
  t: TestApp,
  prefix: string,
): Promise<Record<Role, { id: number; access: string; refresh: string }>> {
  const roles: Role[] = ['admin', 'manager', 'staff', 'ndf'];
  const ids = await seedUsers(
    t,
    roles.map((role) => ({ email: `${prefix}-${role}@roles.test`, role })),
  );
  const out = {} as Record<Role, { id: number; access: string; refresh: string }>;
  for (const [i, role] of roles.entries()) {
    const tokens = await signIn(t.app, `${prefix}-${role}@roles.test`, SEED_PASSWORD);
    out[role] = { id: ids[i] as number, access: tokens.access, refresh: tokens.refresh };
  }
  return out;
}

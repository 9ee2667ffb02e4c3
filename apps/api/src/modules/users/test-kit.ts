// Shared by the users API tests: users put straight into the database (one
// scrypt hash for all, so seeding stays fast) and signed-in users per role.
// Test support only; nothing in the server imports it.
import type { Role } from '@staff/contracts';
import type { FastifyInstance } from 'fastify';
import { bearer, signIn, type TestApp } from '../../test/harness';
import { hashPassword } from '../accounts/passwords';
import { createUsersRepo, type NewUser } from './repo';

export const SEED_PASSWORD = 'seed-password-1';
let seedHash: Promise<string> | undefined;

export type SeedUser = Partial<NewUser> & { email: string };

export async function seedUsers(t: TestApp, users: SeedUser[]): Promise<number[]> {
  seedHash ??= hashPassword(SEED_PASSWORD);
  const passwordHash = await seedHash;
  const repo = createUsersRepo(t.db);
  const ids: number[] = [];
  for (const u of users) {
    ids.push(
      await repo.insertUser(
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

export function api(app: FastifyInstance) {
  return {
    get: (url: string, token?: string) =>
      app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} }),
    send: (method: 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: object) =>
      app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) }),
  };
}

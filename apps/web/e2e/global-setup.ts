// Creates the test accounts on each running server (the web servers start before this runs) through
// the API, as the admin: one request each, where a manage CLI process each took a second or more on
// a busy machine. Meanwhile the manage CLI imports the known forex series into the main server's
// data dir.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { request } from '@playwright/test';
import { ensureUsers } from './support/admin-api';
import { importKnownForexSeries } from './support/forex-series';
import { CREATED_USERS, EXPIRY_USER, type TestUser } from './support/users';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

interface Server {
  url: string;
  env: Record<string, string>;
}

async function createUsers(server: Server, users: readonly TestUser[]): Promise<void> {
  const api = await request.newContext({ baseURL: server.url });
  try {
    await ensureUsers(
      api,
      users.map((user) => ({
        email: user.email,
        password: user.password,
        role: user.role,
        first_name: user.firstName,
        last_name: user.lastName,
        is_active: true,
      })),
    );
  } catch (error) {
    throw new Error(`creating the test users failed for ${server.url}: ${String(error)}`);
  } finally {
    await api.dispose();
  }
}

export default async function globalSetup(): Promise<void> {
  const servers = JSON.parse(process.env.E2E_SERVERS ?? 'null') as Record<'main' | 'expiry', Server> | null;
  if (!servers) throw new Error('E2E_SERVERS is not set: run through playwright.config.ts');
  await Promise.all([
    createUsers(
      servers.main,
      CREATED_USERS.filter((u) => u !== EXPIRY_USER),
    ),
    createUsers(servers.expiry, [EXPIRY_USER]),
    importKnownForexSeries(repoRoot, servers.main),
  ]);
}

// Creates the test accounts with the admin CLI, against the same data dir as each running server.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { importKnownForexSeries } from './support/forex-series';
import { CREATED_USERS, EXPIRY_USER, type TestUser } from './support/users';

const run = promisify(execFile);
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

interface Server {
  url: string;
  env: Record<string, string>;
}

async function createUser(server: Server, user: TestUser): Promise<void> {
  const args = ['apps/api/dist/manage.js', 'create-user', '--email', user.email, '--password', user.password];
  args.push('--role', user.role, '--first-name', user.firstName, '--last-name', user.lastName);
  try {
    await run(process.execPath, args, { cwd: repoRoot, env: { ...process.env, ...server.env } });
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`manage.js create-user ${user.email} failed for ${server.url}:\n${stdout}${stderr}`);
  }
}

export default async function globalSetup(): Promise<void> {
  const servers = JSON.parse(process.env.E2E_SERVERS ?? 'null') as Record<'main' | 'expiry', Server> | null;
  if (!servers) throw new Error('E2E_SERVERS is not set: run through playwright.config.ts');
  await Promise.all([
    (async () => {
      for (const user of CREATED_USERS.filter((u) => u !== EXPIRY_USER)) await createUser(servers.main, user);
    })(),
    createUser(servers.expiry, EXPIRY_USER),
  ]);
  await importKnownForexSeries(repoRoot, servers.main);
}

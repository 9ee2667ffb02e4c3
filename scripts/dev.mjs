// `npm run dev`: the API under `tsx watch` (restarted on every change of its sources or the contracts')
// and Vite's dev server (hot module reload), side by side, their output prefixed [api] and [web]. Open
// Vite's address: it proxies /api (the server-sent event streams too, unbuffered) and /media to the API.
//
//   DEV_API_PORT  the API's port (8000)
//   DEV_WEB_PORT  the dev server's port (5173); both can be moved to run beside another dev server
//   DATA_DIR      the database, media and secrets: ./data of the checkout, as `npm start` keeps them
//
// The API is the server `npm start` runs (src/main.ts, one process): on an empty database it creates the
// first administrator from ADMIN_EMAIL and ADMIN_PASSWORD, or admin@example.com with a generated password
// in $DATA_DIR/initial-admin-password. Its JSON log is shown readable (pino-pretty, in the API's own dev
// script). Every other variable of the README's configuration applies as it is set. Ctrl-C (or SIGTERM
// to this process) stops both.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { concurrently } from 'concurrently';
import { onSupportedNode } from './node-release.mjs';

// Node 22.14+ or 24 (README); on an older Node this runs itself again on Node 22 from the registry.
await onSupportedNode();

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function port(name, fallback) {
  const raw = process.env[name]?.trim();
  if (!raw) return fallback;
  const value = /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  if (!(value >= 1 && value <= 65535)) {
    process.stderr.write(`dev: ${name} must be a port number from 1 to 65535, not ${raw}\n`);
    process.exit(2);
  }
  return value;
}

const apiPort = port('DEV_API_PORT', 8000);
const webPort = port('DEV_WEB_PORT', 5173);
if (apiPort === webPort) {
  process.stderr.write(`dev: DEV_API_PORT and DEV_WEB_PORT are both ${apiPort}\n`);
  process.exit(2);
}

// Both read the ports (the dev server's config proxies to DEV_API_PORT); the API runs in apps/api, so its
// data folder is made absolute here: a relative DATA_DIR is the caller's, the default the checkout's.
const env = {
  DEV_API_PORT: String(apiPort),
  DEV_WEB_PORT: String(webPort),
  PORT: String(apiPort),
  DATA_DIR: path.resolve(process.env.DATA_DIR?.trim() || path.join(ROOT, 'data')),
};

const { result } = concurrently(
  [
    { name: 'api', command: 'npm run dev -w @staff/api', cwd: ROOT, env },
    { name: 'web', command: 'npm run dev -w @staff/web', cwd: ROOT, env },
  ],
  {
    prefixColors: ['cyan', 'magenta'],
    // One of them failing (a port taken, a broken config) stops the other: nothing is left half running.
    killOthersOn: ['failure'],
  },
);

try {
  await result;
} catch {
  // Which command failed, and how, is in the output above (Ctrl-C is not a failure: concurrently's rule).
  process.exitCode = 1;
}

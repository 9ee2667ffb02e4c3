// Makes sure the tools the deployment tests use are installed: Debian's nginx (the site in
// deploy/nginx runs in front of two app processes), openssl (the test's self-signed certificate)
// and systemd-analyze (checks deploy/systemd). Installed with apt-get when missing and running as
// root, as ensure-chromium.mjs does; the test line calls it before the unit tests, and the tests
// call it again (a no-op once installed) so they also run on their own.
// Run directly: `node scripts/ensure-nginx.mjs`.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { aptInstall, isRoot } from './apt.mjs';

export const NGINX_PATH = '/usr/sbin/nginx';
export const OPENSSL_PATH = '/usr/bin/openssl';
export const SYSTEMD_ANALYZE_PATH = '/usr/bin/systemd-analyze';

/** Each tool and the Debian package it comes in (Debian's `nginx`: the core, no extra module). */
const TOOLS = [
  { path: NGINX_PATH, pkg: 'nginx' },
  { path: OPENSSL_PATH, pkg: 'openssl' },
  { path: SYSTEMD_ANALYZE_PATH, pkg: 'systemd' },
];

/** Resolves to nginx's version line once every tool is installed; rejects with what to do otherwise. */
export async function ensureNginx({ log = (chunk) => process.stderr.write(chunk) } = {}) {
  const missing = TOOLS.filter((tool) => !existsSync(tool.path)).map((tool) => tool.pkg);
  if (missing.length > 0) {
    if (!isRoot()) {
      throw new Error(
        `${missing.join(', ')} missing: install Debian's packages: sudo apt-get install ${missing.join(' ')}`,
      );
    }
    log(`Installing ${missing.join(', ')} from Debian...\n`);
    await aptInstall(missing, { log });
  }
  const still = TOOLS.filter((tool) => !existsSync(tool.path)).map((tool) => tool.path);
  if (still.length > 0) throw new Error(`${still.join(', ')} still missing after apt-get install`);
  // nginx -v writes its version to stderr.
  return spawnSync(NGINX_PATH, ['-v'], { encoding: 'utf8' }).stderr.trim();
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  ensureNginx()
    .then((version) => console.log(`nginx ready: ${version}`))
    .catch((error) => {
      console.error(`ensure-nginx: ${error.message}`);
      process.exit(1);
    });
}

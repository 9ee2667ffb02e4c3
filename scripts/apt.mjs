// Installs Debian packages for the test line on a fresh machine. Calls are serialised inside
// this process (apt holds one lock) and `apt-get update` runs once, before the first install.
import { spawn } from 'node:child_process';

let queue = Promise.resolve();
let updated = false;

export const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/**
 * Runs `apt-get install -y <packages>` as root (after one `apt-get update`).
 * `log(chunk)` receives apt's output; by default it goes to stderr.
 * Resolves when installed, rejects with apt's exit code otherwise.
 */
export function aptInstall(packages, { log = (chunk) => process.stderr.write(chunk) } = {}) {
  if (!isRoot()) {
    return Promise.reject(
      new Error(`not root: install the Debian packages yourself: sudo apt-get install ${packages.join(' ')}`),
    );
  }
  const run = async () => {
    if (!updated) {
      await aptGet(['update'], log);
      updated = true;
    }
    await aptGet(['install', '-y', '--no-install-recommends', ...packages], log);
  };
  const result = queue.then(run, run);
  queue = result.catch(() => {});
  return result;
}

function aptGet(args, log) {
  // Another apt on the machine (e.g. unattended upgrades) holds the lock for a while: wait for it.
  const fullArgs = ['-o', 'DPkg::Lock::Timeout=600', '-o', 'Acquire::Retries=3', ...args];
  log(`$ apt-get ${args.join(' ')}\n`);
  return new Promise((resolve, reject) => {
    const child = spawn('apt-get', fullArgs, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    child.stdout.on('data', log);
    child.stderr.on('data', log);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`apt-get ${args[0]} failed (${signal ?? `exit ${code}`})`));
    });
  });
}

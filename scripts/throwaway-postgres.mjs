// A throwaway PostgreSQL server for tests and benchmarks: a fresh cluster in a temp dir, trust
// auth, loopback only, fsync off. Nothing is kept: stop() shuts it down and deletes the dir.
//
//   import { startThrowawayPostgres } from "./throwaway-postgres.mjs";
//   const pg = await startThrowawayPostgres(); // pg.url = postgres://postgres@127.0.0.1:PORT/postgres
//   ...; await pg.stop();
//
// pg.pause() and pg.resume() stop and restart the server on the same port and data, for tests of
// a database outage.
//
// From a shell: `node scripts/throwaway-postgres.mjs` (prints the URL, stops on Ctrl-C), or
// `node scripts/throwaway-postgres.mjs <command...>` to run a command with TEST_PG_URL set.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { aptInstall, isRoot } from './apt.mjs';

const PG_USER = 'postgres'; // OS user the server runs as when we are root (PostgreSQL refuses root)

function findOnPath(name) {
  const result = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : null;
}

/** The bin dir of the highest installed PostgreSQL, or null. */
export function findPostgresBinDir() {
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    const versions = readdirSync(root)
      .filter((v) => existsSync(join(root, v, 'bin', 'initdb')) && existsSync(join(root, v, 'bin', 'pg_ctl')))
      .sort((a, b) => Number.parseFloat(b) - Number.parseFloat(a));
    if (versions[0]) return join(root, versions[0], 'bin');
  }
  const initdb = findOnPath('initdb');
  if (initdb && findOnPath('pg_ctl')) return join(initdb, '..');
  return null;
}

async function ensurePostgresInstalled(log) {
  let binDir = findPostgresBinDir();
  if (binDir) return binDir;
  if (!isRoot()) {
    throw new Error(
      'PostgreSQL server binaries (initdb, pg_ctl) not found: install them, e.g. sudo apt-get install postgresql',
    );
  }
  log("PostgreSQL not found: installing Debian's postgresql...\n");
  await aptInstall(['postgresql'], { log });
  binDir = findPostgresBinDir();
  if (!binDir) throw new Error('apt-get install postgresql finished but initdb/pg_ctl are still missing');
  return binDir;
}

function ensurePgUser() {
  if (spawnSync('id', ['-u', PG_USER]).status !== 0) {
    execFileSync('useradd', ['--system', '--user-group', '--no-create-home', '--shell', '/bin/sh', PG_USER]);
  }
  const id = (flag) => Number(execFileSync('id', [flag, PG_USER], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

export function findFreePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts a fresh PostgreSQL and resolves once it accepts connections.
 * @returns {Promise<{url: string, port: number, dir: string, stop: () => Promise<void>, stopSync: () => void,
 *   pause: () => Promise<void>, resume: () => Promise<void>}>}
 */
export async function startThrowawayPostgres({ log = (chunk) => process.stderr.write(chunk) } = {}) {
  const binDir = await ensurePostgresInstalled(log);
  const asRoot = isRoot();
  // As root the server runs as `postgres`, which must reach the dir: /tmp is world-traversable.
  const dir = mkdtempSync(join(asRoot ? '/tmp' : tmpdir(), 'staff-pg-'));
  const dataDir = join(dir, 'data');
  const logFile = join(dir, 'postgres.log');
  let owner;
  const run = (tool, args) => {
    const cmd = join(binDir, tool);
    const [file, argv] = asRoot ? ['runuser', ['-u', PG_USER, '--', cmd, ...args]] : [cmd, args];
    const result = spawnSync(file, argv, { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    if (result.error) throw result.error;
    return result;
  };
  // The same without blocking the event loop, for a caller that keeps serving while the server stops.
  const runAsync = (tool, args) =>
    new Promise((resolve, reject) => {
      const cmd = join(binDir, tool);
      const [file, argv] = asRoot ? ['runuser', ['-u', PG_USER, '--', cmd, ...args]] : [cmd, args];
      const child = spawn(file, argv, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
      child.on('error', reject);
      child.on('close', (status) => resolve({ status, output }));
    });
  const checked = async (what, tool, args) => {
    const result = await runAsync(tool, args);
    if (result.status !== 0) throw new Error(`${what} failed:\n${result.output}`);
  };

  let stopped = false;
  const stopSync = () => {
    if (stopped) return;
    stopped = true;
    try {
      if (existsSync(join(dataDir, 'postmaster.pid')))
        run('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };

  try {
    if (asRoot) {
      owner = ensurePgUser();
      chownSync(dir, owner.uid, owner.gid);
    }
    const init = run('initdb', [
      '-D',
      dataDir,
      '-U',
      'postgres',
      '-A',
      'trust',
      '-E',
      'UTF8',
      '--locale=C',
      '--no-sync',
    ]);
    if (init.status !== 0) throw new Error(`initdb failed:\n${init.stdout}${init.stderr}`);

    // The port is free when probed but could be taken before postgres binds it: try a few.
    for (let attempt = 1; ; attempt++) {
      const port = await findFreePort();
      const options = [
        `-p ${port}`,
        '-c listen_addresses=127.0.0.1',
        `-c unix_socket_directories=${dir}`,
        '-c fsync=off',
        '-c synchronous_commit=off',
        '-c full_page_writes=off',
        '-c max_connections=200',
      ].join(' ');
      const startArgs = ['-D', dataDir, '-l', logFile, '-o', options, '-w', '-t', '60', 'start'];
      const start = run('pg_ctl', startArgs);
      if (start.status === 0) {
        const ready = spawnSync(join(binDir, 'pg_isready'), [
          '-h',
          '127.0.0.1',
          '-p',
          String(port),
          '-t',
          '30',
        ]);
        if (ready.error || ready.status === 0) {
          return {
            url: `postgres://postgres@127.0.0.1:${port}/postgres`,
            port,
            dir,
            stopSync,
            stop: async () => stopSync(),
            /** Shuts the server down as an administrator would (sessions are ended), keeping its data. */
            pause: () => checked('pg_ctl stop', 'pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']),
            /** Starts a paused server again on the same port; resolves once it accepts connections. */
            resume: () => checked('pg_ctl start', 'pg_ctl', startArgs),
          };
        }
      }
      const serverLog = existsSync(logFile) ? readFileSync(logFile, 'utf8') : '';
      if (attempt >= 3 || !/already in use|could not bind/i.test(serverLog)) {
        throw new Error(
          `PostgreSQL did not start:\n${start.stdout}${start.stderr}\n${serverLog.slice(-3000)}`,
        );
      }
      run('pg_ctl', ['-D', dataDir, '-m', 'immediate', 'stop']);
    }
  } catch (error) {
    stopSync();
    throw error;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const pg = await startThrowawayPostgres();
  const command = process.argv.slice(2);
  const finish = (code) => {
    pg.stopSync();
    process.exit(code);
  };
  process.on('SIGINT', () => finish(130));
  process.on('SIGTERM', () => finish(143));
  if (command.length === 0) {
    console.log(pg.url);
    console.error('PostgreSQL running; Ctrl-C stops it and deletes its data.');
    setInterval(() => {}, 1 << 30);
  } else {
    const child = spawn(command[0], command.slice(1), {
      stdio: 'inherit',
      env: { ...process.env, TEST_PG_URL: pg.url },
    });
    child.on('close', (code, signal) => finish(code ?? (signal ? 1 : 0)));
  }
}

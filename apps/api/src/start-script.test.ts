// `npm start` as the README says to run it (scripts/start.mjs, decision 0020), on a copy of this
// checkout (sources copied, node_modules hard-linked), since these tests build it:
// - two starts at the same moment on an unbuilt checkout build it once, and both serve that build;
// - a start on a built checkout does not build again and answers within seconds, while the servers
//   already running from it go on serving;
// - SIGTERM to the npm process drains the workers' in-flight requests, and no process is left.
// vitest: first Node line only (the npm script's own logic and tooling; the server on the other line is
// covered by the process tests that start it there, decision 0029).
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './test/server-process';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const ADMIN = { email: 'admin@start.test', password: 'Admin-pass-2024' };
/** A build takes a minute or two on two shared cores. */
const BUILD_MS = 480_000;

interface Started {
  child: ChildProcess;
  port: number;
  url: string;
  /** Everything printed (stdout and stderr), line by line. */
  lines: string[];
  /** Resolves once `count` printed lines (from the start) include `text`. */
  printed(text: string, count?: number): Promise<void>;
  /** Resolves with the exit code (or signal) once the process itself has ended. */
  ended: Promise<number | string>;
  /** The same, once whatever shares its output (what it started) has ended too and all it printed is read. */
  exited: Promise<number | string>;
}

/** Copies what the build and the server read; node_modules are hard links (the build never writes in them). */
function copyCheckout(): string {
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'staff-start-'));
  const skip = new Set(['node_modules', 'dist', 'e2e', 'data', 'test-results', 'playwright-report', '.tmp']);
  for (const name of [
    'package.json',
    'package-lock.json',
    'tsconfig.base.json',
    'scripts',
    'apps',
    'packages',
  ]) {
    fs.cpSync(path.join(REPO, name), path.join(copy, name), {
      recursive: true,
      filter: (source) => !skip.has(path.basename(source)) && !path.basename(source).startsWith('.dist-'),
    });
  }
  for (const modules of ['node_modules', 'apps/web/node_modules']) {
    if (!fs.existsSync(path.join(REPO, modules))) continue;
    const cp = spawnSync('cp', ['-al', path.join(REPO, modules), path.join(copy, modules)]);
    if (cp.status !== 0) throw new Error(`cp -al ${modules} failed: ${cp.stderr}`);
  }
  return copy;
}

/** The environment of a start: this test run's variables without npm's own, which npm sets afresh. */
function environment(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (!/^npm_/i.test(key) && key !== 'TEST_PG_URL' && key !== 'INIT_CWD') env[key] = value;
  }
  return {
    ...env,
    HOST: '127.0.0.1',
    DATABASE_URL: '',
    RATE_LIMIT: 'off',
    LOG_LEVEL: 'info',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    npm_config_update_notifier: 'false',
    ...extra,
  };
}

/** Runs `command` in the copy, in a process group of its own (so whatever it leaves behind can be found). */
async function run(
  copy: string,
  command: string[],
  env: { dataDir: string; workers: number },
  started: Started[],
): Promise<Started> {
  const port = await freePort();
  const child = spawn(command[0] as string, command.slice(1), {
    cwd: copy,
    detached: true,
    env: environment({ PORT: String(port), DATA_DIR: env.dataDir, WEB_CONCURRENCY: String(env.workers) }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const waiting: { done: () => boolean; resolve: () => void }[] = [];
  for (const stream of [child.stdout, child.stderr]) {
    readline.createInterface({ input: stream as NodeJS.ReadableStream }).on('line', (line) => {
      lines.push(line);
      for (const w of waiting.splice(0)) {
        if (w.done()) w.resolve();
        else waiting.push(w);
      }
    });
  }
  const ended = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  const exited = new Promise<number | string>((resolve) =>
    child.once('close', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  const printed = (text: string, count = 1) => {
    const done = () => lines.filter((line) => line.includes(text)).length >= count;
    if (done()) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      waiting.push({ done, resolve });
      void exited.then((code) =>
        reject(new Error(`ended (${code}) before printing "${text}":\n${lines.join('\n').slice(-3000)}`)),
      );
    });
  };
  const result = { child, port, url: `http://127.0.0.1:${port}`, lines, printed, ended, exited };
  started.push(result);
  return result;
}

/** Whether any process of the group `pgid` is still there. */
function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function portIsFree(port: number): Promise<boolean> {
  const probe = net.createServer();
  return new Promise((resolve) => {
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

describe('npm start', () => {
  let copy = '';
  const started: Started[] = [];
  const dataDirs: string[] = [];
  const dataDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'staff-start-data-'));
    dataDirs.push(dir);
    return dir;
  };
  const stopAll = async () => {
    for (const s of started.splice(0)) {
      if (groupAlive(s.child.pid as number)) process.kill(-(s.child.pid as number), 'SIGKILL');
      await s.exited;
    }
  };

  beforeAll(() => {
    copy = copyCheckout();
  }, 120_000);
  afterAll(async () => {
    await stopAll();
    for (const dir of dataDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
    if (copy) fs.rmSync(copy, { recursive: true, force: true });
  });

  describe('on one checkout', () => {
    // The servers of the first test keep running through the second.
    afterAll(stopAll);

    it('builds once when a second start comes while the first is building, and both serve that build', {
      timeout: BUILD_MS + 60_000,
    }, async () => {
      // What an interrupted build left: a lock whose process is gone, and a half-written output.
      const gone = spawnSync(process.execPath, ['-e', '']).pid as number;
      fs.mkdirSync(path.join(copy, '.tmp'), { recursive: true });
      fs.writeFileSync(path.join(copy, '.tmp', 'build.lock'), JSON.stringify({ pid: gone }));
      fs.mkdirSync(path.join(copy, 'apps', 'web', `.dist-building-${gone}`));

      // The second start comes once the first holds the build (started at the very same moment, the
      // second would sometimes arrive after a fast build had finished and find it current, which
      // shows nothing about waiting). Which of two exactly simultaneous starts takes the lock is the
      // lock file's exclusive creation.
      const builder = await run(
        copy,
        [process.execPath, 'scripts/start.mjs'],
        { dataDir: dataDir(), workers: 1 },
        started,
      );
      await builder.printed('start: building');
      const waiter = await run(
        copy,
        [process.execPath, 'scripts/start.mjs'],
        { dataDir: dataDir(), workers: 1 },
        started,
      );
      await Promise.all([builder.printed('Server listening at'), waiter.printed('Server listening at')]);

      expect(builder.lines).toContain('start: building the app (its sources changed since the last build)');
      expect(builder.lines).toContain('start: built');
      expect(waiter.lines).toContain(`start: waiting for the build started by process ${builder.child.pid}`);
      expect(waiter.lines).toContain('start: the build is current');
      expect(waiter.lines.some((l) => l.includes('start: building'))).toBe(false);

      for (const server of [builder, waiter]) {
        const page = await fetch(`${server.url}/`);
        expect(page.status).toBe(200);
        expect(await page.text()).toMatch(/<script type="module"[^>]* src="\/assets\/index-[\w-]+\.js"/);
        expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
      }
      // Nothing of either build, nor of the interrupted one, is left beside the outputs; the lock is gone.
      for (const dir of ['apps/web', 'apps/api']) {
        expect(fs.readdirSync(path.join(copy, dir)).filter((name) => name.startsWith('.dist-'))).toEqual([]);
      }
      expect(fs.existsSync(path.join(copy, '.tmp', 'build.lock'))).toBe(false);
    });

    it('does not build a built checkout again, answers within seconds, and leaves running servers be', {
      timeout: 120_000,
    }, async () => {
      const [running] = started as [Started];
      const page = await (await fetch(`${running.url}/`)).text();
      const asset = /src="(\/assets\/index-[\w-]+\.js)"/.exec(page)?.[1] as string;
      const before = ['apps/web/dist', 'apps/api/dist'].map((dir) => fs.statSync(path.join(copy, dir)).ino);
      const stamp = fs.readFileSync(path.join(copy, 'apps/api/dist/build-stamp.json'), 'utf8');

      const since = performance.now();
      const third = await run(
        copy,
        [process.execPath, 'scripts/start.mjs'],
        { dataDir: dataDir(), workers: 2 },
        started,
      );
      await third.printed('Server listening at');
      const firstListening = performance.now() - since;
      await third.printed('with 2 workers');
      process.stderr.write(`npm start on a built tree: listening after ${Math.round(firstListening)} ms\n`);

      expect(third.lines).toContain('start: the build is current');
      expect(third.lines.some((l) => l.includes('start: building'))).toBe(false);
      // A build takes minutes; this is the start of the server alone (its first worker listens).
      expect(firstListening).toBeLessThan(20_000);
      expect((await fetch(`${third.url}/api/health`)).status).toBe(200);
      // The outputs are the very same folders, with the same stamp.
      expect(['apps/web/dist', 'apps/api/dist'].map((dir) => fs.statSync(path.join(copy, dir)).ino)).toEqual(
        before,
      );
      expect(fs.readFileSync(path.join(copy, 'apps/api/dist/build-stamp.json'), 'utf8')).toBe(stamp);
      // The server that was already running still serves its page and its script.
      expect((await fetch(`${running.url}/`)).status).toBe(200);
      expect((await fetch(`${running.url}${asset}`)).status).toBe(200);
    });
  });

  describe('stopped by its supervisor', () => {
    afterEach(stopAll);

    it('drains the workers’ in-flight requests on SIGTERM to npm, and leaves no process', {
      timeout: BUILD_MS,
    }, async () => {
      const npm = await run(copy, ['npm', 'start'], { dataDir: dataDir(), workers: 2 }, started);
      await npm.printed('with 2 workers');
      const pids = npm.lines.flatMap((line) => {
        try {
          return [(JSON.parse(line) as { pid: number }).pid];
        } catch {
          return [];
        }
      });
      const serverPids = [...new Set(pids)];
      expect(serverPids).toHaveLength(3); // the primary and two workers

      // Two sign-ins at once (two connections, one per worker) are in the server, hashing the password,
      // when the supervisor's SIGTERM reaches npm.
      const arrived = npm.printed('"url":"/api/users/token/"', 2);
      const signIns = [0, 1].map(() =>
        fetch(`${npm.url}/api/users/token/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(ADMIN),
        }),
      );
      await arrived;
      process.kill(npm.child.pid as number, 'SIGTERM');

      const answers = await Promise.all(signIns);
      expect(answers.map((a) => a.status)).toEqual([200, 200]);
      expect(await npm.ended).toBe(0);
      // npm, the server's primary and its workers are all gone: nothing is left in the group, and the
      // port is free.
      expect(groupAlive(npm.child.pid as number)).toBe(false);
      for (const pid of serverPids) expect(pidAlive(pid)).toBe(false);
      expect(await portIsFree(npm.port)).toBe(true);
      // Both workers drained (their last lines are read once the output has closed).
      await npm.exited;
      expect(npm.lines.filter((l) => l.includes('"msg":"shutting down"'))).toHaveLength(2);
    });
  });
});

// Real server processes under load (issue 9, faults and load).
// - Simultaneous requests: the server runs as `npm start` runs it, two worker processes behind a
//   cluster primary, on one SQLite file or one PostgreSQL database; on PostgreSQL a second host (a
//   single process with its own data dir) shares the database too, as behind a load balancer.
//   Requests are spread over every process, so any state kept in one process's memory would show.
//   Sign-in rate limits, refresh-token rotation and reuse detection, and finalize idempotency must
//   hold wherever a request lands.
// - PostgreSQL stopping under a steady stream of reads: meanwhile every answer is a fast 503 with a
//   {detail} and the process stays up; once the database is back the same process serves 200s again.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toDate, toIso } from './db/dialect';
import { createDb, type Db } from './db/index';
import { counterKey, TIERS, windowOf } from './http/rate-limit';
import { REFRESH_REUSE_GRACE_SECONDS } from './modules/accounts/service';
import { hashToken } from './modules/accounts/tokens';
import { finalizeBody } from './modules/cashflow/test-fixtures';
import { testDatabases } from './test/harness';
import {
  type Answer,
  call,
  freshPostgresDatabase,
  killServer,
  type ServerProcess,
  startServer,
} from './test/server-process';

const ADMIN = { email: 'admin@load.test', password: 'Admin-pass-2024' };
const STAFF_PASSWORD = 'Staff-pass-2024';
const SIGN_IN = '/api/users/token/';
const REFRESH = '/api/users/token/refresh/';
const PROFILE = '/api/users/profile/';
const FINALIZE = '/api/cashflow/sessions/finalize/';

async function signIn(server: ServerProcess, credentials = ADMIN) {
  const answer = await call(server, 'POST', SIGN_IN, { body: credentials });
  expect(answer.status).toBe(200);
  return {
    access: String(answer.body.access),
    refresh: String(answer.body.refresh),
    userId: Number((answer.body.user as { id: number }).id),
  };
}

/** Worker processes of the server under test, as `npm start` runs it (WEB_CONCURRENCY). */
const WORKERS = 2;

describe.each(testDatabases())('%s: simultaneous requests to real server processes', (kind) => {
  /** The cluster, and on PostgreSQL a second host. */
  const servers: ServerProcess[] = [];
  const dirs: string[] = [];
  let db: Db; // the test's own connection, to see what the servers stored
  let dropDatabase = async () => {};
  let admin: { access: string; userId: number };

  /**
   * Every process serving, each as the server to send to: the cluster once per worker, the other
   * host once. Sent in turn on new connections, requests land on each process in turn (the
   * cluster's primary hands each new connection to its next worker).
   */
  const processes = () => servers.flatMap((server) => server.workers().map(() => server));

  /** The process named by a log line (every line carries its process's pid). */
  const pidOf = (line: string) => (JSON.parse(line) as { pid: number }).pid;
  /** What the log line of a request to `url` includes (not a longer URL that starts the same). */
  const urlIs = (url: string) => `"url":"${url}"`;

  /**
   * Sends n requests to `url` at once, request i to server i mod the number of servers (within the
   * cluster, the many connections they open are handed to the workers in turn). Resolves with the
   * answers and the processes that took them (from the line each logs as a request comes in).
   */
  const spread = async (n: number, url: string, send: (server: ServerProcess) => Promise<Answer>) => {
    const lines = servers.map((server, k) =>
      server.nextLogs(urlIs(url), Math.ceil((n - k) / servers.length)),
    );
    const answers = await Promise.all(
      Array.from({ length: n }, (_, i) => send(servers[i % servers.length] as ServerProcess)),
    );
    const pids = new Set((await Promise.all(lines)).flat().map(pidOf));
    return { answers, pids };
  };

  /** One request on a new connection (so to the next process in turn), and the process that took it. */
  const traced = async (
    server: ServerProcess,
    method: 'GET' | 'POST',
    url: string,
    options: Parameters<typeof call>[3] = {},
  ) => {
    const line = server.nextLog(urlIs(url));
    const answer = await call(server, method, url, { ...options, newConnection: true });
    return { answer, pid: pidOf(await line) };
  };

  beforeAll(async () => {
    let databaseUrl = '';
    if (kind === 'postgres') {
      const fresh = await freshPostgresDatabase();
      databaseUrl = fresh.url;
      dropDatabase = fresh.drop;
    }
    // The cluster's workers share its data dir: on SQLite the database itself, and the signing secret
    // its primary generated. A second host has a data dir of its own; only the database and the
    // signing secret (given) are shared with it.
    const hosts = kind === 'postgres' ? 2 : 1;
    const jwtSecret = randomBytes(48).toString('base64url');
    for (let i = 0; i < hosts; i++) dirs.push(fs.mkdtempSync(path.join(os.tmpdir(), 'staff-processes-')));
    const env = (dir: string) => ({
      DATA_DIR: dir,
      DATABASE_URL: databaseUrl,
      ...(hosts > 1 ? { JWT_SECRET: jwtSecret } : {}),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      RATE_LIMIT: 'on',
    });
    // One after the other: the cluster's first worker migrates, creates the administrator and seeds
    // the demo market. Hosts starting together on an empty database are the next suite's concern.
    servers.push(await startServer(env(dirs[0] as string), { workers: WORKERS }));
    if (hosts > 1) servers.push(await startServer(env(dirs[1] as string)));
    expect(processes()).toHaveLength(WORKERS + hosts - 1);
    db = createDb({ databaseUrl, dataDir: dirs[0] as string });
    admin = await signIn(servers[0] as ServerProcess);
  }, 120_000);

  afterAll(async () => {
    await Promise.all(servers.splice(0).map(killServer));
    await db?.destroy();
    await dropDatabase();
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('stores one game for 50 simultaneous finalizes with one _pending_ts', { timeout: 60_000 }, async () => {
    const body = finalizeBody([{ guest_name: 'An' }, { guest_name: 'Bình' }, { guest_name: 'Chi' }], {
      winner: 1,
      pendingTs: 1_780_000_000_001,
    });
    const { answers, pids } = await spread(50, FINALIZE, (server) =>
      call(server, 'POST', FINALIZE, { token: admin.access, body }),
    );
    // Every process took some of them.
    expect(pids.size).toBe(processes().length);

    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 200)).toHaveLength(49);
    const created = answers.find((a) => a.status === 201) as Answer;
    for (const answer of answers) expect(answer.body).toEqual(created.body);

    const sessions = await db
      .selectFrom('cashflow_sessions')
      .select(['id', 'num_players'])
      .where('submitted_by', '=', admin.userId)
      .where('pending_ts', '=', body._pending_ts)
      .execute();
    expect(sessions).toEqual([{ id: created.body.id, num_players: 3 }]);
    const results = await db
      .selectFrom('cashflow_results')
      .select(['position', 'display_name'])
      .where('session_id', '=', Number(created.body.id))
      .orderBy('position')
      .execute();
    expect(results).toEqual([
      { position: 0, display_name: 'An' },
      { position: 1, display_name: 'Bình' },
      { position: 2, display_name: 'Chi' },
    ]);
    // The month's roll-up counted the game once.
    const [stored, rolledUp] = await Promise.all([
      db
        .selectFrom('cashflow_sessions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('cashflow_monthly_totals')
        .select((eb) => eb.fn.sum<number>('games').as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    expect(Number(rolledUp.n)).toBe(Number(stored.n));
  });

  it('issues one new pair for 20 simultaneous refreshes with one token and signs nobody out', {
    timeout: 60_000,
  }, async () => {
    const first = await signIn(servers[0] as ServerProcess);
    const { answers, pids } = await spread(20, REFRESH, (server) =>
      call(server, 'POST', REFRESH, { body: { refresh: first.refresh } }),
    );
    expect(pids.size).toBe(processes().length);

    const won = answers.filter((a) => a.status === 200);
    expect(won).toHaveLength(1);
    // The others were racing tabs, refused without treating the token as stolen.
    for (const answer of answers.filter((a) => a.status !== 200)) {
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ detail: 'Token has already been rotated', code: 'token_not_valid' });
    }
    // The sign-in moved on to the winner's token, once: the one it replaced is the one signed in with.
    const pair = won[0]?.body as { access: string; refresh: string };
    const session = await db
      .selectFrom('sessions')
      .select(['revoked_at', 'refresh_hash', 'previous_hash'])
      .where('previous_hash', '=', hashToken(first.refresh))
      .executeTakeFirstOrThrow();
    expect(session.refresh_hash).toBe(hashToken(pair.refresh));
    expect(session.revoked_at).toBeNull();

    // The new pair works on every process: its access token reads the profile, its refresh token refreshes.
    const readers = new Set<number>();
    for (const server of processes()) {
      const { answer: profile, pid } = await traced(server, 'GET', PROFILE, { token: pair.access });
      expect(profile.status).toBe(200);
      expect(profile.body.email).toBe(ADMIN.email);
      readers.add(pid);
    }
    expect(readers.size).toBe(processes().length);
    const next = await call(servers.at(-1) as ServerProcess, 'POST', REFRESH, {
      body: { refresh: pair.refresh },
    });
    expect(next.status).toBe(200);
  });

  it('counts sign-ins for one e-mail from one address together on every process, up to 429 with Retry-After', {
    timeout: 60_000,
  }, async () => {
    const tier = TIERS.signInFailuresPerAccountAndIp;
    // Counters live in fixed windows: a run that straddles a window's end starts over with a new account.
    for (let round = 1; ; round++) {
      const email = `staff-${round}@load.test`;
      const created = await call(servers[0] as ServerProcess, 'POST', '/api/users/users/', {
        token: admin.access,
        body: { email, password: STAFF_PASSWORD, role: 'staff' },
      });
      expect(created.status).toBe(201);
      const window = windowOf(tier, new Date()).start;

      // One after the other, each on a new connection: on every process in turn.
      const targets = processes();
      const failures: Answer[] = [];
      const counted = new Set<number>();
      for (let i = 0; i < tier.limit; i++) {
        const server = targets[i % targets.length] as ServerProcess;
        const { answer, pid } = await traced(server, 'POST', SIGN_IN, {
          body: { email, password: `wrong-${i}` },
        });
        failures.push(answer);
        counted.add(pid);
      }
      // The next attempt, even with the right password, is refused on every process.
      const blocked: Answer[] = [];
      const refusing = new Set<number>();
      for (const server of targets) {
        const { answer, pid } = await traced(server, 'POST', SIGN_IN, {
          body: { email, password: STAFF_PASSWORD },
        });
        blocked.push(answer);
        refusing.add(pid);
      }
      if (windowOf(tier, new Date()).start !== window && round < 3) continue;

      expect(counted.size).toBe(targets.length);
      expect(refusing.size).toBe(targets.length);
      expect(failures.map((a) => a.status)).toEqual(Array(tier.limit).fill(401));
      for (const answer of blocked) {
        expect(answer.status).toBe(429);
        expect(answer.body.detail).toMatch(/^Request was throttled/);
        const retryAfter = Number(answer.headers.get('retry-after'));
        expect(retryAfter).toBeGreaterThan(0);
        expect(retryAfter).toBeLessThanOrEqual(tier.windowSeconds);
      }
      // One counter, in the shared database, holds every process's attempts (the refused ones too).
      const counter = await db
        .selectFrom('rate_limit_counters')
        .select('count')
        .where('key', '=', counterKey(tier, `${email}|127.0.0.1`, window))
        .executeTakeFirst();
      expect(counter).toEqual({ count: tier.limit + targets.length });
      return;
    }
  });

  it('revokes the family when a token rotated on one process is reused on another after the grace window', {
    timeout: 60_000,
  }, async () => {
    const [a, b] = [servers[0] as ServerProcess, servers.at(-1) as ServerProcess];
    // Each request on a new connection, so on the next process in turn.
    const first = await signIn(a);
    const { answer: rotated, pid: rotatedBy } = await traced(a, 'POST', REFRESH, {
      body: { refresh: first.refresh },
    });
    expect(rotated.status).toBe(200);
    const second = rotated.body as { access: string; refresh: string };

    // Within the grace window every process only refuses it: two tabs may race.
    for (const server of processes()) {
      const { answer: early } = await traced(server, 'POST', REFRESH, { body: { refresh: first.refresh } });
      expect(early.status).toBe(401);
      expect(early.body.detail).toBe('Token has already been rotated');
    }

    // A server process's clock cannot be moved from here; the rotation's time, which the server compares
    // with its clock, can: set it back past the grace window, as if that much time had gone by.
    const row = await db
      .selectFrom('sessions')
      .select(['id', 'rotated_at'])
      .where('previous_hash', '=', hashToken(first.refresh))
      .executeTakeFirstOrThrow();
    const rotatedAt = toDate(row.rotated_at as string | Date).getTime();
    await db
      .updateTable('sessions')
      .set({ rotated_at: toIso(new Date(rotatedAt - (REFRESH_REUSE_GRACE_SECONDS + 1) * 1000)) })
      .where('id', '=', row.id)
      .execute();

    const { answer: reuse, pid: reusedBy } = await traced(b, 'POST', REFRESH, {
      body: { refresh: first.refresh },
    });
    expect(reuse.status).toBe(401);
    expect(reuse.body).toEqual({
      detail: 'Token reuse detected; this session has been signed out',
      code: 'token_not_valid',
    });
    // Another process than the one that rotated it detected the reuse.
    expect(reusedBy).not.toBe(rotatedBy);
    // The newer token, issued by the first process, is dead on every process.
    const refusing = new Set<number>();
    for (const server of processes()) {
      const { answer: descendant, pid } = await traced(server, 'POST', REFRESH, {
        body: { refresh: second.refresh },
      });
      expect(descendant.status).toBe(401);
      expect(descendant.body).toEqual({ detail: 'Token is blacklisted', code: 'token_not_valid' });
      refusing.add(pid);
    }
    expect(refusing.size).toBe(processes().length);
    // Another sign-in of the same user is another family and unaffected.
    const other = await signIn(b);
    expect((await call(a, 'POST', REFRESH, { body: { refresh: other.refresh } })).status).toBe(200);
  });
});

// Hosts with data dirs of their own share only a PostgreSQL database, and only a server can stop.
const postgresOnly = testDatabases().filter((kind) => kind === 'postgres');

// Two replicas deployed together meet an empty database at the same moment.
describe.each(postgresOnly)('%s: two processes starting together', () => {
  it('both come up on an empty database, which gets one administrator', { timeout: 90_000 }, async () => {
    const fresh = await freshPostgresDatabase();
    const dirs = [0, 1].map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'staff-processes-')));
    const started = await Promise.allSettled(
      dirs.map((dir) =>
        startServer({
          DATA_DIR: dir,
          DATABASE_URL: fresh.url,
          ADMIN_EMAIL: ADMIN.email,
          ADMIN_PASSWORD: ADMIN.password,
        }),
      ),
    );
    const servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    try {
      // The first two lines of a failed start carry its reason.
      const outcomes = started.map((s) =>
        s.status === 'fulfilled' ? 'listening' : String(s.reason).split('\n').slice(0, 2).join(' '),
      );
      expect(outcomes).toEqual(['listening', 'listening']);
      for (const server of servers) await signIn(server);
      const client = new pg.Client({ connectionString: fresh.url });
      await client.connect();
      const { rows } = await client.query('SELECT COUNT(*)::int AS n FROM users');
      await client.end();
      expect(rows).toEqual([{ n: 1 }]);
    } finally {
      await Promise.all(servers.map(killServer));
      await fresh.drop();
      for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

// PostgreSQL stopping under load.

interface ThrowawayPostgres {
  url: string;
  stop(): Promise<void>;
  pause(): Promise<void>;
  resume(): Promise<void>;
}

const THROWAWAY_POSTGRES = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../scripts/throwaway-postgres.mjs',
);

/** A cluster of its own, since this test stops it; the shared one (TEST_PG_URL) serves other files. */
async function ownPostgres(): Promise<ThrowawayPostgres> {
  const script = (await import(pathToFileURL(THROWAWAY_POSTGRES).href)) as {
    startThrowawayPostgres(): Promise<ThrowawayPostgres>;
  };
  return script.startThrowawayPostgres();
}

const READS = ['/api/users/profile/', '/api/users/users/?page=1'];
const CONCURRENCY = 16;
/** The pool waits at most 5 s for a connection (db/index.ts); an answer slower than this hangs. */
const FAST_MS = 6_000;

type Phase = 'up' | 'stopping' | 'down' | 'starting' | 'back';

interface Sample {
  startedIn: Phase;
  endedIn: Phase;
  status: number; // 0: no HTTP answer at all
  ms: number;
  body: unknown;
  contentType: string | null;
  retryAfter: string | null;
}

describe.each(postgresOnly)('%s stopping under load', () => {
  let cluster: ThrowawayPostgres | undefined;
  let server: ServerProcess | undefined;
  let dataDir: string | undefined;
  afterAll(async () => {
    if (server) await killServer(server);
    await cluster?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers fast 503s while it is down, stays up, and serves again once it is back', {
    timeout: 120_000,
  }, async () => {
    cluster = await ownPostgres();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'staff-outage-load-'));
    const proc = await startServer({
      DATA_DIR: dataDir,
      DATABASE_URL: cluster.url,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    });
    server = proc;
    const signIn = await fetch(`${proc.url}/api/users/token/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    expect(signIn.status).toBe(200);
    const { access } = (await signIn.json()) as { access: string };
    const url = proc.url;
    // A process that ends fails the wait at once, with what it printed (warnings aside) as the reason.
    const ended = proc.exited.then((code) => {
      const printed = proc
        .stderr()
        .split('\n')
        .filter((line) => !/Warning: PostgreSQL idle client error|--trace-warnings/.test(line))
        .join('\n');
      return new Error(`the server process ended (${code}):\n${printed.slice(0, 1500)}`);
    });

    // The load: CONCURRENCY readers, each sending its next request as soon as the last is answered.
    let phase: Phase = 'up';
    const samples: Sample[] = [];
    const listeners = new Set<() => void>();
    let running = true;
    const read = async (n: number): Promise<Sample> => {
      const startedIn = phase;
      const started = performance.now();
      try {
        const response = await fetch(`${url}${READS[n % READS.length]}`, {
          headers: { authorization: `Bearer ${access}` },
          signal: AbortSignal.timeout(15_000),
        });
        const body = await response.json().catch(() => undefined);
        return {
          startedIn,
          endedIn: phase,
          status: response.status,
          ms: performance.now() - started,
          body,
          contentType: response.headers.get('content-type'),
          retryAfter: response.headers.get('retry-after'),
        };
      } catch (error) {
        const ms = performance.now() - started;
        return {
          startedIn,
          endedIn: phase,
          status: 0,
          ms,
          body: String(error),
          contentType: null,
          retryAfter: null,
        };
      }
    };
    const reader = async (id: number) => {
      for (let n = id; running && samples.length < 20_000; n += CONCURRENCY) {
        samples.push(await read(n));
        for (const listener of listeners) listener();
      }
    };
    /**
     * Resolves with the indexes of the next `count` answers that pass `test`; fails after `limit`
     * answers, or when the process ends.
     */
    const until = (count: number, test: (s: Sample, index: number) => boolean, limit = 5_000) =>
      new Promise<number[]>((resolve, reject) => {
        void ended.then(reject);
        const from = samples.length;
        const check = () => {
          const found: number[] = [];
          for (let i = from; i < samples.length && found.length < count; i++) {
            if (test(samples[i] as Sample, i)) found.push(i);
          }
          if (found.length >= count) resolve(found);
          else if (samples.length - from >= limit)
            reject(new Error(`${found.length} of ${count} in ${limit} answers`));
          else return;
          listeners.delete(check);
        };
        listeners.add(check);
      });
    const readers = Array.from({ length: CONCURRENCY }, (_, id) => reader(id));

    try {
      await until(48, (s) => s.startedIn === 'up');
      phase = 'stopping';
      await cluster.pause();
      phase = 'down';
      await until(64, (s) => s.startedIn === 'down');
      phase = 'starting';
      await cluster.resume();
      phase = 'back';
      // Waits on answers, not time: the first 200 after the restart, then a run of answers after it.
      const [firstOk] = await until(1, (s) => s.startedIn === 'back' && s.status === 200);
      await until(48, (s, i) => i > (firstOk as number) && s.startedIn === 'back');
    } finally {
      running = false;
      await Promise.all(readers);
    }

    // Every request was answered (the readers give up after 15 s), never with a 500.
    expect(samples.filter((s) => s.status !== 200 && s.status !== 503)).toEqual([]);
    // Before the stop, all was well.
    const before = samples.filter((s) => s.endedIn === 'up');
    expect(before.length).toBeGreaterThanOrEqual(48);
    expect(before.filter((s) => s.status !== 200)).toEqual([]);
    // Whatever met the outage was answered fast: nothing waited on a database that was not there.
    const outage = new Set<Phase>(['stopping', 'down', 'starting']);
    const slow = samples.filter((s) => (outage.has(s.startedIn) || outage.has(s.endedIn)) && s.ms >= FAST_MS);
    expect(slow).toEqual([]);
    // While it was down, every answer was a 503 carrying a detail.
    const down = samples.filter((s) => s.startedIn === 'down' && s.endedIn === 'down');
    expect(down.length).toBeGreaterThanOrEqual(64);
    expect(down.filter((s) => s.status !== 503)).toEqual([]);
    for (const s of samples.filter((x) => x.status === 503)) {
      expect(s.contentType).toMatch(/^application\/json/);
      expect(s.body).toEqual({
        detail: 'The database is unavailable. Please try again shortly.',
        code: 'service_unavailable',
      });
      expect(s.retryAfter).toBe('5');
    }
    // The same process, never restarted, serves again: from the first 200 on, only 200s.
    expect(proc.child.exitCode).toBe(null);
    expect(proc.child.signalCode).toBe(null);
    const firstOk = samples.findIndex((s) => s.startedIn === 'back' && s.status === 200);
    const after = samples.filter((s, i) => i > firstOk && s.startedIn === 'back');
    expect(after.length).toBeGreaterThanOrEqual(48);
    expect(after.filter((s) => s.status !== 200)).toEqual([]);
  });
});

// The real server as its own process (src/main.ts through tsx), or as `npm start` runs it, a cluster
// of worker processes (src/serve.ts), for tests of what only a process shows: being killed, shut
// down, or restarted on the same data, and requests landing on different processes.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Resolves with the exit code (or the signal's name) once the process has ended and its output is read. */
  exited: Promise<number | string>;
  /** Resolves at the next line of the server's log that includes `text`. */
  nextLog(text: string): Promise<string>;
  /** Resolves with the next `count` lines of the server's log that include `text`. */
  nextLogs(text: string, count: number): Promise<string[]>;
  /** What the process has written to stderr (its last 64 KB): why it ended, when it did. */
  stderr(): string;
  /** Whether this is a cluster (startServer's `workers`): a primary and its workers, in their own process group. */
  clustered: boolean;
  /** The processes serving requests now: the process itself, or the cluster's live workers. */
  workers(): number[];
  /** How many log lines there have been: a mark for loggedBy. */
  logLength(): number;
  /** The processes that logged a line including `text` (e.g. a request's URL), after line `from`. */
  loggedBy(text: string, from?: number): Set<number>;
  /** How many lines of the log include `text` (e.g. a request's method and URL), after line `from`. */
  countLogged(text: string, from?: number): number;
}

export interface StartOptions {
  /**
   * Run as `npm start` does (src/serve.ts), with this many worker processes behind a cluster primary
   * (WEB_CONCURRENCY; 1: one process and no primary); resolves once every worker listens. The server
   * runs in a process group of its own, which killServer ends whole.
   */
  workers?: number;
}

/** A line of the server's JSON log, as far as these tests read it. */
interface LogLine {
  pid?: number;
  msg?: string;
  role?: string;
  worker?: number;
}

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * Starts the server and resolves once it logs that it listens (no polling): the one process, or
 * with `workers`, the primary's line that every worker does.
 */
export async function startServer(
  env: Record<string, string>,
  { workers }: StartOptions = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const clustered = workers !== undefined;
  const child = spawn(process.execPath, ['--import', 'tsx', clustered ? 'src/serve.ts' : 'src/main.ts'], {
    cwd: API_DIR,
    detached: clustered,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: '',
      RATE_LIMIT: 'off',
      LOG_LEVEL: 'info',
      WEB_CONCURRENCY: String(workers ?? 1),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // 'close', not 'exit': once the output is read to its end too (a cluster's workers write to the same
  // pipe, so it closes only when none of them is left), so what the server logged is all there.
  const exited = new Promise<number | string>((resolve) =>
    child.once('close', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr = (stderr + String(chunk)).slice(-65_536);
  });
  const lines = readline.createInterface({ input: child.stdout as NodeJS.ReadableStream });
  // Every line, read as JSON, for workers() and loggedBy().
  const logged: LogLine[] = [];
  const live = new Set<number>();
  lines.on('line', (line) => {
    let entry: LogLine;
    try {
      entry = JSON.parse(line) as LogLine;
    } catch {
      return;
    }
    logged.push(entry);
    if (entry.msg?.startsWith('Server listening at') && entry.pid) live.add(entry.pid);
    if (entry.role === 'primary' && entry.worker) live.delete(entry.worker);
  });
  // WEB_CONCURRENCY=1 runs the one server process without a primary.
  const ready = clustered && workers > 1 ? `with ${workers} workers` : 'Server listening at';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in 90 s\n${stderr}`)), 90_000);
    // The primary announces the cluster when each worker has told it that it listens, which can be
    // before that worker's own "Server listening at" line reaches the pipe (a worker's log is written
    // asynchronously): started once both are read, so workers() names every worker.
    let announced = false;
    lines.on('line', (line) => {
      if (line.includes(ready)) announced = true;
      if (announced && (!clustered || live.size >= (workers ?? 1))) {
        clearTimeout(timer);
        resolve();
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}) before listening\n${stderr}`));
    });
  });
  const waiting: { text: string; count: number; found: string[]; resolve: (lines: string[]) => void }[] = [];
  // Keeps draining the output, so a chatty server never blocks on a full pipe.
  lines.on('line', (line) => {
    for (const w of waiting.splice(0)) {
      if (line.includes(w.text)) w.found.push(line);
      if (w.found.length === w.count) w.resolve(w.found);
      else waiting.push(w);
    }
  });
  const nextLogs = (text: string, count: number) =>
    new Promise<string[]>((resolve) => waiting.push({ text, count, found: [], resolve }));
  const nextLog = async (text: string) => (await nextLogs(text, 1))[0] as string;
  const loggedBy = (text: string, from = 0) =>
    new Set(
      logged
        .slice(from)
        .flatMap((entry) => (entry.pid && JSON.stringify(entry).includes(text) ? [entry.pid] : [])),
    );
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    exited,
    nextLog,
    nextLogs,
    stderr: () => stderr,
    clustered,
    workers: () => [...live],
    logLength: () => logged.length,
    loggedBy,
    countLogged: (text: string, from = 0) =>
      logged.slice(from).filter((entry) => JSON.stringify(entry).includes(text)).length,
  };
}

/**
 * Ends the server if it still runs (SIGKILL: nothing to keep), a cluster's primary and workers at
 * once, and resolves once it has exited.
 */
export async function killServer(server: ServerProcess): Promise<void> {
  if (server.child.exitCode === null && server.child.signalCode === null) {
    try {
      // A cluster runs in a process group of its own (detached): its workers go with the primary.
      if (server.child.spawnargs.includes('src/serve.ts'))
        process.kill(-(server.child.pid as number), 'SIGKILL');
      else server.child.kill('SIGKILL');
    } catch {
      // Already gone.
    }
  }
  await server.exited;
}

/** A JSON answer of the server process: status, headers, and the body (null when it is not JSON). */
export interface Answer {
  status: number;
  headers: Headers;
  body: Record<string, unknown>;
}

/**
 * One request to the server process, with a bearer token and a JSON body when given. With
 * `newConnection`, on a connection of its own: a cluster's primary hands each new connection to the
 * next worker, so requests sent one after the other this way land on every worker in turn (fetch
 * would keep them on one kept-alive connection, hence one worker).
 */
export async function call(
  server: ServerProcess,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  {
    token,
    body,
    newConnection,
    signal,
  }: {
    token?: string | undefined;
    body?: unknown;
    newConnection?: boolean;
    /** Gives up on the request (it then rejects) when this aborts. */
    signal?: AbortSignal;
  } = {},
): Promise<Answer> {
  if (newConnection) return callOnNewConnection(server, method, url, { token, body, signal });
  const response = await fetch(`${server.url}${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: signal ? AbortSignal.any([signal, AbortSignal.timeout(30_000)]) : AbortSignal.timeout(30_000),
  });
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json().catch(() => null)) as Record<string, unknown>,
  };
}

function callOnNewConnection(
  server: ServerProcess,
  method: string,
  url: string,
  { token, body, signal }: { token?: string | undefined; body?: unknown; signal?: AbortSignal | undefined },
): Promise<Answer> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise<Answer>((resolve, reject) => {
    const request = http.request(
      `${server.url}${url}`,
      {
        method,
        agent: false,
        timeout: 30_000,
        ...(signal ? { signal } : {}),
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const headers = new Headers();
          for (const [name, value] of Object.entries(response.headers)) {
            for (const one of [value ?? []].flat()) headers.append(name, one);
          }
          let parsed: Record<string, unknown> = null as unknown as Record<string, unknown>;
          try {
            parsed = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          } catch {
            // Not JSON: null, as call() answers.
          }
          resolve({ status: response.statusCode ?? 0, headers, body: parsed });
        });
      },
    );
    request.on('timeout', () => request.destroy(new Error('no answer in 30 s')));
    request.on('error', reject);
    request.end(payload);
  });
}

/** A new database on the test run's PostgreSQL cluster (TEST_PG_URL), dropped by the returned function. */
export async function freshPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const clusterUrl = process.env.TEST_PG_URL as string;
  const name = `test_processes_${randomBytes(6).toString('hex')}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: clusterUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(clusterUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

// The real server as its own process (src/main.ts through tsx), for tests of what only a process shows:
// being killed, shut down, or restarted on the same data.
import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';

const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<number | string>;
  /** Resolves at the next line of the server's log that includes `text`. */
  nextLog(text: string): Promise<string>;
  /** What the process has written to stderr (its last 64 KB): why it ended, when it did. */
  stderr(): string;
}

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Starts the server and resolves once it logs that it listens (no polling). */
export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: API_DIR,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: '',
      RATE_LIMIT: 'off',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr = (stderr + String(chunk)).slice(-65_536);
  });
  const lines = readline.createInterface({ input: child.stdout as NodeJS.ReadableStream });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in 60 s\n${stderr}`)), 60_000);
    lines.on('line', (line) => {
      if (line.includes('Server listening at')) {
        clearTimeout(timer);
        resolve();
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}) before listening\n${stderr}`));
    });
  });
  const waiting: { text: string; resolve: (line: string) => void }[] = [];
  // Keeps draining the output, so a chatty server never blocks on a full pipe.
  lines.on('line', (line) => {
    for (const w of waiting.splice(0)) {
      if (line.includes(w.text)) w.resolve(line);
      else waiting.push(w);
    }
  });
  const nextLog = (text: string) => new Promise<string>((resolve) => waiting.push({ text, resolve }));
  return { url: `http://127.0.0.1:${port}`, child, exited, nextLog, stderr: () => stderr };
}

/** Ends the process if it still runs (SIGKILL: nothing to keep) and resolves once it has exited. */
export async function killServer(server: ServerProcess): Promise<void> {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
  await server.exited;
}

/** A JSON answer of the server process: status, headers, and the body (null when it is not JSON). */
export interface Answer {
  status: number;
  headers: Headers;
  body: Record<string, unknown>;
}

/** One request to the server process, with a bearer token and a JSON body when given. */
export async function call(
  server: ServerProcess,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  { token, body }: { token?: string | undefined; body?: unknown } = {},
): Promise<Answer> {
  const response = await fetch(`${server.url}${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json().catch(() => null)) as Record<string, unknown>,
  };
}

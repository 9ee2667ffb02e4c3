// SQLite's WAL checkpoints, off the requests' path (issue 22).
//
// In WAL mode a commit appends the pages it wrote to app.db-wal; a checkpoint copies them back into
// app.db and syncs it. By default the commit that takes the log past 1,000 pages runs that
// checkpoint itself, synchronously: with better-sqlite3 the whole server process waits for the copy
// and its fsyncs in the middle of a request, and a write that happened to cross the line pays for
// every write before it. Under a stream of small writes (token refreshes) the checkpoints came every
// couple of hundred commits and took a quarter of the server's time.
//
// Here a thread of the server process (node:worker_threads, its own connection to the same file)
// runs a PASSIVE checkpoint every CHECKPOINT_INTERVAL_MS: it copies what no reader still needs
// without waiting for or blocking anyone, and a page written many times between two checkpoints is
// copied once. The requests' connection keeps SQLite's own checkpoint only as a backstop
// (WAL_BACKSTOP_PAGES), so the log stays bounded if this thread ever stops. With several workers
// each runs one; a checkpoint that finds another running returns at once.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** How often the thread checkpoints. A busy log (2,000 small writes a second) grows ~5 MB meanwhile. */
export const CHECKPOINT_INTERVAL_MS = 200;
/**
 * The requests' connection checkpoints by itself only past this many pages (64 MiB of 4 KiB pages):
 * never while the thread keeps up, and the log's bound if it does not.
 */
export const WAL_BACKSTOP_PAGES = 16_384;

// The thread's whole program: CommonJS, evaluated by node:worker_threads. better-sqlite3 is loaded
// by the path the server itself resolved, wherever the process was started from.
const THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const SQLite = require(workerData.driver);
const db = new SQLite(workerData.file, { fileMustExist: true });
db.pragma('busy_timeout = 0');
const timer = setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (err) {
    parentPort.postMessage(String(err && err.message ? err.message : err));
  }
}, workerData.intervalMs);
parentPort.once('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

export interface Checkpointer {
  /** Stops the thread; resolves once it has closed its connection. */
  stop(): Promise<void>;
}

/**
 * Starts the checkpoint thread on `file` (app.db, already in WAL mode). `warn` hears a checkpoint
 * that failed (the next one tries again); `ended` is called if the thread ends before `stop`, so
 * the caller can give the checkpoints back to its commits.
 */
export function startCheckpointer(
  file: string,
  { intervalMs, warn, ended }: { intervalMs: number; warn(message: string): void; ended(): void },
): Checkpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const thread = new Worker(THREAD, { eval: true, workerData: { file, driver, intervalMs } });
  // It must not keep alive a process that has nothing else left to do.
  thread.unref();
  let stopping = false;
  thread.on('message', (message: string) => warn(`SQLite checkpoint failed: ${message}`));
  thread.on('error', (err) => warn(`SQLite checkpoint thread failed: ${err.message}`));
  const exited = new Promise<void>((resolve) => thread.once('exit', () => resolve()));
  void exited.then(() => {
    if (!stopping) ended();
  });
  return {
    stop() {
      if (!stopping) {
        stopping = true;
        thread.postMessage('stop');
      }
      return exited;
    },
  };
}

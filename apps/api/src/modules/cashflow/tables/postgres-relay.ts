// Rings a table's bell in every API process, on every machine, when any of them writes an event
// (decision 0033): on PostgreSQL the writer's transaction sends `pg_notify('cashflow_tables',
// '<table>:<seq>')`, which the server delivers at commit to every connection listening on the
// channel; each process keeps one such connection and rings its own bell. A ring carries no data
// (streams read the events table), so a notification lost while the connection is down costs only
// the wait for the streams' poll; the connection is made again after a growing wait.
import pg from 'pg';
import type { TableBell } from './bell';

export const TABLES_CHANNEL = 'cashflow_tables';

export interface PostgresRelay {
  /** Resolves once the first connection listens (a server starts without waiting for it). */
  ready: Promise<void>;
  close(): Promise<void>;
}

/**
 * Starts listening in the background: a server starts, and answers 503 meanwhile, while PostgreSQL
 * is down (http/database-outage.test.ts); the listener connects once it is back.
 */
export function startPostgresRelay(options: {
  databaseUrl: string;
  bell: TableBell;
  warn: (message: string) => void;
}): PostgresRelay {
  const { databaseUrl, bell, warn } = options;
  let closed = false;
  let client: pg.Client | null = null;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;
  let listening = () => {};
  const ready = new Promise<void>((resolve) => {
    listening = resolve;
  });

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: databaseUrl });
    next.on('notification', (message) => {
      const [table, seq] = (message.payload ?? '').split(':').map(Number);
      if (Number.isInteger(table) && Number.isInteger(seq)) bell.ring(table as number, seq as number);
    });
    // Once listening, a lost connection is made again; before, the failed attempt says why.
    const lost = (reason: string) => {
      if (closed || client !== next) return;
      client = null;
      void next.end().catch(() => {});
      warn(`CashFlow tables: the PostgreSQL listener was lost (${reason}); connecting again`);
      schedule();
    };
    next.on('error', (err) => lost(err.message));
    next.on('end', () => lost('connection ended'));
    try {
      await next.connect();
      await next.query(`LISTEN ${TABLES_CHANNEL}`);
    } catch (err) {
      void next.end().catch(() => {});
      throw err;
    }
    if (closed) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    failures = 0;
    listening();
  }

  function schedule() {
    if (closed) return;
    failures += 1;
    retry = setTimeout(attempt, Math.min(1000 * 2 ** (failures - 1), 30_000));
    retry.unref();
  }

  function attempt() {
    connect().catch((err: Error) => {
      if (closed) return;
      warn(`CashFlow tables: the PostgreSQL listener could not connect (${err.message})`);
      schedule();
    });
  }

  attempt();
  return {
    ready,
    async close() {
      closed = true;
      clearTimeout(retry);
      const last = client;
      client = null;
      await last?.end().catch(() => {});
    },
  };
}

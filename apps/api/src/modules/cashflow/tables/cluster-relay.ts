// Rings a table's bell in every worker of a cluster on SQLite (decision 0033), where no database
// notification reaches the other processes: the writing worker rings its own bell and broadcasts
// the ring, which the cluster's primary passes on to every other worker (cluster-broadcast.ts). A
// ring carries no data (streams read the events table), so one lost with a dying primary or worker
// costs only the wait for the streams' poll. SQLite's processes all run on one machine, the
// cluster's, so this reaches every stream there is; PostgreSQL's relay (postgres-relay.ts) reaches
// every machine.
import { broadcastToOtherWorkers, onBroadcast } from '../../../cluster-broadcast';
import type { TableBell } from './bell';

export const TABLE_BELL_TOPIC = 'cashflow-table-bell';

export interface ClusterRelay {
  /** Rings this worker's bell and every other worker's. */
  ring(tableId: number, seq: number): void;
  close(): void;
}

export function startClusterRelay(bell: TableBell): ClusterRelay {
  const stop = onBroadcast(TABLE_BELL_TOPIC, (data) => {
    const { table, seq } = (data ?? {}) as { table?: unknown; seq?: unknown };
    if (Number.isInteger(table) && Number.isInteger(seq)) bell.ring(table as number, seq as number);
  });
  return {
    ring(tableId, seq) {
      bell.ring(tableId, seq);
      broadcastToOtherWorkers(TABLE_BELL_TOPIC, { table: tableId, seq });
    },
    close: stop,
  };
}

// A word from one worker to every other worker of the cluster (cluster.ts), through the primary: a
// CashFlow table's bell on SQLite (decision 0033), where no database notification reaches the other
// processes. The primary passes a broadcast on as it is and reads nothing in it; outside a cluster
// (WEB_CONCURRENCY=1, the tests' apps) sending does nothing and nothing arrives.
import cluster from 'node:cluster';

export const BROADCAST = 'staff:broadcast';

export interface Broadcast {
  cmd: typeof BROADCAST;
  topic: string;
  data: unknown;
}

export function isBroadcast(message: unknown): message is Broadcast {
  const m = message as Partial<Broadcast> | null;
  return typeof m === 'object' && m !== null && m.cmd === BROADCAST && typeof m.topic === 'string';
}

/** Whether this process is a cluster's worker, whose broadcasts reach the other workers. */
export function inClusterWorker(): boolean {
  return cluster.isWorker && typeof process.send === 'function';
}

/** In a worker: `data` to every other worker's listeners of `topic`. Lost if the primary is gone. */
export function broadcastToOtherWorkers(topic: string, data: unknown): void {
  if (!inClusterWorker() || !process.connected) return;
  const message: Broadcast = { cmd: BROADCAST, topic, data };
  process.send?.(message, undefined, undefined, () => {});
}

/** In a worker: calls `listener` with each broadcast of `topic` from another worker; returns the way to stop. */
export function onBroadcast(topic: string, listener: (data: unknown) => void): () => void {
  const handler = (message: unknown) => {
    if (isBroadcast(message) && message.topic === topic) listener(message.data);
  };
  process.on('message', handler);
  return () => {
    process.off('message', handler);
  };
}

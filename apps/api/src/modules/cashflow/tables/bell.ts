// Wakes a table's open streams when it has a new event (decision 0033). In the writing process the
// service rings it after the event's commit; the streams then read the events after the last one
// they sent from the database, so a ring carries no data and a lost or doubled ring loses or
// doubles nothing. Other processes hear of it through a relay: PostgreSQL's notifications
// (postgres-relay.ts), or on SQLite the cluster's primary (cluster-relay.ts); the streams' poll of
// the table's seq is the safety net under both.
/**
 * A ring that names no event (events are numbered from 1): the table's status changed (closed after
 * its idle hours, or resumed), and its streams read it and tell their devices (`event: status`).
 */
export const STATUS_RING = 0;

export interface TableBell {
  ring(tableId: number, seq: number): void;
  /** Calls `listener` on each ring of the table until the returned function is called. */
  listen(tableId: number, listener: (seq: number) => void): () => void;
}

export function createTableBell(): TableBell {
  const listeners = new Map<number, Set<(seq: number) => void>>();
  return {
    ring(tableId, seq) {
      for (const listener of listeners.get(tableId) ?? []) listener(seq);
    },
    listen(tableId, listener) {
      let set = listeners.get(tableId);
      if (!set) {
        set = new Set();
        listeners.set(tableId, set);
      }
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(tableId);
      };
    },
  };
}

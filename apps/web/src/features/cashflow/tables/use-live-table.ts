// A table kept in step on this device: loaded from the server (GET), followed through its event
// stream, refetched whenever the stream is reopened after a failure or an event does not follow, and
// this device's outbox sent whenever the network is back.
import { notifications } from '@mantine/notifications';
import type { Table } from '@staff/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { ApiError, isTransientFailure } from '../../../lib/api-client';
import { getStoredUser } from '../../../lib/current-user';
import {
  fetchTableEvents,
  newClientId,
  postTableAction,
  type TableGuest,
  tableKeys,
  tableQueryOptions,
  useTableQuery,
} from './api';
import { describeTableAction, LiveTable, type LiveTableSnapshot, loadStoredTable } from './live-table';
import { followTable } from './stream';

const DEVICE_KEY = 'staff-tables.device';
/** While the outbox waits for the network, it is tried again this often (and at once when online). */
export const OUTBOX_RETRY_MS = 5000;

/** This browser's id for the table log ("from which device"). */
export function deviceId(): string {
  try {
    let id = localStorage.getItem(DEVICE_KEY);
    if (!id) {
      id = newClientId();
      localStorage.setItem(DEVICE_KEY, id);
    }
    return id;
  } catch {
    return 'unknown';
  }
}

function storage(): Storage | null {
  try {
    return localStorage;
  } catch {
    return null;
  }
}

const EMPTY = () => () => {};
const NONE = () => null;

export type LiveTableView = {
  store: LiveTable | null;
  snapshot: LiveTableSnapshot | null;
  /** Whether the stream is open; null before its first try. */
  connected: boolean | null;
  /** The server no longer lets this device see the table (a guest's invite ended, say). */
  refused: ApiError | null;
  query: ReturnType<typeof useTableQuery>;
};

/** A table followed by the signed-in user, or by a guest seat's device (`guest`: its invite token). */
export function useLiveTable(
  id: number,
  refetchWhile?: (table: Table) => boolean,
  guest: TableGuest = null,
): LiveTableView {
  const queryClient = useQueryClient();
  const query = useTableQuery(id, refetchWhile, guest);
  const [refused, setRefused] = useState<ApiError | null>(null);
  const [store, setStore] = useState<LiveTable | null>(null);
  /** null until the stream has opened or failed once. */
  const [connected, setConnected] = useState<boolean | null>(null);
  // Without network, a reload shows the table as this device last held it (the stream catches up later);
  // so does a guest's once their invite has ended (the game over, say: its result stays on the phone).
  const [stored] = useState(() => loadStoredTable(id, storage()));
  const ended =
    guest !== null && query.error instanceof ApiError && query.error.status === 401 ? query.error : null;
  const data =
    query.data ??
    (query.isError && (isTransientFailure(query.error) || ended) ? (stored ?? undefined) : undefined);
  if (ended && refused === null && stored) setRefused(ended);

  // One store per table, made from its first answer; later answers (refetches) reset it.
  useEffect(() => {
    if (!data) return;
    if (store && store.getSnapshot().table.id === data.id) {
      store.reset(data);
      return;
    }
    const resync = () => void queryClient.refetchQueries({ queryKey: tableKeys.table(id) });
    setStore(
      new LiveTable(data, {
        post: (body) => postTableAction(id, body, guest),
        deviceId: deviceId(),
        userId: guest ? null : (getStoredUser()?.id ?? null),
        storage: storage(),
        onResync: resync,
        onRefused: (item) =>
          notifications.show({
            color: 'red',
            title: 'Không thực hiện được',
            message: `${describeTableAction(item.action)}: ${item.reason}`,
          }),
      }),
    );
  }, [data, store, id, queryClient, guest]);

  // The stream, and the outbox sent when the network is back.
  useEffect(() => {
    if (!store) return;
    const resync = async () => {
      const table = await queryClient.fetchQuery({ ...tableQueryOptions(id, guest), staleTime: 0 });
      store.reset(table);
    };
    const stop = followTable(
      id,
      {
        seq: () => store.getSnapshot().table.seq,
        onEvent: (event) => {
          if (store.receive(event) === 'resync') void resync().catch(() => {});
        },
        resync,
        onConnected: (open) => {
          setConnected(open);
          if (open) void store.flush();
        },
        onRefused: setRefused,
        // Closed after its idle hours, or resumed by the host: the table as the server has it now.
        onStatus: () => void resync().catch(() => {}),
      },
      { guest },
    );
    const onOnline = () => void store.flush();
    window.addEventListener('online', onOnline);
    const timer = setInterval(() => {
      if (store.getSnapshot().outbox.length > 0) void store.flush();
    }, OUTBOX_RETRY_MS);
    void store.flush();
    return () => {
      stop();
      window.removeEventListener('online', onOnline);
      clearInterval(timer);
    };
  }, [store, id, queryClient, guest]);

  const snapshot = useSyncExternalStore(store?.subscribe ?? EMPTY, store?.getSnapshot ?? NONE, NONE);

  // The host decides pending actions: those pending before this device opened the table are read once.
  const pendingSeqs = snapshot?.table.pending ?? [];
  const missing = pendingSeqs.filter((seq) => !snapshot?.pendingEvents.some((e) => e.seq === seq));
  const firstMissing = missing.length > 0 ? Math.min(...missing) : null;
  useEffect(() => {
    if (!store || firstMissing === null) return;
    const controller = new AbortController();
    fetchTableEvents(id, firstMissing - 1, controller.signal, guest)
      .then((page) => store.addPendingEvents(page.events))
      .catch(() => {});
    return () => controller.abort();
  }, [store, id, firstMissing, guest]);

  return { store, snapshot, connected, refused, query };
}

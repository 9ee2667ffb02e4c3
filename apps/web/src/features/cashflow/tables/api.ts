// The shared tables' calls (issue 25, decision 0033): create a table from a setup, look one up by its
// code and take a seat, read it, post an action under a client id, the host's approve and reject and
// guest invites, and the events after a seq; the tables you host or sit at, and the host's resume and
// export (JSON) of a table. Every answer is checked against the contracts' schemas. A guest seat's
// device makes the calls a seat needs with its invite's token instead of a sign-in.
import type { TableAction } from '@staff/cashflow-engine';
import {
  Table,
  TableActionAnswer,
  type TableCreate,
  TableEventsPage,
  TableGuestInvite,
  type TableJoin,
  TableJoinAnswer,
  TableSummaryPage,
  tableExportFilename,
} from '@staff/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import { api, type RequestOptions } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/save-blob';
import { CASHFLOW_API, cashflowKeys } from '../api/cashflow-keys';

export const TABLES_PATH = `${CASHFLOW_API}tables/`;
export const JOIN_PATH = `${TABLES_PATH}join/`;
export const tablePath = (id: number) => `${TABLES_PATH}${id}/`;

export const tableKeys = {
  all: () => [...cashflowKeys.all, 'tables'] as const,
  table: (id: number) => [...tableKeys.all(), id] as const,
  lists: () => [...tableKeys.all(), 'list'] as const,
  list: (page: number, pageSize: number) => [...tableKeys.lists(), page, pageSize] as const,
};

/** A guest seat's credential (its invite's token), or null: the signed-in user's own calls. */
export type TableGuest = string | null;

/** The guest whose device shows the table (null: a signed-in user's), for the screen's own calls. */
export const TableGuestContext = createContext<TableGuest>(null);
export const useTableGuest = () => useContext(TableGuestContext);

/** A guest's calls carry their token, and never the sign-in's (nor try to refresh one). */
function as(guest: TableGuest): Pick<RequestOptions<unknown>, 'auth' | 'headers'> {
  return guest ? { auth: false, headers: { Authorization: `Guest ${guest}` } } : {};
}

/** The guest link of a seat: the token rides in the fragment, which no server (nor its log) sees. */
export const guestLink = (tableId: number, token: string) =>
  `${window.location.origin}/cashflow/guest/${tableId}#${token}`;

export function createTable(body: TableCreate): Promise<Table> {
  return api.post(TABLES_PATH, body, { schema: Table });
}

export function joinTable(body: TableJoin): Promise<TableJoinAnswer> {
  return api.post(JOIN_PATH, body, { schema: TableJoinAnswer });
}

export function fetchTable(id: number, signal?: AbortSignal, guest: TableGuest = null): Promise<Table> {
  return api.get(tablePath(id), { schema: Table, signal, ...as(guest) });
}

export function fetchTableEvents(
  id: number,
  after: number,
  signal?: AbortSignal,
  guest: TableGuest = null,
): Promise<TableEventsPage> {
  return api.get(`${tablePath(id)}events/?after=${after}`, { schema: TableEventsPage, signal, ...as(guest) });
}

/** Posts an action; the same client id again is answered with the first result (or the first refusal). */
export function postTableAction(
  id: number,
  body: { client_id: string; device_id?: string; action: TableAction },
  guest: TableGuest = null,
): Promise<TableActionAnswer> {
  return api.post(`${tablePath(id)}actions/`, body, { schema: TableActionAnswer, ...as(guest) });
}

const invitePath = (id: number, seat: number) => `${tablePath(id)}seats/${seat}/invite/`;

/** The host opens a seat to a guest: a new invite (the seat's earlier one stops working). */
export function inviteGuest(id: number, seat: number): Promise<TableGuestInvite> {
  return api.post(invitePath(id, seat), undefined, { schema: TableGuestInvite });
}

/** The host revokes a seat's guest invite: the guest's device is shut out, the seat free again. */
export async function revokeGuest(id: number, seat: number): Promise<void> {
  await api.delete(invitePath(id, seat));
}

export type Verdict = 'approve' | 'reject';

/** The host approves (applied if the engine allows it now) or rejects a pending action. */
export function decidePending(
  id: number,
  seq: number,
  verdict: Verdict,
  clientId: string,
): Promise<TableActionAnswer> {
  return api.post(
    `${tablePath(id)}pending/${seq}/${verdict}/`,
    { client_id: clientId },
    { schema: TableActionAnswer },
  );
}

export function tableQueryOptions(id: number, guest: TableGuest = null) {
  return queryOptions({
    queryKey: tableKeys.table(id),
    queryFn: ({ signal }) => fetchTable(id, signal, guest),
    // Offline, the table on screen stays; the live table keeps it in step itself.
    networkMode: 'always',
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** `refetchWhile`: the table is read again every `SEATS_REFETCH_MS` while it says so (the host's seats). */
export const SEATS_REFETCH_MS = 10_000;

export function useTableQuery(
  id: number,
  refetchWhile?: (table: Table) => boolean,
  guest: TableGuest = null,
) {
  return useQuery({
    ...tableQueryOptions(id, guest),
    refetchInterval: (query) =>
      query.state.data && refetchWhile?.(query.state.data) ? SEATS_REFETCH_MS : false,
  });
}

export function useCreateTable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTable,
    onSuccess: (table) => queryClient.setQueryData(tableKeys.table(table.id), table),
  });
}

export function useJoinTable() {
  return useMutation({ mutationFn: joinTable });
}

/**
 * A client id for an action or a decision (8–64 of [A-Za-z0-9_-]): 32 random hex digits. From
 * getRandomValues, which a page served over plain http on the local network has too (randomUUID not).
 */
export function newClientId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** GET /api/cashflow/tables/?page=&page_size=: the tables you host or sit at, newest first. */
export function fetchYourTables(
  page: number,
  pageSize: number,
  signal?: AbortSignal,
): Promise<TableSummaryPage> {
  const query = new URLSearchParams({ page: String(page), page_size: String(pageSize) });
  return api.get(`${TABLES_PATH}?${query}`, { schema: TableSummaryPage, signal });
}

export function useYourTables(page: number, pageSize: number) {
  return useQuery({
    queryKey: tableKeys.list(page, pageSize),
    queryFn: ({ signal }) => fetchYourTables(page, pageSize, signal),
    placeholderData: keepPreviousData,
    // Offline, fail and say so rather than wait paused behind a spinner.
    networkMode: 'always',
  });
}

/** The host opens a closed table again; its screen takes the answer (the stream tells the other devices). */
export function resumeTable(id: number): Promise<Table> {
  return api.post(`${tablePath(id)}resume/`, undefined, { schema: Table });
}

export function useResumeTable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resumeTable,
    onSuccess: (table) => {
      queryClient.setQueryData(tableKeys.table(table.id), table);
      void queryClient.invalidateQueries({ queryKey: tableKeys.lists() });
    },
  });
}

/** The host's download of the whole table (GET …/export/), saved under the server's file name. */
export async function exportTable(table: Pick<Table, 'id' | 'code'>): Promise<void> {
  const file = await api.download(`${tablePath(table.id)}export/`);
  saveBlob(file.blob, file.filename ?? tableExportFilename(table.code, new Date()));
}

export function useExportTable() {
  return useMutation({ mutationFn: exportTable });
}

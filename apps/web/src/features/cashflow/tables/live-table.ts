// A table as one device holds it (issue 25, decision 0033): the server's state after its last event,
// kept in step by applying each event the stream (or an action's answer) brings with the engine's own
// applyTableAction, as the server does; this device's actions in an outbox, each under its client id,
// sent one at a time in order and kept in localStorage until the server has answered, so a device
// without network keeps playing and sends them when it is back. A resend after a lost answer is
// answered by the server with the first result, so nothing is applied twice. What the device shows is
// the server's state with its own unsent actions applied on top (those that will wait for the host in
// auditor mode are not: they show 'Chờ duyệt').
import {
  applyTableAction,
  compactLog,
  describeAction,
  type GameState,
  needsApproval,
  parseGameState,
  seatPlayerOf,
  type TableAction,
} from '@staff/cashflow-engine';
import { TABLE_MESSAGES, type Table, type TableActionAnswer, type TableEvent } from '@staff/contracts';
import { ApiError, failureText } from '../../../lib/api-client';
import { newClientId } from './api';

export type OutboxItem = { clientId: string; action: TableAction; at: string };
/** An action the server holds as pending (auditor mode), until the host approves or rejects it. */
export type AwaitingItem = { clientId: string; action: TableAction; seq: number };
export type RefusedItem = { clientId: string; action: TableAction; reason: string };

export const REJECTED_BY_HOST = 'Chủ bàn đã từ chối thao tác này.';

/** A table action in words: the engine's, and the undo a table adds. */
export function describeTableAction(action: TableAction | Record<string, unknown>): string {
  const typed = action as TableAction;
  return typed.type === 'undo' ? 'Hoàn tác thao tác cuối' : describeAction(typed);
}

export type LiveTableSnapshot = {
  table: Table;
  /** The server's state after `table.seq`. */
  serverState: GameState;
  /** What the device shows: the server's state and this device's unsent actions. */
  state: GameState;
  outbox: OutboxItem[];
  /** The client id of the action being sent, if any. */
  sending: string | null;
  awaiting: AwaitingItem[];
  refused: RefusedItem[];
  /** The open pending events (the host decides them), oldest first. */
  pendingEvents: TableEvent[];
  /** Whether the last send reached the server. */
  reachable: boolean;
};

export interface LiveTableDeps {
  post: (body: { client_id: string; device_id: string; action: TableAction }) => Promise<TableActionAnswer>;
  deviceId: string;
  /** The signed-in user: the table's host acts as the host even from a seat of their own. */
  userId?: number | null;
  /** Where the outbox is kept (null: not kept, e.g. no storage). */
  storage?: Storage | null;
  now?: () => string;
  /** The server refused one of this device's actions (or the host rejected it): tell the player. */
  onRefused?: (item: RefusedItem) => void;
  /** An answer's event does not follow the device's last one: reload the table. */
  onResync?: () => void;
}

/** The outbox's localStorage key (not matching the one-phone setup's clean-up pattern). */
export const outboxKey = (tableId: number) => `staff-tables.outbox.${tableId}`;
/** The table as this device last held it, for a reload without network. */
export const tableKey = (tableId: number) => `staff-tables.table.${tableId}`;

/** The table this device last held, or null. */
export function loadStoredTable(tableId: number, storage: Storage | null): Table | null {
  try {
    const raw = storage?.getItem(tableKey(tableId));
    return raw ? (JSON.parse(raw) as Table) : null;
  } catch {
    return null;
  }
}

function stateOf(table: Table): GameState {
  const parsed = parseGameState(table.state);
  return parsed.ok ? parsed.state : (table.state as unknown as GameState);
}

const sameAction = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export type Receipt = 'applied' | 'old' | 'resync';

export class LiveTable {
  private snapshot: LiveTableSnapshot;
  private listeners = new Set<() => void>();
  /** The in-flight action whose event has already come by the stream (not shown twice). */
  private delivered: string | null = null;
  private running: Promise<void> | null = null;

  constructor(
    table: Table,
    private readonly deps: LiveTableDeps,
  ) {
    const kept = this.load(table.id);
    this.snapshot = {
      table,
      serverState: stateOf(table),
      state: stateOf(table),
      outbox: kept.outbox,
      sending: null,
      awaiting: kept.awaiting.filter((a) => table.pending.includes(a.seq)),
      refused: [],
      pendingEvents: [],
      reachable: true,
    };
    this.save();
    this.recompute();
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = () => this.snapshot;

  get isHost(): boolean {
    const { table } = this.snapshot;
    return table.your_seat === null || (this.deps.userId != null && table.host_id === this.deps.userId);
  }

  /** The player this device sits as, or null for the host. */
  get playerId(): string | null {
    const { table } = this.snapshot;
    return table.seats.find((s) => s.seat === table.your_seat)?.player_id ?? null;
  }

  /** Whether an action of this device will wait for the host's approval. */
  waitsForHost(action: TableAction): boolean {
    return this.snapshot.table.auditor && !this.isHost && needsApproval(action);
  }

  private set(patch: Partial<LiveTableSnapshot>) {
    this.snapshot = { ...this.snapshot, ...patch };
  }

  private emit() {
    for (const listener of this.listeners) listener();
  }

  /** The shown state: the server's, with the unsent actions that do not wait for the host on top. */
  private recompute() {
    let state = this.snapshot.serverState;
    for (const item of this.snapshot.outbox) {
      if (item.clientId === this.delivered || this.waitsForHost(item.action)) continue;
      const result = applyTableAction(state, item.action, item.at);
      if (result.ok) state = result.state;
    }
    this.set({ state });
  }

  private load(tableId: number): { outbox: OutboxItem[]; awaiting: AwaitingItem[] } {
    try {
      const raw = this.deps.storage?.getItem(outboxKey(tableId));
      if (!raw) return { outbox: [], awaiting: [] };
      const parsed = JSON.parse(raw) as { outbox?: OutboxItem[]; awaiting?: AwaitingItem[] };
      return { outbox: parsed.outbox ?? [], awaiting: parsed.awaiting ?? [] };
    } catch (error) {
      console.error('CashFlow: cannot read the table outbox', error);
      return { outbox: [], awaiting: [] };
    }
  }

  private save() {
    const { table, outbox, awaiting } = this.snapshot;
    try {
      this.keepOnlyThisTable(table.id);
      this.deps.storage?.setItem(tableKey(table.id), JSON.stringify(table));
      if (outbox.length === 0 && awaiting.length === 0) this.deps.storage?.removeItem(outboxKey(table.id));
      else this.deps.storage?.setItem(outboxKey(table.id), JSON.stringify({ outbox, awaiting }));
    } catch (error) {
      console.error('CashFlow: cannot store the table outbox', error);
    }
  }

  /**
   * One table's copy is kept, this one's: a game's state is tens of kilobytes, and copies of old tables
   * would fill the storage the one-phone game is saved in. Outboxes stay until they are sent.
   */
  private keepOnlyThisTable(tableId: number) {
    const storage = this.deps.storage;
    if (!storage) return;
    const stale: string[] = [];
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (key?.startsWith('staff-tables.table.') && key !== tableKey(tableId)) stale.push(key);
    }
    for (const key of stale) storage.removeItem(key);
  }

  /** The table as the server answered it (a load, a reload, a resync after a gap or a reconnect). */
  reset(table: Table) {
    if (table.seq < this.snapshot.table.seq) {
      // An answer older than the events already here: only its seats are news.
      this.set({ table: { ...this.snapshot.table, seats: table.seats, your_seat: table.your_seat } });
      this.emit();
      return;
    }
    const open = new Set(table.pending);
    this.set({
      table,
      serverState: stateOf(table),
      awaiting: this.snapshot.awaiting.filter((a) => open.has(a.seq)),
      pendingEvents: this.snapshot.pendingEvents.filter((e) => open.has(e.seq)),
    });
    this.save();
    this.recompute();
    this.emit();
  }

  /** Pending events read from the events page (those the host has not decided yet). */
  addPendingEvents(events: TableEvent[]) {
    const open = new Set(this.snapshot.table.pending);
    const known = new Set(this.snapshot.pendingEvents.map((e) => e.seq));
    const added = events.filter((e) => e.kind === 'pending' && open.has(e.seq) && !known.has(e.seq));
    if (added.length === 0) return;
    this.set({ pendingEvents: [...this.snapshot.pendingEvents, ...added].sort((a, b) => a.seq - b.seq) });
    this.emit();
  }

  /**
   * One event of the table. 'old' when the device already has it; 'resync' when one is missing
   * before it, or the engine here disagrees: the caller reloads the table.
   */
  receive(event: TableEvent): Receipt {
    const { table, serverState } = this.snapshot;
    if (event.seq <= table.seq) return 'old';
    if (event.seq !== table.seq + 1) return 'resync';
    let state = serverState;
    if (event.kind === 'action' || event.kind === 'approve') {
      const result = applyTableAction(state, event.action as TableAction, event.at);
      if (!result.ok) return 'resync';
      state = compactLog(result.state);
    }
    let { pendingEvents, awaiting, refused } = this.snapshot;
    let pending = table.pending;
    if (event.kind === 'pending') {
      pending = [...pending, event.seq];
      pendingEvents = [...pendingEvents, event];
    }
    if (event.ref_seq !== null) {
      pending = pending.filter((s) => s !== event.ref_seq);
      pendingEvents = pendingEvents.filter((e) => e.seq !== event.ref_seq);
      const mine = awaiting.find((a) => a.seq === event.ref_seq);
      if (mine) {
        awaiting = awaiting.filter((a) => a !== mine);
        if (event.kind === 'reject') {
          const item = { clientId: mine.clientId, action: mine.action, reason: REJECTED_BY_HOST };
          refused = [...refused, item];
          this.deps.onRefused?.(item);
        }
      }
    }
    // This device's action in flight, come back by the stream before its answer: shown once.
    const first = this.snapshot.outbox[0];
    if (
      first &&
      this.snapshot.sending === first.clientId &&
      event.device_id === this.deps.deviceId &&
      (event.kind === 'action' || event.kind === 'pending') &&
      sameAction(event.action, first.action)
    )
      this.delivered = first.clientId;
    const finished = state.finishedAt !== null;
    this.set({
      table: {
        ...table,
        seq: event.seq,
        pending,
        status: finished ? 'finished' : table.status,
        state: state as unknown as Table['state'],
      },
      serverState: state,
      pendingEvents,
      awaiting,
      refused,
    });
    this.save();
    this.recompute();
    this.emit();
    return 'applied';
  }

  /**
   * This device's action: checked here with the engine (and the seat's rules) against what the
   * device shows, then queued and sent. Answers the engine's result, as the one-phone dispatch does.
   */
  act(action: TableAction): { ok: true; state: GameState } | { ok: false; reason: string } {
    const { state, table } = this.snapshot;
    if (table.status !== 'open')
      return {
        ok: false,
        reason: table.status === 'closed' ? TABLE_MESSAGES.tableClosed : TABLE_MESSAGES.tableNotOpen,
      };
    const me = this.playerId;
    if (!this.isHost && seatPlayerOf(state, action) !== me)
      return { ok: false, reason: TABLE_MESSAGES.notYourSeat };
    const at = this.deps.now?.() ?? new Date().toISOString();
    const result = applyTableAction(state, action, at);
    if (!result.ok) return result;
    const item: OutboxItem = { clientId: newClientId(), action, at };
    this.set({ outbox: [...this.snapshot.outbox, item] });
    this.save();
    this.recompute();
    this.emit();
    void this.flush();
    return this.waitsForHost(action) ? { ok: true, state } : result;
  }

  /**
   * Undo: an unsent action of this device is simply taken out of the outbox; otherwise an undo naming
   * the last log entry the device shows is sent (refused if another device acted since).
   */
  undo(): { ok: true; state: GameState } | { ok: false; reason: string } {
    const { outbox, sending, state } = this.snapshot;
    const last = outbox.at(-1);
    if (last && last.clientId !== sending && !this.waitsForHost(last.action)) {
      this.set({ outbox: outbox.slice(0, -1) });
      this.save();
      this.recompute();
      this.emit();
      return { ok: true, state: this.snapshot.state };
    }
    const entry = state.log.at(-1);
    return this.act({ type: 'undo', logSeq: entry?.seq, logAt: entry?.at });
  }

  /** Sends the outbox in order, one at a time, until it is empty or the server cannot be reached. */
  flush(): Promise<void> {
    if (!this.running) this.running = this.sendAll().finally(() => (this.running = null));
    return this.running;
  }

  private async sendAll(): Promise<void> {
    try {
      for (;;) {
        const item = this.snapshot.outbox[0];
        if (!item) return;
        this.set({ sending: item.clientId });
        this.emit();
        let answer: TableActionAnswer;
        try {
          answer = await this.deps.post({
            client_id: item.clientId,
            device_id: this.deps.deviceId,
            action: item.action,
          });
        } catch (error) {
          // 401 is the sign-in's (the API client has refreshed it or sent the user to sign in) and 429
          // a throttle: the action is kept for later, like one without an answer.
          const status = error instanceof ApiError ? error.status : 0;
          if (status >= 400 && status < 500 && status !== 401 && status !== 429) {
            // Refused (the engine's reason, or the seat's): dropped from the outbox and shown.
            const refused = { ...item, reason: failureText(error, 'vi') };
            this.drop(item.clientId, { refused: [...this.snapshot.refused, refused] });
            this.deps.onRefused?.(refused);
            continue;
          }
          // No answer (offline) or a server failure: kept, sent again later under the same client id.
          this.set({ sending: null, reachable: false });
          this.emit();
          return;
        }
        const { event } = answer;
        const awaiting =
          event.kind === 'pending'
            ? [...this.snapshot.awaiting, { clientId: item.clientId, action: item.action, seq: event.seq }]
            : this.snapshot.awaiting;
        this.drop(item.clientId, { awaiting, reachable: true });
        // Applied here at once, unless the stream brought it first (or brings an earlier one later).
        if (this.receive(event) === 'resync') this.deps.onResync?.();
      }
    } finally {
      if (this.snapshot.sending !== null) {
        this.set({ sending: null });
        this.emit();
      }
    }
  }

  private drop(clientId: string, patch: Partial<LiveTableSnapshot>) {
    if (this.delivered === clientId) this.delivered = null;
    this.set({
      ...patch,
      outbox: this.snapshot.outbox.filter((i) => i.clientId !== clientId),
      sending: null,
    });
    this.save();
    this.recompute();
    this.emit();
  }

  dismissRefused(clientId: string) {
    this.set({ refused: this.snapshot.refused.filter((r) => r.clientId !== clientId) });
    this.emit();
  }
}

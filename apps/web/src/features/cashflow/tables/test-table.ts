// What the shared tables' tests share: a table as the server answers it (An and Bình, set up as the
// server sets them up), its events, and a stream the test writes server-sent events into.
import {
  applyAction,
  applyTableAction,
  compactLog,
  createInitialState,
  type GameState,
  type TableAction,
} from '@staff/cashflow-engine';
import type { Table, TableEvent } from '@staff/contracts';

const AT = '2026-11-29T20:00:00.000Z';

/** Bình (p1, Doanh nhân, $400 cash) plays first, then An (p2). */
export function setUpState(): GameState {
  const seated = applyAction(
    createInitialState(),
    {
      type: 'setupPlayers',
      players: [
        { name: 'An', diceSum: 5 },
        { name: 'Bình', diceSum: 9 },
      ],
    },
    AT,
  );
  if (!seated.ok) throw new Error(seated.reason);
  const dealt = applyAction(seated.state, { type: 'assignCareers' }, AT);
  if (!dealt.ok) throw new Error(dealt.reason);
  return compactLog(dealt.state);
}

export function testTable(overrides: Partial<Table> = {}): Table {
  const state = overrides.state ?? (setUpState() as unknown as Table['state']);
  const players = (state as unknown as GameState).players;
  return {
    id: 7,
    code: 'ABC234',
    // Not the signed-in test user (id 1): a seated player's screen is not the host's.
    host_id: 99,
    auditor: false,
    status: 'open',
    seq: 0,
    seats: players.map((p, seat) => ({
      seat,
      player_id: p.id,
      name: p.name,
      user_id: null,
      taken_by: null,
      guest_invited: false,
      state: 'waiting' as const,
    })),
    pending: [],
    your_seat: null,
    created_at: AT,
    updated_at: AT,
    ...overrides,
    state,
  };
}

/** An event as the server writes it. */
export function tableEvent(
  seq: number,
  action: TableAction,
  overrides: Partial<TableEvent> = {},
): TableEvent {
  return {
    seq,
    kind: 'action',
    action: action as unknown as TableEvent['action'],
    at: `2026-11-29T20:00:${String(seq).padStart(2, '0')}.000Z`,
    seat: null,
    user_id: 1,
    device_id: 'other-device',
    ref_seq: null,
    ...overrides,
  };
}

/** The state after applying `actions` as events 1, 2, … (as the server stores it). */
export function stateAfter(actions: TableAction[]): GameState {
  let state = setUpState();
  actions.forEach((action, i) => {
    const result = applyTableAction(state, action, tableEvent(i + 1, action).at);
    if (!result.ok) throw new Error(result.reason);
    state = compactLog(result.state);
  });
  return state;
}

/** A server-sent events body the test writes into, as the server's stream does. */
export function sseStream() {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  return {
    response: () => new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } }),
    send: (event: TableEvent) =>
      controller.enqueue(
        encoder.encode(`id: ${event.seq}\nevent: table\ndata: ${JSON.stringify(event)}\n\n`),
      ),
    raw: (text: string) => controller.enqueue(encoder.encode(text)),
    close: () => controller.close(),
    fail: () => controller.error(new TypeError('network error')),
  };
}

// The table as one device holds it: events applied with the engine, the outbox sent in order under
// client ids and kept through a reload, refusals, auditor mode's waits.
import { MESSAGES, type TableAction } from '@staff/cashflow-engine';
import { TABLE_MESSAGES, type TableActionAnswer } from '@staff/contracts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import {
  describeTableAction,
  LiveTable,
  type LiveTableDeps,
  loadStoredTable,
  outboxKey,
  REJECTED_BY_HOST,
  tableKey,
} from './live-table';
import { setUpState, stateAfter, tableEvent, testTable } from './test-table';

const players = setUpState().players;
const first = players[0] as (typeof players)[number];
const second = players[1] as (typeof players)[number];
const gift = (playerId: string, amount = 100): TableAction => ({
  type: 'receiveCash',
  playerId,
  name: 'Quà',
  amount,
});

type Post = LiveTableDeps['post'];

/** A server that accepts every action; `nextSeq` says which seq it gets (by default 1, 2, …). */
function answerWith(
  kind: 'action' | 'pending' = 'action',
  nextSeq?: () => number,
): { post: Post; bodies: Parameters<Post>[0][] } {
  const bodies: Parameters<Post>[0][] = [];
  let count = 0;
  const post: Post = async (body) => {
    bodies.push(body);
    count += 1;
    const seq = nextSeq?.() ?? count;
    return {
      event: tableEvent(seq, body.action, { kind, device_id: body.device_id }),
      seq,
    } as TableActionAnswer;
  };
  return { post, bodies };
}

beforeEach(() => localStorage.clear());

describe('describeTableAction', () => {
  it('says an undo in words, and the engine’s actions as the engine does', () => {
    expect(describeTableAction({ type: 'undo', logSeq: 3 })).toBe('Hoàn tác thao tác cuối');
    expect(describeTableAction({ type: 'nextTurn' })).toBe('Qua lượt');
  });
});

describe('events', () => {
  it('applies each event with the engine, ignores one it has, and asks for a reload after a gap', () => {
    const table = new LiveTable(testTable(), { post: vi.fn(), deviceId: 'me' });
    expect(table.receive(tableEvent(1, gift(first.id)))).toBe('applied');
    expect(table.getSnapshot().state.players[0]?.cash).toBe(first.cash + 100);
    expect(table.getSnapshot().table.seq).toBe(1);
    expect(table.receive(tableEvent(1, gift(first.id)))).toBe('old');
    expect(table.getSnapshot().state.players[0]?.cash).toBe(first.cash + 100);
    expect(table.receive(tableEvent(3, gift(first.id)))).toBe('resync');
    expect(table.getSnapshot().table.seq).toBe(1);
    // Undo by name, as the server runs it: the state goes back.
    const entry = table.getSnapshot().state.log.at(-1);
    table.receive(tableEvent(2, { type: 'undo', logSeq: entry?.seq, logAt: entry?.at }));
    expect(table.getSnapshot().state.players[0]?.cash).toBe(first.cash);
  });

  it('a reload takes the server’s table, but never an answer older than the events it has', () => {
    const table = new LiveTable(testTable(), { post: vi.fn(), deviceId: 'me' });
    table.receive(tableEvent(1, gift(first.id)));
    table.reset(testTable());
    expect(table.getSnapshot().table.seq).toBe(1);
    const two = stateAfter([gift(first.id), gift(first.id)]);
    table.reset(testTable({ seq: 2, state: two as never }));
    expect(table.getSnapshot().state.players[0]?.cash).toBe(first.cash + 200);
  });
});

describe('outbox', () => {
  it('keeps a copy of this table only, for a reload without network', () => {
    localStorage.setItem(tableKey(3), '{}');
    localStorage.setItem('cashflow.session', '{"kept":true}');
    const table = new LiveTable(testTable(), { post: vi.fn(), deviceId: 'me', storage: localStorage });
    table.receive(tableEvent(1, gift(first.id)));
    expect(localStorage.getItem(tableKey(3))).toBeNull();
    expect(localStorage.getItem('cashflow.session')).toBe('{"kept":true}');
    expect(loadStoredTable(7, localStorage)?.seq).toBe(1);
  });

  it('checks an action with the engine and the seat’s rules before queueing it', () => {
    const { post, bodies } = answerWith();
    const seated = new LiveTable(testTable({ your_seat: 1 }), { post, deviceId: 'me' });
    // Seat 1 is the second player: the first's card is not theirs.
    expect(seated.act(gift(first.id))).toEqual({ ok: false, reason: TABLE_MESSAGES.notYourSeat });
    expect(seated.act({ type: 'payDebt', playerId: second.id, name: 'Nợ không có' })).toEqual({
      ok: false,
      reason: MESSAGES.debtNotFound,
    });
    expect(bodies).toHaveLength(0);
  });

  it('shows an action at once, sends the queue in order under client ids, and applies each answer once', async () => {
    const { post, bodies } = answerWith();
    const table = new LiveTable(testTable(), { post, deviceId: 'me', storage: localStorage });
    table.act(gift(first.id, 100));
    table.act(gift(second.id, 50));
    expect(table.getSnapshot().state.players[1]?.cash).toBe(second.cash + 50);
    await table.flush();
    expect(bodies.map((b) => b.action)).toEqual([gift(first.id, 100), gift(second.id, 50)]);
    expect(new Set(bodies.map((b) => b.client_id)).size).toBe(2);
    expect(bodies.every((b) => b.device_id === 'me')).toBe(true);
    const after = table.getSnapshot();
    expect(after.outbox).toEqual([]);
    expect(after.table.seq).toBe(2);
    expect(after.state.players[0]?.cash).toBe(first.cash + 100);
    expect(after.state.players[1]?.cash).toBe(second.cash + 50);
    expect(localStorage.getItem(outboxKey(7))).toBeNull();
  });

  it('offline, keeps the actions (also through a reload) and resends them under the same client ids', async () => {
    const post = vi.fn<Post>(async () => {
      throw new TypeError('Failed to fetch');
    });
    const table = new LiveTable(testTable(), { post, deviceId: 'me', storage: localStorage });
    table.act(gift(first.id, 100));
    await table.flush();
    expect(table.getSnapshot().reachable).toBe(false);
    table.act(gift(first.id, 20));
    await table.flush();
    expect(table.getSnapshot().outbox).toHaveLength(2);
    expect(table.getSnapshot().state.players[0]?.cash).toBe(first.cash + 120);
    const ids = table.getSnapshot().outbox.map((i) => i.clientId);

    // The page reloads: the outbox comes back from storage and is sent in order.
    const { post: online, bodies } = answerWith();
    const reloaded = new LiveTable(testTable(), { post: online, deviceId: 'me', storage: localStorage });
    expect(reloaded.getSnapshot().state.players[0]?.cash).toBe(first.cash + 120);
    await reloaded.flush();
    expect(bodies.map((b) => b.client_id)).toEqual(ids);
    expect(reloaded.getSnapshot().state.players[0]?.cash).toBe(first.cash + 120);
    expect(reloaded.getSnapshot().reachable).toBe(true);
  });

  it('keeps an action whose answer is the sign-in’s 401 or a throttle', async () => {
    const post = vi.fn<Post>(async () => {
      throw new ApiError(401, { detail: 'Token expired.' });
    });
    const table = new LiveTable(testTable(), { post, deviceId: 'me' });
    table.act(gift(first.id, 100));
    await table.flush();
    expect(table.getSnapshot().outbox).toHaveLength(1);
    expect(table.getSnapshot().refused).toEqual([]);
  });

  it('an action the server refuses is dropped, shown with its reason, and the next one is still sent', async () => {
    const onRefused = vi.fn();
    const bodies: Parameters<Post>[0][] = [];
    const post: Post = async (body) => {
      bodies.push(body);
      if (bodies.length === 1)
        throw new ApiError(409, { detail: 'Không đủ tiền mặt.', code: 'action_refused' });
      return { event: tableEvent(1, body.action, { device_id: 'me' }), seq: 1 } as TableActionAnswer;
    };
    const table = new LiveTable(testTable(), { post, deviceId: 'me', onRefused });
    table.act(gift(first.id, 100));
    table.act(gift(second.id, 5));
    await table.flush();
    expect(onRefused).toHaveBeenCalledWith(expect.objectContaining({ reason: 'Không đủ tiền mặt.' }));
    const after = table.getSnapshot();
    expect(after.refused.map((r) => r.reason)).toEqual(['Không đủ tiền mặt.']);
    expect(after.state.players[0]?.cash).toBe(first.cash);
    expect(after.state.players[1]?.cash).toBe(second.cash + 5);
    expect(bodies).toHaveLength(2);
  });

  it('its own action coming back by the stream before the answer is shown once', async () => {
    let answer!: (a: TableActionAnswer) => void;
    const post: Post = () => new Promise((resolve) => (answer = resolve));
    const table = new LiveTable(testTable(), { post, deviceId: 'me' });
    table.act(gift(first.id, 100));
    const sent = table.flush();
    const event = tableEvent(1, gift(first.id, 100), { device_id: 'me' });
    table.receive(event);
    expect(table.getSnapshot().state.players[0]?.cash).toBe(first.cash + 100);
    answer({ event, seq: 1 });
    await sent;
    expect(table.getSnapshot().state.players[0]?.cash).toBe(first.cash + 100);
    expect(table.getSnapshot().outbox).toEqual([]);
  });

  it('undo takes an unsent action out of the queue', async () => {
    const post = vi.fn<Post>(async () => {
      throw new TypeError('Failed to fetch');
    });
    const table = new LiveTable(testTable(), { post, deviceId: 'me' });
    table.act(gift(first.id, 100));
    await table.flush();
    table.act(gift(first.id, 7));
    table.undo();
    expect(table.getSnapshot().outbox.map((i) => i.action)).toEqual([gift(first.id, 100)]);
    expect(table.getSnapshot().state.players[0]?.cash).toBe(first.cash + 100);
  });
});

describe('auditor mode', () => {
  it('a player’s money action waits for the host, and is applied when approved or dropped when rejected', async () => {
    let seq = 0;
    const { post } = answerWith('pending', () => seq + 1);
    const onRefused = vi.fn();
    const table: LiveTable = new LiveTable(testTable({ auditor: true, your_seat: 0 }), {
      post,
      deviceId: 'me',
      onRefused,
    });
    table.subscribe(() => {
      seq = table.getSnapshot().table.seq;
    });
    table.act(gift(first.id, 100));
    // Not shown as applied while it waits.
    expect(table.getSnapshot().state.players[0]?.cash).toBe(first.cash);
    await table.flush();
    expect(table.getSnapshot().awaiting).toHaveLength(1);
    expect(table.getSnapshot().table.pending).toEqual([1]);

    table.receive(tableEvent(2, gift(first.id, 100), { kind: 'approve', ref_seq: 1 }));
    expect(table.getSnapshot().awaiting).toEqual([]);
    expect(table.getSnapshot().state.players[0]?.cash).toBe(first.cash + 100);

    table.act(gift(first.id, 30));
    await table.flush();
    expect(table.getSnapshot().awaiting).toHaveLength(1);
    table.receive(tableEvent(4, gift(first.id, 30), { kind: 'reject', ref_seq: 3 }));
    expect(table.getSnapshot().awaiting).toEqual([]);
    expect(table.getSnapshot().state.players[0]?.cash).toBe(first.cash + 100);
    expect(onRefused).toHaveBeenCalledWith(expect.objectContaining({ reason: REJECTED_BY_HOST }));
  });

  it('the host never waits, even from a seat of their own', () => {
    const seatedHost = new LiveTable(testTable({ auditor: true, your_seat: 0, host_id: 3 }), {
      post: vi.fn(),
      deviceId: 'me',
      userId: 3,
    });
    expect(seatedHost.waitsForHost(gift(first.id))).toBe(false);
    const player = new LiveTable(testTable({ auditor: true, your_seat: 0, host_id: 3 }), {
      post: vi.fn(),
      deviceId: 'me',
      userId: 4,
    });
    expect(player.waitsForHost(gift(first.id))).toBe(true);
  });

  it('the host sees the pending actions to decide', () => {
    const table = new LiveTable(testTable({ auditor: true }), { post: vi.fn(), deviceId: 'me' });
    expect(table.waitsForHost(gift(first.id))).toBe(false);
    table.receive(tableEvent(1, gift(first.id, 100), { kind: 'pending', seat: 0 }));
    expect(table.getSnapshot().pendingEvents.map((e) => e.seq)).toEqual([1]);
    expect(table.getSnapshot().state.players[0]?.cash).toBe(first.cash);
  });
});

// The shared table's screens: starting one from the setup, the host's screen (code, QR, seats, every
// card, auditor approvals, finishing), joining by code, a player's screen (own card first, 'Chờ duyệt'),
// and a device that loses the network (unsent actions kept and sent in order, refusals shown).
import type { GameState } from '@staff/cashflow-engine';
import type { Table, TableEvent } from '@staff/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, type Handler, jsonResponse } from '../../../test/fake-api';
import { renderRoutes } from '../../../test/render';
import { signInAs } from '../../../test/session';
import { CashflowLayout } from '../components/cashflow-layout';
import { cashflowGuestRoutes, cashflowPages } from '../routes';
import { PENDING_KEY, SESSION_KEY } from '../storage';
import { guestTokenKey } from './guest-page';
import { outboxKey } from './live-table';
import { setUpState, sseStream, stateAfter, tableEvent, testTable } from './test-table';

const TABLE = '/api/cashflow/tables/7/';
const STREAM = `GET ${TABLE}stream/`;
const ACTIONS = `POST ${TABLE}actions/`;
const players = setUpState().players;
const binh = players[0] as (typeof players)[number];
const an = players[1] as (typeof players)[number];

function render(path: string) {
  return renderRoutes([{ element: <CashflowLayout />, children: cashflowPages }], path, {
    notifications: true,
  });
}

const card = (name: string) => screen.getByLabelText(`Người chơi ${name}`);

/** The server: the table, its stream (the test writes into it), and actions answered in order. */
function server(table: Table, routes: Record<string, Handler> = {}) {
  const stream = sseStream();
  let seq = table.seq;
  const api = fakeApi({
    [`GET ${TABLE}`]: () => jsonResponse(200, table),
    [STREAM]: () => stream.response(),
    [ACTIONS]: async ({ body }) => {
      const posted = JSON.parse(String(body));
      seq += 1;
      const kind = table.auditor && table.your_seat !== null ? 'pending' : 'action';
      return jsonResponse(201, {
        event: tableEvent(seq, posted.action, { kind, device_id: posted.device_id }),
        seq,
      });
    },
    ...routes,
  });
  /** Another device's event, written by the server and sent on the stream. */
  const push = (event: TableEvent) => {
    seq = event.seq;
    stream.send(event);
  };
  return { api, stream, push };
}

const posted = (api: ReturnType<typeof fakeApi>) =>
  api
    .callsTo(ACTIONS)
    .map((c) => JSON.parse(String(c.body)) as { client_id: string; action: { type: string } });

beforeEach(() => {
  localStorage.clear();
  signInAs('ndf');
});

describe('setup', () => {
  it('‘Chơi trên nhiều máy’ creates the same setup as a shared table and opens the host’s screen', async () => {
    const user = userEvent.setup({ delay: null });
    const { api } = server(testTable(), {
      'POST /api/cashflow/tables/': () => jsonResponse(201, testTable({ auditor: true })),
    });
    const { router } = render('/cashflow/setup');
    await user.type(await screen.findByLabelText('Tên người chơi 1'), 'An');
    await user.type(screen.getByLabelText('Tổng xúc xắc người chơi 1'), '5');
    await user.type(screen.getByLabelText('Tên người chơi 2'), 'Bình');
    await user.type(screen.getByLabelText('Tổng xúc xắc người chơi 2'), '9');
    await user.click(screen.getByRole('switch', { name: /Chế độ kiểm duyệt/ }));
    await user.click(screen.getByRole('button', { name: 'Chơi trên nhiều máy' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/cashflow/tables/7'));
    expect(JSON.parse(String(api.callsTo('POST /api/cashflow/tables/')[0]?.body))).toEqual({
      players: [
        { name: 'An', dice_sum: 5, user_id: null },
        { name: 'Bình', dice_sum: 9, user_id: null },
      ],
      auditor: true,
    });
    // The one-phone game is not touched.
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
    expect((await screen.findByTestId('table-code')).textContent).toBe('ABC234');
  });
});

describe('host', () => {
  it('shows the code, the join link’s QR code, the seats, every card, and follows the stream', async () => {
    const seats = testTable().seats.map((s, i) =>
      i === 1 ? { ...s, taken_by: 5, state: 'joined' as const } : s,
    );
    const { api, push } = server(testTable({ seats }));
    render('/cashflow/tables/7');
    expect((await screen.findByTestId('table-code')).textContent).toBe('ABC234');
    expect(screen.getByTitle('Mã QR để vào bàn ABC234')).toBeTruthy();
    expect(
      screen.getByText(
        'http://localhost:3000/cashflow/join?code=ABC234'.replace(
          'http://localhost:3000',
          window.location.origin,
        ),
      ),
    ).toBeTruthy();
    const seatList = within(screen.getByRole('list', { name: 'Ghế' }));
    expect(seatList.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      `${binh.name}Đang chờMời khách`,
      `${an.name}Đã vào`,
    ]);
    expect(card(binh.name)).toBeTruthy();
    expect(card(an.name)).toBeTruthy();
    await waitFor(() => expect(api.callsTo(STREAM)).toHaveLength(1));
    expect(api.callsTo(STREAM)[0]?.headers.get('Authorization')).toBe('Bearer token');

    // Another device's action arrives through the stream.
    push(tableEvent(1, { type: 'receiveCash', playerId: an.id, name: 'Quà', amount: 1000 }));
    await waitFor(() =>
      expect(within(card(an.name)).getByText(`$${(an.cash + 1000).toLocaleString('en-US')}`)).toBeTruthy(),
    );

    // The host acts for the player whose turn it is.
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Qua lượt' }));
    await waitFor(() => expect(posted(api).map((p) => p.action)).toEqual([{ type: 'nextTurn' }]));
    expect(posted(api)[0]?.client_id).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(await screen.findByRole('heading', { name: `Lượt của ${an.name}` })).toBeTruthy();
  });

  it('in auditor mode, approves and rejects the players’ pending actions', async () => {
    const pending = tableEvent(
      1,
      { type: 'receiveCash', playerId: an.id, name: 'Quà', amount: 500 },
      {
        kind: 'pending',
        seat: 1,
      },
    );
    const second = tableEvent(
      2,
      { type: 'payExpense', playerId: an.id, name: 'Sửa xe', amount: 100 },
      {
        kind: 'pending',
        seat: 1,
      },
    );
    const decisions: string[] = [];
    server(testTable({ auditor: true, seq: 2, pending: [1, 2] }), {
      [`GET ${TABLE}events/`]: () => jsonResponse(200, { seq: 2, events: [pending, second] }),
      [`POST ${TABLE}pending/1/approve/`]: () => {
        decisions.push('approve 1');
        return jsonResponse(201, {
          event: tableEvent(3, pending.action as never, { kind: 'approve', ref_seq: 1 }),
          seq: 3,
        });
      },
      [`POST ${TABLE}pending/2/reject/`]: () => {
        decisions.push('reject 2');
        return jsonResponse(201, {
          event: tableEvent(4, second.action as never, { kind: 'reject', ref_seq: 2 }),
          seq: 4,
        });
      },
    });
    const user = userEvent.setup({ delay: null });
    render('/cashflow/tables/7');
    const panel = within(await screen.findByRole('region', { name: 'Thao tác chờ duyệt' }));
    await panel.findByText(new RegExp(`${an.name}: .*Sửa xe`));
    const approve = panel.getAllByRole('button', { name: 'Duyệt' });
    await user.click(approve[0] as HTMLElement);
    await waitFor(() => expect(panel.getAllByRole('button', { name: 'Duyệt' })).toHaveLength(1));
    expect(within(card(an.name)).getByText(`$${(an.cash + 500).toLocaleString('en-US')}`)).toBeTruthy();
    await user.click(panel.getByRole('button', { name: 'Từ chối' }));
    expect(await panel.findByText('Không có thao tác nào chờ duyệt.')).toBeTruthy();
    expect(decisions).toEqual(['approve 1', 'reject 2']);
    expect(within(card(an.name)).getByText(`$${(an.cash + 500).toLocaleString('en-US')}`)).toBeTruthy();
  });

  it('finishing posts the finish to the table, then sends the result once with its _pending_ts', async () => {
    const { api } = server(testTable(), {
      'POST /api/cashflow/sessions/finalize/': () => jsonResponse(201, { id: 1 }),
    });
    const user = userEvent.setup({ delay: null });
    const { router } = render('/cashflow/tables/7');
    const panel = within(await screen.findByRole('region', { name: 'Kết thúc ván' }));
    await user.click(panel.getByRole('textbox', { name: 'Cách thắng' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Mua Ước mơ', hidden: true }));
    await user.click(panel.getByRole('textbox', { name: 'Người thắng' }));
    fireEvent.click(await screen.findByRole('option', { name: an.name, hidden: true }));
    await user.click(panel.getByRole('button', { name: 'Kết thúc & Gửi kết quả' }));
    await user.click(await screen.findByRole('button', { name: 'Kết thúc & Gửi' }));

    await waitFor(() => expect(api.callsTo('POST /api/cashflow/sessions/finalize/')).toHaveLength(1));
    const body = JSON.parse(String(api.callsTo('POST /api/cashflow/sessions/finalize/')[0]?.body));
    expect(typeof body._pending_ts).toBe('number');
    expect(body.winner_index).toBe(1);
    await waitFor(() => expect(posted(api).map((p) => p.action.type)).toEqual(['finishGame']));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cashflow'));
    expect(localStorage.getItem(PENDING_KEY)).toBeNull();
  });
});

describe('guest invites', () => {
  const TOKEN = `${'A'.repeat(20)}-_${'z9'.repeat(10)}Q`;
  const INVITE = `${TABLE}seats/0/invite/`;

  it('the host invites a guest to a free seat: its link and QR code show once; revoking asks the server', async () => {
    const seats = testTable().seats.map((s, i) =>
      i === 1 ? { ...s, taken_by: 5, state: 'offline' as const } : s,
    );
    let invited = false;
    const { api } = server(testTable({ seats }), {
      [`GET ${TABLE}`]: () =>
        jsonResponse(
          200,
          testTable({
            seats: seats.map((s, i) => (i === 0 && invited ? { ...s, guest_invited: true } : s)),
          }),
        ),
      [`POST ${INVITE}`]: () => {
        invited = true;
        return jsonResponse(201, { seat: 0, token: TOKEN });
      },
      [`DELETE ${INVITE}`]: () => {
        invited = false;
        return new Response(null, { status: 204 });
      },
    });
    const user = userEvent.setup({ delay: null });
    render('/cashflow/tables/7');
    const seatList = within(await screen.findByRole('list', { name: 'Ghế' }));
    // A seat taken by a user whose device went quiet is offline, and cannot be given to a guest.
    expect(seatList.getAllByRole('listitem')[1]?.textContent).toBe(`${an.name}Mất kết nối`);

    await user.click(seatList.getByRole('button', { name: `Mời khách: ${binh.name}` }));
    const panel = await screen.findByRole('region', { name: `Lời mời cho ${binh.name}` });
    expect(document.activeElement).toBe(panel);
    const invite = within(panel);
    expect(invite.getByTitle(`Mã QR mời khách vào ghế ${binh.name}`)).toBeTruthy();
    expect(invite.getByTestId('guest-link').textContent).toBe(
      `${window.location.origin}/cashflow/guest/7#${TOKEN}`,
    );
    expect(api.callsTo(`POST ${INVITE}`)).toHaveLength(1);
    await user.click(invite.getByRole('button', { name: 'Đóng lời mời' }));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: `Lời mời cho ${binh.name}` })).toBeNull(),
    );
    // The seat now says it is a guest's, and offers a new link or the revocation.
    expect(await seatList.findByText('Khách')).toBeTruthy();
    await user.click(seatList.getByRole('button', { name: `Thu hồi lời mời: ${binh.name}` }));
    await waitFor(() => expect(api.callsTo(`DELETE ${INVITE}`)).toHaveLength(1));
    await waitFor(() => expect(seatList.queryByText('Khách')).toBeNull());
    expect(seatList.getByRole('button', { name: `Mời khách: ${binh.name}` })).toBeTruthy();
  });

  function renderGuest(path: string) {
    return renderRoutes(cashflowGuestRoutes, path, { notifications: true });
  }

  it('a guest’s device plays with the link’s token, never a sign-in, and takes it out of the address', async () => {
    localStorage.clear(); // no sign-in on this device
    const { api } = server(testTable({ your_seat: 0 }));
    const user = userEvent.setup({ delay: null });
    const { router } = renderGuest(`/cashflow/guest/7#${TOKEN}`);
    const mine = within(await screen.findByLabelText(`Người chơi ${binh.name}`));
    expect(screen.getAllByLabelText(/^Người chơi /)[0]?.getAttribute('aria-label')).toBe(
      `Người chơi ${binh.name}`,
    );
    await waitFor(() => expect(router.state.location.hash).toBe(''));
    expect(localStorage.getItem(guestTokenKey(7))).toBe(TOKEN);
    await waitFor(() => expect(api.callsTo(STREAM)).toHaveLength(1));
    for (const call of [...api.callsTo(`GET ${TABLE}`), ...api.callsTo(STREAM)])
      expect(call.headers.get('Authorization')).toBe(`Guest ${TOKEN}`);

    // Bình's turn: the guest acts, with the token.
    await user.click(mine.getByRole('button', { name: 'Thêm một con' }));
    await waitFor(() => expect(api.callsTo(ACTIONS)).toHaveLength(1));
    expect(api.callsTo(ACTIONS)[0]?.headers.get('Authorization')).toBe(`Guest ${TOKEN}`);
    // A guest has no hall to go to.
    expect(screen.queryByRole('link', { name: 'Xem sảnh danh vọng' })).toBeNull();
  });

  it('a reload finds the token kept on the device; an ended invite says so; no token says the link is wrong', async () => {
    localStorage.setItem(guestTokenKey(7), TOKEN);
    server(testTable({ your_seat: 0 }), {
      [`GET ${TABLE}`]: () =>
        jsonResponse(401, {
          detail: 'Lời mời này không còn hiệu lực (chủ bàn đã thu hồi, hoặc ván đã kết thúc).',
          code: 'guest_token_invalid',
        }),
    });
    const first = renderGuest('/cashflow/guest/7');
    expect(
      await screen.findByText('Lời mời này không còn hiệu lực (chủ bàn đã thu hồi, hoặc ván đã kết thúc).'),
    ).toBeTruthy();
    first.unmount();
    localStorage.clear();
    renderGuest('/cashflow/guest/8');
    expect((await screen.findByRole('alert')).textContent).toContain('Liên kết mời không hợp lệ');
  });
});

describe('join', () => {
  it('takes the code from the link, offers the free seats, and opens the table once seated', async () => {
    const joins: unknown[] = [];
    const seats = testTable().seats.map((s, i) => (i === 0 ? { ...s, user_id: 99 } : s));
    server(testTable({ your_seat: 1 }), {
      'POST /api/cashflow/tables/join/': ({ body }) => {
        const request = JSON.parse(String(body));
        joins.push(request);
        return jsonResponse(200, {
          id: 7,
          code: 'ABC234',
          seats,
          your_seat: request.seat ?? null,
        });
      },
    });
    const user = userEvent.setup({ delay: null });
    const { router } = render('/cashflow/join?code=abc234');
    const choice = within(await screen.findByRole('region', { name: 'Chọn ghế' }));
    // The first seat is set up for another registered player.
    expect(choice.getByText('Dành cho người khác')).toBeTruthy();
    await user.click(choice.getByRole('button', { name: `Ngồi ghế ${an.name}` }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cashflow/tables/7'));
    expect(joins).toEqual([{ code: 'ABC234' }, { code: 'ABC234', seat: 1 }]);
  });

  it('upper-cases the typed code and keeps only the code’s letters; says when no table has it', async () => {
    fakeApi({
      'POST /api/cashflow/tables/join/': () =>
        jsonResponse(404, { detail: 'Không tìm thấy bàn với mã này.' }),
    });
    const user = userEvent.setup({ delay: null });
    render('/cashflow/join');
    const field = await screen.findByLabelText('Mã bàn');
    await user.type(field, 'ab0o1-c2d3e4');
    expect(field).toHaveProperty('value', 'ABC2D3');
    await user.click(screen.getByRole('button', { name: 'Tìm bàn' }));
    expect(await screen.findByText('Không tìm thấy bàn với mã này.')).toBeTruthy();
  });
});

describe('player', () => {
  it('shows their own card first, with its controls only on their turn, and the others as summaries', async () => {
    server(testTable({ your_seat: 1 }));
    render('/cashflow/tables/7');
    await screen.findByLabelText(`Người chơi ${an.name}`);
    expect(screen.getAllByLabelText(/^Người chơi /).map((c) => c.getAttribute('aria-label'))).toEqual([
      `Người chơi ${an.name}`,
      `Người chơi ${binh.name}`,
    ]);
    // Bình's turn: An's controls wait, and the turn's buttons too.
    expect(within(card(an.name)).getByRole('button', { name: 'Chọn thẻ' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Qua lượt' })).toHaveProperty('disabled', true);
    expect(within(card(binh.name)).getByRole('button', { name: `Chi tiết: ${binh.name}` })).toBeTruthy();
    expect(screen.queryByTestId('table-code')).toBeNull();
  });

  it('in auditor mode, shows ‘Chờ duyệt’ until the host decides', async () => {
    const state = stateAfter([{ type: 'nextTurn' }]);
    const { stream } = server(testTable({ your_seat: 1, auditor: true, seq: 1, state: state as never }));
    const user = userEvent.setup({ delay: null });
    render('/cashflow/tables/7');
    const mine = within(await screen.findByLabelText(`Người chơi ${an.name}`));
    await user.click(mine.getByRole('button', { name: 'Thêm một con' }));
    const own = within(await screen.findByRole('region', { name: 'Thao tác của bạn' }));
    expect(await own.findByText('Chờ duyệt')).toBeTruthy();
    // Not applied while it waits.
    expect(mine.getByText(/Con: 0/)).toBeTruthy();
    await waitFor(() => expect(own.queryByText('Chưa gửi')).toBeNull());
    stream.send(
      tableEvent(3, { type: 'addChildren', playerId: an.id, delta: 1 }, { kind: 'approve', ref_seq: 2 }),
    );
    await waitFor(() => expect(screen.queryByText('Chờ duyệt')).toBeNull());
    expect(mine.getByText(/Con: 1/)).toBeTruthy();
  });
});

describe('every device', () => {
  it('shows the result once the host finishes', async () => {
    const { push } = server(testTable({ your_seat: 1 }));
    render('/cashflow/tables/7');
    await screen.findByLabelText(`Người chơi ${an.name}`);
    push(tableEvent(1, { type: 'finishGame', winnerId: an.id, winMethod: 'DREAM' }));
    expect(await screen.findByText(`${an.name} thắng (Mua Ước mơ).`)).toBeTruthy();
    expect(screen.getByText('Ván đã kết thúc')).toBeTruthy();
    expect(within(card(an.name)).getByRole('button', { name: 'Chọn thẻ' })).toHaveProperty('disabled', true);
  });

  it('the table’s log says who did what, from which device, and who decided', async () => {
    const gift = { type: 'receiveCash', playerId: an.id, name: 'Quà', amount: 500 } as const;
    server(testTable({ seq: 2 }), {
      [`GET ${TABLE}events/`]: () =>
        jsonResponse(200, {
          seq: 2,
          events: [
            tableEvent(1, gift, { kind: 'pending', seat: 1, device_id: 'abcdef123' }),
            tableEvent(2, gift, { kind: 'approve', ref_seq: 1, device_id: null }),
          ],
        }),
    });
    const user = userEvent.setup({ delay: null });
    render('/cashflow/tables/7');
    const log = within(await screen.findByRole('region', { name: 'Nhật ký bàn' }));
    await user.click(log.getByRole('button', { name: /Nhật ký bàn/ }));
    const items = await log.findAllByRole('listitem');
    expect(items.map((li) => li.textContent?.replace(/^#\d+ \S+ /, ''))).toEqual([
      expect.stringMatching(/^Chủ bàn duyệt #1: /),
      expect.stringMatching(new RegExp(`^${an.name} \\(máy abcdef\\): .* · chờ duyệt$`)),
    ]);
  });
});

describe('offline', () => {
  it('a reload without network shows the table as this device last held it, with its unsent actions', async () => {
    const offline = async () => {
      throw new TypeError('Failed to fetch');
    };
    // Online first: the table is loaded and one action queued before the network goes.
    const first = server(
      testTable({ your_seat: 1, seq: 1, state: stateAfter([{ type: 'nextTurn' }]) as never }),
      {
        [ACTIONS]: offline,
      },
    );
    const user = userEvent.setup({ delay: null });
    const { unmount } = render('/cashflow/tables/7');
    const mine = within(await screen.findByLabelText(`Người chơi ${an.name}`));
    await user.click(mine.getByRole('button', { name: 'Thêm một con' }));
    await waitFor(() => expect(first.api.callsTo(ACTIONS)).toHaveLength(1));
    unmount();
    vi.unstubAllGlobals();

    fakeApi({ [`GET ${TABLE}`]: offline, [STREAM]: offline, [ACTIONS]: offline });
    render('/cashflow/tables/7');
    const again = within(await screen.findByLabelText(`Người chơi ${an.name}`));
    expect(again.getByText(/Con: 1/)).toBeTruthy();
    const own = within(screen.getByRole('region', { name: 'Thao tác của bạn' }));
    expect(own.getByText('Chưa gửi')).toBeTruthy();
    expect(await screen.findByText(/Mất kết nối với bàn chơi/)).toBeTruthy();
  });

  it('keeps its actions unsent, sends them in order when back online, and shows a refused one', async () => {
    const state: GameState = stateAfter([{ type: 'nextTurn' }]);
    let online = false;
    const bodies: { client_id: string; action: { type: string; delta?: number } }[] = [];
    server(testTable({ your_seat: 1, seq: 1, state: state as never }), {
      [ACTIONS]: async ({ body }) => {
        if (!online) throw new TypeError('Failed to fetch');
        const request = JSON.parse(String(body));
        bodies.push(request);
        if (bodies.length === 2)
          return jsonResponse(409, { detail: 'Lý do của engine.', code: 'action_refused' });
        return jsonResponse(201, {
          event: tableEvent(2, request.action, { device_id: request.device_id }),
          seq: 2,
        });
      },
    });
    const user = userEvent.setup({ delay: null });
    render('/cashflow/tables/7');
    const mine = within(await screen.findByLabelText(`Người chơi ${an.name}`));
    await user.click(mine.getByRole('button', { name: 'Thêm một con' }));
    await user.click(mine.getByRole('button', { name: 'Thêm một con' }));
    const own = within(await screen.findByRole('region', { name: 'Thao tác của bạn' }));
    await waitFor(() => expect(own.getAllByText('Chưa gửi')).toHaveLength(2));
    // Shown at once, and kept for a reload.
    expect(mine.getByText(/Con: 2/)).toBeTruthy();
    const kept = JSON.parse(localStorage.getItem(outboxKey(7)) ?? '{}');
    expect(kept.outbox).toHaveLength(2);

    online = true;
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies.map((b) => b.client_id)).toEqual(kept.outbox.map((i: { clientId: string }) => i.clientId));
    expect(await screen.findByText(/Lý do của engine\./)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Thao tác của bạn' })).toBeNull());
    expect(mine.getByText(/Con: 1/)).toBeTruthy();
    expect(localStorage.getItem(outboxKey(7))).toBeNull();
  });
});

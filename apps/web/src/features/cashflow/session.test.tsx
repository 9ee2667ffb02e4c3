// The session screen: the player card's controls, the card picker's checks, toasts, undo, and the
// finalize flow that never loses a result.
import { type GameState, MESSAGES } from '@staff/cashflow-engine';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, jsonResponse } from '../../test/fake-api';
import { PENDING_KEY, SESSION_KEY } from './storage';
import { findCompleteSession, game, renderSession, saved } from './test-session';

const card = (name: string) => screen.getByLabelText(`Người chơi ${name}`);

/** The Undo button and the reason it gives (its accessible description, also its tooltip). */
function undoButton(): { button: HTMLButtonElement; reason: string } {
  const button = screen.getByRole('button', { name: 'Hoàn tác' }) as HTMLButtonElement;
  const id = button.getAttribute('aria-describedby') ?? '';
  return { button, reason: document.getElementById(id)?.textContent ?? '' };
}

/** What the server answers for a stored game. */
const STORED = {
  id: 1,
  start_time: '2026-04-01T03:00:00.000Z',
  num_players: 2,
  win_type: 'DREAM',
  duration_seconds: 600,
  results: [],
};

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('first frame', () => {
  it('draws the current player first, then the other cards, then the log and the finishing panel', async () => {
    // Animation frames run when the test says: the frame the screen first asks for is "painted" here.
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    vi.stubGlobal('cancelAnimationFrame', () => {});
    localStorage.setItem(SESSION_KEY, JSON.stringify(game()));
    renderSession();
    await screen.findByLabelText('Người chơi Bình');
    await waitFor(() => expect(frames.length).toBeGreaterThan(0));
    // The turn bar holds whose turn it is, Cashday, next turn and Undo.
    expect(screen.getByRole('button', { name: 'Qua lượt' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Hoàn tác' })).toBeTruthy();
    expect(screen.queryByLabelText('Người chơi An')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Nhật ký ván chơi' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Kết thúc & Gửi kết quả' })).toBeNull();

    // The next frame: the other player's card, after the current one.
    for (const frame of frames.splice(0)) frame(performance.now());
    expect(await screen.findByLabelText('Người chơi An')).toBeTruthy();
    expect(screen.getAllByLabelText(/^Người chơi /).map((c) => c.getAttribute('aria-label'))).toEqual([
      'Người chơi Bình',
      'Người chơi An',
    ]);
    expect(screen.queryByRole('region', { name: 'Nhật ký ván chơi' })).toBeNull();

    // The one after: the game log and the finishing panel.
    await waitFor(() => expect(frames.length).toBeGreaterThan(0));
    for (const frame of frames.splice(0)) frame(performance.now());
    expect(await screen.findByRole('region', { name: 'Nhật ký ván chơi' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Kết thúc & Gửi kết quả' })).toBeTruthy();
  });
});

describe('player card', () => {
  it('enables controls only on the active player card', async () => {
    localStorage.setItem(SESSION_KEY, JSON.stringify(game()));
    renderSession();
    await findCompleteSession();
    const active = within(card('Bình'));
    const other = within(card('An'));
    expect(active.getByRole('button', { name: 'Chọn thẻ' })).toHaveProperty('disabled', false);
    expect(other.getByRole('button', { name: 'Chọn thẻ' })).toHaveProperty('disabled', true);
    expect(other.getByRole('button', { name: 'Thêm một con' })).toHaveProperty('disabled', true);
    expect(other.getByLabelText('Số tiền vay (bội số $1,000)')).toHaveProperty('disabled', true);
    expect(other.getByRole('group', { name: 'Điều khiển của An' })).toHaveProperty('disabled', true);
    expect(active.getByRole('group', { name: 'Điều khiển của Bình' })).toHaveProperty('disabled', false);
  });

  it('shows the starting debts and the income statement of the career', async () => {
    localStorage.setItem(SESSION_KEY, JSON.stringify(game()));
    renderSession();
    const bình = within(await screen.findByLabelText('Người chơi Bình'));
    expect(bình.getByText(/^Doanh nhân/)).toBeTruthy();
    expect(bình.getByRole('listitem', { name: 'Nợ Nợ mua nhà' })).toBeTruthy();
    const statement = within(bình.getByRole('group', { name: 'Thu nhập và chi phí' }));
    expect(statement.getAllByText('$4,600')).toHaveLength(2); // salary and total income
    expect(statement.getByText('$2,930')).toBeTruthy();
  });

  it('borrows in multiples of $1,000 and repays the loan in steps', async () => {
    localStorage.setItem(SESSION_KEY, JSON.stringify(game()));
    const user = userEvent.setup({ delay: null });
    renderSession();
    const bình = within(await screen.findByLabelText('Người chơi Bình'));
    await user.type(bình.getByLabelText('Số tiền vay (bội số $1,000)'), '2500');
    expect(bình.getByText('Sẽ vay $3,000')).toBeTruthy();
    await user.click(bình.getByRole('button', { name: 'Vay' }));
    expect(saved().players[0]?.cash).toBe(3400);
    expect(saved().players[0]?.liabilities.find((d) => d.name === 'Vay')).toMatchObject({
      balance: 3000,
      monthlyPayment: 300,
    });
    await user.type(bình.getByLabelText('Số tiền trả khoản Vay'), '1000');
    await user.click(bình.getByRole('button', { name: 'Trả' }));
    expect(saved().players[0]?.liabilities.find((d) => d.name === 'Vay')?.balance).toBe(2000);
    expect(saved().players[0]?.cash).toBe(2400);
  });

  it('counts children from 0 to 3 and undoes the last action', async () => {
    localStorage.setItem(SESSION_KEY, JSON.stringify(game()));
    const user = userEvent.setup({ delay: null });
    renderSession();
    const bình = within(await screen.findByLabelText('Người chơi Bình'));
    await findCompleteSession();
    // Right after setup there is nothing to undo: the setup itself is redone from the setup screen.
    expect(undoButton()).toMatchObject({ button: { disabled: true }, reason: MESSAGES.undoSetup });
    for (let i = 0; i < 3; i++) await user.click(bình.getByRole('button', { name: 'Thêm một con' }));
    expect(bình.getByText('Con: 3 / 3')).toBeTruthy();
    expect(bình.getByRole('button', { name: 'Thêm một con' })).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('button', { name: 'Hoàn tác' }));
    expect(bình.getByText('Con: 2 / 3')).toBeTruthy();
    expect(saved().players[0]?.babies).toBe(2);
  });
});

describe('on a phone', () => {
  /** The screen as a phone sees it: Mantine's `sm` breakpoint query matches. */
  function asPhone() {
    const real = window.matchMedia;
    vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({
      ...real(query),
      matches: query === '(max-width: 47.99em)',
    }));
  }
  afterEach(() => vi.restoreAllMocks());

  it('shows the other players as summaries that open, and the secondary parts closed', async () => {
    asPhone();
    localStorage.setItem(SESSION_KEY, JSON.stringify(game()));
    const user = userEvent.setup({ delay: null });
    renderSession();
    await findCompleteSession();
    const bình = within(card('Bình'));
    const an = within(card('An'));
    // An: name, career, cash, and what opens the rest.
    expect(an.getByText(/^Tài xế/)).toBeTruthy();
    expect(an.getByText('Tiền mặt')).toBeTruthy();
    expect(an.queryByRole('button', { name: 'Chọn thẻ' })).toBeNull();
    await user.click(an.getByRole('button', { name: 'Chi tiết: An' }));
    expect(an.getByRole('button', { name: 'Chi tiết: An' }).getAttribute('aria-expanded')).toBe('true');
    expect(an.getByRole('button', { name: 'Chọn thẻ' })).toHaveProperty('disabled', true);
    expect(an.getByRole('group', { name: 'Điều khiển của An' })).toHaveProperty('disabled', true);

    // Bình's debts and income statement start closed, with a summary, and open.
    expect(bình.getByRole('button', { name: 'Chọn thẻ' })).toHaveProperty('disabled', false);
    expect(bình.queryByRole('listitem', { name: 'Nợ Nợ mua nhà' })).toBeNull();
    const debts = bình.getByRole('button', { name: /^Nợ/ });
    expect(debts.getAttribute('aria-expanded')).toBe('false');
    expect(debts.textContent).toContain('5 khoản · trả $1,020 / vòng');
    await user.click(debts);
    expect(bình.getByRole('listitem', { name: 'Nợ Nợ mua nhà' })).toBeTruthy();
    expect(bình.queryByRole('group', { name: 'Thu nhập và chi phí' })).toBeNull();
    await user.click(bình.getByRole('button', { name: /^Thu nhập và chi phí/ }));
    expect(bình.getByRole('group', { name: 'Thu nhập và chi phí' })).toBeTruthy();

    // The log starts closed too; Undo is in the turn bar.
    const log = within(screen.getByRole('region', { name: 'Nhật ký ván chơi' }));
    expect(log.getByRole('button', { name: /^Nhật ký ván chơi/ }).getAttribute('aria-expanded')).toBe(
      'false',
    );
    expect(screen.getByRole('button', { name: 'Hoàn tác' })).toBeTruthy();
  });
});

describe('card picker', () => {
  it('buys a stock as its own line', async () => {
    localStorage.setItem(SESSION_KEY, JSON.stringify(game()));
    const user = userEvent.setup({ delay: null });
    renderSession();
    const bình = within(await screen.findByLabelText('Người chơi Bình'));
    await user.click(bình.getByRole('button', { name: 'Chọn thẻ' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Chọn thẻ' }));
    await user.click(dialog.getByRole('button', { name: 'Thẻ GRO4US' }));
    await user.type(dialog.getByLabelText('Số cổ phiếu'), '10');
    await user.click(dialog.getByRole('button', { name: 'Mua cổ phiếu' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Chọn thẻ' })).toBeNull());
    expect(bình.getByRole('listitem', { name: 'GRO4US (10 cp)' })).toBeTruthy();
    expect(saved().players[0]).toMatchObject({ cash: 300 });
  });

  it('blocks an asset short of its down payment until it is financed', async () => {
    localStorage.setItem(SESSION_KEY, JSON.stringify(game()));
    const user = userEvent.setup({ delay: null });
    renderSession();
    const bình = within(await screen.findByLabelText('Người chơi Bình'));
    await user.click(bình.getByRole('button', { name: 'Chọn thẻ' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Chọn thẻ' }));
    await user.click(dialog.getByRole('tab', { name: 'Tài sản & kinh doanh' }));
    await user.click(dialog.getByRole('button', { name: 'Thẻ CH32' }));
    expect(dialog.getByText('Tiền mặt hiện có không đủ. Hãy vay thêm trước khi mua.')).toBeTruthy();
    expect(dialog.getByRole('button', { name: 'Mua tài sản' })).toHaveProperty('disabled', true);
    await user.type(dialog.getByLabelText('Vay để trả trước (bội số $1,000)'), '2000');
    await user.click(dialog.getByRole('button', { name: 'Mua tài sản' }));
    const player = saved().players[0];
    expect(player?.cash).toBe(400);
    expect(player?.liabilities.find((d) => d.name === 'CH32 (Vay)')?.balance).toBe(2000);
    expect(player?.assets.map((a) => a.name)).toEqual(['CH32']);
  });

  it('refuses an expense that would make cash negative', async () => {
    localStorage.setItem(SESSION_KEY, JSON.stringify(game()));
    const user = userEvent.setup({ delay: null });
    renderSession();
    const bình = within(await screen.findByLabelText('Người chơi Bình'));
    await user.click(bình.getByRole('button', { name: 'Chọn thẻ' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Chọn thẻ' }));
    await user.click(dialog.getByRole('tab', { name: 'Chi phí' }));
    await user.click(dialog.getByRole('button', { name: 'Thẻ PH' }));
    expect(dialog.getByText('Tiền mặt hiện có không đủ để chi. Không thể trừ âm.')).toBeTruthy();
    expect(dialog.getByRole('button', { name: 'Chi tiền' })).toHaveProperty('disabled', true);
  });

  it('moves a player to the Fast Track with a toast when passive income covers expenses', async () => {
    localStorage.setItem(SESSION_KEY, JSON.stringify(game()));
    const user = userEvent.setup({ delay: null });
    renderSession();
    const bình = within(await screen.findByLabelText('Người chơi Bình'));
    await user.click(bình.getByRole('button', { name: 'Chọn thẻ' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Chọn thẻ' }));
    await user.click(dialog.getByRole('tab', { name: 'Thẻ tự nhập' }));
    await user.click(dialog.getByRole('radio', { name: 'Tài sản & kinh doanh' }));
    await user.type(dialog.getByLabelText(/Tên thẻ/), 'Chuỗi cà phê');
    await user.type(dialog.getByLabelText('Giá trị'), '0');
    await user.type(dialog.getByLabelText('Thu nhập mỗi vòng'), '2930');
    await user.click(dialog.getByRole('button', { name: 'Mua tài sản' }));
    expect(await screen.findByText('Bình đã thoát Rat Race và vào Fast Track.')).toBeTruthy();
    const player = saved().players[0];
    expect(player?.phase).toBe('fast');
    expect(player?.assets).toEqual([
      expect.objectContaining({
        name: 'Thu nhập Rat Race (Fast Track)',
        monthlyIncome: 293000,
        locked: true,
      }),
    ]);
    expect(bình.getByRole('listitem', { name: 'Thu nhập Rat Race (Fast Track)' })).toBeTruthy();
    expect(bình.queryByRole('button', { name: 'Bán' })).toBeNull();
  });
});

/** Bình in the Fast Track with the dream bought: the game's winner, by DREAM. */
function wonGame(): GameState {
  return game(
    { type: 'enterFastTrack', playerId: 'p1' },
    { type: 'setDream', playerId: 'p1', hasDream: true },
  );
}

async function finish(user: ReturnType<typeof userEvent.setup>) {
  // The finishing panel is drawn last, a painted frame after the cards and the log (decision 0022's
  // third pass): on a machine busy with other suites that has taken more than the default 5 s.
  const panel = await screen.findByRole('button', { name: 'Kết thúc & Gửi kết quả' }, { timeout: 15_000 });
  await user.click(panel);
  await user.click(await screen.findByRole('button', { name: 'Kết thúc & Gửi' }));
}

describe('finalize', () => {
  it('stores the result as pending, sends it, then resets and goes home', async () => {
    let pendingWhenSent: string | null = null;
    const api = fakeApi({
      'POST /api/cashflow/sessions/finalize/': () => {
        pendingWhenSent = localStorage.getItem(PENDING_KEY);
        return jsonResponse(201, STORED);
      },
    });
    localStorage.setItem(SESSION_KEY, JSON.stringify(wonGame()));
    const user = userEvent.setup({ delay: null });
    const { router } = renderSession();
    await finish(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/cashflow'));
    expect(await screen.findByText('Đã lưu kết quả ván chơi thành công!')).toBeTruthy();
    const body = JSON.parse(String(api.callsTo('POST /api/cashflow/sessions/finalize/')[0]?.body));
    expect(body).toMatchObject({ num_players: 2, win_type: 'DREAM', winner_index: 0 });
    expect(
      body.results.map((r: { guest_name: string; is_winner: boolean }) => [r.guest_name, r.is_winner]),
    ).toEqual([
      ['Bình', true],
      ['An', false],
    ]);
    expect(typeof body._pending_ts).toBe('number');
    expect(JSON.parse(pendingWhenSent ?? '{}')._pending_ts).toBe(body._pending_ts);
    expect(localStorage.getItem(PENDING_KEY)).toBeNull();
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
  });

  it('keeps the result on failure and resends it from the banner with the same key', async () => {
    let answer = jsonResponse(503, { detail: 'Máy chủ đang bảo trì.' });
    const api = fakeApi({ 'POST /api/cashflow/sessions/finalize/': () => answer });
    localStorage.setItem(SESSION_KEY, JSON.stringify(wonGame()));
    const user = userEvent.setup({ delay: null });
    renderSession();
    await finish(user);
    expect(await screen.findByText('Máy chủ đang bảo trì.')).toBeTruthy();
    expect(screen.getByText('Có kết quả ván chơi chưa gửi')).toBeTruthy();
    const pending = JSON.parse(localStorage.getItem(PENDING_KEY) ?? '{}');
    expect(pending.win_type).toBe('DREAM');

    answer = jsonResponse(200, STORED);
    await user.click(screen.getByRole('button', { name: 'Gửi lại ngay' }));
    expect(await screen.findByText('Đã khôi phục và lưu kết quả ván chơi thành công!')).toBeTruthy();
    const sent = api
      .callsTo('POST /api/cashflow/sessions/finalize/')
      .map((c) => JSON.parse(String(c.body))._pending_ts);
    expect(sent).toEqual([pending._pending_ts, pending._pending_ts]);
    expect(localStorage.getItem(PENDING_KEY)).toBeNull();
  });

  it('says the default message when the network fails, and hides the banner on Ẩn', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    localStorage.setItem(SESSION_KEY, JSON.stringify(wonGame()));
    const user = userEvent.setup({ delay: null });
    renderSession();
    await finish(user);
    expect(
      await screen.findByText(
        'Gửi thất bại. Kết quả đã được lưu tạm thời trên máy, bạn có thể thử gửi lại. (Failed to fetch)',
      ),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Ẩn' }));
    expect(screen.queryByText('Có kết quả ván chơi chưa gửi')).toBeNull();
    expect(localStorage.getItem(PENDING_KEY)).not.toBeNull();
  });

  it('resends a pending result by itself when there is no game, and says so when it fails', async () => {
    const pending = {
      num_players: 1,
      start_time: '2026-01-01T00:00:00Z',
      end_time: '2026-01-01T01:00:00Z',
      win_type: 'DREAM',
      winner_index: 0,
      results: [],
      _pending_ts: 42,
    };
    localStorage.setItem(PENDING_KEY, JSON.stringify(pending));
    const api = fakeApi({
      'POST /api/cashflow/sessions/finalize/': () => new Response(null, { status: 502 }),
    });
    renderSession();
    expect(
      await screen.findByText('Khôi phục gửi thất bại. Vui lòng thử lại. (Request failed with status 502)'),
    ).toBeTruthy();
    expect(api.callsTo('POST /api/cashflow/sessions/finalize/')).toHaveLength(1);
    expect(localStorage.getItem(PENDING_KEY)).not.toBeNull();
  });

  it('resends when the browser comes back online', async () => {
    const pending = {
      num_players: 1,
      start_time: '2026-01-01T00:00:00Z',
      end_time: '2026-01-01T01:00:00Z',
      win_type: 'DREAM',
      winner_index: 0,
      results: [],
      _pending_ts: 43,
    };
    localStorage.setItem(SESSION_KEY, JSON.stringify(game()));
    localStorage.setItem(PENDING_KEY, JSON.stringify(pending));
    const api = fakeApi({ 'POST /api/cashflow/sessions/finalize/': () => jsonResponse(200, STORED) });
    renderSession();
    expect(await screen.findByText('Có kết quả ván chơi chưa gửi')).toBeTruthy();
    expect(api.callsTo('POST /api/cashflow/sessions/finalize/')).toHaveLength(0);
    window.dispatchEvent(new Event('online'));
    expect(await screen.findByText('Đã khôi phục và lưu kết quả ván chơi thành công!')).toBeTruthy();
    expect(localStorage.getItem(PENDING_KEY)).toBeNull();
    expect(saved().players).toHaveLength(2);
  });

  it('disables Undo once the first winner is found; the finishing panel names the winner', async () => {
    localStorage.setItem(SESSION_KEY, JSON.stringify(wonGame()));
    renderSession();
    await findCompleteSession();
    expect(undoButton()).toMatchObject({ button: { disabled: true }, reason: MESSAGES.undoFirstWinner });
    expect(screen.getByRole('button', { name: 'Kết thúc & Gửi kết quả' })).toHaveProperty('disabled', false);
  });

  it('asks again before naming a winner who has met no win condition', async () => {
    const api = fakeApi({ 'POST /api/cashflow/sessions/finalize/': () => jsonResponse(201, STORED) });
    // Nobody won in play: Bình is in the Rat Race with $100 of passive income.
    localStorage.setItem(
      SESSION_KEY,
      JSON.stringify(
        game({ type: 'addAsset', playerId: 'p1', name: 'Nhà', cost: 0, monthlyIncome: 100, downPayment: 0 }),
      ),
    );
    const user = userEvent.setup({ delay: null });
    renderSession();
    await findCompleteSession();
    const panel = within(screen.getByRole('region', { name: 'Kết thúc ván' }));
    await user.click(panel.getByRole('textbox', { name: 'Cách thắng' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Đủ thu nhập bị động', hidden: true }));
    await user.click(panel.getByRole('textbox', { name: 'Người thắng' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Bình', hidden: true }));
    await user.click(panel.getByRole('button', { name: 'Kết thúc & Gửi kết quả' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Kết thúc ván?' }));
    expect(dialog.getByText('Bình chưa đạt điều kiện thắng. Vẫn kết thúc?')).toBeTruthy();
    // 'Chơi tiếp' goes back to the game; nothing is sent.
    await user.click(dialog.getByRole('button', { name: 'Chơi tiếp' }));
    expect(api.callsTo('POST /api/cashflow/sessions/finalize/')).toHaveLength(0);
    expect(saved().finishedAt).toBeNull();
  });

  it('does not ask again when the winner has won in play', async () => {
    localStorage.setItem(SESSION_KEY, JSON.stringify(wonGame()));
    const user = userEvent.setup({ delay: null });
    renderSession();
    await user.click(await screen.findByRole('button', { name: 'Kết thúc & Gửi kết quả' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Kết thúc ván?' }));
    expect(dialog.getByText(/Bình thắng \(Mua Ước mơ\)/)).toBeTruthy();
    expect(dialog.queryByText(/chưa đạt điều kiện thắng/)).toBeNull();
  });

  it('takes any 2xx answer as stored, even one that is not JSON', async () => {
    fakeApi({
      'POST /api/cashflow/sessions/finalize/': () =>
        new Response('<html>OK</html>', { status: 201, headers: { 'Content-Type': 'text/html' } }),
    });
    localStorage.setItem(SESSION_KEY, JSON.stringify(wonGame()));
    const user = userEvent.setup({ delay: null });
    const { router } = renderSession();
    await finish(user);
    expect(await screen.findByText('Đã lưu kết quả ván chơi thành công!')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/cashflow'));
    expect(localStorage.getItem(PENDING_KEY)).toBeNull();
  });

  it('offers nothing after a finish that could send the game under a second key', async () => {
    // The server may have stored the game; the browser only saw the connection drop.
    let online = false;
    const api = fakeApi({
      'POST /api/cashflow/sessions/finalize/': () => {
        if (!online) throw new TypeError('Failed to fetch');
        return jsonResponse(200, STORED);
      },
    });
    localStorage.setItem(SESSION_KEY, JSON.stringify(wonGame()));
    const user = userEvent.setup({ delay: null });
    const first = renderSession();
    await finish(user);
    expect(await screen.findByText('Có kết quả ván chơi chưa gửi')).toBeTruthy();
    const key = JSON.parse(localStorage.getItem(PENDING_KEY) ?? '{}')._pending_ts;
    expect(typeof key).toBe('number');

    // No Undo, no second finish, no turn controls, no new game while the result waits.
    expect(undoButton()).toMatchObject({ button: { disabled: true }, reason: MESSAGES.undoAfterFinish });
    expect(screen.queryByRole('button', { name: 'Kết thúc & Gửi kết quả' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Bắt đầu ván mới' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Qua ngày (Cashday)' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Qua lượt' })).toHaveProperty('disabled', true);

    // 'Ẩn', then a reload: the banner is back with the same stored result.
    await user.click(screen.getByRole('button', { name: 'Ẩn' }));
    first.unmount();
    renderSession();
    expect(await screen.findByText('Có kết quả ván chơi chưa gửi')).toBeTruthy();
    await findCompleteSession();
    expect(undoButton().button.disabled).toBe(true);

    online = true;
    await user.click(screen.getByRole('button', { name: 'Gửi lại ngay' }));
    expect(await screen.findByText('Đã khôi phục và lưu kết quả ván chơi thành công!')).toBeTruthy();
    const keys = api
      .callsTo('POST /api/cashflow/sessions/finalize/')
      .map((c) => JSON.parse(String(c.body))._pending_ts);
    expect(keys).toEqual([key, key]);
    expect(localStorage.getItem(PENDING_KEY)).toBeNull();
  });

  it('does not finish another game while a result waits: that would overwrite it, or send one game twice', async () => {
    const waiting = {
      num_players: 1,
      start_time: '2026-01-01T00:00:00Z',
      end_time: '2026-01-01T01:00:00Z',
      win_type: 'DREAM',
      winner_index: 0,
      results: [],
      _pending_ts: 44,
    };
    localStorage.setItem(SESSION_KEY, JSON.stringify(wonGame()));
    const api = fakeApi({ 'POST /api/cashflow/sessions/finalize/': () => jsonResponse(200, STORED) });
    const user = userEvent.setup({ delay: null });
    renderSession();
    await screen.findByLabelText('Người chơi Bình');
    // Another tab (or an earlier game) stores its pending result after this screen opened.
    localStorage.setItem(PENDING_KEY, JSON.stringify(waiting));
    await finish(user);
    expect(
      await screen.findByText(
        'Còn một kết quả ván chơi chưa gửi. Hãy gửi lại kết quả đó trước khi kết thúc ván này.',
      ),
    ).toBeTruthy();
    expect(api.callsTo('POST /api/cashflow/sessions/finalize/')).toHaveLength(0);
    expect(JSON.parse(localStorage.getItem(PENDING_KEY) ?? '{}')._pending_ts).toBe(44);
    expect(saved().finishedAt).toBeNull();
  });
});

import { applyAction, createInitialState, type GameState } from '@staff/cashflow-engine';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, jsonResponse } from '../../test/fake-api';
import { renderRoutes } from '../../test/render';
import { CashflowLayout } from './components/cashflow-layout';
import { useGame } from './game-provider';
import { cashflowPages } from './routes';
import { PENDING_KEY, SESSION_KEY } from './storage';

function renderCashflow(path: string) {
  return renderRoutes([{ element: <CashflowLayout />, children: cashflowPages }], path);
}

function savedGame(): GameState {
  const result = applyAction(createInitialState(), {
    type: 'setupPlayers',
    players: [
      { name: 'An', diceSum: 5 },
      { name: 'Bình', diceSum: 9 },
    ],
  });
  if (!result.ok) throw new Error(result.reason);
  return result.state;
}

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

function Probe() {
  useGame();
  return null;
}

describe('useGame', () => {
  it('throws outside the provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Probe />)).toThrow('useGame must be used within GameProvider');
  });
});

describe('saved game', () => {
  it('is restored on start', async () => {
    localStorage.setItem(SESSION_KEY, JSON.stringify(savedGame()));
    renderCashflow('/cashflow/session');
    expect(await screen.findByText('Lượt của Bình')).toBeTruthy();
    // The current player's card comes first; the others follow once that first frame is painted.
    expect(await screen.findByLabelText('Người chơi An')).toBeTruthy();
    const cards = screen.getAllByLabelText(/^Người chơi /);
    expect(cards.map((c) => c.getAttribute('aria-label'))).toEqual(['Người chơi Bình', 'Người chơi An']);
  });

  it('rotates the cards after Qua lượt and saves the change', async () => {
    localStorage.setItem(SESSION_KEY, JSON.stringify(savedGame()));
    renderCashflow('/cashflow/session');
    await userEvent.click(await screen.findByRole('button', { name: 'Qua lượt' }));
    expect(await screen.findByText('Lượt của An')).toBeTruthy();
    expect(screen.getAllByLabelText(/^Người chơi /)[0]?.getAttribute('aria-label')).toBe('Người chơi An');
    expect(JSON.parse(localStorage.getItem(SESSION_KEY) ?? '{}').currentTurn).toBe(1);
  });

  it('reports a corrupt saved state instead of crashing', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    localStorage.setItem(SESSION_KEY, '{"version":1,"players":"oops"');
    renderCashflow('/cashflow/session');
    expect(await screen.findByText('Không khôi phục được ván đã lưu')).toBeTruthy();
    expect(screen.getByText('Chưa có ván nào đang chơi')).toBeTruthy();
  });

  it('reports an older saved state', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    localStorage.setItem(SESSION_KEY, JSON.stringify({ ...savedGame(), version: 0 }));
    renderCashflow('/cashflow');
    expect(await screen.findByText('Không khôi phục được ván đã lưu')).toBeTruthy();
  });
});

describe('home', () => {
  it('disables continue without a saved game', async () => {
    renderCashflow('/cashflow');
    expect(await screen.findByRole('button', { name: 'Tiếp tục ván đã lưu' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(screen.getByText('Chưa có ván nào trong LocalStorage')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Bắt đầu ván mới' })?.getAttribute('href')).toBe(
      '/cashflow/setup',
    );
    expect(screen.getByRole('link', { name: 'Lịch sử & kết quả' })?.getAttribute('href')).toBe(
      '/cashflow/hall',
    );
  });

  it('offers to continue a saved game with its player count and turn', async () => {
    localStorage.setItem(SESSION_KEY, JSON.stringify(savedGame()));
    renderCashflow('/cashflow/game');
    expect((await screen.findByRole('link', { name: 'Tiếp tục ván đã lưu' })).getAttribute('href')).toBe(
      '/cashflow/session',
    );
    expect(screen.getByText('2 người chơi · Lượt của Bình')).toBeTruthy();
  });
});

describe('setup', () => {
  it('enables Bắt đầu ván only when valid, then orders by roll with ties by name', async () => {
    const user = userEvent.setup({ delay: null });
    const { router } = renderCashflow('/cashflow/setup');
    const start = await screen.findByRole('button', { name: 'Bắt đầu ván' });
    expect(start).toHaveProperty('disabled', true);

    await user.click(screen.getByRole('radio', { name: '3' }));
    await user.type(screen.getByLabelText('Tên người chơi 1'), 'Chi');
    await user.type(screen.getByLabelText('Tổng xúc xắc người chơi 1'), '7');
    await user.type(screen.getByLabelText('Tên người chơi 2'), 'Bảo');
    await user.type(screen.getByLabelText('Tổng xúc xắc người chơi 2'), '11');
    await user.type(screen.getByLabelText('Tên người chơi 3'), '   ');
    await user.type(screen.getByLabelText('Tổng xúc xắc người chơi 3'), '7');
    expect(start).toHaveProperty('disabled', true);
    await user.clear(screen.getByLabelText('Tên người chơi 3'));
    await user.type(screen.getByLabelText('Tên người chơi 3'), 'An');
    expect(start).toHaveProperty('disabled', false);

    await user.click(start);
    await waitFor(() => expect(router.state.location.pathname).toBe('/cashflow/session'));
    const saved = JSON.parse(localStorage.getItem(SESSION_KEY) ?? '{}') as GameState;
    expect(saved.players.map((p) => [p.name, p.orderRoll])).toEqual([
      ['Bảo', 11],
      ['An', 7],
      ['Chi', 7],
    ]);
    expect(saved.players[0]?.career).toBe('Luật sư');
    expect(await screen.findByText('Lượt của Bảo')).toBeTruthy();
  });

  it('searches users and picks one for a player', async () => {
    const api = fakeApi({
      'GET /api/users/search/': (req) =>
        jsonResponse(200, req.url.searchParams.get('q') === 'lan' ? [{ id: 4, display_name: 'Lan' }] : []),
    });
    const user = userEvent.setup({ delay: null });
    renderCashflow('/cashflow/setup');
    const guests = await screen.findAllByRole('checkbox', { name: 'Khách' });
    await user.click(guests[0] as HTMLElement);
    const search = screen.getByLabelText('Người dùng cho người chơi 1');
    await user.type(search, 'zz');
    expect(await screen.findByText('Không có kết quả')).toBeTruthy();
    await user.clear(search);
    await user.type(search, 'lan');
    await user.click(await screen.findByRole('button', { name: 'Lan' }));
    expect(screen.getByLabelText('Tên người chơi 1')).toHaveProperty('value', 'Lan');
    expect(api.callsTo('GET /api/users/search/').at(-1)?.url.searchParams.get('limit')).toBe('10');
    await user.click(screen.getByRole('button', { name: 'Xóa' }));
    expect(screen.getByLabelText('Người dùng cho người chơi 1')).toBeTruthy();
  });

  it('says the search failed when the answer is not the users search shape', async () => {
    // {results: [...]} is a page, not what GET /api/users/search/ answers (a plain array).
    fakeApi({
      'GET /api/users/search/': () => jsonResponse(200, { results: [{ id: 4, display_name: 'Lan' }] }),
    });
    const user = userEvent.setup({ delay: null });
    renderCashflow('/cashflow/setup');
    const guests = await screen.findAllByRole('checkbox', { name: 'Khách' });
    await user.click(guests[0] as HTMLElement);
    await user.type(screen.getByLabelText('Người dùng cho người chơi 1'), 'lan');
    expect(await screen.findByText('Không tìm được người dùng.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Lan' })).toBeNull();
  });

  it('rolls two dice for everyone', async () => {
    const user = userEvent.setup({ delay: null });
    renderCashflow('/cashflow/setup');
    await user.click(await screen.findByRole('button', { name: 'Tung xúc xắc cho tất cả' }));
    for (const n of [1, 2]) {
      const value = Number((screen.getByLabelText(`Tổng xúc xắc người chơi ${n}`) as HTMLInputElement).value);
      expect(value).toBeGreaterThanOrEqual(2);
      expect(value).toBeLessThanOrEqual(12);
    }
  });

  it('clears old game data but keeps the pending result', async () => {
    localStorage.setItem('cf_state', '{}');
    localStorage.setItem('old_game_state', '{}');
    localStorage.setItem(PENDING_KEY, '{"num_players":1}');
    localStorage.setItem('unrelated', 'keep');
    const user = userEvent.setup({ delay: null });
    const { router } = renderCashflow('/cashflow/setup');
    await user.click(await screen.findByRole('radio', { name: '1' }));
    await user.type(screen.getByLabelText('Tên người chơi 1'), 'An');
    await user.type(screen.getByLabelText('Tổng xúc xắc người chơi 1'), '2');
    await user.click(screen.getByRole('button', { name: 'Bắt đầu ván' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cashflow/session'));
    expect(localStorage.getItem('cf_state')).toBeNull();
    expect(localStorage.getItem('old_game_state')).toBeNull();
    expect(localStorage.getItem(PENDING_KEY)).toBe('{"num_players":1}');
    expect(localStorage.getItem('unrelated')).toBe('keep');
    expect(localStorage.getItem(SESSION_KEY)).not.toBeNull();
  });
});

describe('session', () => {
  it('offers setup when there is no game', async () => {
    renderCashflow('/cashflow/session');
    expect(await screen.findByText('Chưa có ván nào đang chơi')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Thiết lập ván chơi' }).getAttribute('href')).toBe(
      '/cashflow/setup',
    );
  });

  it('says a finished game is over and stops its turn buttons', async () => {
    localStorage.setItem(
      SESSION_KEY,
      JSON.stringify({ ...savedGame(), finishedAt: '2026-01-01T00:00:00.000Z' }),
    );
    renderCashflow('/cashflow/session');
    expect(await screen.findByText('Ván chơi đã kết thúc.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Qua ngày (Cashday)' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Qua lượt' })).toHaveProperty('disabled', true);
  });

  it('pays the current player on Cashday and shows dollars', async () => {
    const game = savedGame();
    localStorage.setItem(SESSION_KEY, JSON.stringify(game));
    const bình = game.players[0];
    const user = userEvent.setup({ delay: null });
    renderCashflow('/cashflow/session');
    await user.click(await screen.findByRole('button', { name: 'Qua ngày (Cashday)' }));
    const saved = JSON.parse(localStorage.getItem(SESSION_KEY) ?? '{}') as GameState;
    expect(saved.players[0]?.cash).toBeGreaterThan(bình?.cash ?? 0);
    const cash = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: 'USD',
      maximumFractionDigits: 0,
    }).format(saved.players[0]?.cash ?? 0);
    expect(screen.getAllByText(cash).length).toBeGreaterThan(0);
  });
});

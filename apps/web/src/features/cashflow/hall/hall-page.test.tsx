import type { FinishedSession, FinishedSessionPage } from '@staff/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, jsonResponse } from '../../../test/fake-api';
import { renderRoutes } from '../../../test/render';
import { CashflowLayout } from '../components/cashflow-layout';
import { cashflowPages } from '../routes';
import { formatStart } from './hall-format';

const SESSIONS = 'GET /api/cashflow/sessions/';
const LEADERBOARD = 'GET /api/cashflow/leaderboard/';
const EMPTY_BOARD = { users: [], guests: [], total_games: 0, avg_game_duration_minutes: 0 };

afterEach(() => vi.unstubAllGlobals());

function renderHall() {
  return renderRoutes([{ element: <CashflowLayout />, children: cashflowPages }], '/cashflow/hall');
}

function session(id: number, over: Partial<FinishedSession> = {}): FinishedSession {
  return {
    id,
    start_time: '2026-04-01T03:00:00.000Z',
    num_players: 2,
    win_type: 'PASSIVE_INCOME_FAST',
    duration_seconds: 5430,
    results: [
      {
        id: id * 10,
        display_name: 'Nguyễn An',
        career: 'Kỹ sư',
        is_winner: false,
        passive_income: 1200,
        expenses: 3190,
        cash_on_hand_end: 15000,
        escaped_ratrace: false,
      },
      {
        id: id * 10 + 1,
        display_name: 'Bình khách',
        career: 'Luật sư',
        is_winner: true,
        passive_income: 52000,
        expenses: 0,
        cash_on_hand_end: 250000,
        escaped_ratrace: true,
      },
    ],
    ...over,
  };
}

function page(results: FinishedSession[], count = results.length): FinishedSessionPage {
  return { count, next: null, previous: null, results };
}

describe('hall', () => {
  it('lists finished games and opens one into a card per player with money in dong', async () => {
    fakeApi({
      [SESSIONS]: () =>
        jsonResponse(200, page([session(1), session(2, { win_type: 'DREAM', num_players: 2 })])),
      [LEADERBOARD]: () => jsonResponse(200, EMPTY_BOARD),
    });
    renderHall();
    expect(await screen.findByRole('heading', { name: 'Lịch sử ván chơi' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Lịch sử ván chơi' });
    const rows = within(table).getAllByRole('row');
    expect(
      within(rows[0] as HTMLElement)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Bắt đầu', 'Số người chơi', 'Cách thắng', 'Người thắng', 'Thời lượng (phút)', 'Chi tiết']);
    expect(
      within(rows[1] as HTMLElement)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      formatStart('2026-04-01T03:00:00.000Z'),
      '2',
      'Đủ thu nhập bị động',
      'Bình khách',
      '91',
      'Xem',
    ]);
    expect(within(rows[2] as HTMLElement).getByText('Mua Ước mơ')).toBeTruthy();
    expect(screen.queryByLabelText('Kết quả Nguyễn An')).toBeNull();

    const [first] = screen.getAllByRole('button', { name: 'Xem' });
    await userEvent.click(first as HTMLElement);
    const winner = screen.getByLabelText('Kết quả Bình khách');
    expect(within(winner).getByText('Winner')).toBeTruthy();
    expect(within(winner).getByText('Luật sư')).toBeTruthy();
    expect(within(winner).getByText(/Thu nhập thụ động: 52\.000\s₫/)).toBeTruthy();
    expect(within(winner).getByText(/Tiền mặt cuối ván: 250\.000\s₫/)).toBeTruthy();
    expect(within(winner).getByRole('img', { name: 'Đã thoát' })).toBeTruthy();
    const loser = screen.getByLabelText('Kết quả Nguyễn An');
    expect(within(loser).queryByText('Winner')).toBeNull();
    expect(within(loser).getByText(/Chi phí: 3\.190\s₫/)).toBeTruthy();
    expect(within(loser).getByRole('img', { name: 'Chưa thoát' })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Ẩn' }));
    expect(screen.queryByLabelText('Kết quả Bình khách')).toBeNull();
  });

  it('on a phone lists each game as a card with its columns, its players opening under it', async () => {
    const real = window.matchMedia;
    vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({
      ...real(query),
      matches: query === '(max-width: 47.99em)',
    }));
    fakeApi({
      [SESSIONS]: () => jsonResponse(200, page([session(1), session(2, { win_type: 'DREAM' })])),
      [LEADERBOARD]: () => jsonResponse(200, EMPTY_BOARD),
    });
    renderHall();
    const list = await screen.findByRole('list', { name: 'Lịch sử ván chơi' });
    expect(screen.queryByRole('table', { name: 'Lịch sử ván chơi' })).toBeNull();
    const [first, second] = within(list).getAllByRole('listitem');
    const game = within(first as HTMLElement);
    expect(game.getAllByRole('term').map((t) => t.textContent)).toEqual([
      'Số người chơi',
      'Cách thắng',
      'Người thắng',
      'Thời lượng (phút)',
    ]);
    expect(game.getAllByRole('definition').map((d) => d.textContent)).toEqual([
      '2',
      'Đủ thu nhập bị động',
      'Bình khách',
      '91',
    ]);
    expect(game.getByText(formatStart('2026-04-01T03:00:00.000Z'))).toBeTruthy();
    expect(within(second as HTMLElement).getByText('Mua Ước mơ')).toBeTruthy();

    await userEvent.click(game.getByRole('button', { name: 'Xem' }));
    const winner = game.getByLabelText('Kết quả Bình khách');
    expect(within(winner).getByText('Winner')).toBeTruthy();
    expect(within(winner).getByText(/Tiền mặt cuối ván: 250\.000\s₫/)).toBeTruthy();
    expect(game.getByLabelText('Kết quả Nguyễn An')).toBeTruthy();
    await userEvent.click(game.getByRole('button', { name: 'Ẩn' }));
    expect(screen.queryByLabelText('Kết quả Bình khách')).toBeNull();
    vi.restoreAllMocks();
  });

  it('offers a new game when nothing is stored yet', async () => {
    fakeApi({
      [SESSIONS]: () => jsonResponse(200, page([])),
      [LEADERBOARD]: () => jsonResponse(200, EMPTY_BOARD),
    });
    const { router } = renderHall();
    expect(
      await screen.findByText('Chưa có ván nào được lưu. Hãy chơi một ván và kết thúc để lưu kết quả.'),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('link', { name: 'Bắt đầu ván mới' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cashflow/setup'));
  });

  it('shows the two error texts when the API cannot be reached', async () => {
    fakeApi({
      [SESSIONS]: () => Promise.reject(new TypeError('Failed to fetch')),
      [LEADERBOARD]: () => jsonResponse(502, { detail: 'Bad gateway' }),
    });
    renderHall();
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(2));
    const texts = screen.getAllByRole('alert').map((a) => a.textContent);
    expect(
      texts.some((t) => t?.startsWith('Không tải được danh sách ván. Kiểm tra API_BASE_URL/CORS.')),
    ).toBe(true);
    expect(texts.some((t) => t?.startsWith('Không tải được leaderboard.'))).toBe(true);
    // Each says what happened and offers to try again.
    expect(screen.getAllByRole('button', { name: 'Thử lại' })).toHaveLength(2);
  });

  it('reloads the games and the leaderboard with Tải lại', async () => {
    let stored = [session(1)];
    const api = fakeApi({
      [SESSIONS]: () => jsonResponse(200, page(stored)),
      [LEADERBOARD]: () => jsonResponse(200, { ...EMPTY_BOARD, total_games: stored.length }),
    });
    renderHall();
    const table = await screen.findByRole('table', { name: 'Lịch sử ván chơi' });
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    stored = [
      session(2, { num_players: 1, results: [{ ...session(2).results[1], display_name: 'Chi' } as never] }),
      session(1),
    ];
    await userEvent.click(screen.getByRole('button', { name: 'Tải lại' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    expect(within(table).getByText('Chi')).toBeTruthy();
    expect(api.callsTo(SESSIONS)).toHaveLength(2);
    expect(api.callsTo(LEADERBOARD)).toHaveLength(2);
  });

  it('pages through the games', async () => {
    const api = fakeApi({
      [SESSIONS]: (req) => {
        const n = Number(req.url.searchParams.get('page'));
        return jsonResponse(200, page([session(n * 100)], 25));
      },
      [LEADERBOARD]: () => jsonResponse(200, EMPTY_BOARD),
    });
    renderHall();
    await screen.findByRole('table', { name: 'Lịch sử ván chơi' });
    expect(screen.getByText('Showing 1–20 of 25')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(screen.getByText('Showing 21–25 of 25')).toBeTruthy());
    expect(api.callsTo(SESSIONS).map((c) => c.url.searchParams.get('page'))).toEqual(['1', '2']);
    expect(api.callsTo(SESSIONS)[0]?.url.searchParams.get('page_size')).toBe('20');
  });
});

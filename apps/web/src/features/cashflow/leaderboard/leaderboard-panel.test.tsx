import type { LeaderboardResponse } from '@staff/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, jsonResponse } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { currentPeriod } from './leaderboard-filter-state';
import { LeaderboardPanel, LeaderboardSummary } from './leaderboard-panel';

const ROUTE = 'GET /api/cashflow/leaderboard/';

afterEach(() => vi.unstubAllGlobals());

function board(over: Partial<LeaderboardResponse> = {}): LeaderboardResponse {
  return {
    users: [
      { user_id: 3, display_name: 'Nguyễn An', wins: 4 },
      { user_id: 9, display_name: 'Lê Bình', wins: 2 },
    ],
    guests: [],
    total_games: 12,
    avg_game_duration_minutes: 47.5,
    ...over,
  };
}

/** Answers with guests only when asked for, like the server. */
function leaderboardApi(data = board()) {
  return fakeApi({
    [ROUTE]: (req) =>
      jsonResponse(200, {
        ...data,
        guests:
          req.url.searchParams.get('include_guests') === 'true' ? [{ display_name: 'Chi', wins: 3 }] : [],
      }),
  });
}

const queries = (api: ReturnType<typeof fakeApi>) =>
  api.callsTo(ROUTE).map((c) => Object.fromEntries(c.url.searchParams));

describe('LeaderboardPanel', () => {
  it('shows all-time wins, totals and the guests hint, asking only for the range', async () => {
    const api = leaderboardApi();
    renderWithProviders(<LeaderboardPanel />);
    const users = await screen.findByRole('table', { name: 'Người chơi thắng nhiều nhất' });
    const rows = within(users).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual(['1Nguyễn An4', '2Lê Bình2']);
    expect(screen.getByText('(Không có hoặc chưa bật include_guests)')).toBeTruthy();
    expect(screen.getByText('12')).toBeTruthy();
    expect(screen.getByText('47,5 phút')).toBeTruthy();
    expect(queries(api)).toEqual([{ range: 'all' }]);
    expect((screen.getByLabelText('Năm') as HTMLInputElement).disabled).toBe(true);
  });

  it('asks for a month, a typed year and guests, and lists the guests', async () => {
    const api = leaderboardApi();
    const { year, month } = currentPeriod();
    renderWithProviders(<LeaderboardPanel />);
    await screen.findByRole('table', { name: 'Người chơi thắng nhiều nhất' });

    await userEvent.click(screen.getByRole('radio', { name: 'Theo tháng' }));
    await waitFor(() =>
      expect(queries(api).at(-1)).toEqual({ range: 'month', year: String(year), month: String(month) }),
    );

    const yearInput = screen.getByLabelText('Năm');
    await userEvent.clear(yearInput);
    await userEvent.type(yearInput, '2025');
    await waitFor(() => expect(queries(api).at(-1)).toMatchObject({ range: 'month', year: '2025' }));
    // A half-typed year is not sent.
    expect(queries(api).some((q) => q.year === '202' || q.year === '2000')).toBe(false);

    await userEvent.click(screen.getByRole('checkbox', { name: 'Gồm khách' }));
    const guests = await screen.findByRole('table', { name: 'Khách thắng nhiều nhất' });
    expect(within(guests).getByText('Chi')).toBeTruthy();
    expect(queries(api).at(-1)).toMatchObject({ range: 'month', year: '2025', include_guests: 'true' });
  });

  it('clamps a year before 2000 to 2000 when the field is left', async () => {
    const api = leaderboardApi();
    renderWithProviders(<LeaderboardPanel />);
    await userEvent.click(await screen.findByRole('radio', { name: 'Theo năm' }));
    const yearInput = screen.getByLabelText('Năm');
    await userEvent.clear(yearInput);
    await userEvent.type(yearInput, '1999');
    await userEvent.tab();
    await waitFor(() => expect(queries(api).at(-1)).toEqual({ range: 'year', year: '2000' }));
    expect((yearInput as HTMLInputElement).value).toBe('2000');
  });

  it('says when there is no data yet', async () => {
    fakeApi({
      [ROUTE]: () => jsonResponse(200, board({ users: [], total_games: 0, avg_game_duration_minutes: 0 })),
    });
    renderWithProviders(<LeaderboardPanel />);
    expect(await screen.findByText('(Chưa có dữ liệu)')).toBeTruthy();
  });

  it("shows the hall's error text when the leaderboard cannot be loaded", async () => {
    fakeApi({ [ROUTE]: () => jsonResponse(500, { detail: 'A server error occurred.' }) });
    renderWithProviders(<LeaderboardPanel />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Không tải được leaderboard.');
    expect(alert.textContent).toContain('Máy chủ gặp lỗi (mã 500).');
    expect(within(alert).getByRole('button', { name: 'Thử lại' })).toBeTruthy();
  });
});

describe('LeaderboardSummary', () => {
  it('lists the top five users only', async () => {
    const users = Array.from({ length: 7 }, (_, i) => ({
      user_id: i + 1,
      display_name: `Người ${i + 1}`,
      wins: 10 - i,
    }));
    leaderboardApi(board({ users }));
    renderWithProviders(<LeaderboardSummary />);
    const table = await screen.findByRole('table', { name: 'Người chơi thắng nhiều nhất' });
    expect(within(table).getAllByRole('row')).toHaveLength(6);
    expect(screen.queryByText('Người 6')).toBeNull();
  });

  it("shows the home's error text with the URL it called", async () => {
    fakeApi({ [ROUTE]: () => Promise.reject(new TypeError('Failed to fetch')) });
    renderWithProviders(<LeaderboardSummary />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Không tải được leaderboard. Kiểm tra API_BASE_URL hoặc CORS.');
    expect(alert.textContent).toContain(`${window.location.origin}/api/cashflow/leaderboard/?range=all`);
  });
});

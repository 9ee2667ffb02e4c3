// Tables left unfinished (issue 25): 'Bàn của bạn' on the join page (code, players, status in words,
// paged, each opening its table), and a table closed after its idle hours: its host is told why and
// resumes it or downloads its log; a player is told it is closed and can no longer act, until the
// stream says it was resumed.
import type { TableSummary } from '@staff/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, jsonResponse, pagedList } from '../../../test/fake-api';
import { renderRoutes } from '../../../test/render';
import { signInAs } from '../../../test/session';
import { CashflowLayout } from '../components/cashflow-layout';
import { cashflowPages } from '../routes';
import { CLOSED_TEXTS } from './table-page';
import { setUpState, sseStream, stateAfter, testTable } from './test-table';

const TABLES = '/api/cashflow/tables/';
const TABLE = '/api/cashflow/tables/7/';
const AT = '2026-11-28T20:00:00.000Z';
const an = setUpState().players[1] as ReturnType<typeof setUpState>['players'][number];

function render(path: string) {
  return renderRoutes([{ element: <CashflowLayout />, children: cashflowPages }], path, {
    notifications: true,
  });
}

function summary(overrides: Partial<TableSummary> = {}): TableSummary {
  return {
    id: 7,
    code: 'ABC234',
    status: 'open',
    auditor: false,
    players: ['Bình', 'An'],
    seq: 3,
    is_host: true,
    your_seat: null,
    created_at: AT,
    updated_at: AT,
    ...overrides,
  };
}

beforeEach(() => {
  localStorage.clear();
  signInAs('ndf');
});

/** The files saved (the download helper clicks a hidden link): caught instead of followed. */
function catchDownloads(): HTMLAnchorElement[] {
  const clicks: HTMLAnchorElement[] = [];
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:table'), revokeObjectURL: vi.fn() });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicks.push(this);
  });
  return clicks;
}

describe('your tables', () => {
  it('lists the tables you host or sit at on the join page, with status in words, paged, each opening its table', async () => {
    const items = [
      summary(),
      summary({ id: 8, code: 'DEF567', status: 'finished', players: ['Lan', 'Minh', 'Hoa'], is_host: false }),
      summary({ id: 9, code: 'GHJ789', status: 'closed' }),
      ...Array.from({ length: 9 }, (_, i) => summary({ id: 20 + i, code: `QRS23${'ABCDEFGHJ'[i]}` })),
    ];
    const stream = sseStream();
    const api = fakeApi({
      [`GET ${TABLES}`]: pagedList(items, 10),
      [`GET ${TABLE}`]: () => jsonResponse(200, testTable()),
      [`GET ${TABLE}stream/`]: () => stream.response(),
    });
    const user = userEvent.setup({ delay: null });
    const { router } = render('/cashflow/join');

    const list = within(await screen.findByRole('list', { name: 'Bàn của bạn' }));
    const cards = list.getAllByRole('listitem');
    expect(cards).toHaveLength(10);
    const [open, finished, closed] = cards as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(open).getByText('ABC234')).toBeTruthy();
    expect(within(open).getByText('Đang chơi')).toBeTruthy();
    expect(within(open).getByText('Bình, An')).toBeTruthy();
    expect(within(open).getByText('Chủ bàn')).toBeTruthy();
    expect(within(finished).getByText('Đã kết thúc')).toBeTruthy();
    expect(within(finished).getByText('Lan, Minh, Hoa')).toBeTruthy();
    expect(within(finished).queryByText('Chủ bàn')).toBeNull();
    expect(within(closed).getByText('Đã đóng')).toBeTruthy();
    expect(Object.fromEntries(api.callsTo(`GET ${TABLES}`)[0]?.url.searchParams ?? [])).toEqual({
      page: '1',
      page_size: '10',
    });

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(list.getAllByRole('listitem')).toHaveLength(2));
    expect(api.callsTo(`GET ${TABLES}`).at(-1)?.url.searchParams.get('page')).toBe('2');
    await user.click(screen.getByRole('button', { name: 'Page 1' }));
    await user.click(await list.findByRole('link', { name: 'Mở bàn ABC234' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cashflow/tables/7'));
  });

  it('says when you have no table', async () => {
    fakeApi({ [`GET ${TABLES}`]: pagedList([], 10) });
    render('/cashflow/join');
    expect(await screen.findByText('Bạn chưa mở hay ngồi ở bàn nào.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Bàn của bạn' })).toBeTruthy();
  });
});

describe('a closed table', () => {
  it('tells its host why, downloads its log through the API, and resumes it', async () => {
    const clicks = catchDownloads();
    let table = testTable({ status: 'closed', host_id: 1 });
    const exported = JSON.stringify({ format: 'staff-cashflow-table', version: 1 });
    const stream = sseStream();
    const api = fakeApi({
      [`GET ${TABLE}`]: () => jsonResponse(200, table),
      [`GET ${TABLE}stream/`]: () => stream.response(),
      [`GET ${TABLE}export/`]: () =>
        new Response(exported, {
          status: 200,
          headers: {
            'Content-Type': 'application/json; charset=utf-8',
            'Content-Disposition': 'attachment; filename="cashflow-table-ABC234-2026-11-30.json"',
          },
        }),
      [`POST ${TABLE}resume/`]: () => {
        table = { ...table, status: 'open', updated_at: '2026-11-30T01:00:00.000Z' };
        return jsonResponse(200, table);
      },
    });
    const user = userEvent.setup({ delay: null });
    render('/cashflow/tables/7');

    expect(await screen.findByText(CLOSED_TEXTS.title)).toBeTruthy();
    expect(screen.getByText(CLOSED_TEXTS.forHost)).toBeTruthy();
    // Nothing to join or play while closed; the cards and the log stay.
    expect(screen.queryByTestId('table-code')).toBeNull();
    expect(screen.getByRole('button', { name: 'Qua lượt' })).toHaveProperty('disabled', true);
    expect(screen.queryByRole('region', { name: 'Kết thúc ván' })).toBeNull();
    expect(screen.getByLabelText(`Người chơi ${an.name}`)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: CLOSED_TEXTS.export }));
    await waitFor(() => expect(clicks).toHaveLength(1));
    expect(clicks[0]?.download).toBe('cashflow-table-ABC234-2026-11-30.json');
    expect(api.callsTo(`GET ${TABLE}export/`)[0]?.headers.get('Authorization')).toBe('Bearer token');

    await user.click(screen.getByRole('button', { name: CLOSED_TEXTS.resume }));
    await waitFor(() => expect(screen.queryByText(CLOSED_TEXTS.title)).toBeNull());
    expect(api.callsTo(`POST ${TABLE}resume/`)).toHaveLength(1);
    expect((await screen.findByTestId('table-code')).textContent).toBe('ABC234');
    expect(screen.getByRole('button', { name: 'Qua lượt' })).toHaveProperty('disabled', false);
  });

  it('tells a player it is closed and keeps their controls off, until the stream says it was resumed', async () => {
    // An's turn: on an open table their card's controls would be on.
    const state = stateAfter([{ type: 'nextTurn' }]) as never;
    let table = testTable({ status: 'closed', your_seat: 1, seq: 1, state });
    const stream = sseStream();
    const api = fakeApi({
      [`GET ${TABLE}`]: () => jsonResponse(200, table),
      [`GET ${TABLE}stream/`]: () => stream.response(),
    });
    const user = userEvent.setup({ delay: null });
    render('/cashflow/tables/7');

    expect(await screen.findByText(CLOSED_TEXTS.forPlayer)).toBeTruthy();
    expect(screen.queryByRole('button', { name: CLOSED_TEXTS.resume })).toBeNull();
    expect(screen.queryByRole('button', { name: CLOSED_TEXTS.export })).toBeNull();
    const mine = within(screen.getByLabelText(`Người chơi ${an.name}`));
    expect(mine.getByRole('button', { name: 'Thêm một con' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Qua lượt' })).toHaveProperty('disabled', true);

    // The host resumed it: the stream says so, and the table is read again.
    await waitFor(() => expect(api.callsTo(`GET ${TABLE}stream/`)).toHaveLength(1));
    const reads = api.callsTo(`GET ${TABLE}`).length;
    table = { ...table, status: 'open' };
    stream.raw('event: status\ndata: {"status":"open"}\n\n');
    await waitFor(() => expect(screen.queryByText(CLOSED_TEXTS.forPlayer)).toBeNull());
    expect(api.callsTo(`GET ${TABLE}`).length).toBe(reads + 1);
    expect(mine.getByRole('button', { name: 'Thêm một con' })).toHaveProperty('disabled', false);
    await user.click(mine.getByRole('button', { name: 'Thêm một con' }));
    await waitFor(() => expect(api.callsTo(`POST ${TABLE}actions/`)).toHaveLength(1));
  });
});

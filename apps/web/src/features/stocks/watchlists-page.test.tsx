// The Watchlists screen in jsdom against a fake API: lists and the default badge, cards with the
// board's colours, tooltips and arrows, the add-ticker messages, the snapshot fallback, removing
// a ticker, and live quotes from the stream.
import type { Snapshot, WatchlistDetail } from '@staff/contracts';
import { act, fireEvent, screen, waitFor, waitForElementToBeRemoved, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeEventSource } from '../../test/event-source';
import { fakeApi, jsonResponse } from '../../test/fake-api';
import { renderRoutes } from '../../test/render';
import { signInAs } from '../../test/session';
import { stocksPages } from './routes';
import { testSnapshot } from './test-fixtures';

const SNAPSHOTS: Snapshot[] = [
  testSnapshot('VNM', { live_as_of: '2026-05-06T02:45:00.000Z' }),
  testSnapshot('FPT', { current_price: 68_500, prev_close: 64_100 }), // at the ceiling
  testSnapshot('HPG', {
    current_price: 26_000,
    prev_close: null,
    week_open: 26_000,
    month_open: null,
    ceiling: null,
    floor: null,
  }),
];

function detail(id: number, name: string, tickers: string[], without: string[] = []): WatchlistDetail {
  return {
    id,
    name,
    is_default: id === 1,
    item_count: tickers.length,
    items: tickers.map((t, i) => ({
      id: i + 1,
      stock: { ticker: t, name: `${t} name`, exchange: 'HOSE' },
      note: '',
      target_price: null,
      target_direction: null,
      added_at: '2026-05-01T00:00:00.000Z',
      snapshot: without.includes(t) ? null : (SNAPSHOTS.find((s) => s.ticker === t) ?? null),
    })),
  };
}

function setup(
  opts: {
    lists?: boolean;
    batchEmpty?: boolean;
    detailWithout?: string[];
    /** Answers the batch snapshot call instead of the server's snapshots (undefined: the server's). */
    batch?: () => Response | undefined;
    listsAnswer?: () => Response;
  } = {},
) {
  signInAs('staff');
  let tickers = ['VNM', 'FPT', 'HPG'];
  // The list of lists carries each list's items without their snapshots (spec section 3).
  const summary = ({ items, ...list }: WatchlistDetail) => ({
    ...list,
    items: items.map(({ snapshot: _, ...item }) => item),
  });
  let lists =
    opts.lists === false
      ? []
      : [summary(detail(1, 'Ngân hàng', tickers)), summary(detail(2, 'Công nghệ', []))];
  const api = fakeApi({
    'GET /api/users/profile/': () => jsonResponse(200, {}),
    'GET /api/stocks/watchlists/': () => opts.listsAnswer?.() ?? jsonResponse(200, lists),
    // As the server: a new list is the default when asked, or when it is the first; the old one loses it.
    'POST /api/stocks/watchlists/': (r) => {
      const body = JSON.parse(String(r.body)) as { name: string; is_default?: boolean };
      const created = { ...summary(detail(lists.length + 1, body.name, [])), is_default: false };
      created.is_default = body.is_default === true || lists.length === 0;
      if (created.is_default) lists = lists.map((l) => ({ ...l, is_default: false }));
      lists = [...lists, created];
      return jsonResponse(201, { ...created, items: [] });
    },
    'GET /api/stocks/watchlists/1/': () =>
      jsonResponse(200, detail(1, 'Ngân hàng', tickers, opts.detailWithout)),
    'GET /api/stocks/watchlists/2/': () => jsonResponse(200, detail(2, 'Công nghệ', [])),
    'GET /api/stocks/snapshots/': (r) =>
      opts.batch?.() ??
      jsonResponse(
        200,
        opts.batchEmpty
          ? []
          : SNAPSHOTS.filter((s) => (r.url.searchParams.get('tickers') ?? '').split(',').includes(s.ticker)),
      ),
    'GET /api/stocks/snapshots/HPG/': () =>
      jsonResponse(200, testSnapshot('HPG', { current_price: 27_000, prev_close: 26_500 })),
    // As the server's search: VCB by its legal name or its common name; nothing for anything else.
    'GET /api/stocks/stocks/': (r) =>
      jsonResponse(
        200,
        /^(ngoai|vietcom|vcb)/i.test(r.url.searchParams.get('q') ?? '')
          ? [
              {
                id: 9,
                ticker: 'VCB',
                name: 'Ngân hàng TMCP Ngoại thương Việt Nam',
                exchange_id: 1,
                exchange: { id: 1, code: 'HOSE', name: 'HOSE', board: 'HSX' },
                lot_size: 100,
                sector: '',
                is_active: true,
              },
            ]
          : [],
      ),
    'POST /api/stocks/watchlists/1/add_item/': (r) => {
      const { ticker } = JSON.parse(String(r.body)) as { ticker: string };
      if (tickers.includes(ticker))
        return jsonResponse(400, { ticker: [`${ticker} is already in this list.`] });
      tickers = [...tickers, ticker];
      return jsonResponse(201, detail(1, 'Ngân hàng', [ticker], [ticker]).items[0]);
    },
    'POST /api/stocks/watchlists/1/remove_item/': (r) => {
      const { ticker } = JSON.parse(String(r.body)) as { ticker: string };
      tickers = tickers.filter((t) => t !== ticker);
      return new Response(null, { status: 204 });
    },
    'POST /api/stocks/stream-ticket/': () => jsonResponse(200, { ticket: 'tkt', expires_in: 60 }),
  });
  return api;
}

afterEach(() => {
  FakeEventSource.instances = [];
  vi.unstubAllGlobals();
});

const card = (ticker: string) => screen.getByRole('article', { name: ticker });

describe('Watchlists screen', { timeout: 20_000 }, () => {
  it('shows the lists with the default badge and the cards in the board colours with hints and arrows', async () => {
    setup();
    renderRoutes(stocksPages, '/stocks');
    expect(await screen.findByRole('heading', { name: 'Watchlists' }, { timeout: 5000 })).toBeTruthy();
    const nav = await screen.findByRole('navigation', { name: 'Your lists' });
    const first = within(nav).getByRole('button', { name: /Ngân hàng/ });
    expect(within(first).getByText('default')).toBeTruthy();
    expect(within(within(nav).getByRole('button', { name: /Công nghệ/ })).queryByText('default')).toBeNull();
    expect(await screen.findByRole('heading', { name: 'Items — Ngân hàng' })).toBeTruthy();
    await screen.findByRole('article', { name: 'VNM' });
    expect(screen.getByLabelText('Ticker count').textContent).toBe('3');
    expect(screen.getByRole('link', { name: 'Phân tích' }).getAttribute('href')).toBe(
      '/watchlists/1/analysis',
    );

    const vnm = card('VNM');
    expect(within(vnm).getByTestId('price').textContent).toBe('65.000');
    expect(within(vnm).getByTestId('price').dataset.tone).toBe('up');
    expect(within(vnm).getByRole('img', { name: 'Giá hôm qua: 64.100' })).toBeTruthy();
    expect(within(vnm).getByText('LIVE 09:45')).toBeTruthy();
    expect(within(vnm).getByTestId('week-open').dataset.direction).toBe('up');
    expect(within(vnm).getByTestId('month-open').dataset.direction).toBe('down');
    expect(within(vnm).getByLabelText('Đầu tuần: tăng')).toBeTruthy();
    expect(within(vnm).getByText('1.234.500')).toBeTruthy();
    expect(within(vnm).getByRole('link').getAttribute('href')).toBe('/stocks/VNM');
    expect(within(card('FPT')).getByTestId('price').dataset.tone).toBe('ceiling');
    const hpg = card('HPG');
    expect(within(hpg).getByTestId('price').dataset.tone).toBe('none');
    expect(within(hpg).getByRole('img', { name: 'Chưa có giá hôm qua' })).toBeTruthy();
    expect(within(hpg).getByTestId('week-open').dataset.direction).toBe('flat');
    expect(within(hpg).queryByText(/LIVE/)).toBeNull();
    expect(screen.queryByText('HOLIDAY')).toBeNull();

    // Another list: empty.
    fireEvent.click(within(nav).getByRole('button', { name: /Công nghệ/ }));
    expect(await screen.findByText('No items')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Items — Công nghệ' })).toBeTruthy();
  });

  it('asks for a list first, and for a ticker', async () => {
    setup({ lists: false });
    renderRoutes(stocksPages, '/stocks');
    const add = await screen.findByRole('form', { name: 'Add ticker to list' }, { timeout: 5000 });
    fireEvent.click(within(add).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Please select a watchlist first.')).toBeTruthy();
    expect(screen.getByText('Phân tích').getAttribute('aria-disabled')).toBe('true');
  });

  it('searches after typing, adds the ticker, says so for 3 seconds and reloads; shows the server’s refusal', async () => {
    const api = setup();
    const user = userEvent.setup({ delay: null });
    renderRoutes(stocksPages, '/stocks');
    await screen.findByRole('article', { name: 'VNM' }, { timeout: 5000 });
    const add = screen.getByRole('form', { name: 'Add ticker to list' });
    fireEvent.click(within(add).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('No ticker selected.')).toBeTruthy();

    const input = within(add).getByPlaceholderText('Search ticker (e.g., VNM)');
    await user.type(input, 'ngoai');
    expect(api.callsTo('GET /api/stocks/stocks/')).toHaveLength(0); // debounced
    const option = await screen.findByRole('option', { name: /VCB/, hidden: true });
    expect(option.textContent).toContain('Ngân hàng TMCP Ngoại thương Việt Nam');
    expect(api.callsTo('GET /api/stocks/stocks/').map((c) => c.url.searchParams.get('q'))).toEqual(['ngoai']);
    fireEvent.click(option);
    await user.click(within(add).getByRole('button', { name: 'Add' }));
    const done = await screen.findByText('Added VCB to Ngân hàng.');
    // Spec section 7's payload: the ticker with the (here empty) note and target price.
    expect(JSON.parse(String(api.callsTo('POST /api/stocks/watchlists/1/add_item/')[0]?.body))).toEqual({
      ticker: 'VCB',
      note: '',
      target_price: null,
    });
    await waitFor(() =>
      expect(api.callsTo('GET /api/stocks/watchlists/1/').length).toBeGreaterThanOrEqual(2),
    );
    await waitForElementToBeRemoved(done, { timeout: 4500 });

    await user.type(input, 'vnm');
    await user.click(within(add).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('VNM is already in this list.')).toBeTruthy();
  });

  it("finds a company by its common name, and says 'Không tìm thấy mã' when nothing matches", async () => {
    const api = setup();
    const user = userEvent.setup({ delay: null });
    renderRoutes(stocksPages, '/stocks');
    await screen.findByRole('article', { name: 'VNM' }, { timeout: 5000 });
    const add = screen.getByRole('form', { name: 'Add ticker to list' });
    const input = within(add).getByPlaceholderText('Search ticker (e.g., VNM)');
    await user.type(input, 'khong co');
    expect(await within(add).findByText('Không tìm thấy mã', {}, { timeout: 3000 })).toBeTruthy();
    await user.clear(input);
    await user.type(input, 'vietcom');
    expect(await screen.findByRole('option', { name: /VCB/, hidden: true }, { timeout: 3000 })).toBeTruthy();
    expect(within(add).queryByText('Không tìm thấy mã')).toBeNull();
    expect(api.callsTo('GET /api/stocks/stocks/').at(-1)?.url.searchParams.get('q')).toBe('vietcom');
  });

  it('falls back to the list detail and per-ticker snapshots when the batch answers nothing', async () => {
    const api = setup({ batchEmpty: true });
    renderRoutes(stocksPages, '/stocks');
    await screen.findByRole('article', { name: 'VNM' }, { timeout: 5000 });
    // Every ticker's snapshot comes from the detail, so no single requests are needed.
    expect(within(card('VNM')).getByTestId('price').textContent).toBe('65.000');
    expect(api.callsTo('GET /api/stocks/snapshots/')).toHaveLength(1);
    expect(api.callsTo('GET /api/stocks/snapshots/HPG/')).toHaveLength(0);
  });

  it('removes a ticker from the list', async () => {
    const api = setup();
    renderRoutes(stocksPages, '/stocks');
    await screen.findByRole('article', { name: 'FPT' }, { timeout: 5000 });
    fireEvent.click(screen.getByRole('button', { name: 'Remove FPT' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'FPT' })).toBeNull());
    expect(JSON.parse(String(api.callsTo('POST /api/stocks/watchlists/1/remove_item/')[0]?.body))).toEqual({
      ticker: 'FPT',
    });
  });

  it("creates a list, sending is_default from the 'default' box; a new default takes the badge", async () => {
    const api = setup();
    const user = userEvent.setup({ delay: null });
    renderRoutes(stocksPages, '/stocks');
    const nav = await screen.findByRole('navigation', { name: 'Your lists' }, { timeout: 5000 });
    const form = screen.getByRole('form', { name: 'Create watchlist' });
    const name = within(form).getByRole('textbox', { name: 'Create watchlist' });
    const box = within(form).getByRole('checkbox', { name: 'default' });
    expect((box as HTMLInputElement).checked).toBe(false);
    const hasBadge = (list: RegExp) =>
      within(within(nav).getByRole('button', { name: list })).queryByText('default');

    await user.type(name, 'Tạm');
    await user.click(within(form).getByRole('button', { name: 'Add' }));
    await within(nav).findByRole('button', { name: /Tạm/ });
    expect(hasBadge(/Tạm/)).toBeNull();
    expect(hasBadge(/Ngân hàng/)).toBeTruthy();

    await user.type(name, 'Mới');
    await user.click(box);
    await user.click(within(form).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(hasBadge(/Mới/)).toBeTruthy());
    expect(hasBadge(/Ngân hàng/)).toBeNull();
    expect((box as HTMLInputElement).checked).toBe(false);
    expect(api.callsTo('POST /api/stocks/watchlists/').map((c) => JSON.parse(String(c.body)))).toEqual([
      { name: 'Tạm', is_default: false },
      { name: 'Mới', is_default: true },
    ]);
  });

  it('updates the open cards from the live stream, opened with a ticket', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const api = setup();
    renderRoutes(stocksPages, '/stocks');
    await screen.findByRole('article', { name: 'VNM' }, { timeout: 5000 });
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    const source = FakeEventSource.instances[0] as FakeEventSource;
    expect(api.callsTo('POST /api/stocks/stream-ticket/')).toHaveLength(1);
    const url = new URL(source.url, 'http://localhost');
    expect(url.pathname).toBe('/api/stocks/stream/');
    expect(url.searchParams.get('tickers')).toBe('FPT,HPG,VNM');
    expect(url.searchParams.get('ticket')).toBe('tkt');
    act(() =>
      source.emit('quote', {
        ticker: 'VNM',
        price: 63_000,
        volume: 2_000_000,
        as_of: '2026-05-06T03:01:00.000Z',
        source: 'demo',
        open: 64_800,
        high: 65_300,
        low: 63_000,
      }),
    );
    const vnm = card('VNM');
    expect(within(vnm).getByTestId('price').textContent).toBe('63.000');
    expect(within(vnm).getByTestId('price').dataset.tone).toBe('down');
    expect(within(vnm).getByText('LIVE 10:01')).toBeTruthy();
    expect(within(vnm).getByTestId('week-open').dataset.direction).toBe('flat');
  });
});

describe('single snapshot fallback', { timeout: 20_000 }, () => {
  it('asks per ticker for what neither the batch nor the detail has', async () => {
    // The detail carries no snapshot for HPG here.
    const api = setup({ batchEmpty: true, detailWithout: ['HPG'] });
    renderRoutes(stocksPages, '/stocks');
    await screen.findByRole('article', { name: 'HPG' }, { timeout: 5000 });
    await waitFor(() => expect(within(card('HPG')).getByTestId('price').textContent).toBe('27.000'));
    expect(api.callsTo('GET /api/stocks/snapshots/HPG/')).toHaveLength(1);
    expect(api.callsTo('GET /api/stocks/snapshots/VNM/')).toHaveLength(0);
  });
});

describe('load errors', { timeout: 20_000 }, () => {
  it('reads the spec’s aliases (symbol, price) and an object with results', async () => {
    const { ticker, current_price, ...rest } = testSnapshot('VNM', { current_price: 65_000 });
    setup({
      batch: () => jsonResponse(200, { results: [{ ...rest, symbol: ticker, price: current_price }] }),
    });
    renderRoutes(stocksPages, '/stocks');
    await screen.findByRole('article', { name: 'VNM' }, { timeout: 5000 });
    await waitFor(() => expect(within(card('VNM')).getByTestId('price').textContent).toBe('65.000'));
  });

  it('shows an error, not cards, when the snapshots do not match the contracts', async () => {
    setup({ batch: () => jsonResponse(200, [{ symbol: 'VNM', price: 65_000, prev_close: 64_100 }]) });
    renderRoutes(stocksPages, '/stocks');
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(within(alert).getByText("Could not load this list's items.")).toBeTruthy();
    expect(screen.queryByRole('article')).toBeNull();
    expect(screen.queryByText('No items')).toBeNull();
  });

  it('says in words that the server failed when the snapshots fail (never its body), and tries again', async () => {
    let failing = true;
    const api = setup({
      batch: () => (failing ? jsonResponse(503, { detail: 'Market data is unavailable.' }) : undefined),
    });
    renderRoutes(stocksPages, '/stocks');
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(
      within(alert).getByText('The server failed (error 503). Please try again in a moment.'),
    ).toBeTruthy();
    expect(within(alert).queryByText('Market data is unavailable.')).toBeNull();
    // A failed batch is an error, not "nothing": no per-ticker fallback.
    expect(api.callsTo('GET /api/stocks/snapshots/VNM/')).toHaveLength(0);
    failing = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByRole('article', { name: 'VNM' });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says when the lists cannot load', async () => {
    setup({ listsAnswer: () => jsonResponse(500, { detail: 'Server error.' }) });
    renderRoutes(stocksPages, '/stocks');
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(within(alert).getByText('Could not load your watchlists.')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Your lists' })).toBeNull();
  });
});

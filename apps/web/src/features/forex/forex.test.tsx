// The /forex screen in jsdom against a fake API: the spec's strings, groups, ranges, units, dot
// colours, the latest-quote card, error handling, notices and the selection kept in the URL.
import type { ForexLatest, ForexSeries } from '@staff/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FakeRequest, fakeApi, jsonResponse } from '../../test/fake-api';
import { renderRoutes } from '../../test/render';
import { signInAs } from '../../test/session';
import { DOT_COLOURS } from './chart-data';
import { formatPointTime } from './format';
import { forexRoutes } from './routes';

const SYMBOLS = [
  'AUD',
  'BPQ',
  'CNY',
  'EUR',
  'GBP',
  'JPY',
  'KRW',
  'SJC',
  'THB',
  'USD',
  'VPQ',
  'Vàng nhẫn SJC',
];

const day = (n: number) => new Date(Date.UTC(2026, 10, n, 16)).toISOString();
/** rises, stays, falls, rises: dots up, none, down, up after the first point. */
const KNOWN = [10_000_000, 12_000_000, 12_000_000, 11_000_000, 15_000_000];

function series(symbol: string, range: string, values = KNOWN): ForexSeries {
  return {
    symbol,
    range: range as ForexSeries['range'],
    bucket_seconds: 86_400,
    data: values.map((last, i) => ({ time: day(i + 1), last })),
  };
}

function latest(symbol: string, extra: Partial<ForexLatest> = {}): ForexLatest {
  return {
    symbol,
    data: { last: 152_300_000, bid: 149_300_000, ask: 152_300_000, time: '2026-11-22T05:30:00.000Z' },
    source: 'sjc',
    demo: false,
    arrived_at: '2026-11-22T05:31:00.000Z',
    stale: false,
    stale_after_seconds: 3600,
    ...extra,
  };
}

function board(overrides: Record<string, (r: FakeRequest) => Response | Promise<Response>> = {}) {
  const user = signInAs('staff');
  const rangeHandler = (range: string) => (r: FakeRequest) => {
    const symbol = r.url.searchParams.get('symbol') as string;
    return jsonResponse(200, series(symbol, range, symbol === 'USD' ? [26_100, 26_267.5, 26_200] : KNOWN));
  };
  return fakeApi({
    'GET /api/users/profile/': () => jsonResponse(200, user),
    'GET /api/forex/symbols/': () => jsonResponse(200, { symbols: SYMBOLS }),
    'GET /api/forex/daily/': rangeHandler('daily'),
    'GET /api/forex/monthly/': rangeHandler('monthly'),
    'GET /api/forex/yearly/': rangeHandler('yearly'),
    'GET /api/forex/latest/': (r) => jsonResponse(200, latest(r.url.searchParams.get('symbol') as string)),
    ...overrides,
  });
}

const chartTitle = () => screen.findByTestId('chart-title', {}, { timeout: 5000 });

describe('forex board', { timeout: 20_000 }, () => {
  it("says 'Loading...' until the symbols arrive, then groups metals and currencies", async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    board({
      'GET /api/forex/symbols/': async () => {
        await gate;
        return jsonResponse(200, { symbols: SYMBOLS });
      },
    });
    renderRoutes(forexRoutes, '/forex');
    expect(await screen.findByText('Loading...', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Forex & Gold Dashboard' })).toBeTruthy();
    release();
    const metals = await screen.findByTestId('metals-group');
    expect(
      within(metals)
        .getAllByRole('button')
        .map((b) => b.getAttribute('data-symbol')),
    ).toEqual(['SJC', 'Vàng nhẫn SJC', 'VPQ', 'BPQ']);
    expect(within(metals).getByRole('button', { name: /Gold/ })).toBeTruthy();
    expect(within(metals).getByRole('button', { name: /Silver \(BPQ\)/ })).toBeTruthy();
    expect(within(metals).getByRole('button', { name: /Phú Quý 999\.9/ })).toBeTruthy();
    const favorites = screen.getByTestId('favorites-group');
    expect(
      within(favorites)
        .getAllByRole('button')
        .map((b) => b.getAttribute('data-symbol')),
    ).toEqual(['USD', 'GBP', 'JPY', 'CNY', 'EUR', 'KRW']);
    // The flag is an SVG drawing, not an emoji (issue 26): the text is the code alone.
    const usd = within(favorites).getByRole('button', { name: 'USD' });
    expect(usd.textContent).toBe('USD');
    expect(usd.querySelector('svg[data-flag="US"]')).not.toBeNull();
    expect(screen.getByText('Other Currencies')).toBeTruthy();
    await userEvent.click(screen.getByPlaceholderText('Select currency'));
    const options = await screen.findAllByRole('option', { hidden: true });
    expect(options.map((o) => o.textContent)).toEqual(['AUD — Đô la Úc', 'THB — Baht Thái']);
    expect(options.map((o) => o.querySelector('svg[data-flag]')?.getAttribute('data-flag'))).toEqual([
      'AU',
      'TH',
    ]);
  });

  it('says when there are no metals yet, the currencies still under their own heading', async () => {
    board({ 'GET /api/forex/symbols/': () => jsonResponse(200, { symbols: ['USD', 'EUR'] }) });
    renderRoutes(forexRoutes, '/forex');
    const metals = await screen.findByRole('region', { name: 'Metals' }, { timeout: 5000 });
    expect(within(metals).getByTestId('metals-group').textContent).toBe('No metals yet.');
    const currencies = screen.getByRole('region', { name: 'Currencies' });
    expect(
      within(currencies)
        .getAllByRole('button')
        .map((b) => b.getAttribute('data-symbol')),
    ).toEqual(['USD', 'EUR']);
  });

  it('opens on SJC by month: title, unit triệu, and dots green up, red down, none when unchanged', async () => {
    const api = board();
    renderRoutes(forexRoutes, '/forex');
    expect((await chartTitle()).textContent).toBe('SJC - MONTHLY');
    await screen.findByTestId('price-chart');
    expect(api.callsTo('GET /api/forex/monthly/')[0]?.url.searchParams.get('symbol')).toBe('SJC');
    expect(screen.getByTestId('chart-unit').textContent).toBe('triệu');
    // The drawing is 320 px high (a canvas, which jsdom cannot paint: the e2e test looks at it).
    expect(screen.getByTestId('chart-drawing').style.height).toBe('320px');
    // The dots, as the chart's table gives them: every point, a dot where the price moved.
    const table = screen.getByRole('table', { name: 'SJC - MONTHLY points', hidden: true });
    expect(
      within(table)
        .getAllByRole('columnheader', { hidden: true })
        .map((h) => h.textContent),
    ).toEqual(['Time', 'Last (triệu)', 'Dot']);
    expect(within(table).getAllByRole('row', { hidden: true })).toHaveLength(6);
    const dots = screen.getAllByTestId('chart-dot');
    expect(
      dots.map((d) => [
        d.getAttribute('data-time'),
        d.getAttribute('data-direction'),
        d.getAttribute('data-colour'),
        d.lastElementChild?.textContent,
      ]),
    ).toEqual([
      [day(2), 'up', DOT_COLOURS.up, 'up (green dot)'],
      [day(4), 'down', DOT_COLOURS.down, 'down (red dot)'],
      [day(5), 'up', DOT_COLOURS.up, 'up (green dot)'],
    ]);
    // No dot on the first point nor on the unchanged third.
    expect(screen.getAllByTestId('chart-point').map((p) => p.getAttribute('data-time'))).toEqual([
      day(1),
      day(3),
    ]);
    expect(within(table).getAllByRole('rowheader', { hidden: true })[1]?.textContent).toBe(
      formatPointTime(Date.parse(day(2))),
    );
    expect(screen.getByText('TradingView Lightweight Charts').getAttribute('href')).toBe(
      'https://www.tradingview.com/',
    );
    expect(screen.getByRole('img').getAttribute('aria-label')).toMatch(
      /SJC - MONTHLY: 5 points .* last 15 triệu$/,
    );
    expect(screen.getByRole('radio', { name: 'Month' })).toHaveProperty('checked', true);
  });

  it('redraws for another symbol and range, kept in the URL, with thousands and 3 decimals', async () => {
    const api = board();
    const { router } = renderRoutes(forexRoutes, '/forex');
    await chartTitle();
    await userEvent.click(await screen.findByRole('button', { name: 'USD' }));
    await waitFor(() => expect(screen.getByTestId('chart-title').textContent).toBe('USD - MONTHLY'));
    await userEvent.click(screen.getByText('Year'));
    await waitFor(() => expect(screen.getByTestId('chart-title').textContent).toBe('USD - YEARLY'));
    await screen.findByTestId('price-chart');
    expect(router.state.location.search).toBe('?symbol=USD&range=yearly');
    expect(api.callsTo('GET /api/forex/yearly/').map((c) => c.url.searchParams.get('symbol'))).toEqual([
      'USD',
    ]);
    expect(screen.getByTestId('chart-unit').textContent).toBe('nghìn');
    expect(screen.getByRole('img').getAttribute('aria-label')).toMatch(/last 26,200 nghìn$/);
    expect(screen.getAllByTestId('chart-dot').map((d) => d.getAttribute('data-direction'))).toEqual([
      'up',
      'down',
    ]);
    await userEvent.click(screen.getByPlaceholderText('Select currency'));
    fireEvent.click(await screen.findByRole('option', { name: /THB/, hidden: true }));
    await waitFor(() => expect(screen.getByTestId('chart-title').textContent).toBe('THB - YEARLY'));
  });

  it('keeps a symbol and a range tapped back to back', async () => {
    board();
    const { router } = renderRoutes(forexRoutes, '/forex');
    await chartTitle();
    // No wait between the two taps: one act() holds the page's re-render until both are in, as a busy
    // phone does when the second tap comes before the page has rendered the first.
    const usd = await screen.findByRole('button', { name: 'USD' });
    act(() => {
      fireEvent.click(usd);
      fireEvent.click(screen.getByRole('radio', { name: 'Year' }));
    });
    await waitFor(() => expect(screen.getByTestId('chart-title').textContent).toBe('USD - YEARLY'));
    expect(router.state.location.search).toBe('?symbol=USD&range=yearly');
  });

  describe('on a phone', () => {
    afterEach(() => vi.restoreAllMocks());

    it('puts the latest price, the range switch and the chart first, then the symbols with their last prices', async () => {
      vi.spyOn(window, 'matchMedia').mockImplementation(
        (query: string) =>
          ({
            matches: query.includes('max-width'),
            media: query,
            onchange: null,
            addListener: () => {},
            removeListener: () => {},
            addEventListener: () => {},
            removeEventListener: () => {},
            dispatchEvent: () => false,
          }) as MediaQueryList,
      );
      board({
        'GET /api/forex/latest/': (r) => {
          const symbol = r.url.searchParams.get('symbol') as string;
          return jsonResponse(
            200,
            latest(symbol, symbol === 'USD' ? { data: { ...latest('USD').data, last: 26_267 } } : {}),
          );
        },
      });
      renderRoutes(forexRoutes, '/forex');
      await chartTitle();
      await screen.findByRole('navigation', { name: 'Symbols' });
      const order = [
        screen.getByTestId('latest-quote'),
        screen.getByRole('radiogroup', { name: 'Range' }),
        screen.getByTestId('chart-card'),
        screen.getByRole('navigation', { name: 'Symbols' }),
      ];
      for (let i = 1; i < order.length; i++) {
        const before = order[i - 1] as HTMLElement;
        // DOCUMENT_POSITION_FOLLOWING: the next one comes after in the page.
        expect(before.compareDocumentPosition(order[i] as HTMLElement) & 4).toBe(4);
      }
      const usd = await screen.findByRole('button', { name: /USD/ });
      await waitFor(() => expect(within(usd).getByTestId('symbol-last').textContent).toBe('26.267'));
      await userEvent.click(usd);
      expect((await chartTitle()).textContent).toBe('USD - MONTHLY');
    });
  });

  it('reads the selection from the URL', async () => {
    const api = board();
    renderRoutes(forexRoutes, '/forex?symbol=EUR&range=daily');
    expect((await chartTitle()).textContent).toBe('EUR - DAILY');
    expect(api.callsTo('GET /api/forex/daily/')[0]?.url.searchParams.get('symbol')).toBe('EUR');
    expect(screen.getByRole('radio', { name: 'Day' })).toHaveProperty('checked', true);
    expect(await screen.findByRole('button', { name: 'EUR', pressed: true })).toBeTruthy();
  });

  it('shows Last, Bid, Ask in whole đồng and the time in the latest-quote card', async () => {
    board();
    renderRoutes(forexRoutes, '/forex');
    const card = await screen.findByTestId('latest-quote');
    await waitFor(() => expect(within(card).getByTestId('quote-last').textContent).toBe('Last152.300.000'));
    expect(within(card).getByTestId('quote-bid').textContent).toBe('Bid149.300.000');
    expect(within(card).getByTestId('quote-ask').textContent).toBe('Ask152.300.000');
    expect(within(card).getByTestId('quote-time').textContent).toMatch(/^Time12:30:00 22\/11\/2026$/);
    expect(screen.queryByTestId('demo-notice')).toBeNull();
    expect(screen.queryByTestId('stale-notice')).toBeNull();
  });

  it('says when the prices are demo data and when a source is stale', async () => {
    board({
      'GET /api/forex/latest/': () =>
        jsonResponse(200, latest('SJC', { source: 'demo', demo: true, stale: true })),
    });
    renderRoutes(forexRoutes, '/forex');
    expect((await screen.findByTestId('demo-notice')).textContent).toMatch(/dữ liệu mô phỏng/);
    expect(screen.getByTestId('stale-notice').textContent).toMatch(/chưa gửi giá mới cho SJC/);
  });

  it("shows 'Error: Failed to load symbols' in the red banner", async () => {
    board({ 'GET /api/forex/symbols/': () => jsonResponse(500, { detail: 'A server error occurred.' }) });
    renderRoutes(forexRoutes, '/forex');
    expect((await screen.findByTestId('forex-error', {}, { timeout: 5000 })).textContent).toBe(
      'Error: Failed to load symbols',
    );
  });

  it('puts a message in the chart card when a range fails, and retries', async () => {
    let fail = true;
    board({
      'GET /api/forex/monthly/': () =>
        fail
          ? jsonResponse(404, { detail: 'Unknown symbol "SJC".' })
          : jsonResponse(200, series('SJC', 'monthly')),
    });
    renderRoutes(forexRoutes, '/forex');
    const error = await screen.findByTestId('chart-error', {}, { timeout: 5000 });
    expect(error.textContent).toContain('Could not load the month prices for SJC.');
    expect(error.textContent).toContain('Unknown symbol "SJC".');
    expect(screen.getByTestId('chart-title').textContent).toBe('SJC - MONTHLY');
    fail = false;
    await userEvent.click(within(error).getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByTestId('chart-dot')).toHaveLength(3);
  });

  it('refuses the board to ndf users', async () => {
    signInAs('ndf');
    renderRoutes(forexRoutes, '/forex');
    expect(await screen.findByText(/access denied/i, {}, { timeout: 5000 })).toBeTruthy();
  });
});

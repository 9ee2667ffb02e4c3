// The stock page's candlestick chart and the analysis's month chart, in jsdom against a fake API
// (issue 26): the read-out (the last day, a day picked with the session slider, today's candle moved
// by a live quote), the range buttons, the session's lines, the tables, and the demo labels that
// show in demo mode only. jsdom cannot paint a canvas: the drawing itself is e2e/stock-chart.spec.ts's.
import type { PriceRecord, Snapshot, Stock, StocksStatus } from '@staff/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CANNOT_DRAW } from '../../components/charts/chart-frame';
import { FakeEventSource } from '../../test/event-source';
import { fakeApi, type Handler, jsonResponse } from '../../test/fake-api';
import { renderRoutes, renderWithProviders } from '../../test/render';
import { signInAs } from '../../test/session';
import { DEMO_WORDS, LiveBadge } from './components/demo-notice';
import { stocksPages } from './routes';
import { testSnapshot } from './test-fixtures';

const STOCK: Stock = {
  id: 1,
  ticker: 'VNM',
  name: 'Công ty Cổ phần Sữa Việt Nam',
  exchange_id: 1,
  exchange: { id: 1, code: 'HOSE', name: 'Sở Giao dịch Chứng khoán TP.HCM', board: 'HOSE' },
  lot_size: 100,
  sector: 'Thực phẩm',
  is_active: true,
};

const DEMO: StocksStatus = { market_data: 'demo', demo: true, sources: ['demo'] };
const LIVE: StocksStatus = { market_data: 'live', demo: false, sources: ['vci', 'kbs'] };

/** Weekday bars from 2026-01-05 to 2026-11-20, the close 100 đồng higher each day from 50.000. */
function history(): PriceRecord[] {
  const out: PriceRecord[] = [];
  for (let t = Date.UTC(2026, 0, 5); t <= Date.UTC(2026, 10, 20); t += 86_400_000) {
    const day = new Date(t);
    if (day.getUTCDay() === 0 || day.getUTCDay() === 6) continue;
    const close = 50_000 + out.length * 100;
    out.push({
      ticker: 'VNM',
      date: day.toISOString().slice(0, 10),
      open: close - 50,
      high: close + 200,
      low: close - 300,
      close,
      volume: 1_000_000 + out.length,
      average: null,
      source: 'demo',
    });
  }
  return out;
}
const BARS = history();
const LAST = BARS.at(-1) as PriceRecord;

function stockPage(status: StocksStatus, snapshot: Snapshot, more: Record<string, Handler> = {}) {
  signInAs('staff');
  return fakeApi({
    'GET /api/stocks/stocks/VNM/': () => jsonResponse(200, STOCK),
    'GET /api/stocks/snapshots/VNM/': () => jsonResponse(200, snapshot),
    'GET /api/stocks/prices/': () => jsonResponse(200, BARS),
    'GET /api/stocks/status/': () => jsonResponse(200, status),
    ...more,
  });
}

const readout = () => screen.getByTestId('ohlc-readout');
const readoutDay = () => within(readout()).getByTestId('readout-date').textContent;

beforeEach(() => {
  FakeEventSource.instances = [];
});

describe('the stock page’s chart', { timeout: 20_000 }, () => {
  it('reads out the last day, zooms by range button, and lists the shown days', async () => {
    stockPage(LIVE, testSnapshot('VNM', { trading_date: '2026-11-20', live_as_of: null }));
    renderRoutes(stocksPages, '/stocks/VNM');
    expect(await screen.findByTestId('ohlc-readout', {}, { timeout: 5000 })).toBeTruthy();
    // Not hovering: the last day.
    expect(readoutDay()).toBe('20/11/2026');
    expect(LAST).toMatchObject({ date: '2026-11-20', close: 72_900 });
    expect(within(readout()).getByTestId('readout-close').textContent).toBe('72.900');
    expect(within(readout()).getByTestId('readout-open').textContent).toBe('72.850');
    expect(within(readout()).getByTestId('readout-high').textContent).toBe('73.100');
    expect(within(readout()).getByTestId('readout-low').textContent).toBe('72.600');
    expect(within(readout()).getByTestId('readout-volume').textContent).toBe('1.000.229');
    // jsdom has no canvas: the chart says so, and its summary and table carry the numbers.
    expect(screen.getByText(CANNOT_DRAW)).toBeTruthy();

    // 3 months by default: 20/08 to 20/11 is 66 weekdays after 20/08.
    const summary = () => screen.getByTestId('chart-summary').textContent;
    expect(summary()).toBe(
      'Giá đóng cửa VNM, 3 tháng từ 21/08/2026 đến 20/11/2026: 66.400 → 72.900 (+9,79%); cao nhất 73.100, thấp nhất 66.100; 66 phiên.',
    );
    expect(screen.getByRole('img', { name: summary() as string })).toBeTruthy();
    await userEvent.click(screen.getByText('1M'));
    expect(summary()).toMatch(/^Giá đóng cửa VNM, 1 tháng từ 21\/10\/2026 đến 20\/11\/2026: .*; 23 phiên\.$/);
    await userEvent.click(screen.getByText('Tất cả'));
    expect(summary()).toMatch(
      /^Giá đóng cửa VNM, toàn bộ lịch sử từ 05\/01\/2026 đến 20\/11\/2026: 50\.000 → 72\.900 \(\+45,80%\); .*; 230 phiên\.$/,
    );

    // The table, newest first, of the shown days.
    await userEvent.click(screen.getByText('1Y'));
    await userEvent.click(screen.getByText('Xem số liệu dạng bảng'));
    const table = await screen.findByRole('table', { name: 'Giá hằng ngày VNM' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(BARS.length + 1);
    expect(
      within(rows[1] as HTMLElement)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['72.850', '73.100', '72.600', '72.900', '1.000.229']);
    expect(within(rows[1] as HTMLElement).getByRole('rowheader').textContent).toBe('20/11/2026');
    // The session's lines, in words; the attribution the library's licence asks for.
    expect(screen.getByTestId('session-levels').textContent).toBe(
      'Đường kẻ ngang phiên 20/11/2026: trần 68.500, tham chiếu (TC) 64.100, sàn 59.700.',
    );
    expect(screen.getByRole('link', { name: 'TradingView Lightweight Charts' }).getAttribute('href')).toBe(
      'https://www.tradingview.com/',
    );
  });

  it('moves the read-out day by day with the session slider, within the range', async () => {
    stockPage(LIVE, testSnapshot('VNM', { trading_date: '2026-11-20', live_as_of: null }));
    renderRoutes(stocksPages, '/stocks/VNM');
    const slider = await screen.findByRole('slider', { name: 'Phiên' }, { timeout: 5000 });
    await userEvent.click(screen.getByText('1M'));
    expect(slider.getAttribute('aria-valuetext')).toBe(
      '20/11/2026: Open 72.850, High 73.100, Low 72.600, Close 72.900 (+0,14%), Volume 1.000.229',
    );
    expect([slider.getAttribute('min'), slider.getAttribute('max')]).toEqual([
      String(BARS.length - 23),
      String(BARS.length - 1),
    ]);
    slider.focus();
    fireEvent.change(slider, { target: { value: String(BARS.length - 2) } });
    expect(readoutDay()).toBe('19/11/2026');
    expect(slider.getAttribute('aria-valuetext')).toMatch(/^19\/11\/2026: Open 72\.750, .*Close 72\.800/);
    // Leaving the slider goes back to the last day.
    fireEvent.blur(slider);
    expect(readoutDay()).toBe('20/11/2026');
  });

  it('in demo mode says the prices are generated, and today’s candle moves with the live quotes', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const session = testSnapshot('VNM', {
      trading_date: '2026-11-23',
      open_price: 73_100,
      high_price: 73_500,
      low_price: 72_900,
      current_price: 73_400,
      volume: 500_000,
      prev_close: 73_000,
      live_as_of: '2026-11-23T02:30:00.000Z',
    });
    stockPage(DEMO, session, {
      'POST /api/stocks/stream-ticket/': () => jsonResponse(200, { ticket: 'tkt', expires_in: 60 }),
    });
    renderRoutes(stocksPages, '/stocks/VNM');
    const notice = await screen.findByTestId('demo-notice', {}, { timeout: 5000 });
    expect(within(notice).getByText(DEMO_WORDS.title)).toBeTruthy();
    expect(notice.textContent).toContain(
      'Giá của VNM là dữ liệu mô phỏng, không phải giá thị trường. Đặt MARKET_DATA=live để lấy giá thật từ VCI và KBS.',
    );
    // Today's session is a candle after the last bar, marked as trading and as demo.
    await waitFor(() => expect(readoutDay()).toBe('23/11/2026'));
    expect(within(readout()).getByText('Đang giao dịch · DEMO')).toBeTruthy();
    expect(within(readout()).getByTestId('readout-close').textContent).toBe('73.400');

    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    act(() =>
      (FakeEventSource.instances[0] as FakeEventSource).emit('quote', {
        ticker: 'VNM',
        price: 73_800,
        volume: 650_000,
        as_of: '2026-11-23T02:31:00.000Z',
        source: 'demo',
        open: 73_100,
        high: 73_800,
        low: 72_900,
      }),
    );
    expect(within(readout()).getByTestId('readout-close').textContent).toBe('73.800');
    expect(within(readout()).getByTestId('readout-high').textContent).toBe('73.800');
    expect(within(readout()).getByTestId('readout-volume').textContent).toBe('650.000');
    expect(screen.getByTestId('chart-summary').textContent).toMatch(/đến 23\/11\/2026: .* → 73\.800/);
  });

  it('says nothing about demo data in live mode', async () => {
    const api = stockPage(
      LIVE,
      testSnapshot('VNM', { live_as_of: '2026-11-23T02:30:00.000Z', trading_date: '2026-11-23' }),
    );
    renderRoutes(stocksPages, '/stocks/VNM');
    await screen.findByTestId('ohlc-readout', {}, { timeout: 5000 });
    await waitFor(() => expect(api.callsTo('GET /api/stocks/status/')).toHaveLength(1));
    expect(within(readout()).getByText('Đang giao dịch')).toBeTruthy();
    expect(screen.queryByTestId('demo-notice')).toBeNull();
    expect(screen.queryByText(/DEMO|mô phỏng/)).toBeNull();
  });
});

describe('the LIVE badge', () => {
  it('says DEMO on a generated quote, and is the spec’s LIVE {time} otherwise', () => {
    fakeApi({});
    const { unmount } = renderWithProviders(<LiveBadge asOf="2026-11-23T03:05:00.000Z" demo />);
    expect(screen.getByText('LIVE 10:05 · DEMO').closest('[aria-label]')?.getAttribute('aria-label')).toBe(
      'LIVE 10:05, giá mô phỏng (demo)',
    );
    unmount();
    renderWithProviders(<LiveBadge asOf="2026-11-23T03:05:00.000Z" demo={false} />);
    expect(screen.getByText('LIVE 10:05')).toBeTruthy();
    expect(screen.queryByText(/DEMO/)).toBeNull();
  });

  it('asks the server by default', async () => {
    fakeApi({ 'GET /api/stocks/status/': () => jsonResponse(200, DEMO) });
    renderWithProviders(<LiveBadge asOf="2026-11-23T03:05:00.000Z" />);
    expect(await screen.findByText('LIVE 10:05 · DEMO')).toBeTruthy();
  });
});

describe('the analysis’s month chart', { timeout: 20_000 }, () => {
  function analysis(status: StocksStatus) {
    signInAs('staff');
    const bars = (ticker: string, closes: number[]) =>
      closes.map((close, i) => ({
        ticker,
        date: `2026-11-0${i + 2}`,
        open: close,
        high: close,
        low: close,
        close,
        volume: 100,
        average: null,
        source: 'demo',
      }));
    return fakeApi({
      'GET /api/stocks/status/': () => jsonResponse(200, status),
      'GET /api/stocks/watchlists/4/': () =>
        jsonResponse(200, {
          id: 4,
          name: 'Hàng không',
          is_default: true,
          item_count: 2,
          items: ['ACV', 'VJC'].map((t, i) => ({
            id: i + 1,
            stock: { ticker: t, name: `${t} name`, exchange: 'HOSE' },
            note: '',
            target_price: null,
            target_direction: null,
            added_at: '2026-11-01T00:00:00.000Z',
            snapshot: null,
          })),
        }),
      'GET /api/stocks/snapshots/': () =>
        jsonResponse(200, [
          testSnapshot('ACV', {
            trading_date: '2026-11-04',
            current_price: 110,
            prev_close: 105,
            month_open: 100,
          }),
          testSnapshot('VJC', {
            trading_date: '2026-11-04',
            current_price: 90,
            prev_close: 95,
            month_open: 100,
          }),
        ]),
      'GET /api/stocks/prices/': ({ url }) =>
        url.searchParams.get('ticker') === 'ACV'
          ? jsonResponse(200, bars('ACV', [100, 105, 110]))
          : jsonResponse(200, bars('VJC', [100, 95, 90])),
    });
  }

  it('draws each ticker’s change since the month’s open, with a legend, a summary and a table', async () => {
    const api = analysis(LIVE);
    renderRoutes(stocksPages, '/watchlists/4/analysis');
    const chart = await screen.findByTestId('month-change-chart', {}, { timeout: 5000 });
    expect(
      api
        .callsTo('GET /api/stocks/prices/')
        .map((c) => [c.url.searchParams.get('ticker'), c.url.searchParams.get('since')]),
    ).toEqual([
      ['ACV', '2026-11-01'],
      ['VJC', '2026-11-01'],
    ]);
    const summary =
      'Thay đổi từ đầu tháng 11/2026 đến 04/11/2026: cao nhất ACV +10,00%, thấp nhất VJC -10,00%.';
    expect(within(chart).getByTestId('chart-summary').textContent).toBe(summary);
    expect(within(chart).getByRole('img', { name: `Thay đổi trong tháng. ${summary}` })).toBeTruthy();
    const legend = within(chart).getByRole('list', { name: 'Chú giải' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((i) => i.textContent),
    ).toEqual(['ACV+10,00%', 'VJC-10,00%']);
    await userEvent.click(within(chart).getByText('Xem số liệu dạng bảng'));
    const table = within(chart).getByRole('table', { name: 'Thay đổi trong tháng' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['NgàyACVVJC', '02/11/2026+0,00%+0,00%', '03/11/2026+5,00%-5,00%', '04/11/2026+10,00%-10,00%']);
    // Its last day is the table's 'Từ đầu tháng'.
    const acv = within(screen.getByRole('table', { name: 'Phân tích danh mục' })).getByRole('row', {
      name: /ACV/,
    });
    expect(within(acv).getAllByRole('cell')[4]?.textContent).toBe('+10,00%');
    expect(screen.queryByTestId('demo-notice')).toBeNull();
  });

  it('says in demo mode that the prices are generated', async () => {
    analysis(DEMO);
    renderRoutes(stocksPages, '/watchlists/4/analysis');
    const notice = await screen.findByTestId('demo-notice', {}, { timeout: 5000 });
    expect(notice.textContent).toContain(
      'Giá cổ phiếu trên trang này là dữ liệu mô phỏng, không phải giá thị trường.',
    );
  });
});

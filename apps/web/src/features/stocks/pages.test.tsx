// The stock page (with the spec's fallback to the search by ticker, the snapshot and the chart),
// the list analysis, and the HOLIDAY badge, in jsdom against a fake API.
import type { PriceRecord, Snapshot, Stock } from '@staff/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, jsonResponse } from '../../test/fake-api';
import { renderRoutes } from '../../test/render';
import { signInAs } from '../../test/session';

const signIn = () => signInAs('staff');

import { stocksPages } from './routes';
import { testSnapshot } from './test-fixtures';

const STOCK: Stock = {
  id: 7,
  ticker: 'ACV',
  name: 'Tổng Công ty Cảng hàng không Việt Nam - CTCP',
  exchange_id: 3,
  exchange: { id: 3, code: 'UPCOM', name: 'Thị trường UPCoM (Hà Nội)', board: 'UPCOM' },
  lot_size: 100,
  sector: 'Hàng không',
  is_active: true,
};

/** An UPCOM stock's snapshot, at 60.500. */
const snapshot = (ticker: string, fields: Partial<Snapshot> = {}): Snapshot =>
  testSnapshot(ticker, { exchange: 'UPCOM', current_price: 60_500, ...fields });

const bars: PriceRecord[] = ['2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20'].map((date, i) => ({
  ticker: 'ACV',
  date,
  open: 59_000 + i * 100,
  high: 61_000,
  low: 58_000,
  close: 59_500 + i * 300,
  volume: 1000,
  average: null,
  source: 'demo',
}));

describe('stock pages', { timeout: 20_000 }, () => {
  it('shows a stock found through the ticker fallback, its snapshot and a daily chart', async () => {
    signIn();
    const api = fakeApi({
      'GET /api/stocks/stocks/ACV/': () => jsonResponse(404, { detail: 'Not found.' }),
      'GET /api/stocks/stocks/': () => jsonResponse(200, [STOCK]),
      'GET /api/stocks/snapshots/ACV/': () => jsonResponse(200, snapshot('ACV')),
      'GET /api/stocks/prices/': () => jsonResponse(200, bars),
    });
    renderRoutes(stocksPages, '/stocks/acv');
    expect(await screen.findByRole('heading', { name: 'ACV' }, { timeout: 5000 })).toBeTruthy();
    expect(await screen.findByText(/Tổng Công ty Cảng hàng không Việt Nam - CTCP · Hàng không/)).toBeTruthy();
    expect(api.callsTo('GET /api/stocks/stocks/')[0]?.url.searchParams.get('ticker')).toBe('ACV');
    const card = await screen.findByRole('article', { name: 'ACV' });
    expect(within(card).getByTestId('price').textContent).toBe('60.500');
    // The candlestick chart (a canvas, which jsdom cannot paint) is named by its summary: chart-pages.test.tsx.
    expect(
      await screen.findByRole('img', {
        name: 'Giá đóng cửa ACV, 3 tháng từ 17/11/2026 đến 20/11/2026: 59.500 → 60.400 (+1,51%); cao nhất 61.000, thấp nhất 58.000; 4 phiên.',
      }),
    ).toBeTruthy();
    const prices = api.callsTo('GET /api/stocks/prices/')[0]?.url.searchParams;
    expect([prices?.get('ticker'), prices?.get('since')]).toEqual(['ACV', '2000-01-01']);
  });

  it('shows what failed on the stock page: a snapshot not in the contracts’ shape, the prices', async () => {
    signIn();
    fakeApi({
      'GET /api/stocks/stocks/ACV/': () => jsonResponse(200, STOCK),
      // Only a ticker and a price, under the spec's aliases: not a whole snapshot, so an error, not a card.
      'GET /api/stocks/snapshots/ACV/': () => jsonResponse(200, { code: 'ACV', price: 60_500 }),
      'GET /api/stocks/prices/': () => jsonResponse(500, { detail: 'Server error.' }),
    });
    renderRoutes(stocksPages, '/stocks/ACV');
    expect(await screen.findByText('Không tải được giá của mã ACV.', {}, { timeout: 5000 })).toBeTruthy();
    expect(await screen.findByText('Không tải được giá đóng cửa.')).toBeTruthy();
    // In words, never the failure's body.
    expect(screen.getByText('The server failed (error 500). Please try again in a moment.')).toBeTruthy();
    expect(screen.queryByRole('article', { name: 'ACV' })).toBeNull();
    expect(screen.getByText(/Tổng Công ty Cảng hàng không Việt Nam - CTCP/)).toBeTruthy();
  });

  it('does not fall back to the ticker search when the stock call fails for another reason', async () => {
    signIn();
    const api = fakeApi({
      'GET /api/stocks/stocks/ACV/': () => jsonResponse(503, { detail: 'Try later.' }),
      'GET /api/stocks/stocks/': () => jsonResponse(200, [STOCK]),
    });
    renderRoutes(stocksPages, '/stocks/ACV');
    expect(await screen.findByText('Không tải được thông tin mã ACV.', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('The server failed (error 503). Please try again in a moment.')).toBeTruthy();
    expect(api.callsTo('GET /api/stocks/stocks/')).toHaveLength(0);
  });

  it('analyses a list: changes since yesterday, the week and the month, and equal-amount weights', async () => {
    signIn();
    fakeApi({
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
          snapshot('ACV', { current_price: 110, prev_close: 100, week_open: 100, month_open: 100 }),
          snapshot('VJC', { current_price: 90, prev_close: 100, week_open: 90, month_open: 100 }),
        ]),
    });
    renderRoutes(stocksPages, '/watchlists/4/analysis');
    expect(
      await screen.findByRole('heading', { name: 'Phân tích — Hàng không' }, { timeout: 5000 }),
    ).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Phân tích danh mục' });
    const acv = within(table).getByRole('row', { name: /ACV/ });
    expect(
      within(acv)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['ACVACV name', '110', '+10,00%', '+10,00%', '+10,00%', '55%']);
    const vjc = within(table).getByRole('row', { name: /VJC/ });
    expect(
      within(vjc)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['VJCVJC name', '90', '-10,00%', '+0,00%', '-10,00%', '45%']);
  });

  it('says when a list is not the user’s', async () => {
    signIn();
    fakeApi({ 'GET /api/stocks/watchlists/9/': () => jsonResponse(404, { detail: 'Not found.' }) });
    renderRoutes(stocksPages, '/watchlists/9/analysis');
    expect(await screen.findByText('Không tìm thấy danh mục này.', {}, { timeout: 5000 })).toBeTruthy();
  });

  it('says the analysis could not load when the list fails for a reason other than not found', async () => {
    signIn();
    fakeApi({ 'GET /api/stocks/watchlists/9/': () => jsonResponse(500, { detail: 'Server error.' }) });
    renderRoutes(stocksPages, '/watchlists/9/analysis');
    expect(await screen.findByText('Không tải được phân tích.', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByText('Không tìm thấy danh mục này.')).toBeNull();
  });

  it('marks a holiday on the Watchlists grid', async () => {
    signIn();
    const list = { id: 4, name: 'Tết', is_default: true, item_count: 1 };
    const item = {
      id: 1,
      stock: { ticker: 'ACV', name: 'ACV name', exchange: 'UPCOM' },
      note: '',
      target_price: null,
      target_direction: null,
      added_at: '2026-02-01T00:00:00.000Z',
    };
    fakeApi({
      'GET /api/stocks/watchlists/': () => jsonResponse(200, [{ ...list, items: [item] }]),
      'GET /api/stocks/watchlists/4/': () =>
        jsonResponse(200, { ...list, items: [{ ...item, snapshot: null }] }),
      'GET /api/stocks/snapshots/': () => jsonResponse(200, [snapshot('ACV', { is_holiday: true })]),
    });
    renderRoutes(stocksPages, '/stocks');
    expect(await screen.findByText('HOLIDAY', {}, { timeout: 5000 })).toBeTruthy();
  });
});

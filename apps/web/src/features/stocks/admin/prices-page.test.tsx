// The price records screen against a fake API: the ticker from the URL or the picker, the recorded
// bars newest first in vi-VN numbers and dd/mm/yyyy, a day's bar checked by the contracts' rule
// before it is sent, the server's refusals under their fields, and a day already recorded replaced.
import type { PriceRecord } from '@staff/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { type FakeRequest, fakeApi, jsonResponse } from '../../../test/fake-api';
import { renderRoutes } from '../../../test/render';
import { signInAs } from '../../../test/session';
import { stocksAdminPages } from './routes';
import { cataloguePage, testStock } from './test-fixtures';

const bar = (date: string, close: number, source = 'manual'): PriceRecord => ({
  ticker: 'XYZ',
  date,
  open: 10_000,
  high: 12_000,
  low: 9_500,
  close,
  volume: 1_234_500,
  average: null,
  source,
});
const RECORDED = [bar('2026-05-04', 11_000, 'demo'), bar('2026-05-05', 11_500)];

const json = (request: FakeRequest) => JSON.parse(String(request.body));

function renderPrices(path: string, routes: Parameters<typeof fakeApi>[0] = {}) {
  signInAs('manager');
  const api = fakeApi({
    'GET /api/stocks/stocks/XYZ/': () => jsonResponse(200, testStock('XYZ', { name: 'Công ty Nhập Tay' })),
    'GET /api/stocks/prices/': () => jsonResponse(200, RECORDED),
    'GET /api/stocks/catalogue/': () =>
      jsonResponse(200, cataloguePage([testStock('XYZ', { name: 'Công ty Nhập Tay' })])),
    ...routes,
  });
  const view = renderRoutes(stocksAdminPages, path, { notifications: true });
  const query = () => new URLSearchParams(view.router.state.location.search);
  return { ...view, api, query };
}

const form = () => screen.getByRole('form', { name: 'New daily bar for XYZ' });
const field = (label: string) => within(form()).getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement;

async function fillBar(user: UserEvent, date: string, prices: Record<string, string>) {
  fireEvent.change(field('Date'), { target: { value: date } });
  fireEvent.blur(field('Date'));
  for (const [label, value] of Object.entries(prices)) {
    await user.clear(field(label));
    await user.type(field(label), value);
  }
}

let user: UserEvent;
beforeEach(() => {
  user = userEvent.setup({ delay: null });
});

describe('price records', { timeout: 20_000 }, () => {
  it('asks for a ticker first, and picks one from the catalogue search into the URL', async () => {
    const { api, query } = renderPrices('/stocks/admin/prices');
    expect(await screen.findByRole('heading', { name: 'Price records' })).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
    await user.type(screen.getByRole('textbox', { name: 'Ticker' }), 'xy');
    await waitFor(() =>
      expect(api.callsTo('GET /api/stocks/catalogue/').at(-1)?.url.searchParams.get('search')).toBe('xy'),
    );
    fireEvent.click(await screen.findByRole('option', { name: 'XYZ — Công ty Nhập Tay', hidden: true }));
    await waitFor(() => expect(query().get('ticker')).toBe('XYZ'));
    expect(await screen.findByRole('form', { name: 'New daily bar for XYZ' })).toBeTruthy();
  });

  it("shows the ticker's recorded bars newest first, in vi-VN numbers and dd/mm/yyyy, over the chosen period", async () => {
    const { api, query } = renderPrices('/stocks/admin/prices?ticker=xyz');
    const table = await screen.findByRole('table', { name: 'Price records of XYZ' });
    await within(table).findByText('05/05/2026');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.querySelector('td')?.textContent)).toEqual(['05/05/2026', '04/05/2026']);
    expect(rows[0]?.textContent).toContain('11.500');
    expect(rows[0]?.textContent).toContain('1.234.500');
    expect(rows[0]?.textContent).toContain('Entered by hand');
    expect(rows[1]?.textContent).toContain('Demo');
    expect(screen.getByRole('link', { name: 'Open the stock page' }).getAttribute('href')).toBe(
      '/stocks/XYZ',
    );
    const firstSince = api.callsTo('GET /api/stocks/prices/')[0]?.url.searchParams;
    expect(firstSince?.get('ticker')).toBe('XYZ');

    await user.click(screen.getByRole('radio', { name: '1 year' }));
    await waitFor(() => expect(query().get('days')).toBe('365'));
    await waitFor(() => expect(api.callsTo('GET /api/stocks/prices/').length).toBe(2));
    const [earlier, later] = api
      .callsTo('GET /api/stocks/prices/')
      .map((c) => c.url.searchParams.get('since') ?? '');
    expect((later ?? '') < (earlier ?? '')).toBe(true);
  });

  it('checks the bar before sending it, then records it and says so', async () => {
    const { api } = renderPrices('/stocks/admin/prices?ticker=XYZ', {
      'POST /api/stocks/prices/': (request) =>
        jsonResponse(201, {
          ...json(request),
          volume: json(request).volume ?? 0,
          average: null,
          source: 'manual',
        }),
    });
    await screen.findByRole('form', { name: 'New daily bar for XYZ' });
    await user.click(within(form()).getByRole('button', { name: 'Record bar' }));
    expect(within(form()).getAllByText('This field is required.')).toHaveLength(4);
    expect(api.callsTo('POST /api/stocks/prices/')).toHaveLength(0);

    await fillBar(user, '06/05/2026', { Open: '44000', High: '43000', Low: '42000', Close: '43500' });
    await user.click(within(form()).getByRole('button', { name: 'Record bar' }));
    expect(await within(form()).findByText('High must be at least open, low and close.')).toBeTruthy();
    expect(api.callsTo('POST /api/stocks/prices/')).toHaveLength(0);

    await fillBar(user, '06/05/2026', { High: '45000', Volume: '250000' });
    await user.click(within(form()).getByRole('button', { name: 'Record bar' }));
    expect(await screen.findByText('Recorded the bar of XYZ for 06/05/2026: close 43.500.')).toBeTruthy();
    expect(json(api.callsTo('POST /api/stocks/prices/')[0] as FakeRequest)).toEqual({
      ticker: 'XYZ',
      date: '2026-05-06',
      open: 44_000,
      high: 45_000,
      low: 42_000,
      close: 43_500,
      volume: 250_000,
    });
    // Ready for the next bar: the prices are cleared, the date kept; the list is asked again.
    expect(field('Open').value).toBe('');
    expect(field('Date').value).toBe('06/05/2026');
    await waitFor(() => expect(api.callsTo('GET /api/stocks/prices/').length).toBeGreaterThan(1));
  });

  it("puts the server's refusals under their fields and keeps what was typed", async () => {
    renderPrices('/stocks/admin/prices?ticker=XYZ', {
      'POST /api/stocks/prices/': () =>
        jsonResponse(400, { close: ['Ensure this value is less than or equal to 10000000.'] }),
    });
    await screen.findByRole('form', { name: 'New daily bar for XYZ' });
    await fillBar(user, '06/05/2026', { Open: '44000', High: '45000', Low: '42000', Close: '43500' });
    await user.click(within(form()).getByRole('button', { name: 'Record bar' }));
    expect(
      await within(form()).findByText('Ensure this value is less than or equal to 10000000.'),
    ).toBeTruthy();
    expect(within(form()).getByRole('alert').textContent).toBe('Please correct the errors below.');
    expect(field('Close').getAttribute('aria-invalid')).toBe('true');
    expect(field('Open').value).toBe('44.000');
  });

  it('warns that a recorded day is replaced, and fills the form from a recorded bar', async () => {
    renderPrices('/stocks/admin/prices?ticker=XYZ');
    const table = await screen.findByRole('table', { name: 'Price records of XYZ' });
    await user.click(await within(table).findByRole('button', { name: 'Edit the bar of 05/05/2026' }));
    expect(field('Date').value).toBe('05/05/2026');
    expect(field('Close').value).toBe('11.500');
    await waitFor(() => expect(document.activeElement).toBe(field('Open')));
    expect(
      within(form()).getByText(/already has a bar for 05\/05\/2026 \(close 11\.500, entered by hand\)/),
    ).toBeTruthy();
    expect(within(form()).getByRole('button', { name: 'Replace bar' })).toBeTruthy();
  });

  it('says when the ticker is not in the catalogue', async () => {
    renderPrices('/stocks/admin/prices?ticker=NOPE');
    expect(
      await screen.findByText('There is no stock with ticker NOPE. Add it in the stock catalogue first.'),
    ).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
  });
});

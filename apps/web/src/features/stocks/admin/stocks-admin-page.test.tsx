// The stock catalogue screen against a fake API: the list and its filters in the URL, adding a stock
// (the server's errors under the fields), editing one with the version it was loaded at (and the
// conflict after a 412), deactivating one after a confirmation.
import type { Stock } from '@staff/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { type FakeRequest, fakeApi, jsonResponse } from '../../../test/fake-api';
import { renderRoutes } from '../../../test/render';
import { signInAs } from '../../../test/session';
import { stocksAdminPages } from './routes';
import { cataloguePage, EXCHANGES, testStock } from './test-fixtures';

const LIST = 'GET /api/stocks/catalogue/';
const STOCKS = [
  testStock('AAA', { name: 'Nhựa An Phát Xanh', sector: 'Nhựa' }),
  testStock('BBC', { name: 'Bibica', is_active: false, exchange_id: 2 }),
  testStock('VNM', { name: 'Vinamilk' }),
];

const json = (request: FakeRequest) => JSON.parse(String(request.body));

function renderCatalogue(routes: Parameters<typeof fakeApi>[0] = {}, path = '/stocks/admin') {
  signInAs('manager');
  const api = fakeApi({
    'GET /api/stocks/exchanges/': () => jsonResponse(200, EXCHANGES),
    [LIST]: () => jsonResponse(200, cataloguePage(STOCKS)),
    ...routes,
  });
  const view = renderRoutes(stocksAdminPages, path, { notifications: true });
  const query = () => new URLSearchParams(view.router.state.location.search);
  return { ...view, api, query };
}

const table = () => screen.getByRole('table', { name: 'Stocks' });
const row = (ticker: string) => within(table()).getByRole('row', { name: new RegExp(`^${ticker} `) });

let user: UserEvent;
beforeEach(() => {
  user = userEvent.setup({ delay: null });
});

describe('stock catalogue', { timeout: 20_000 }, () => {
  it('lists every stock with its exchange, sector, lot size and status, and asks for the page it shows', async () => {
    const { api } = renderCatalogue();
    expect(await screen.findByRole('heading', { name: 'Stock catalogue' })).toBeTruthy();
    await screen.findByText('Nhựa An Phát Xanh');
    expect(within(table()).getAllByRole('row')).toHaveLength(4);
    expect(row('AAA').textContent).toContain('HOSE');
    expect(row('AAA').textContent).toContain('Nhựa');
    expect(within(row('BBC')).getByText('Inactive')).toBeTruthy();
    expect(within(row('BBC')).getByRole('button', { name: 'Activate BBC' })).toBeTruthy();
    expect(within(row('AAA')).getByRole('link', { name: 'AAA' }).getAttribute('href')).toBe('/stocks/AAA');
    expect(within(row('AAA')).getByRole('link', { name: 'Price records of AAA' }).getAttribute('href')).toBe(
      '/stocks/admin/prices?ticker=AAA',
    );
    expect(Object.fromEntries(api.callsTo(LIST)[0]?.url.searchParams ?? [])).toEqual({
      page: '1',
      page_size: '20',
    });
  });

  it('filters by exchange, status and a typed search, keeping them in the URL', async () => {
    const { api, query } = renderCatalogue({}, '/stocks/admin?is_active=false');
    await screen.findByText('Bibica');
    expect(api.callsTo(LIST).at(-1)?.url.searchParams.get('is_active')).toBe('false');

    await user.click(screen.getByRole('textbox', { name: 'Exchange' }));
    fireEvent.click(await screen.findByRole('option', { name: 'HNX', hidden: true }));
    await waitFor(() => expect(query().get('exchange')).toBe('HNX'));
    await waitFor(() => expect(api.callsTo(LIST).at(-1)?.url.searchParams.get('exchange')).toBe('HNX'));

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'bibi');
    await waitFor(() => expect(query().get('search')).toBe('bibi'));
    await waitFor(() =>
      expect(Object.fromEntries(api.callsTo(LIST).at(-1)?.url.searchParams ?? [])).toEqual({
        search: 'bibi',
        exchange: 'HNX',
        is_active: 'false',
        page: '1',
        page_size: '20',
      }),
    );
  });

  it('says when no stock matches, and shows a load error with Try again', async () => {
    let fail = true;
    renderCatalogue({
      [LIST]: () => (fail ? jsonResponse(500, { detail: 'boom' }) : jsonResponse(200, cataloguePage([]))),
    });
    expect(await screen.findByText('Could not load the stocks.')).toBeTruthy();
    expect(screen.getByText('The server failed (error 500). Please try again in a moment.')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No stocks found.')).toBeTruthy();
  });

  it('adds a stock with lot size 100 unless changed, and puts the server refusal under the ticker', async () => {
    let taken = true;
    const { api } = renderCatalogue({
      'POST /api/stocks/stocks/': (request) =>
        taken
          ? jsonResponse(400, { ticker: ['A stock with ticker AAA already exists.'] })
          : jsonResponse(201, testStock(json(request).ticker, { name: json(request).name })),
    });
    await screen.findByText('Vinamilk');
    await user.click(screen.getByRole('button', { name: 'Add stock' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add stock' });
    expect((within(dialog).getByLabelText(/^Lot size/) as HTMLInputElement).value).toBe('100');

    // Nothing is sent until the form is complete.
    await user.click(within(dialog).getByRole('button', { name: 'Add stock' }));
    expect(await within(dialog).findByText('Choose an exchange.')).toBeTruthy();
    expect(api.callsTo('POST /api/stocks/stocks/')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText(/^Ticker/), 'aaa');
    await user.type(within(dialog).getByLabelText(/^Company name/), 'Công ty Thử');
    await user.click(within(dialog).getByRole('textbox', { name: /^Exchange/ }));
    fireEvent.click(await screen.findByRole('option', { name: /^HNX —/, hidden: true }));
    await user.click(within(dialog).getByRole('button', { name: 'Add stock' }));

    expect(await within(dialog).findByText('A stock with ticker AAA already exists.')).toBeTruthy();
    expect(within(dialog).getByText('Please correct the errors below.')).toBeTruthy();
    expect(
      within(dialog)
        .getByLabelText(/^Ticker/)
        .getAttribute('aria-invalid'),
    ).toBe('true');
    expect(json(api.callsTo('POST /api/stocks/stocks/')[0] as FakeRequest)).toEqual({
      ticker: 'AAA',
      name: 'Công ty Thử',
      exchange_id: 2,
      lot_size: 100,
      sector: '',
      is_active: true,
    });

    taken = false;
    const ticker = within(dialog).getByLabelText(/^Ticker/);
    await user.clear(ticker);
    await user.type(ticker, 'ttt1');
    await user.click(within(dialog).getByRole('button', { name: 'Add stock' }));
    expect(await screen.findByText('Stock TTT1 added.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add stock' })).toBeNull());
    // The list is asked again.
    await waitFor(() => expect(api.callsTo(LIST).length).toBeGreaterThan(1));
  });

  it('edits a stock from the version it loaded (If-Match), without sending the ticker', async () => {
    const vnm = STOCKS[2] as Stock;
    const { api } = renderCatalogue({
      'GET /api/stocks/stocks/VNM/': () =>
        new Response(JSON.stringify(vnm), {
          status: 200,
          headers: { 'Content-Type': 'application/json', ETag: '"v1"' },
        }),
      'PATCH /api/stocks/stocks/VNM/': (request) => jsonResponse(200, { ...vnm, ...json(request) }),
    });
    await screen.findByText('Vinamilk');
    await user.click(within(row('VNM')).getByRole('button', { name: 'Edit VNM' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit VNM' });
    const name = await within(dialog).findByLabelText(/^Company name/);
    expect((name as HTMLInputElement).value).toBe('Vinamilk');
    expect((within(dialog).getByLabelText(/^Ticker/) as HTMLInputElement).disabled).toBe(true);
    await user.clear(name);
    await user.type(name, 'Sữa Việt Nam');
    await user.type(within(dialog).getByLabelText(/^Sector/), 'Thực phẩm');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Stock VNM saved.')).toBeTruthy();
    const patch = api.callsTo('PATCH /api/stocks/stocks/VNM/')[0] as FakeRequest;
    expect(patch.headers.get('If-Match')).toBe('"v1"');
    expect(json(patch)).toEqual({
      name: 'Sữa Việt Nam',
      exchange_id: 1,
      lot_size: 100,
      sector: 'Thực phẩm',
      is_active: true,
    });
  });

  it('after a 412 keeps what was typed, takes the newer values of the other fields and names the clashes', async () => {
    const vnm = STOCKS[2] as Stock;
    let version = 1;
    const stored = () => (version === 1 ? vnm : { ...vnm, name: 'Vinamilk JSC', lot_size: 10 });
    const { api } = renderCatalogue({
      'GET /api/stocks/stocks/VNM/': () =>
        new Response(JSON.stringify(stored()), {
          status: 200,
          headers: { 'Content-Type': 'application/json', ETag: `"v${version}"` },
        }),
      'PATCH /api/stocks/stocks/VNM/': (request) =>
        request.headers.get('If-Match') === `"v${version}"`
          ? jsonResponse(200, { ...stored(), ...json(request) })
          : jsonResponse(412, {
              detail: 'This stock was changed by someone else since you opened it.',
              code: 'precondition_failed',
            }),
    });
    await screen.findByText('Vinamilk');
    await user.click(within(row('VNM')).getByRole('button', { name: 'Edit VNM' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit VNM' });
    const name = await within(dialog).findByLabelText(/^Company name/);
    version = 2; // someone saves meanwhile
    await user.clear(name);
    await user.type(name, 'Sữa Việt Nam');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    expect(await within(dialog).findByText(/Someone else changed this stock/)).toBeTruthy();
    expect(
      within(dialog).getByText('Company name: your value is kept; they saved Vinamilk JSC.'),
    ).toBeTruthy();
    expect((within(dialog).getByLabelText(/^Company name/) as HTMLInputElement).value).toBe('Sữa Việt Nam');
    expect((within(dialog).getByLabelText(/^Lot size/) as HTMLInputElement).value).toBe('10');
    // Saving again goes over the newer version.
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Stock VNM saved.')).toBeTruthy();
    expect(api.callsTo('PATCH /api/stocks/stocks/VNM/').at(-1)?.headers.get('If-Match')).toBe('"v2"');
  });

  it('deactivates a stock only after a confirmation, and activates one at once', async () => {
    const { api } = renderCatalogue({
      'PATCH /api/stocks/stocks/AAA/': () => jsonResponse(200, { ...STOCKS[0], is_active: false }),
      'PATCH /api/stocks/stocks/BBC/': () => jsonResponse(200, { ...STOCKS[1], is_active: true }),
    });
    await screen.findByText('Vinamilk');
    await user.click(within(row('AAA')).getByRole('button', { name: 'Deactivate AAA' }));
    let confirm = await screen.findByRole('dialog', { name: 'Deactivate AAA?' });
    expect(confirm.textContent).toContain('will no longer be found by the ticker search');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Deactivate AAA?' })).toBeNull());
    expect(api.callsTo('PATCH /api/stocks/stocks/AAA/')).toHaveLength(0);

    await user.click(within(row('AAA')).getByRole('button', { name: 'Deactivate AAA' }));
    confirm = await screen.findByRole('dialog', { name: 'Deactivate AAA?' });
    await user.click(within(confirm).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('AAA deactivated.')).toBeTruthy();
    const patch = api.callsTo('PATCH /api/stocks/stocks/AAA/')[0] as FakeRequest;
    expect(json(patch)).toEqual({ is_active: false });
    expect(patch.headers.get('If-Match')).toBeNull();

    await user.click(within(row('BBC')).getByRole('button', { name: 'Activate BBC' }));
    expect(await screen.findByText('BBC activated.')).toBeTruthy();
    expect(json(api.callsTo('PATCH /api/stocks/stocks/BBC/')[0] as FakeRequest)).toEqual({ is_active: true });
  });
});

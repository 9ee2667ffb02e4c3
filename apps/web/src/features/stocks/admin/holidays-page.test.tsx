// The holiday table screen against a fake API: a year's announced holidays (the year in the URL),
// adding one (checked by the contracts' rule, the server's refusal under the date), removing one only
// after a confirmation.
import type { MarketHoliday } from '@staff/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { type FakeRequest, fakeApi, jsonResponse } from '../../../test/fake-api';
import { renderRoutes } from '../../../test/render';
import { signInAs } from '../../../test/session';
import { stockHolidaysPages } from './routes';

const YEAR_2026: MarketHoliday[] = [
  { date: '2026-02-16', name: 'Tết Nguyên Đán', kind: 'holiday', source: 'https://www.hsx.vn/notice/123' },
  { date: '2026-04-27', name: 'Giỗ Tổ Hùng Vương (nghỉ bù)', kind: 'compensation', source: '' },
];

const json = (request: FakeRequest) => JSON.parse(String(request.body));

function renderHolidays(
  path = '/stocks/admin/holidays?year=2026',
  routes: Parameters<typeof fakeApi>[0] = {},
) {
  signInAs('admin');
  const api = fakeApi({
    'GET /api/stocks/holidays/': ({ url }) =>
      jsonResponse(200, url.searchParams.get('year') === '2026' ? YEAR_2026 : []),
    ...routes,
  });
  const view = renderRoutes(stockHolidaysPages, path, { notifications: true });
  const query = () => new URLSearchParams(view.router.state.location.search);
  return { ...view, api, query };
}

const addForm = () => screen.getByRole('form', { name: 'Add a holiday' });

let user: UserEvent;
beforeEach(() => {
  user = userEvent.setup({ delay: null });
});

describe('market holidays', { timeout: 20_000 }, () => {
  it("lists the year's holidays with weekday, kind and source, and names the fixed ones", async () => {
    const { api, query } = renderHolidays();
    const table = await screen.findByRole('table', { name: 'Holidays of 2026' });
    await within(table).findByText('16/02/2026');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]?.textContent).toContain('Monday');
    expect(rows[0]?.textContent).toContain('Tết Nguyên Đán');
    expect(
      within(rows[0] as HTMLElement)
        .getByRole('link', { name: 'www.hsx.vn' })
        .getAttribute('href'),
    ).toBe('https://www.hsx.vn/notice/123');
    expect(rows[1]?.textContent).toContain('Compensation day');
    expect(screen.getByText(/01\/01, 30\/04, 01\/05, 02\/09 are closed every year/)).toBeTruthy();
    expect(api.callsTo('GET /api/stocks/holidays/')[0]?.url.searchParams.get('year')).toBe('2026');

    await user.click(screen.getByRole('textbox', { name: 'Year' }));
    fireEvent.click(await screen.findByRole('option', { name: '2027', hidden: true }));
    await waitFor(() => expect(query().get('year')).toBe('2027'));
    expect(await screen.findByText('No holidays listed for 2027.')).toBeTruthy();
  });

  it('removes a day only after a confirmation', async () => {
    const { api } = renderHolidays('/stocks/admin/holidays?year=2026', {
      'DELETE /api/stocks/holidays/2026-04-27/': () => new Response(null, { status: 204 }),
    });
    const table = await screen.findByRole('table', { name: 'Holidays of 2026' });
    await user.click(await within(table).findByRole('button', { name: 'Remove 27/04/2026' }));
    let confirm = await screen.findByRole('dialog', { name: 'Remove 27/04/2026?' });
    expect(confirm.textContent).toContain('will count as a trading day again');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('DELETE /api/stocks/holidays/2026-04-27/')).toHaveLength(0);

    await user.click(within(table).getByRole('button', { name: 'Remove 27/04/2026' }));
    confirm = await screen.findByRole('dialog', { name: 'Remove 27/04/2026?' });
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    expect(
      await screen.findByText('Removed 27/04/2026 (Giỗ Tổ Hùng Vương (nghỉ bù)) from the holidays.'),
    ).toBeTruthy();
    expect(api.callsTo('DELETE /api/stocks/holidays/2026-04-27/')).toHaveLength(1);
    await waitFor(() => expect(api.callsTo('GET /api/stocks/holidays/').length).toBeGreaterThan(1));
  });

  it("adds a day, shows the server's refusal under the date, and moves to the added day's year", async () => {
    let refuse = true;
    const { api, query } = renderHolidays('/stocks/admin/holidays?year=2026', {
      'POST /api/stocks/holidays/': (request) =>
        refuse
          ? jsonResponse(400, {
              date: ['A holiday must fall on a weekday (weekends are never trading days).'],
            })
          : jsonResponse(201, { kind: 'holiday', source: '', ...json(request) }),
    });
    await screen.findByText('16/02/2026');
    await user.click(within(addForm()).getByRole('button', { name: 'Add holiday' }));
    expect(within(addForm()).getAllByText('This field is required.')).toHaveLength(2);
    expect(api.callsTo('POST /api/stocks/holidays/')).toHaveLength(0);

    const date = within(addForm()).getByLabelText(/^Date/);
    fireEvent.change(date, { target: { value: '06/02/2027' } });
    fireEvent.blur(date);
    await user.type(within(addForm()).getByLabelText(/^Name/), 'Tết Đinh Mùi');
    await user.click(within(addForm()).getByRole('textbox', { name: 'Kind' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Provisional', hidden: true }));
    await user.click(within(addForm()).getByRole('button', { name: 'Add holiday' }));
    expect(
      await within(addForm()).findByText(
        'A holiday must fall on a weekday (weekends are never trading days).',
      ),
    ).toBeTruthy();
    expect(within(addForm()).getByRole('alert').textContent).toBe('Please correct the errors below.');

    refuse = false;
    fireEvent.change(date, { target: { value: '08/02/2027' } });
    fireEvent.blur(date);
    await user.click(within(addForm()).getByRole('button', { name: 'Add holiday' }));
    expect(await screen.findByText('Added 08/02/2027 (Tết Đinh Mùi) to the holidays.')).toBeTruthy();
    expect(json(api.callsTo('POST /api/stocks/holidays/').at(-1) as FakeRequest)).toEqual({
      date: '2027-02-08',
      name: 'Tết Đinh Mùi',
      kind: 'provisional',
      source: '',
    });
    await waitFor(() => expect(query().get('year')).toBe('2027'));
    expect((within(addForm()).getByLabelText(/^Name/) as HTMLInputElement).value).toBe('');
  });
});

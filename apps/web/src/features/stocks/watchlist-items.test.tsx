// Issue 26 on the Watchlists screen in jsdom against a fake API: the add form's note and target
// price, a card's note and target edited and cleared in a dialog (the server's refusals under the
// fields), the 'Target crossed' badge and the header's count (live quotes included), and a list made
// the default, renamed and deleted after a confirmation.
import type { Snapshot, TargetDirection, Watchlist } from '@staff/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeEventSource } from '../../test/event-source';
import { fakeApi, jsonResponse } from '../../test/fake-api';
import { renderRoutes } from '../../test/render';
import { signInAs } from '../../test/session';
import { deleteConsequences } from './components/list-actions';
import { stocksPages } from './routes';
import { testSnapshot } from './test-fixtures';

interface ItemState {
  id: number;
  ticker: string;
  note: string;
  target_price: number | null;
  target_direction: TargetDirection | null;
}

const SNAPSHOTS: Record<string, Snapshot> = {
  VNM: testSnapshot('VNM', { current_price: 65_000 }),
  FPT: testSnapshot('FPT', { current_price: 68_000 }),
  HPG: testSnapshot('HPG', { current_price: 26_000 }),
};

/** A fake server keeping lists and items as the API does (the default passes on to the oldest list). */
function setup() {
  signInAs('staff');
  let lists = [
    { id: 1, name: 'Ngân hàng', is_default: true },
    { id: 2, name: 'Công nghệ', is_default: false },
  ];
  let nextItemId = 10;
  // VNM at 65 000 has crossed 64 000 (set from below it); FPT at 68 000 waits for 70 000; HPG at
  // 26 000 has fallen to 27 000 (set from above it).
  const items: Record<number, ItemState[]> = {
    1: [
      { id: 1, ticker: 'VNM', note: 'Chờ vượt đỉnh', target_price: 64_000, target_direction: 'above' },
      { id: 2, ticker: 'FPT', note: '', target_price: 70_000, target_direction: 'above' },
      { id: 3, ticker: 'HPG', note: '', target_price: 27_000, target_direction: 'below' },
    ],
    2: [],
  };
  const present = (it: ItemState, withSnapshot: boolean) => ({
    id: it.id,
    stock: { ticker: it.ticker, name: `${it.ticker} name`, exchange: 'HOSE' },
    note: it.note,
    target_price: it.target_price,
    target_direction: it.target_direction,
    added_at: '2026-05-01T00:00:00.000Z',
    ...(withSnapshot ? { snapshot: SNAPSHOTS[it.ticker] ?? null } : {}),
  });
  const summary = (l: (typeof lists)[number]): Watchlist =>
    ({
      ...l,
      item_count: items[l.id]?.length ?? 0,
      items: (items[l.id] ?? []).map((i) => present(i, false)),
    }) as Watchlist;
  const detail = (id: number) => {
    const l = lists.find((x) => x.id === id);
    return l
      ? jsonResponse(200, { ...summary(l), items: (items[id] ?? []).map((i) => present(i, true)) })
      : jsonResponse(404, { detail: 'Not found.' });
  };
  const idOf = (url: URL) => Number(url.pathname.split('/')[4]);
  const api = fakeApi({
    'GET /api/users/profile/': () => jsonResponse(200, {}),
    'GET /api/stocks/watchlists/': () => jsonResponse(200, lists.map(summary)),
    'GET /api/stocks/watchlists/1/': () => detail(1),
    'GET /api/stocks/watchlists/2/': () => detail(2),
    'GET /api/stocks/snapshots/': (r) =>
      jsonResponse(
        200,
        (r.url.searchParams.get('tickers') ?? '').split(',').flatMap((t) => SNAPSHOTS[t] ?? []),
      ),
    'POST /api/stocks/watchlists/1/add_item/': (r) => {
      const body = JSON.parse(String(r.body)) as {
        ticker: string;
        note: string;
        target_price: number | null;
      };
      if (body.note === 'server says no')
        return jsonResponse(400, { note: ['The server refused this note.'] });
      const item = { id: nextItemId++, ...body, target_direction: null };
      items[1]?.push(item);
      return jsonResponse(201, present(item, true));
    },
    'PATCH /api/stocks/watchlists/1/items/1/': (r) => {
      const body = JSON.parse(String(r.body)) as Partial<ItemState>;
      if (body.target_price === 12_345)
        return jsonResponse(400, { target_price: ['The server refused this.'] });
      const item = items[1]?.[0] as ItemState;
      Object.assign(item, body);
      if (body.target_price !== undefined)
        item.target_direction =
          body.target_price === null ? null : body.target_price > 65_000 ? 'above' : 'below';
      return jsonResponse(200, present(item, true));
    },
    'PATCH /api/stocks/watchlists/1/': (r) => patchList(1, r.body),
    'PATCH /api/stocks/watchlists/2/': (r) => patchList(2, r.body),
    'DELETE /api/stocks/watchlists/1/': (r) => deleteList(idOf(r.url)),
    'DELETE /api/stocks/watchlists/2/': (r) => deleteList(idOf(r.url)),
    'POST /api/stocks/stream-ticket/': () => jsonResponse(200, { ticket: 'tkt', expires_in: 60 }),
  });
  function patchList(id: number, raw: unknown) {
    const body = JSON.parse(String(raw)) as { name?: string; is_default?: true };
    if (body.name && lists.some((l) => l.id !== id && l.name.toLowerCase() === body.name?.toLowerCase()))
      return jsonResponse(400, { name: ['You already have a watchlist with this name.'] });
    if (body.is_default) lists = lists.map((l) => ({ ...l, is_default: l.id === id }));
    if (body.name) lists = lists.map((l) => (l.id === id ? { ...l, name: body.name as string } : l));
    return detail(id);
  }
  function deleteList(id: number) {
    const gone = lists.find((l) => l.id === id);
    lists = lists.filter((l) => l.id !== id);
    if (gone?.is_default && lists[0]) lists[0] = { ...lists[0], is_default: true };
    return new Response(null, { status: 204 });
  }
  return api;
}

afterEach(() => {
  FakeEventSource.instances = [];
  vi.unstubAllGlobals();
});

const card = (ticker: string) => screen.getByRole('article', { name: ticker });
const bodyOf = (call: { body: unknown } | undefined) => JSON.parse(String(call?.body));

async function openScreen() {
  const api = setup();
  const user = userEvent.setup({ delay: null });
  renderRoutes(stocksPages, '/stocks', { notifications: true });
  await screen.findByRole('article', { name: 'VNM' }, { timeout: 5000 });
  return { api, user };
}

describe('watchlist items: note and target', { timeout: 20_000 }, () => {
  it('sends the note and target price with the ticker, checks them first, and shows a refusal under its box', async () => {
    const { api, user } = await openScreen();
    const form = screen.getByRole('form', { name: 'Add ticker to list' });
    const note = within(form).getByRole('textbox', { name: 'Note' });
    const target = within(form).getByRole('textbox', { name: 'Target price' });

    // A target of 0 is refused with the contracts' words before anything is sent.
    await user.type(within(form).getByPlaceholderText('Search ticker (e.g., VNM)'), 'vcb');
    await user.type(target, '0');
    await user.click(within(form).getByRole('button', { name: 'Add' }));
    expect(await within(form).findByText('Ensure this value is greater than 0.')).toBeTruthy();
    expect(api.callsTo('POST /api/stocks/watchlists/1/add_item/')).toHaveLength(0);

    // The server's refusal of the note stands under the note; what was typed stays.
    await user.clear(target);
    await user.type(target, '95000');
    await user.type(note, 'server says no');
    await user.click(within(form).getByRole('button', { name: 'Add' }));
    expect(await within(form).findByText('The server refused this note.')).toBeTruthy();
    expect((note as HTMLTextAreaElement).value).toBe('server says no');
    expect((target as HTMLInputElement).value).toBe('95.000');

    await user.clear(note);
    await user.type(note, '  Mua khi giảm  ');
    await user.click(within(form).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Added VCB to Ngân hàng.')).toBeTruthy();
    expect(bodyOf(api.callsTo('POST /api/stocks/watchlists/1/add_item/').at(-1))).toEqual({
      ticker: 'VCB',
      note: 'Mua khi giảm',
      target_price: 95_000,
    });
    expect((note as HTMLTextAreaElement).value).toBe('');
    expect((target as HTMLInputElement).value).toBe('');
    expect(within(form).queryByText('The server refused this note.')).toBeNull();
  });

  it("shows each card's note and target, and edits them in a dialog with a toast", async () => {
    const { api, user } = await openScreen();
    const vnm = card('VNM');
    expect(within(vnm).getByTestId('note').textContent).toBe('Chờ vượt đỉnh');
    expect(within(vnm).getByTestId('target').textContent).toContain('64.000');
    expect(within(vnm).getByTestId('target').dataset.direction).toBe('above');
    expect(within(card('FPT')).queryByTestId('note')).toBeNull();

    await user.click(within(vnm).getByRole('button', { name: 'Edit note and target of VNM' }));
    const dialog = await screen.findByRole('dialog', { name: 'VNM — note and target' });
    const note = within(dialog).getByRole('textbox', { name: 'Note' });
    const target = within(dialog).getByRole('textbox', { name: 'Target price' });
    expect((note as HTMLTextAreaElement).value).toBe('Chờ vượt đỉnh');
    expect((target as HTMLInputElement).value).toBe('64.000');
    await user.clear(target);
    await user.type(target, '70000');
    // The hint says which way the card will wait, from the price now.
    expect(within(dialog).getByText('Now 65.000. Marked when the price rises to 70.000.')).toBeTruthy();
    await user.clear(note);
    await user.type(note, 'Chờ 70');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Saved the note and target of VNM.')).toBeTruthy();
    expect(bodyOf(api.callsTo('PATCH /api/stocks/watchlists/1/items/1/')[0])).toEqual({
      note: 'Chờ 70',
      target_price: 70_000,
    });
    await waitFor(() => expect(within(card('VNM')).getByTestId('note').textContent).toBe('Chờ 70'));
    expect(within(card('VNM')).getByTestId('target').textContent).toContain('70.000');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('clears the note and the target by emptying them, and keeps what was typed under a refusal', async () => {
    const { api, user } = await openScreen();
    await user.click(within(card('VNM')).getByRole('button', { name: 'Edit note and target of VNM' }));
    let dialog = await screen.findByRole('dialog', { name: 'VNM — note and target' });
    const target = within(dialog).getByRole('textbox', { name: 'Target price' });
    await user.clear(target);
    await user.type(target, '12345');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The server refused this.')).toBeTruthy();
    expect((target as HTMLInputElement).value).toBe('12.345');
    // A note over 500 characters is refused before it is sent.
    const note = within(dialog).getByRole('textbox', { name: 'Note' });
    await user.click(note);
    await user.paste('x'.repeat(500));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('Ensure this field has no more than 500 characters.'),
    ).toBeTruthy();
    expect(api.callsTo('PATCH /api/stocks/watchlists/1/items/1/')).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(within(card('VNM')).getByRole('button', { name: 'Edit note and target of VNM' }));
    dialog = await screen.findByRole('dialog', { name: 'VNM — note and target' });
    await user.clear(within(dialog).getByRole('textbox', { name: 'Note' }));
    await user.clear(within(dialog).getByRole('textbox', { name: 'Target price' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText('Saved the note and target of VNM.');
    expect(bodyOf(api.callsTo('PATCH /api/stocks/watchlists/1/items/1/').at(-1))).toEqual({
      note: '',
      target_price: null,
    });
    await waitFor(() => expect(within(card('VNM')).getByText('No note or target')).toBeTruthy());
    expect(within(card('VNM')).queryByTestId('target')).toBeNull();
  });
});

describe('crossed targets', { timeout: 20_000 }, () => {
  it('marks the cards whose price crossed their target and counts them, following live quotes', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    await openScreen();
    const crossedOf = (ticker: string) => card(ticker).dataset.crossed;
    expect([crossedOf('VNM'), crossedOf('FPT'), crossedOf('HPG')]).toEqual(['true', 'false', 'true']);
    expect(within(card('VNM')).getByText('Target crossed')).toBeTruthy();
    expect(within(card('FPT')).queryByText('Target crossed')).toBeNull();
    expect(screen.getByTestId('crossed-count').textContent).toBe('2 targets crossed');

    // VNM falls back under its 64 000 (set from below): no longer crossed.
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    act(() =>
      (FakeEventSource.instances[0] as FakeEventSource).emit('quote', {
        ticker: 'VNM',
        price: 63_900,
        volume: 2_000_000,
        as_of: '2026-05-06T03:01:00.000Z',
        source: 'demo',
        open: 64_800,
        high: 65_300,
        low: 63_900,
      }),
    );
    expect(crossedOf('VNM')).toBe('false');
    expect(screen.getByTestId('crossed-count').textContent).toBe('1 target crossed');
  });
});

describe('list actions', { timeout: 20_000 }, () => {
  const row = (name: string) =>
    within(screen.getByRole('navigation', { name: 'Your lists' })).getByRole('group', { name });
  const hasBadge = (name: string) => within(row(name)).queryByText('default') !== null;
  // `hidden`: in jsdom a menu opened a second time stays display: none (Floating UI finds its zero-size
  // target detached), though it is open.
  const menuItem = (name: string) => screen.findByRole('menuitem', { name, hidden: true });
  async function choose(user: ReturnType<typeof userEvent.setup>, list: string, action: string) {
    await user.click(within(row(list)).getByRole('button', { name: 'List actions' }));
    await user.click(await menuItem(action));
  }

  it('makes another list the default: the badge moves', async () => {
    const { api, user } = await openScreen();
    expect([hasBadge('Ngân hàng'), hasBadge('Công nghệ')]).toEqual([true, false]);
    await choose(user, 'Công nghệ', 'Make default');
    expect(await screen.findByText('"Công nghệ" is now your default list.')).toBeTruthy();
    await waitFor(() => expect(hasBadge('Công nghệ')).toBe(true));
    expect(hasBadge('Ngân hàng')).toBe(false);
    expect(bodyOf(api.callsTo('PATCH /api/stocks/watchlists/2/')[0])).toEqual({ is_default: true });
    // The list shown stays shown.
    expect(screen.getByRole('heading', { name: 'Items — Ngân hàng' })).toBeTruthy();
    // The default's own menu offers nothing to do there.
    await user.click(within(row('Công nghệ')).getByRole('button', { name: 'List actions' }));
    expect((await menuItem('Make default')).hasAttribute('disabled')).toBe(true);
  });

  it("renames a list, with the server's refusal under the name", async () => {
    const { api, user } = await openScreen();
    await choose(user, 'Ngân hàng', 'Rename');
    const dialog = await screen.findByRole('dialog', { name: 'Rename watchlist' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    expect((name as HTMLInputElement).value).toBe('Ngân hàng');
    await user.clear(name);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Name is required.')).toBeTruthy();
    await user.type(name, 'công NGHỆ');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('You already have a watchlist with this name.')).toBeTruthy();
    await user.clear(name);
    await user.type(name, '  Ngân hàng lớn ');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Renamed "Ngân hàng" to "Ngân hàng lớn".')).toBeTruthy();
    expect(bodyOf(api.callsTo('PATCH /api/stocks/watchlists/1/').at(-1))).toEqual({ name: 'Ngân hàng lớn' });
    expect(await screen.findByRole('heading', { name: 'Items — Ngân hàng lớn' })).toBeTruthy();
    expect(hasBadge('Ngân hàng lớn')).toBe(true);
  });

  it('deletes a list only once confirmed; the default passes to the oldest other list', async () => {
    const { api, user } = await openScreen();
    await choose(user, 'Ngân hàng', 'Delete');
    let dialog = await screen.findByRole('dialog', { name: 'Delete watchlist' });
    expect(
      within(dialog).getByText('Are you sure you want to delete the watchlist "Ngân hàng"?'),
    ).toBeTruthy();
    expect(within(dialog).getByText('Its 3 tickers will be removed with it.')).toBeTruthy();
    expect(within(dialog).getByText('"Công nghệ" will become your default list.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('DELETE /api/stocks/watchlists/1/')).toHaveLength(0);

    await choose(user, 'Ngân hàng', 'Delete');
    dialog = await screen.findByRole('dialog', { name: 'Delete watchlist' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Deleted the watchlist "Ngân hàng".')).toBeTruthy();
    expect(api.callsTo('DELETE /api/stocks/watchlists/1/')).toHaveLength(1);
    await waitFor(() =>
      expect(
        within(screen.getByRole('navigation', { name: 'Your lists' })).queryByRole('group', {
          name: 'Ngân hàng',
        }),
      ).toBeNull(),
    );
    expect(hasBadge('Công nghệ')).toBe(true);
    // The deleted list was the one shown: the screen moves to the new default.
    expect(await screen.findByRole('heading', { name: 'Items — Công nghệ' })).toBeTruthy();
    expect(await screen.findByText('No items')).toBeTruthy();
  });

  it('says what a delete does besides: the tickers, the next default, or no list left', () => {
    const list = (id: number, name: string, is_default: boolean, item_count: number): Watchlist => ({
      id,
      name,
      is_default,
      item_count,
      items: [],
    });
    const a = list(1, 'A', true, 1);
    const b = list(5, 'B', false, 0);
    const c = list(3, 'C', false, 2);
    expect(deleteConsequences(a, [a, b, c])).toEqual([
      'Its 1 ticker will be removed with it.',
      '"C" will become your default list.',
    ]);
    expect(deleteConsequences(a, [a])).toEqual([
      'Its 1 ticker will be removed with it.',
      'You will have no watchlists left.',
    ]);
    expect(deleteConsequences(b, [a, b, c])).toEqual([]);
    expect(deleteConsequences(c, [a, b, c])).toEqual(['Its 2 tickers will be removed with it.']);
  });
});

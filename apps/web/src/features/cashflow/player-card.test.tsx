// The player card and its card picker ask the engine whether an action applies: a Fast Track card another
// player holds is bought out from them, 0 shares is passing on a stock card, and the dedicated Fast Track
// entry is offered (with a confirmation) only where it applies.
import { FAST_TRACK_ASSET_CARDS, type GameState } from '@staff/cashflow-engine';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { SESSION_KEY } from './storage';
import { game, renderSession, saved } from './test-session';

function fastTrackCard(code: string) {
  const card = FAST_TRACK_ASSET_CARDS.find((c) => c.code === code);
  if (!card) throw new Error(`missing card ${code}`);
  return card;
}

/** Both on the Fast Track; An (p2) owns the dry cleaner (FT_GIATKHO, value $100,000); Bình has `cash`. */
function anOwnsTheDryCleaner(cash: number): GameState {
  return game(
    { type: 'enterFastTrack', playerId: 'p1' },
    { type: 'enterFastTrack', playerId: 'p2' },
    { type: 'receiveCash', playerId: 'p1', name: 'Vốn', amount: cash - 400 },
    { type: 'receiveCash', playerId: 'p2', name: 'Vốn', amount: 100_000 },
    {
      type: 'playCard',
      playerId: 'p2',
      card: fastTrackCard('FT_GIATKHO'),
    },
  );
}

async function pickFastTrackCard(user: ReturnType<typeof userEvent.setup>, code: string) {
  const bình = within(await screen.findByLabelText('Người chơi Bình'));
  await user.click(bình.getByRole('button', { name: 'Chọn thẻ' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Chọn thẻ' }));
  await user.click(dialog.getByRole('tab', { name: 'Tài sản Fast Track' }));
  await user.click(dialog.getByRole('button', { name: `Thẻ ${code}` }));
  return dialog;
}

beforeEach(() => localStorage.clear());

describe('a Fast Track card another player holds', () => {
  it('is bought out from its owner at twice its value, not bought as a second copy', async () => {
    const before = anOwnsTheDryCleaner(200_000);
    const anOwned = before.players[1]?.assets.find((a) => a.code === 'FT_GIATKHO');
    localStorage.setItem(SESSION_KEY, JSON.stringify(before));
    const user = userEvent.setup({ delay: null });
    renderSession();
    const dialog = await pickFastTrackCard(user, 'FT_GIATKHO');
    expect(dialog.getByText(/An đang sở hữu tài sản này/)).toBeTruthy();
    expect(dialog.queryByRole('button', { name: 'Mua tài sản' })).toBeNull();
    await user.click(dialog.getByRole('button', { name: 'Mua lại từ An' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Chọn thẻ' })).toBeNull());
    const [bình, an] = saved().players;
    expect(bình?.cash).toBe(0);
    expect(bình?.assets.filter((a) => a.code === 'FT_GIATKHO')).toEqual([{ ...anOwned, locked: false }]);
    expect(an?.cash).toBe(750 + 200_000);
    expect(an?.assets.some((a) => a.code === 'FT_GIATKHO')).toBe(false);
  });

  it('is refused with the shortfall note when the buyer’s cash is short', async () => {
    localStorage.setItem(SESSION_KEY, JSON.stringify(anOwnsTheDryCleaner(199_999)));
    const user = userEvent.setup({ delay: null });
    renderSession();
    const dialog = await pickFastTrackCard(user, 'FT_GIATKHO');
    expect(dialog.getByText('(Tiền mặt hiện có không đủ)')).toBeTruthy();
    expect(dialog.getByRole('button', { name: 'Mua lại từ An' })).toHaveProperty('disabled', true);
    expect(saved().players[0]?.cash).toBe(199_999);
  });

  it('stays a plain purchase when nobody else holds it', async () => {
    localStorage.setItem(SESSION_KEY, JSON.stringify(anOwnsTheDryCleaner(200_000)));
    const user = userEvent.setup({ delay: null });
    renderSession();
    const dialog = await pickFastTrackCard(user, 'FT_XETAI');
    expect(dialog.queryByRole('button', { name: /Mua lại/ })).toBeNull();
    await user.click(dialog.getByRole('button', { name: 'Mua tài sản' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Chọn thẻ' })).toBeNull());
    expect(saved().players[0]).toMatchObject({ cash: 50_000 });
  });
});

describe('a stock purchase of 0 shares', () => {
  it('is accepted as passing on the card: no line, no cash, nothing logged', async () => {
    const before = game();
    localStorage.setItem(SESSION_KEY, JSON.stringify(before));
    const user = userEvent.setup({ delay: null });
    renderSession();
    const bình = within(await screen.findByLabelText('Người chơi Bình'));
    await user.click(bình.getByRole('button', { name: 'Chọn thẻ' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Chọn thẻ' }));
    await user.click(dialog.getByRole('button', { name: 'Thẻ CD' }));
    await user.type(dialog.getByLabelText('Số cổ phiếu'), '0');
    await user.click(dialog.getByRole('button', { name: 'Mua cổ phiếu' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Chọn thẻ' })).toBeNull());
    const after = JSON.parse(localStorage.getItem(SESSION_KEY) ?? JSON.stringify(before)) as GameState;
    expect(after.players[0]).toMatchObject({ cash: 400, assets: [] });
    expect(after.log).toHaveLength(before.log.length);
  });
});

describe('entering the Fast Track by hand', () => {
  it('is offered on the active Rat Race player’s card and applies only after confirming', async () => {
    localStorage.setItem(SESSION_KEY, JSON.stringify(game()));
    const user = userEvent.setup({ delay: null });
    renderSession();
    const bình = within(await screen.findByLabelText('Người chơi Bình'));
    const an = within(await screen.findByLabelText('Người chơi An'));
    expect(an.queryByRole('button', { name: 'Vào Fast Track' })).toBeNull();

    await user.click(bình.getByRole('button', { name: 'Vào Fast Track' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Vào Fast Track?' }));
    await user.click(confirm.getByRole('button', { name: 'Hủy' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Vào Fast Track?' })).toBeNull());
    expect(saved().players[0]?.phase).toBe('rat');

    await user.click(bình.getByRole('button', { name: 'Vào Fast Track' }));
    const again = within(await screen.findByRole('dialog', { name: 'Vào Fast Track?' }));
    await user.click(again.getByRole('button', { name: 'Xác nhận vào Fast Track' }));
    expect(await screen.findByText('Bình đã thoát Rat Race và vào Fast Track.')).toBeTruthy();
    expect(saved().players[0]).toMatchObject({ phase: 'fast', salary: 0, liabilities: [] });
    // Once on the Fast Track the engine says it no longer applies, so the card stops offering it.
    await waitFor(() => expect(bình.queryByRole('button', { name: 'Vào Fast Track' })).toBeNull());
  });
});

describe('selling and repaying ask the engine', () => {
  it('refuses a sale that would make cash negative with the engine’s message', async () => {
    localStorage.setItem(
      SESSION_KEY,
      JSON.stringify(
        game({
          type: 'addAsset',
          playerId: 'p1',
          name: 'CH32',
          code: 'CH32',
          cost: 50_000,
          monthlyIncome: 100,
          downPayment: 2000,
          financedAmount: 2000,
        }),
      ),
    );
    const user = userEvent.setup({ delay: null });
    renderSession();
    const bình = within(await screen.findByLabelText('Người chơi Bình'));
    const line = within(bình.getByRole('listitem', { name: 'CH32' }));
    await user.click(line.getByRole('button', { name: 'Bán' }));
    const dialog = within(await screen.findByRole('dialog', { name: /CH32/ }));
    const price = dialog.getByLabelText('Giá bán');
    await user.clear(price);
    await user.type(price, '47000');
    expect(dialog.getByText('Tiền mặt hiện có không đủ. Bán với giá này sẽ làm tiền mặt âm.')).toBeTruthy();
    expect(dialog.getByRole('button', { name: 'Bán' })).toHaveProperty('disabled', true);
    await user.clear(price);
    await user.type(price, '48600');
    await user.click(dialog.getByRole('button', { name: 'Bán' }));
    await waitFor(() => expect(saved().players[0]?.assets).toEqual([]));
    expect(saved().players[0]?.cash).toBe(400 + 48_600 - 50_000 + 2000);
  });

  it('offers to repay a debt in full only when the engine says the cash covers it', async () => {
    localStorage.setItem(SESSION_KEY, JSON.stringify(game()));
    renderSession();
    const bình = within(await screen.findByLabelText('Người chơi Bình'));
    // Bình has $400: no starting debt can be repaid in full.
    const buttons = bình.getAllByRole('button', { name: 'Trả hết' });
    expect(buttons.length).toBeGreaterThan(0);
    for (const button of buttons) {
      expect(button).toHaveProperty('disabled', true);
      expect(button.getAttribute('title')).toBe('Tiền mặt hiện có không đủ để trả hết khoản nợ này.');
    }
  });
});

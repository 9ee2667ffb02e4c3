import { describe, expect, it } from 'vitest';
import { FAST_TRACK_ASSET_CARDS, findCard } from './catalogue';
import { buyOutOfferFor, checkAction } from './check-action';
import { MESSAGES } from './messages';
import { applyAction } from './reducer';
import { applyOk, fastTrackPlayer, janitorGame, NOW, playerOf, refusal, startGame } from './test-helpers';

const twoPlayers = () =>
  startGame([
    { name: 'An', diceSum: 3 },
    { name: 'Bình', diceSum: 2 },
  ]);

function ftCard(code: string) {
  const card = FAST_TRACK_ASSET_CARDS.find((c) => c.code === code);
  if (!card) throw new Error(`missing card ${code}`);
  return card;
}

describe('checkAction', () => {
  it('says why an action does not apply, with the spec’s messages, and changes nothing', () => {
    const state = janitorGame(); // cash 560
    const ch32 = findCard('CH32'); // down payment 2000
    if (!ch32) throw new Error('missing card');
    expect(checkAction(state, { type: 'playCard', playerId: 'p1', card: ch32 })).toEqual({
      ok: false,
      reason: 'Tiền mặt hiện có không đủ. Hãy vay thêm trước khi mua.',
    });
    expect(
      checkAction(state, { type: 'playCard', playerId: 'p1', card: ch32, financedAmount: 2000 }),
    ).toEqual({ ok: true });
    expect(checkAction(state, { type: 'payExpense', playerId: 'p1', name: 'PH', amount: 561 })).toEqual({
      ok: false,
      reason: 'Tiền mặt hiện có không đủ để chi. Không thể trừ âm.',
    });
    expect(
      checkAction(state, {
        type: 'addAsset',
        playerId: 'p1',
        name: 'X',
        cost: 10,
        monthlyIncome: 0,
        downPayment: 11,
      }),
    ).toEqual({ ok: false, reason: MESSAGES.downPaymentTooHigh });
    expect(
      checkAction(state, {
        type: 'buyStock',
        playerId: 'p1',
        code: 'CD',
        quantity: 1.5,
        price: 4000,
        dividendPerShare: 20,
      }),
    ).toEqual({ ok: false, reason: MESSAGES.invalidQuantity });
    expect(checkAction(state, { type: 'enterFastTrack', playerId: 'p1' })).toEqual({ ok: true });
    expect(checkAction(state, { type: 'enterFastTrack', playerId: 'nobody' })).toEqual({
      ok: false,
      reason: MESSAGES.playerNotFound,
    });
    expect(playerOf(state, 'p1').cash).toBe(560);
  });

  it('offers the dedicated Fast Track entry only to a player still in the Rat Race', () => {
    const state = applyOk(janitorGame(), { type: 'enterFastTrack', playerId: 'p1' });
    expect(checkAction(state, { type: 'enterFastTrack', playerId: 'p1' })).toEqual({
      ok: false,
      reason: MESSAGES.alreadyFastTrack,
    });
  });
});

describe('a stock purchase of 0 shares', () => {
  it('applies and changes nothing: no line, no cash, no log entry', () => {
    const state = janitorGame();
    const cd = findCard('CD');
    if (!cd) throw new Error('missing card');
    for (const action of [
      { type: 'playCard', playerId: 'p1', card: cd, quantity: 0 },
      { type: 'buyStock', playerId: 'p1', code: 'CD', quantity: 0, price: 4000, dividendPerShare: 20 },
    ] as const) {
      expect(checkAction(state, action)).toEqual({ ok: true });
      expect(applyAction(state, action, NOW)).toEqual({ ok: true, state });
    }
  });

  it('is still refused for a negative price', () => {
    expect(
      refusal(janitorGame(), {
        type: 'buyStock',
        playerId: 'p1',
        code: 'CD',
        quantity: 0,
        price: -1,
        dividendPerShare: 0,
      }),
    ).toBe(MESSAGES.invalidAmount);
  });
});

describe('a Fast Track card another player holds', () => {
  it('is a buy-out from its owner at twice its value, unlocked, not a second copy', () => {
    let state = fastTrackPlayer(fastTrackPlayer(twoPlayers(), 'p1', 100_000), 'p2', 200_000);
    const card = ftCard('FT_GIATKHO'); // 100000 / 3000
    state = applyOk(state, { type: 'playCard', playerId: 'p1', card });
    const held = playerOf(state, 'p1').assets.at(-1);
    expect(buyOutOfferFor(state, 'p2', card)).toMatchObject({
      owner: { id: 'p1' },
      asset: held,
      price: 200_000,
    });
    const bought = applyOk(state, { type: 'playCard', playerId: 'p2', card });
    expect(playerOf(bought, 'p1').assets.some((a) => a.code === 'FT_GIATKHO')).toBe(false);
    expect(playerOf(bought, 'p1').cash).toBe(200_000);
    expect(playerOf(bought, 'p2').cash).toBe(0);
    expect(playerOf(bought, 'p2').assets.filter((a) => a.code === 'FT_GIATKHO')).toEqual([
      { ...held, locked: false },
    ]);
    expect(bought.players.flatMap((p) => p.assets).filter((a) => a.code === 'FT_GIATKHO')).toHaveLength(1);
  });

  it('is refused with the shortfall note when the buyer’s cash is short', () => {
    let state = fastTrackPlayer(fastTrackPlayer(twoPlayers(), 'p1', 100_000), 'p2', 199_999);
    const card = ftCard('FT_GIATKHO');
    state = applyOk(state, { type: 'playCard', playerId: 'p1', card });
    expect(refusal(state, { type: 'playCard', playerId: 'p2', card })).toBe('(Tiền mặt hiện có không đủ)');
    expect(checkAction(state, { type: 'playCard', playerId: 'p2', card })).toEqual({
      ok: false,
      reason: '(Tiền mặt hiện có không đủ)',
    });
  });

  it('stays a plain purchase for the player who holds it already, or when nobody does', () => {
    let state = fastTrackPlayer(fastTrackPlayer(twoPlayers(), 'p1', 400_000), 'p2', 400_000);
    const card = ftCard('FT_GIATKHO');
    expect(buyOutOfferFor(state, 'p1', card)).toBeNull();
    state = applyOk(state, { type: 'playCard', playerId: 'p1', card });
    expect(buyOutOfferFor(state, 'p1', card)).toBeNull();
    state = applyOk(state, { type: 'playCard', playerId: 'p1', card });
    expect(playerOf(state, 'p1').assets.filter((a) => a.code === 'FT_GIATKHO')).toHaveLength(2);
  });
});

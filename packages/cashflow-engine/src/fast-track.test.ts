import { describe, expect, it } from 'vitest';
import { detectGameEvents, meetsWinCondition } from './fast-track';
import { FAST_TRACK_WIN_INCOME } from './money';
import type { GameState } from './state';
import { applyOk, fastTrackPlayer, janitorGame, playerOf } from './test-helpers';

describe('detectGameEvents', () => {
  it('reports the move to the Fast Track and a new winner once', () => {
    const start = janitorGame();
    const out = applyOk(start, {
      type: 'addAsset',
      playerId: 'p1',
      name: 'X',
      cost: 0,
      monthlyIncome: 950,
      downPayment: 0,
    });
    expect(detectGameEvents(start, out)).toEqual({ enteredFastTrack: ['p1'], newWinnerId: null });
    const won = applyOk(out, { type: 'setDream', playerId: 'p1', hasDream: true });
    expect(detectGameEvents(out, won)).toEqual({ enteredFastTrack: [], newWinnerId: 'p1' });
    const later = applyOk(won, { type: 'nextTurn' });
    expect(detectGameEvents(won, later)).toEqual({ enteredFastTrack: [], newWinnerId: null });
  });
});

describe('meetsWinCondition', () => {
  // The finishing panel asks it before naming a winner nobody found in play (issue 27).
  it('is false in the Rat Race, however much passive income', () => {
    const start = janitorGame();
    const small = applyOk(start, {
      type: 'addAsset',
      playerId: 'p1',
      name: 'Nhà cho thuê',
      cost: 0,
      monthlyIncome: 100,
      downPayment: 0,
    });
    expect(playerOf(small, 'p1').phase).toBe('rat');
    expect(meetsWinCondition(playerOf(start, 'p1'))).toBe(false);
    expect(meetsWinCondition(playerOf(small, 'p1'))).toBe(false);
  });

  it('is true in the Fast Track from $50,000 of passive income, the locked base income not counted', () => {
    const entered = fastTrackPlayer(janitorGame(), 'p1', 500_000);
    expect(meetsWinCondition(playerOf(entered, 'p1'))).toBe(false);
    // A locked base income of $5,000,000 a round does not win by itself.
    const rich = {
      ...playerOf(entered, 'p1'),
      assets: playerOf(entered, 'p1').assets.map((a) => ({ ...a, monthlyIncome: 5_000_000 })),
    };
    expect(meetsWinCondition(rich)).toBe(false);
    const buy = (state: GameState, monthlyIncome: number) =>
      applyOk(state, { type: 'addAsset', playerId: 'p1', name: 'X', cost: 0, monthlyIncome, downPayment: 0 });
    const almost = buy(entered, FAST_TRACK_WIN_INCOME - 1);
    expect(meetsWinCondition(playerOf(almost, 'p1'))).toBe(false);
    expect(meetsWinCondition(playerOf(buy(entered, FAST_TRACK_WIN_INCOME), 'p1'))).toBe(true);
  });

  it('is true with the dream bought, and for a player already a winner', () => {
    const entered = fastTrackPlayer(janitorGame(), 'p1', 0);
    const dream = applyOk(entered, { type: 'setDream', playerId: 'p1', hasDream: true });
    expect(meetsWinCondition(playerOf(dream, 'p1'))).toBe(true);
    expect(meetsWinCondition({ ...playerOf(janitorGame(), 'p1'), isWinner: true })).toBe(true);
  });
});

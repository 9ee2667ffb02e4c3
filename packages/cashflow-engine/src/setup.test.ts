import { describe, expect, it } from 'vitest';
import { canStartGame, clampPlayerCount } from './setup';

describe('setup rules', () => {
  it('clamps the player count to 1–6', () => {
    expect([0, 1, 6, 7, Number.NaN].map(clampPlayerCount)).toEqual([1, 1, 6, 6, 1]);
  });

  it('starts only when every player has a trimmed name and a dice sum 2–12', () => {
    expect(
      canStartGame([
        { name: 'An', diceSum: 2 },
        { name: 'Bình', diceSum: 12 },
      ]),
    ).toBe(true);
    expect(canStartGame([{ name: '  ', diceSum: 7 }])).toBe(false);
    expect(canStartGame([{ name: 'An', diceSum: 1 }])).toBe(false);
    expect(canStartGame([{ name: 'An', diceSum: 13 }])).toBe(false);
    expect(canStartGame([])).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { detectGameEvents } from './fast-track';
import { applyOk, janitorGame } from './test-helpers';

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

import { describe, expect, it } from 'vitest';
import { parseGameState } from './parse-game-state';
import { applyOk, janitorGame } from './test-helpers';

describe('parseGameState', () => {
  it('reads back a state saved as JSON', () => {
    const state = applyOk(janitorGame(), {
      type: 'buyStock',
      playerId: 'p1',
      code: 'CD',
      quantity: 1,
      price: 10,
      dividendPerShare: 1,
    });
    expect(parseGameState(JSON.parse(JSON.stringify(state)))).toEqual({ ok: true, state });
  });

  it('reports a corrupt state instead of throwing', () => {
    const stored = JSON.parse(JSON.stringify(janitorGame()));
    stored.players[0].cash = 'lots';
    expect(parseGameState(stored)).toMatchObject({ ok: false, problem: 'corrupt' });
    expect(parseGameState('not a game')).toMatchObject({ ok: false, problem: 'corrupt' });
    expect(parseGameState(null)).toMatchObject({ ok: false, problem: 'corrupt' });
  });

  it('reports an older state: another version, or none at all', () => {
    expect(parseGameState({ ...janitorGame(), version: 0 })).toMatchObject({
      ok: false,
      problem: 'outdated',
    });
    const { version: _version, ...unversioned } = janitorGame();
    expect(parseGameState(unversioned)).toMatchObject({ ok: false, problem: 'outdated' });
  });
});

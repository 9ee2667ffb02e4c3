import { describe, expect, it } from 'vitest';
import { compactLog, UNDO_DEPTH, undo } from './log';
import { MESSAGES } from './messages';
import { createInitialState } from './state';
import { applyOk, janitorGame } from './test-helpers';

describe('the action log', () => {
  it('records the player, the action and the cash before and after', () => {
    const state = applyOk(janitorGame(), { type: 'payExpense', playerId: 'p1', name: 'PH', amount: 500 });
    expect(state.log.at(-1)).toMatchObject({
      seq: 2,
      playerId: 'p1',
      action: { type: 'payExpense', amount: 500 },
      cashBefore: 560,
      cashAfter: 60,
    });
    expect(state.log[0]).toMatchObject({
      seq: 1,
      playerId: null,
      cashBefore: null,
      action: { type: 'setupPlayers' },
    });
  });

  it('logs the current player for a cashday', () => {
    const state = applyOk(janitorGame(), { type: 'cashday' });
    expect(state.log.at(-1)).toMatchObject({ playerId: 'p1', cashBefore: 560, cashAfter: 1210 });
  });

  it('undoes the last actions back to the exact earlier states', () => {
    const first = janitorGame();
    const second = applyOk(first, { type: 'borrow', playerId: 'p1', amount: 2000 });
    const third = applyOk(second, { type: 'setChildren', playerId: 'p1', count: 2 });
    const once = undo(third);
    expect(once).toEqual({ ok: true, state: second });
    const twice = once.ok ? undo(once.state) : once;
    expect(twice).toEqual({ ok: true, state: first });
  });

  it('has nothing to undo on a fresh state', () => {
    expect(undo(createInitialState())).toEqual({ ok: false, reason: MESSAGES.noUndo });
  });

  it('compacts to snapshots for the last UNDO_DEPTH actions only, so a saved game stays small', () => {
    let state = janitorGame();
    for (let i = 0; i < UNDO_DEPTH + 5; i += 1) state = applyOk(state, { type: 'nextTurn' });
    state = compactLog(state);
    expect(state.log).toHaveLength(UNDO_DEPTH + 6);
    expect(state.log.filter((e) => e.previous !== null)).toHaveLength(UNDO_DEPTH);
    for (let i = 0; i < UNDO_DEPTH; i += 1) {
      const undone = undo(state);
      if (!undone.ok) throw new Error(undone.reason);
      state = undone.state;
    }
    expect(undo(state)).toEqual({ ok: false, reason: MESSAGES.noUndo });
  });
});

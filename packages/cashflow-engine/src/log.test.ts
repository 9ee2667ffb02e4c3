import { describe, expect, it } from 'vitest';
import { canUndo, compactLog, UNDO_DEPTH, undo } from './log';
import { MESSAGES } from './messages';
import { createInitialState } from './state';
import { applyOk, janitorGame, startGame } from './test-helpers';

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

  it('never goes back past the finish: its result may already be on the server', () => {
    const played = applyOk(janitorGame(), { type: 'borrow', playerId: 'p1', amount: 2000 });
    const finished = applyOk(played, { type: 'finishGame', winnerId: 'p1', winMethod: 'DREAM' });
    expect(canUndo(finished)).toEqual({ ok: false, reason: MESSAGES.undoAfterFinish });
    expect(undo(finished)).toEqual({ ok: false, reason: MESSAGES.undoAfterFinish });
  });

  it('never goes back past the action that found the first winner, but undoes what came after it', () => {
    const game = startGame([
      { name: 'An', diceSum: 2 },
      { name: 'Bình', diceSum: 3 },
    ]);
    const [first] = game.players;
    if (!first) throw new Error('no player');
    const won = applyOk(game, { type: 'setDream', playerId: first.id, hasDream: true });
    expect(won.winnerId).toBe(first.id);
    expect(canUndo(won)).toEqual({ ok: false, reason: MESSAGES.undoFirstWinner });
    expect(undo(won)).toEqual({ ok: false, reason: MESSAGES.undoFirstWinner });

    const after = applyOk(won, { type: 'nextTurn' });
    expect(canUndo(after)).toEqual({ ok: true });
    expect(undo(after)).toEqual({ ok: true, state: won });
  });

  it('does not undo the setup: a new game starts from the setup screen', () => {
    const game = janitorGame();
    expect(canUndo(game)).toEqual({ ok: false, reason: MESSAGES.undoSetup });
    expect(undo(game)).toEqual({ ok: false, reason: MESSAGES.undoSetup });
  });
});

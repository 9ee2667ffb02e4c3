// The action log: what happened, to whom, cash before and after, and the state to go back to on undo.
import type { GameAction } from './actions';
import { MESSAGES } from './messages';
import type { GameSnapshot, GameState, LogEntry } from './state';

function snapshotOf(state: GameState): GameSnapshot {
  const { log: _log, ...snapshot } = state;
  return snapshot;
}

function cashOf(state: GameState, playerId: string | null): number | null {
  return state.players.find((p) => p.id === playerId)?.cash ?? null;
}

export function appendLogEntry(
  previous: GameState,
  next: GameState,
  action: GameAction,
  playerId: string | null,
  now: string,
): GameState {
  const entry: LogEntry = {
    seq: (previous.log.at(-1)?.seq ?? 0) + 1,
    at: now,
    playerId,
    action,
    cashBefore: cashOf(previous, playerId),
    cashAfter: cashOf(next, playerId),
    previous: snapshotOf(previous),
  };
  return { ...next, log: [...previous.log, entry] };
}

export type UndoResult = { ok: true; state: GameState } | { ok: false; reason: string };

/** Goes back to exactly the state before the last logged action. */
export function undo(state: GameState): UndoResult {
  const last = state.log.at(-1);
  if (!last) return { ok: false, reason: MESSAGES.noUndo };
  return { ok: true, state: { ...last.previous, log: state.log.slice(0, -1) } };
}

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

/** How many of the last actions stay undoable once a game is compacted for storage. */
export const UNDO_DEPTH = 50;

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
  if (!last?.previous) return { ok: false, reason: MESSAGES.noUndo };
  return { ok: true, state: { ...last.previous, log: state.log.slice(0, -1) } };
}

/**
 * Drops the snapshots of all but the last `depth` entries, keeping what happened. Call before saving:
 * a snapshot of six players is a few kilobytes, and localStorage holds about five megabytes.
 */
export function compactLog(state: GameState, depth: number = UNDO_DEPTH): GameState {
  const keepFrom = state.log.length - depth;
  return {
    ...state,
    log: state.log.map((entry, index) =>
      index < keepFrom && entry.previous ? { ...entry, previous: null } : entry,
    ),
  };
}

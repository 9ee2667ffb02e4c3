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
export type UndoCheck = { ok: true } | { ok: false; reason: string };

/** Setting up is not undone: a new game starts from the setup screen. */
const SETUP_ACTIONS: ReadonlySet<GameAction['type']> = new Set(['setupPlayers', 'assignCareers', 'reset']);

/**
 * Whether the last logged action can be undone, or why not. A finished game cannot go back: its result
 * may already be on the server, and finishing again would send it as a second game (decision 0010).
 * Nor can the action that found the first winner, who is never replaced (spec 4, Winner).
 */
export function canUndo(state: GameState): UndoCheck {
  const last = state.log.at(-1);
  if (!last?.previous) return { ok: false, reason: MESSAGES.noUndo };
  if (state.finishedAt !== null) return { ok: false, reason: MESSAGES.undoAfterFinish };
  if (state.winnerId !== null && last.previous.winnerId !== state.winnerId)
    return { ok: false, reason: MESSAGES.undoFirstWinner };
  if (SETUP_ACTIONS.has(last.action.type)) return { ok: false, reason: MESSAGES.undoSetup };
  return { ok: true };
}

/** Goes back to exactly the state before the last logged action, when canUndo allows it. */
export function undo(state: GameState): UndoResult {
  const check = canUndo(state);
  if (!check.ok) return check;
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

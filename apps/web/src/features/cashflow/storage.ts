// Browser storage of the game (spec 3, 4): one key for the session, one for the pending result.
// Storage errors are only logged (spec 8).
import { compactLog, type FinalizePayload, type GameState, parseGameState } from '@staff/cashflow-engine';

export const SESSION_KEY = 'cashflow.session';
export const PENDING_KEY = 'cashflow.pending';
/** Old stored data cleared when a new game is set up (spec 4, Setup flow). */
const OLD_DATA = /cashflow|cf_state|game_state/i;

export const LOAD_PROBLEM_MESSAGE =
  'Ván đã lưu bị hỏng hoặc thuộc phiên bản cũ nên không thể tiếp tục. Hãy thiết lập ván mới.';

export type LoadedGame = { state: GameState | null; problem: string | null };

export function loadGame(): LoadedGame {
  let raw: string | null;
  try {
    raw = localStorage.getItem(SESSION_KEY);
  } catch (error) {
    console.error('CashFlow: cannot read the saved game', error);
    return { state: null, problem: null };
  }
  if (raw === null) return { state: null, problem: null };
  let stored: unknown;
  try {
    stored = JSON.parse(raw);
  } catch (error) {
    console.error('CashFlow: the saved game is not JSON', error);
    return { state: null, problem: LOAD_PROBLEM_MESSAGE };
  }
  const parsed = parseGameState(stored);
  if (!parsed.ok) {
    console.error(`CashFlow: saved game ${parsed.problem}: ${parsed.message}`);
    return { state: null, problem: LOAD_PROBLEM_MESSAGE };
  }
  return { state: parsed.state, problem: null };
}

export function saveGame(state: GameState): void {
  try {
    localStorage.setItem(SESSION_KEY, JSON.stringify(compactLog(state)));
  } catch (error) {
    console.error('CashFlow: cannot save the game', error);
  }
}

export function clearSavedGame(): void {
  try {
    localStorage.removeItem(SESSION_KEY);
  } catch (error) {
    console.error('CashFlow: cannot clear the saved game', error);
  }
}

/** Clears old game data before a new setup; the pending result is kept so it can still be resent. */
export function clearOldGameData(): void {
  try {
    const keys: string[] = [];
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (key !== null && key !== PENDING_KEY && OLD_DATA.test(key)) keys.push(key);
    }
    for (const key of keys) localStorage.removeItem(key);
  } catch (error) {
    console.error('CashFlow: cannot clear old game data', error);
  }
}

/** The finalize body as stored before sending (spec 4, Finalize flow); `_pending_ts` is its idempotency key. */
export type PendingResult = FinalizePayload & { _pending_ts: number };

function isPendingResult(value: unknown): value is PendingResult {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v._pending_ts === 'number' && Array.isArray(v.results) && typeof v.num_players === 'number';
}

export function loadPending(): PendingResult | null {
  try {
    const raw = localStorage.getItem(PENDING_KEY);
    if (raw === null) return null;
    const parsed: unknown = JSON.parse(raw);
    if (isPendingResult(parsed)) return parsed;
    console.error('CashFlow: the pending result is not a finalize body; it is kept for inspection');
    return null;
  } catch (error) {
    console.error('CashFlow: cannot read the pending result', error);
    return null;
  }
}

/** Returns false when the browser refused to store it, so the caller can warn before sending. */
export function savePending(pending: PendingResult): boolean {
  try {
    localStorage.setItem(PENDING_KEY, JSON.stringify(pending));
    return true;
  } catch (error) {
    console.error('CashFlow: cannot store the pending result', error);
    return false;
  }
}

export function clearPending(): void {
  try {
    localStorage.removeItem(PENDING_KEY);
  } catch (error) {
    console.error('CashFlow: cannot clear the pending result', error);
  }
}

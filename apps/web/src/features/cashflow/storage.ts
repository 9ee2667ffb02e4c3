// Browser storage of the game (spec 3, 4): one key for the session, one for the pending result.
// Storage errors are only logged (spec 8).
import { compactLog, type GameState, parseGameState } from '@staff/cashflow-engine';

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

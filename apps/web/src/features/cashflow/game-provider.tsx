// The one game-state holder for every /cashflow route (spec 2): the engine applies each action and
// every change is written to localStorage at once, so a reload or a closed tab loses nothing.
import {
  type ActionResult,
  applyAction,
  createInitialState,
  type GameAction,
  type GameState,
  type PlayerSetup,
  type UndoResult,
  undo as undoLast,
} from '@staff/cashflow-engine';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from 'react';
import { clearOldGameData, clearSavedGame, loadGame, saveGame } from './storage';

export type GameContextValue = {
  state: GameState;
  /** Set when the saved game was corrupt or from an older version and could not be restored. */
  loadProblem: string | null;
  dispatch: (action: GameAction) => ActionResult;
  /** The setup flow (spec 4): clear old data, reset, order by roll, assign careers, save. */
  startGame: (players: PlayerSetup[]) => ActionResult;
  /** Goes back to exactly the state before the last logged action. */
  undo: () => UndoResult;
  /** Ends the game here: clears the saved game (spec 4, reset). */
  resetGame: () => void;
};

/** Exported for a shared table's screens, which hold their game on the server (tables/table-game.tsx). */
export const GameContext = createContext<GameContextValue | null>(null);

export function GameProvider({ children }: { children: ReactNode }) {
  const [initial] = useState(loadGame);
  const [state, setState] = useState<GameState>(() => initial.state ?? createInitialState());
  const [loadProblem, setLoadProblem] = useState(initial.problem);
  // Actions read the latest state even when several run before a re-render.
  const stateRef = useRef(state);

  const commit = useCallback((next: GameState) => {
    stateRef.current = next;
    setState(next);
    saveGame(next);
  }, []);

  const dispatch = useCallback(
    (action: GameAction): ActionResult => {
      const result = applyAction(stateRef.current, action);
      if (result.ok) commit(result.state);
      return result;
    },
    [commit],
  );

  const startGame = useCallback(
    (players: PlayerSetup[]): ActionResult => {
      clearOldGameData();
      const setUp = applyAction(createInitialState(), { type: 'setupPlayers', players });
      if (!setUp.ok) return setUp;
      const dealt = applyAction(setUp.state, { type: 'assignCareers' });
      if (!dealt.ok) return dealt;
      setLoadProblem(null);
      commit(dealt.state);
      return dealt;
    },
    [commit],
  );

  const undo = useCallback((): UndoResult => {
    const result = undoLast(stateRef.current);
    if (result.ok) commit(result.state);
    return result;
  }, [commit]);

  const resetGame = useCallback(() => {
    const fresh = createInitialState();
    stateRef.current = fresh;
    setState(fresh);
    clearSavedGame();
  }, []);

  const value = useMemo(
    () => ({ state, loadProblem, dispatch, startGame, undo, resetGame }),
    [state, loadProblem, dispatch, startGame, undo, resetGame],
  );
  return <GameContext.Provider value={value}>{children}</GameContext.Provider>;
}

export function useGame(): GameContextValue {
  const value = useContext(GameContext);
  if (!value) throw new Error('useGame must be used within GameProvider');
  return value;
}

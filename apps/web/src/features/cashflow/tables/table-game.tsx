// A shared table's game for the one-phone screen's parts (the player card, its pickers, Undo, the
// finishing panel): the same game context, whose dispatch checks an action with the engine against
// what this device shows and queues it for the server instead of storing it here.
import type { GameAction } from '@staff/cashflow-engine';
import { type ReactNode, useMemo } from 'react';
import { GameContext, type GameContextValue } from '../game-provider';
import type { LiveTable, LiveTableSnapshot } from './live-table';

const NOT_ON_A_TABLE = 'Bàn chơi chung không dùng thao tác này.';

export function TableGameProvider({
  store,
  snapshot,
  children,
}: {
  store: LiveTable;
  snapshot: LiveTableSnapshot;
  children: ReactNode;
}) {
  const { state } = snapshot;
  const value = useMemo<GameContextValue>(
    () => ({
      state,
      loadProblem: null,
      dispatch: (action: GameAction) =>
        action.type === 'reset' || action.type === 'setupPlayers' || action.type === 'assignCareers'
          ? { ok: false, reason: NOT_ON_A_TABLE }
          : store.act(action),
      startGame: () => ({ ok: false, reason: NOT_ON_A_TABLE }),
      undo: () => store.undo(),
      // The one-phone game saved on this device is not the table's: finishing a table leaves it alone.
      resetGame: () => {},
    }),
    [state, store],
  );
  return <GameContext.Provider value={value}>{children}</GameContext.Provider>;
}

// Applies a game action from a quick control and tells the table when the rules refuse it.
import { notifications } from '@mantine/notifications';
import type { GameAction } from '@staff/cashflow-engine';
import { useCallback } from 'react';
import { useGame } from '../game-provider';

export function useRunAction(): (action: GameAction) => boolean {
  const { dispatch } = useGame();
  return useCallback(
    (action: GameAction) => {
      const result = dispatch(action);
      if (!result.ok) {
        notifications.show({ color: 'red', title: 'Không thực hiện được', message: result.reason });
      }
      return result.ok;
    },
    [dispatch],
  );
}

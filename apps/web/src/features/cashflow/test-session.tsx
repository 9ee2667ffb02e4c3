// What the session screen's tests share: the screen mounted as the app mounts it, a game built
// through the engine's own actions, and the game as the screen saved it.
import { applyAction, createInitialState, type GameAction, type GameState } from '@staff/cashflow-engine';
import { screen } from '@testing-library/react';
import { renderRoutes } from '../../test/render';
import { CashflowLayout } from './components/cashflow-layout';
import { cashflowPages } from './routes';
import { SESSION_KEY } from './storage';

export function renderSession(path = '/cashflow/session') {
  return renderRoutes([{ element: <CashflowLayout />, children: cashflowPages }], path, {
    notifications: true,
  });
}

/**
 * Waits for the whole session screen: its first frame holds the turn bar (with Undo) and the current
 * player's card, the other cards, the game log and the finishing panel follow after that frame is painted.
 */
export function findCompleteSession(): Promise<HTMLElement> {
  return screen.findByRole('region', { name: 'Nhật ký ván chơi' });
}

/** Bình (p1, Doanh nhân, $400 cash, expenses $2,930) plays first, then An (p2, Tài xế). */
export function game(...actions: GameAction[]): GameState {
  let state = createInitialState();
  for (const action of [
    {
      type: 'setupPlayers',
      players: [
        { name: 'An', diceSum: 5 },
        { name: 'Bình', diceSum: 9 },
      ],
    } as GameAction,
    ...actions,
  ]) {
    const result = applyAction(state, action);
    if (!result.ok) throw new Error(result.reason);
    state = result.state;
  }
  return state;
}

/** The game as the screen last saved it. */
export function saved(): GameState {
  return JSON.parse(localStorage.getItem(SESSION_KEY) ?? '{}') as GameState;
}

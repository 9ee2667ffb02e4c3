// Shared by the tests: start a game and apply actions that are expected to succeed.
import type { GameAction, PlayerSetup } from './actions';
import { applyAction } from './reducer';
import { createInitialState, type GameState, type Player } from './state';

export const NOW = '2026-01-01T00:00:00.000Z';

export function startGame(players: PlayerSetup[]): GameState {
  return applyOk(createInitialState(), { type: 'setupPlayers', players });
}

export function applyOk(state: GameState, action: GameAction): GameState {
  const result = applyAction(state, action, NOW);
  if (!result.ok) throw new Error(`Refused ${action.type}: ${result.reason}`);
  return result.state;
}

export function refusal(state: GameState, action: GameAction): string {
  const result = applyAction(state, action, NOW);
  if (result.ok) throw new Error(`Expected ${action.type} to be refused`);
  return result.reason;
}

export function playerOf(state: GameState, id: string): Player {
  const player = state.players.find((p) => p.id === id);
  if (!player) throw new Error(`No player ${id}`);
  return player;
}

/** One janitor (dice 2): expenses 950, cash 560. */
export function janitorGame(): GameState {
  return startGame([{ name: 'An', diceSum: 2 }]);
}

/** Puts a player on the Fast Track with the given cash, through the dedicated action. */
export function fastTrackPlayer(state: GameState, id: string, cash: number): GameState {
  const entered = applyOk(state, { type: 'enterFastTrack', playerId: id });
  const player = playerOf(entered, id);
  return applyOk(entered, { type: 'adjustCash', playerId: id, delta: cash - player.cash });
}

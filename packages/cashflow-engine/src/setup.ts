// Setup screen rules (spec 5, Setup) that are not game actions.
import type { PlayerSetup } from './actions';
import { clamp, MAX_DICE_SUM, MAX_PLAYERS, MIN_DICE_SUM, MIN_PLAYERS } from './money';

export function clampPlayerCount(count: number): number {
  return clamp(Math.round(Number.isFinite(count) ? count : MIN_PLAYERS), MIN_PLAYERS, MAX_PLAYERS);
}

/** 'Bắt đầu ván' is enabled only when every player has a name and a dice sum from 2 to 12. */
export function canStartGame(players: readonly PlayerSetup[]): boolean {
  return (
    players.length >= MIN_PLAYERS &&
    players.length <= MAX_PLAYERS &&
    players.every(
      (p) =>
        p.name.trim() !== '' &&
        Number.isInteger(p.diceSum) &&
        p.diceSum >= MIN_DICE_SUM &&
        p.diceSum <= MAX_DICE_SUM,
    )
  );
}

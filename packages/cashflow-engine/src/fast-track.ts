// Leaving the Rat Race and winning (spec 4, Phase and Winner).
import { FAST_TRACK_ENTRY_MULTIPLIER, FAST_TRACK_WIN_INCOME } from './money';
import {
  type Asset,
  fastTrackIncome,
  type GameState,
  type Player,
  passiveIncome,
  totalExpenses,
} from './state';

export const FAST_TRACK_BASE_ASSET_NAME = 'Thu nhập Rat Race (Fast Track)';
export const FAST_TRACK_BASE_ASSET_CODE = 'FT_BASE';

/** Keeps the stored expenses and passive income equal to what the lines add up to. */
export function withDerivedTotals(player: Player): Player {
  return { ...player, expenses: totalExpenses(player), passiveIncome: passiveIncome(player) };
}

export function hasEscapedRatRace(player: Player): boolean {
  return player.phase === 'rat' && passiveIncome(player) >= totalExpenses(player);
}

/** Salary, expenses, children and debts go; the assets become one locked income of 100 × passive income. */
export function enterFastTrack(player: Player, baseAssetId: string): Player {
  const baseAsset: Asset = {
    id: baseAssetId,
    name: FAST_TRACK_BASE_ASSET_NAME,
    monthlyIncome: passiveIncome(player) * FAST_TRACK_ENTRY_MULTIPLIER,
    cost: 0,
    downPayment: 0,
    quantity: 0,
    code: FAST_TRACK_BASE_ASSET_CODE,
    sourceCode: FAST_TRACK_BASE_ASSET_CODE,
    locked: true,
  };
  return withDerivedTotals({
    ...player,
    phase: 'fast',
    escapedRatRace: true,
    salary: 0,
    baseTaxes: 0,
    baseOther: 0,
    babies: 0,
    liabilities: [],
    assets: [baseAsset],
  });
}

/**
 * Whether a player has won (spec 4, Winner): already a winner, in the Fast Track with passive income
 * (the locked base income not counted) of at least 50,000, or with the dream bought. The finishing
 * panel asks it before a winner nobody found in play is named.
 */
export function meetsWinCondition(player: Player): boolean {
  return (
    player.isWinner ||
    (player.phase === 'fast' && fastTrackIncome(player) >= FAST_TRACK_WIN_INCOME) ||
    player.hasDream
  );
}

/**
 * Run after every applied action: recompute totals, move whoever now qualifies to the Fast Track, mark
 * winners, and record the first winner — who is never replaced.
 */
export function settleGame(state: GameState): GameState {
  let nextAssetId = state.nextAssetId;
  const players = state.players.map((original) => {
    let player = withDerivedTotals(original);
    if (player.career !== '' && hasEscapedRatRace(player)) {
      player = enterFastTrack(player, `a${nextAssetId}`);
      nextAssetId += 1;
    }
    return meetsWinCondition(player) && !player.isWinner ? { ...player, isWinner: true } : player;
  });
  let { winnerId, winMethod } = state;
  if (winnerId === null) {
    const first = players.find((p) => p.isWinner);
    if (first) {
      winnerId = first.id;
      winMethod = first.hasDream ? 'DREAM' : 'PASSIVE_INCOME_FAST';
    }
  }
  return { ...state, players, nextAssetId, winnerId, winMethod };
}

export type GameEvents = {
  /** Players who moved from the Rat Race to the Fast Track: the session toasts each. */
  enteredFastTrack: string[];
  /** The game's winner when this action produced them: the session toasts and presets the finish panel. */
  newWinnerId: string | null;
};

export function detectGameEvents(before: GameState, after: GameState): GameEvents {
  const wasRat = new Set(before.players.filter((p) => p.phase === 'rat').map((p) => p.id));
  return {
    enteredFastTrack: after.players.filter((p) => p.phase === 'fast' && wasRat.has(p.id)).map((p) => p.id),
    newWinnerId: before.winnerId === null ? after.winnerId : null,
  };
}

// The game state (spec 3) and the figures derived from it. Plain JSON so it can live in localStorage.
import type { GameAction } from './actions';
import type { Phase } from './catalogue';
import { FAST_TRACK_WIN_INCOME } from './money';

export type { Phase };

export const GAME_STATE_VERSION = 1;

export type WinMethod = 'PASSIVE_INCOME_FAST' | 'DREAM';

export const WIN_METHOD_LABELS: Record<WinMethod, string> = {
  PASSIVE_INCOME_FAST: 'Đủ thu nhập bị động',
  DREAM: 'Mua Ước mơ',
};

export type Asset = {
  id: string;
  name: string;
  monthlyIncome: number;
  cost: number;
  downPayment: number;
  /** Shares held; 0 for anything that is not a stock line. */
  quantity: number;
  code: string;
  sourceCode: string;
  locked: boolean;
};

export type Liability = { name: string; label: string; balance: number; monthlyPayment: number };

export type Player = {
  id: string;
  name: string;
  isGuest: boolean;
  userId: number | null;
  orderRoll: number;
  career: string;
  salary: number;
  /** Total expenses, kept equal to totalExpenses(player) by the reducer. */
  expenses: number;
  /** Sum of the assets' monthly incomes, kept equal to passiveIncome(player) by the reducer. */
  passiveIncome: number;
  cash: number;
  assets: Asset[];
  liabilities: Liability[];
  babies: number;
  escapedRatRace: boolean;
  phase: Phase;
  hasDream: boolean;
  isWinner: boolean;
  baseTaxes: number;
  baseOther: number;
  childCost: number;
};

export type LogEntry = {
  seq: number;
  at: string;
  playerId: string | null;
  action: GameAction;
  cashBefore: number | null;
  cashAfter: number | null;
  /** The whole state before the action (without its log), so undo restores it exactly; null past UNDO_DEPTH. */
  previous: GameSnapshot | null;
};

export type GameState = {
  version: typeof GAME_STATE_VERSION;
  players: Player[];
  currentTurn: number;
  startedAt: string | null;
  finishedAt: string | null;
  winnerId: string | null;
  winMethod: WinMethod | null;
  /** Source of unique asset ids; kept in the state so the reducer stays pure. */
  nextAssetId: number;
  log: LogEntry[];
};

export type GameSnapshot = Omit<GameState, 'log'>;

export function createInitialState(): GameState {
  return {
    version: GAME_STATE_VERSION,
    players: [],
    currentTurn: 0,
    startedAt: null,
    finishedAt: null,
    winnerId: null,
    winMethod: null,
    nextAssetId: 1,
    log: [],
  };
}

export function passiveIncome(player: Player): number {
  return player.assets.reduce((sum, asset) => sum + asset.monthlyIncome, 0);
}

/** The Fast Track win counts only what was bought there, not the locked Rat Race income. */
export function fastTrackIncome(player: Player): number {
  return player.assets.filter((a) => !a.locked).reduce((sum, asset) => sum + asset.monthlyIncome, 0);
}

export function debtPayments(player: Player): number {
  return player.liabilities.reduce((sum, debt) => sum + debt.monthlyPayment, 0);
}

export function totalExpenses(player: Player): number {
  return player.baseTaxes + player.baseOther + player.babies * player.childCost + debtPayments(player);
}

export function cashFlow(player: Player): number {
  return player.salary + passiveIncome(player) - totalExpenses(player);
}

/** 0–1: passive income over expenses in the Rat Race, Fast Track income over 50,000 there. */
export function progress(player: Player): number {
  if (player.phase === 'fast')
    return Math.min(1, Math.max(0, fastTrackIncome(player) / FAST_TRACK_WIN_INCOME));
  const expenses = totalExpenses(player);
  if (expenses <= 0) return 1;
  return Math.min(1, Math.max(0, passiveIncome(player) / expenses));
}

export function currentPlayer(state: GameState): Player | undefined {
  return state.players[state.currentTurn];
}

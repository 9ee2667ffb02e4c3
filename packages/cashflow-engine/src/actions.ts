// The closed set of game actions (spec 4, Game actions, plus card purchases and buy-outs).
import type { Card } from './catalogue';
import type { WinMethod } from './state';

export type PlayerSetup = {
  name: string;
  diceSum: number;
  isGuest?: boolean;
  userId?: number | null;
};

export type GameAction =
  | { type: 'reset' }
  | { type: 'setupPlayers'; players: PlayerSetup[] }
  /** Re-deals careers from each player's dice sum, or from new sums given by player id. */
  | { type: 'assignCareers'; diceSums?: Record<string, number> }
  | {
      type: 'addAsset';
      playerId: string;
      name: string;
      code?: string;
      cost: number;
      monthlyIncome: number;
      /** Absent means 10 % of cost. */
      downPayment?: number;
      /** Borrowed into cash as '<name> (Vay)' before paying the down payment; rounded to $1,000. */
      financedAmount?: number;
    }
  | {
      type: 'buyStock';
      playerId: string;
      code: string;
      quantity: number;
      price: number;
      dividendPerShare: number;
    }
  | {
      type: 'playCard';
      playerId: string;
      card: Card;
      /** Shares, for a stock card. */
      quantity?: number;
      financedAmount?: number;
    }
  | { type: 'sellAsset'; playerId: string; assetId: string; price: number; quantity?: number }
  | { type: 'editAsset'; playerId: string; assetId: string; monthlyIncome?: number; cost?: number }
  | {
      type: 'addLiability';
      playerId: string;
      name: string;
      label?: string;
      balance: number;
      monthlyPayment: number;
    }
  | { type: 'borrow'; playerId: string; amount: number; name?: string }
  | { type: 'payDebt'; playerId: string; name: string; amount?: number }
  | { type: 'setChildren'; playerId: string; count: number }
  | { type: 'addChildren'; playerId: string; delta: number }
  | { type: 'payExpense'; playerId: string; name: string; amount: number }
  | { type: 'receiveCash'; playerId: string; name: string; amount: number }
  | { type: 'cashday' }
  | { type: 'adjustCash'; playerId: string; delta: number }
  | { type: 'nextTurn' }
  | { type: 'finishGame'; winnerId?: string | null; winMethod?: WinMethod | null }
  | { type: 'enterFastTrack'; playerId: string }
  | { type: 'setDream'; playerId: string; hasDream: boolean }
  | { type: 'transferAsset'; fromPlayerId: string; toPlayerId: string; assetId: string }
  | { type: 'buyOut'; buyerId: string; ownerId: string; assetId: string };

export type GameActionType = GameAction['type'];

/** The player an action is about, for the log's cash before and after. */
export function actingPlayerId(action: GameAction, currentPlayerId: string | null): string | null {
  if ('playerId' in action) return action.playerId;
  if (action.type === 'buyOut') return action.buyerId;
  if (action.type === 'transferAsset') return action.fromPlayerId;
  if (action.type === 'cashday') return currentPlayerId;
  return null;
}

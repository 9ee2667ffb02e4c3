// A shared table's actions (issue 25): what a device may post to the server, who may post it, and
// how the server's log of them becomes the game. The server runs these same functions on every
// posted action (it is the authority); every device runs them on the events it receives, so the
// table's state is the same wherever it is computed.
import { z } from 'zod';
import type { GameAction } from './actions';
import { undo } from './log';
import { MESSAGES } from './messages';
import { applyAction } from './reducer';
import type { GameState } from './state';

/**
 * What a table's device posts: a game action, or 'undo' (the last logged action). Setting a game up
 * is not one of them: a table is created set up, and a new game is a new table.
 */
export type TableAction =
  | Exclude<GameAction, { type: 'reset' | 'setupPlayers' | 'assignCareers' }>
  /**
   * `logSeq` and `logAt`: the log entry the device saw last and means to take back (a seq alone is
   * reused after an undo; with its instant it names one entry).
   */
  | { type: 'undo'; logSeq?: number; logAt?: string };
export type TableActionType = TableAction['type'];

// Shapes only: whether a value is allowed (money, a known player, enough cash) is checkAction's to
// say, with the engine's own reason. These keep malformed input from reaching the rules at all.
const amount = z.number().finite();
const id = z.string().min(1).max(40);
const text = z.string().max(200);
const code = z.string().max(40);

const card = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('stock'), code, name: text, price: amount, dividendPerShare: amount }),
  z.strictObject({
    kind: z.literal('asset'),
    code,
    name: text,
    cost: amount,
    monthlyIncome: amount,
    downPayment: amount.optional(),
  }),
  z.strictObject({ kind: z.literal('liability'), code, name: text, balance: amount, monthlyPayment: amount }),
  z.strictObject({ kind: z.literal('expense'), code, name: text, amount }),
  z.strictObject({ kind: z.literal('cash'), code, name: text, amount }),
]);

/** A posted action, checked for shape before the rules see it. */
export const tableActionSchema: z.ZodType<TableAction> = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('undo'),
    logSeq: z.number().int().positive().optional(),
    logAt: z.string().max(40).optional(),
  }),
  z.strictObject({
    type: z.literal('addAsset'),
    playerId: id,
    name: text,
    code: code.optional(),
    cost: amount,
    monthlyIncome: amount,
    downPayment: amount.optional(),
    financedAmount: amount.optional(),
  }),
  z.strictObject({
    type: z.literal('buyStock'),
    playerId: id,
    code,
    quantity: amount,
    price: amount,
    dividendPerShare: amount,
  }),
  z.strictObject({
    type: z.literal('playCard'),
    playerId: id,
    card,
    quantity: amount.optional(),
    financedAmount: amount.optional(),
  }),
  z.strictObject({
    type: z.literal('sellAsset'),
    playerId: id,
    assetId: id,
    price: amount,
    quantity: amount.optional(),
  }),
  z.strictObject({
    type: z.literal('editAsset'),
    playerId: id,
    assetId: id,
    monthlyIncome: amount.optional(),
    cost: amount.optional(),
  }),
  z.strictObject({
    type: z.literal('addLiability'),
    playerId: id,
    name: text,
    label: text.optional(),
    balance: amount,
    monthlyPayment: amount,
  }),
  z.strictObject({ type: z.literal('borrow'), playerId: id, amount, name: text.optional() }),
  z.strictObject({ type: z.literal('payDebt'), playerId: id, name: text, amount: amount.optional() }),
  z.strictObject({ type: z.literal('setChildren'), playerId: id, count: amount }),
  z.strictObject({ type: z.literal('addChildren'), playerId: id, delta: amount }),
  z.strictObject({ type: z.literal('payExpense'), playerId: id, name: text, amount }),
  z.strictObject({ type: z.literal('receiveCash'), playerId: id, name: text, amount }),
  z.strictObject({ type: z.literal('cashday') }),
  z.strictObject({ type: z.literal('adjustCash'), playerId: id, delta: amount }),
  z.strictObject({ type: z.literal('nextTurn') }),
  z.strictObject({
    type: z.literal('finishGame'),
    winnerId: id.nullable().optional(),
    winMethod: z.enum(['PASSIVE_INCOME_FAST', 'DREAM']).nullable().optional(),
  }),
  z.strictObject({ type: z.literal('enterFastTrack'), playerId: id }),
  z.strictObject({ type: z.literal('setDream'), playerId: id, hasDream: z.boolean() }),
  z.strictObject({ type: z.literal('transferAsset'), fromPlayerId: id, toPlayerId: id, assetId: id }),
  z.strictObject({ type: z.literal('buyOut'), buyerId: id, ownerId: id, assetId: id }),
]) as z.ZodType<TableAction>;

/**
 * Actions that move a player's money or holdings: in auditor mode a player's own wait for the host's
 * approval. Turns, the dream and the host's own actions never wait.
 */
const MONEY_ACTIONS: ReadonlySet<TableActionType> = new Set<TableActionType>([
  'addAsset',
  'buyStock',
  'playCard',
  'sellAsset',
  'editAsset',
  'addLiability',
  'borrow',
  'payDebt',
  'setChildren',
  'addChildren',
  'payExpense',
  'receiveCash',
  'cashday',
  'adjustCash',
  'enterFastTrack',
  'transferAsset',
  'buyOut',
]);

/** Whether a player's action waits for the host in auditor mode (an undo does too). */
export function needsApproval(action: TableAction): boolean {
  return action.type === 'undo' || MONEY_ACTIONS.has(action.type);
}

/**
 * The player whose seat may post an action, or null when only the host may (finishing the game).
 * A player acts on their own card; the turn's actions (payday, next turn) are the current player's,
 * as on one phone; an undo belongs to whoever's action it takes back.
 */
export function seatPlayerOf(state: GameState, action: TableAction): string | null {
  const current = state.players[state.currentTurn]?.id ?? null;
  switch (action.type) {
    case 'undo':
      return state.log.at(-1)?.playerId ?? null;
    case 'finishGame':
      return null;
    case 'nextTurn':
    case 'cashday':
      return current;
    case 'transferAsset':
      return action.fromPlayerId;
    case 'buyOut':
      return action.buyerId;
    default:
      return action.playerId;
  }
}

export type TableActionResult = { ok: true; state: GameState } | { ok: false; reason: string };

/** Applies a table's action: the engine's reducer, or its undo. The time comes in, as in the reducer. */
export function applyTableAction(state: GameState, action: TableAction, at: string): TableActionResult {
  if (action.type === 'undo') {
    // On a shared table another device may have acted since this one asked: never take that back.
    const last = state.log.at(-1);
    const moved =
      (action.logSeq !== undefined && last?.seq !== action.logSeq) ||
      (action.logAt !== undefined && last?.at !== action.logAt);
    if (last && moved) return { ok: false, reason: MESSAGES.undoMoved };
    return undo(state);
  }
  return applyAction(state, action, at);
}

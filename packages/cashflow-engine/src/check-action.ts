// Whether an action applies to a state, and the spec's Vietnamese reason when it does not. The one place
// that says so: the reducer refuses exactly what this refuses, and a screen asks it instead of re-checking.
import type { GameAction } from './actions';
import { type Card, CUSTOM_CARD_CODE } from './catalogue';
import { MESSAGES } from './messages';
import {
  BANK_LOAN_NAME,
  BUY_OUT_MULTIPLIER,
  DEBT_STEP,
  defaultDownPayment,
  isWholeDollars,
  MAX_CHILDREN,
  MAX_PLAYERS,
  MIN_PLAYERS,
  maxBankLoanRepayment,
  roundDebtBalance,
} from './money';
import { type Asset, cashFlow, type GameState, type Player } from './state';

export type ActionCheck = { ok: true } | { ok: false; reason: string };

const yes: ActionCheck = { ok: true };
const no = (reason: string): ActionCheck => ({ ok: false, reason });

export const isMoney = (value: unknown): value is number =>
  typeof value === 'number' && isWholeDollars(value);
export const isNonNegativeMoney = (value: unknown): value is number => isMoney(value) && value >= 0;

/** Shares held by a stock line; older lines only carry it in their name, like 'CD (10 cp)'. */
export function sharesHeld(asset: Asset): number {
  if (asset.quantity > 0) return asset.quantity;
  const match = /\((\d+)\s*cp\)/i.exec(asset.name);
  return match?.[1] ? Number.parseInt(match[1], 10) : 0;
}

export type BuyOutOffer = { owner: Player; asset: Asset; price: number };

/**
 * The buy-out a Fast Track card becomes when another Fast Track player already holds that business
 * (spec 4, Purchases): the buyer pays the owner twice its value. Null when the card is a plain purchase.
 */
export function buyOutOfferFor(state: GameState, buyerId: string, card: Card): BuyOutOffer | null {
  const buyer = state.players.find((p) => p.id === buyerId);
  if (buyer?.phase !== 'fast' || card.kind !== 'asset' || card.code === CUSTOM_CARD_CODE) return null;
  for (const owner of state.players) {
    if (owner.id === buyer.id || owner.phase !== 'fast') continue;
    const asset = owner.assets.find((a) => !a.locked && a.sourceCode === card.code);
    if (asset) return { owner, asset, price: asset.cost * BUY_OUT_MULTIPLIER };
  }
  return null;
}

/** The plain action a played card stands for: a purchase, a debt, an expense, a prize, or a buy-out. */
export function cardAction(
  state: GameState,
  playerId: string,
  card: Card,
  quantity: number | undefined,
  financedAmount: number,
): GameAction {
  switch (card.kind) {
    case 'stock':
      return {
        type: 'buyStock',
        playerId,
        code: card.code,
        quantity: quantity ?? 0,
        price: card.price,
        dividendPerShare: card.dividendPerShare,
      };
    case 'asset': {
      const offer = buyOutOfferFor(state, playerId, card);
      if (offer)
        return { type: 'buyOut', buyerId: playerId, ownerId: offer.owner.id, assetId: offer.asset.id };
      return {
        type: 'addAsset',
        playerId,
        name: card.name,
        code: card.code,
        cost: card.cost,
        monthlyIncome: card.monthlyIncome,
        ...(card.downPayment === undefined ? {} : { downPayment: card.downPayment }),
        financedAmount,
      };
    }
    case 'liability':
      return {
        type: 'addLiability',
        playerId,
        name: card.name,
        label: card.code,
        balance: card.balance,
        monthlyPayment: card.monthlyPayment,
      };
    case 'expense':
      return { type: 'payExpense', playerId, name: card.name, amount: card.amount };
    case 'cash':
      return { type: 'receiveCash', playerId, name: card.name, amount: card.amount };
  }
}

/**
 * A stock purchase of 0 shares (spec 5 allows "an integer of at least 0") is the player passing on the
 * card: it applies, and changes nothing — no line, no cash, no log entry.
 */
export function isNoOp(action: GameAction): boolean {
  if (action.type === 'buyStock') return action.quantity === 0;
  return action.type === 'playCard' && action.card.kind === 'stock' && (action.quantity ?? 0) === 0;
}

export function checkAction(state: GameState, action: GameAction): ActionCheck {
  if (action.type === 'reset') return yes;
  if (action.type === 'setupPlayers') {
    const setups = action.players;
    if (setups.length < MIN_PLAYERS || setups.length > MAX_PLAYERS) return no(MESSAGES.invalidPlayers);
    if (setups.some((p) => typeof p.name !== 'string' || p.name.trim() === ''))
      return no(MESSAGES.invalidPlayers);
    return yes;
  }
  if (state.players.length === 0) return no(MESSAGES.noGame);
  if (state.finishedAt !== null) return no(MESSAGES.gameFinished);
  return checkRule(state, action);
}

type PlayerCheck = (player: Player) => ActionCheck;

function forPlayer(state: GameState, playerId: string, check: PlayerCheck): ActionCheck {
  const player = state.players.find((p) => p.id === playerId);
  return player ? check(player) : no(MESSAGES.playerNotFound);
}

function checkRule(state: GameState, action: GameAction): ActionCheck {
  switch (action.type) {
    case 'reset':
    case 'setupPlayers':
      return checkAction(state, action);
    case 'assignCareers':
      // Careers are dealt at setup; re-dealing mid-game would wipe sheets and could unmake the winner.
      return ['setupPlayers', 'assignCareers'].includes(state.log.at(-1)?.action.type ?? '')
        ? yes
        : no(MESSAGES.careersOnlyAtSetup);
    case 'addAsset':
      return forPlayer(state, action.playerId, (player) =>
        checkAssetPurchase(
          player,
          action.cost,
          action.monthlyIncome,
          action.downPayment,
          action.financedAmount,
        ),
      );
    case 'buyStock':
      return forPlayer(state, action.playerId, (player) => checkStockPurchase(player, action));
    case 'playCard':
      return forPlayer(state, action.playerId, () =>
        checkRule(
          state,
          cardAction(state, action.playerId, action.card, action.quantity, action.financedAmount ?? 0),
        ),
      );
    case 'sellAsset':
      return forPlayer(state, action.playerId, (player) => checkSale(player, action));
    case 'editAsset':
      return forPlayer(state, action.playerId, (player) => {
        const asset = player.assets.find((a) => a.id === action.assetId);
        if (!asset) return no(MESSAGES.assetNotFound);
        if (asset.locked) return no(MESSAGES.lockedAsset);
        const fields = [action.monthlyIncome ?? asset.monthlyIncome, action.cost ?? asset.cost];
        return fields.every(isNonNegativeMoney) ? yes : no(MESSAGES.invalidAssetFields);
      });
    case 'addLiability':
      return forPlayer(state, action.playerId, (player) => {
        if (player.phase === 'fast') return no(MESSAGES.noRatRaceInFastTrack);
        if (!isNonNegativeMoney(action.balance) || !isNonNegativeMoney(action.monthlyPayment))
          return no(MESSAGES.invalidAmount);
        return roundDebtBalance(action.balance) > 0 ? yes : no(MESSAGES.loanMustBePositive);
      });
    case 'borrow':
      return forPlayer(state, action.playerId, (player) => {
        if (player.phase === 'fast') return no(MESSAGES.noRatRaceInFastTrack);
        const { amount } = action;
        const positive =
          typeof amount === 'number' && Number.isFinite(amount) && roundDebtBalance(amount) > 0;
        return positive ? yes : no(MESSAGES.loanMustBePositive);
      });
    case 'payDebt':
      return forPlayer(state, action.playerId, (player) => {
        const debt = player.liabilities.find((d) => d.name === action.name);
        if (!debt) return no(MESSAGES.debtNotFound);
        if (action.name === BANK_LOAN_NAME) {
          const most = maxBankLoanRepayment(debt.balance, player.cash);
          const paid = action.amount ?? most;
          const valid = Number.isInteger(paid) && paid >= DEBT_STEP && paid % DEBT_STEP === 0 && paid <= most;
          return valid ? yes : no(MESSAGES.repayStep);
        }
        return player.cash >= debt.balance ? yes : no(MESSAGES.repayAllOrNothing);
      });
    case 'setChildren':
      return forPlayer(state, action.playerId, (player) => checkChildren(player, action.count));
    case 'addChildren':
      return forPlayer(state, action.playerId, (player) =>
        checkChildren(player, player.babies + action.delta),
      );
    case 'payExpense':
      return forPlayer(state, action.playerId, (player) => {
        if (!isNonNegativeMoney(action.amount)) return no(MESSAGES.invalidAmount);
        if (player.phase === 'rat' && action.amount <= 0) return no(MESSAGES.expenseMustBePositive);
        return player.cash >= action.amount ? yes : no(MESSAGES.notEnoughCashToSpend);
      });
    case 'receiveCash':
      return forPlayer(state, action.playerId, () =>
        isNonNegativeMoney(action.amount) ? yes : no(MESSAGES.invalidAmount),
      );
    case 'cashday': {
      const player = state.players[state.currentTurn];
      if (!player) return no(MESSAGES.playerNotFound);
      return player.cash + cashFlow(player) >= 0 ? yes : no(MESSAGES.cashWouldGoNegative);
    }
    case 'adjustCash':
      return forPlayer(state, action.playerId, (player) => {
        if (!isMoney(action.delta)) return no(MESSAGES.invalidAmount);
        return player.cash + action.delta >= 0 ? yes : no(MESSAGES.cashWouldGoNegative);
      });
    case 'nextTurn':
      return yes;
    case 'finishGame': {
      const winnerId = action.winnerId ?? null;
      if (winnerId !== null && !state.players.some((p) => p.id === winnerId))
        return no(MESSAGES.invalidWinner);
      // The first winner found during play stands; the finishing panel can only name one when there is none.
      if (state.winnerId !== null && winnerId !== null && winnerId !== state.winnerId)
        return no(MESSAGES.winnerAlreadyDecided);
      return yes;
    }
    case 'enterFastTrack':
      return forPlayer(state, action.playerId, (player) =>
        player.phase === 'fast' ? no(MESSAGES.alreadyFastTrack) : yes,
      );
    case 'setDream':
      return forPlayer(state, action.playerId, () => yes);
    case 'transferAsset':
      return checkMove(state, action.fromPlayerId, action.toPlayerId, action.assetId, 0);
    case 'buyOut':
      return checkMove(state, action.ownerId, action.buyerId, action.assetId, BUY_OUT_MULTIPLIER);
  }
}

function checkAssetPurchase(
  player: Player,
  cost: number,
  monthlyIncome: number,
  downPayment: number | undefined,
  financedAmount: number | undefined,
): ActionCheck {
  const down = downPayment ?? (isMoney(cost) ? defaultDownPayment(cost) : cost);
  const financed = financedAmount ?? 0;
  if (![cost, monthlyIncome, down, financed].every(isNonNegativeMoney))
    return no(MESSAGES.invalidAssetFields);
  if (down > cost) return no(MESSAGES.downPaymentTooHigh);
  const loan = roundDebtBalance(financed);
  if (loan > 0 && player.phase === 'fast') return no(MESSAGES.noRatRaceInFastTrack);
  return player.cash + loan >= down ? yes : no(MESSAGES.notEnoughCashToBuy);
}

function checkStockPurchase(
  player: Player,
  purchase: { quantity: number; price: number; dividendPerShare: number },
): ActionCheck {
  if (!Number.isInteger(purchase.quantity) || purchase.quantity < 0) return no(MESSAGES.invalidQuantity);
  if (!isNonNegativeMoney(purchase.price) || !(purchase.dividendPerShare >= 0))
    return no(MESSAGES.invalidAmount);
  return player.cash >= purchase.quantity * purchase.price ? yes : no(MESSAGES.notEnoughCashToBuy);
}

function checkSale(player: Player, sale: { assetId: string; price: number; quantity?: number }): ActionCheck {
  const asset = player.assets.find((a) => a.id === sale.assetId);
  if (!asset) return no(MESSAGES.assetNotFound);
  if (asset.locked) return no(MESSAGES.lockedAsset);
  if (!isNonNegativeMoney(sale.price)) return no(MESSAGES.invalidPrice);
  const held = sharesHeld(asset);
  if (held > 0) {
    const sold = sale.quantity ?? held;
    return Number.isInteger(sold) && sold >= 1 && sold <= held ? yes : no(MESSAGES.invalidQuantity);
  }
  // The buyer pays the price; the bank takes back the mortgage (cost − down payment).
  const proceeds = sale.price - asset.cost + asset.downPayment;
  return player.cash + proceeds >= 0 ? yes : no(MESSAGES.sellWouldGoNegative);
}

function checkChildren(player: Player, count: number): ActionCheck {
  if (player.phase === 'fast') return no(MESSAGES.noRatRaceInFastTrack);
  return Number.isInteger(count) && count >= 0 && count <= MAX_CHILDREN ? yes : no(MESSAGES.invalidChildren);
}

function checkMove(
  state: GameState,
  fromId: string,
  toId: string,
  assetId: string,
  priceMultiplier: number,
): ActionCheck {
  const from = state.players.find((p) => p.id === fromId);
  const to = state.players.find((p) => p.id === toId);
  if (!from || !to) return no(MESSAGES.playerNotFound);
  if (from.id === to.id) return no(MESSAGES.samePlayer);
  if (to.phase !== 'fast' || from.phase !== 'fast') return no(MESSAGES.notFastTrack);
  const asset = from.assets.find((a) => a.id === assetId);
  if (!asset) return no(MESSAGES.assetNotFound);
  // The locked base income is the owner's Rat Race history, not a business that can change hands.
  if (asset.locked) return no(MESSAGES.lockedAsset);
  return to.cash >= asset.cost * priceMultiplier ? yes : no(MESSAGES.buyOutShortfall);
}

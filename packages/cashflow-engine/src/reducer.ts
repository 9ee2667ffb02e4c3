// The one reducer: applies a game action to a state or refuses it with a reason. Pure: the input is never
// mutated and the time comes in as an argument.
import { actingPlayerId, type GameAction, type PlayerSetup } from './actions';
import { careerForDiceSum, clampDiceSum } from './careers';
import type { Card } from './catalogue';
import { enterFastTrack, settleGame } from './fast-track';
import { appendLogEntry } from './log';
import { MESSAGES } from './messages';
import {
  BANK_LOAN_NAME,
  BUY_OUT_MULTIPLIER,
  bankLoanPayment,
  DEBT_STEP,
  defaultDownPayment,
  isWholeDollars,
  MAX_CHILDREN,
  MAX_PLAYERS,
  MIN_PLAYERS,
  maxBankLoanRepayment,
  roundDebtBalance,
} from './money';
import {
  type Asset,
  cashFlow,
  createInitialState,
  type GameState,
  type Liability,
  type Player,
} from './state';

export type ActionResult = { ok: true; state: GameState } | { ok: false; reason: string };

const refuse = (reason: string): ActionResult => ({ ok: false, reason });
const accept = (state: GameState): ActionResult => ({ ok: true, state });

const isMoney = (value: unknown): value is number => typeof value === 'number' && isWholeDollars(value);
const isNonNegativeMoney = (value: unknown): value is number => isMoney(value) && value >= 0;

export function applyAction(
  state: GameState,
  action: GameAction,
  now: string = new Date().toISOString(),
): ActionResult {
  if (action.type === 'reset') return accept(createInitialState());
  if (action.type !== 'setupPlayers') {
    if (state.players.length === 0) return refuse(MESSAGES.noGame);
    if (state.finishedAt !== null) return refuse(MESSAGES.gameFinished);
  }
  const result = applyRule(state, action, now);
  if (!result.ok) return result;
  const settled = settleGame(result.state);
  const current = state.players[state.currentTurn]?.id ?? null;
  return accept(appendLogEntry(state, settled, action, actingPlayerId(action, current), now));
}

function applyRule(state: GameState, action: GameAction, now: string): ActionResult {
  switch (action.type) {
    case 'reset':
      return accept(createInitialState());
    case 'setupPlayers':
      return setupPlayers(state, action.players, now);
    case 'assignCareers':
      // Careers are dealt at setup; re-dealing mid-game would wipe sheets and could unmake the winner.
      if (!['setupPlayers', 'assignCareers'].includes(state.log.at(-1)?.action.type ?? '')) {
        return refuse(MESSAGES.careersOnlyAtSetup);
      }
      return accept({
        ...state,
        players: state.players.map((p) =>
          withCareer(p, clampDiceSum(action.diceSums?.[p.id] ?? p.orderRoll)),
        ),
      });
    case 'addAsset':
      return updatePlayer(state, action.playerId, (player, s) =>
        buyAsset(s, player, {
          name: action.name,
          code: action.code ?? '',
          cost: action.cost,
          monthlyIncome: action.monthlyIncome,
          downPayment: action.downPayment,
          financedAmount: action.financedAmount ?? 0,
        }),
      );
    case 'buyStock':
      return updatePlayer(state, action.playerId, (player, s) => buyStock(s, player, action));
    case 'playCard':
      return updatePlayer(state, action.playerId, (player, s) =>
        playCard(s, player, action.card, action.quantity, action.financedAmount ?? 0),
      );
    case 'sellAsset':
      return updatePlayer(state, action.playerId, (player, s) =>
        sellAsset(s, player, action.assetId, action.price, action.quantity),
      );
    case 'editAsset':
      return updatePlayer(state, action.playerId, (player, s) => editAsset(s, player, action));
    case 'addLiability':
      return updatePlayer(state, action.playerId, (player, s) =>
        addLiability(
          s,
          player,
          action.name,
          action.label ?? action.name,
          action.balance,
          action.monthlyPayment,
        ),
      );
    case 'borrow':
      return updatePlayer(state, action.playerId, (player, s) =>
        borrow(s, player, action.name ?? BANK_LOAN_NAME, action.amount),
      );
    case 'payDebt':
      return updatePlayer(state, action.playerId, (player, s) =>
        payDebt(s, player, action.name, action.amount),
      );
    case 'setChildren':
      return updatePlayer(state, action.playerId, (player, s) => setChildren(s, player, action.count));
    case 'addChildren':
      return updatePlayer(state, action.playerId, (player, s) =>
        setChildren(s, player, player.babies + action.delta),
      );
    case 'payExpense':
      return updatePlayer(state, action.playerId, (player, s) => payExpense(s, player, action.amount));
    case 'receiveCash':
      return updatePlayer(state, action.playerId, (player, s) =>
        isNonNegativeMoney(action.amount)
          ? withPlayer(s, { ...player, cash: player.cash + action.amount })
          : refuse(MESSAGES.invalidAmount),
      );
    case 'cashday': {
      const player = state.players[state.currentTurn];
      if (!player) return refuse(MESSAGES.playerNotFound);
      return changeCash(state, player, cashFlow(player));
    }
    case 'adjustCash':
      return updatePlayer(state, action.playerId, (player, s) =>
        isMoney(action.delta) ? changeCash(s, player, action.delta) : refuse(MESSAGES.invalidAmount),
      );
    case 'nextTurn':
      return accept({ ...state, currentTurn: (state.currentTurn + 1) % state.players.length });
    case 'finishGame':
      return finishGame(state, action.winnerId ?? null, action.winMethod ?? null, now);
    case 'enterFastTrack':
      return updatePlayer(state, action.playerId, (player, s) =>
        player.phase === 'fast'
          ? refuse(MESSAGES.alreadyFastTrack)
          : withPlayer({ ...s, nextAssetId: s.nextAssetId + 1 }, enterFastTrack(player, `a${s.nextAssetId}`)),
      );
    case 'setDream':
      return updatePlayer(state, action.playerId, (player, s) =>
        withPlayer(s, { ...player, hasDream: action.hasDream }),
      );
    case 'transferAsset':
      return moveAsset(state, action.fromPlayerId, action.toPlayerId, action.assetId, 0);
    case 'buyOut':
      return moveAsset(state, action.ownerId, action.buyerId, action.assetId, BUY_OUT_MULTIPLIER);
  }
}

function setupPlayers(state: GameState, setups: PlayerSetup[], now: string): ActionResult {
  if (setups.length < MIN_PLAYERS || setups.length > MAX_PLAYERS) return refuse(MESSAGES.invalidPlayers);
  if (setups.some((p) => typeof p.name !== 'string' || p.name.trim() === ''))
    return refuse(MESSAGES.invalidPlayers);
  const players = setups
    .map((setup) => {
      // A player is a guest unless a real user (id > 0) is chosen (spec 5, Setup).
      const userId = setup.userId != null && setup.userId > 0 ? setup.userId : null;
      const diceSum = clampDiceSum(setup.diceSum);
      return withCareer({ ...blankPlayer('', setup.name.trim()), isGuest: userId === null, userId }, diceSum);
    })
    // The dice sum is also the order roll: highest starts, ties by name (spec 4, Setup flow).
    .sort((a, b) => b.orderRoll - a.orderRoll || a.name.localeCompare(b.name))
    // Ids follow turn order so they are stable for the whole game and readable in the log.
    .map((player, index) => ({ ...player, id: `p${index + 1}` }));
  return accept({
    ...state,
    players,
    currentTurn: 0,
    startedAt: now,
    finishedAt: null,
    winnerId: null,
    winMethod: null,
  });
}

function blankPlayer(id: string, name: string): Player {
  return {
    id,
    name,
    isGuest: true,
    userId: null,
    orderRoll: 0,
    career: '',
    salary: 0,
    expenses: 0,
    passiveIncome: 0,
    cash: 0,
    assets: [],
    liabilities: [],
    babies: 0,
    escapedRatRace: false,
    phase: 'rat',
    hasDream: false,
    isWinner: false,
    baseTaxes: 0,
    baseOther: 0,
    childCost: 0,
  };
}

/** Starts the player afresh on the career card for the dice sum, with its starting debts. */
function withCareer(player: Player, diceSum: number): Player {
  const career = careerForDiceSum(diceSum);
  return {
    ...player,
    orderRoll: career.diceSum,
    career: career.name,
    salary: career.salary,
    baseTaxes: career.taxes,
    baseOther: career.other,
    childCost: career.childCost,
    cash: career.startCash,
    liabilities: career.debts.map((d) => ({ ...d })),
    assets: [],
    babies: 0,
    phase: 'rat',
    escapedRatRace: false,
    hasDream: false,
    isWinner: false,
  };
}

type PlayerRule = (player: Player, state: GameState) => ActionResult;

function updatePlayer(state: GameState, playerId: string, rule: PlayerRule): ActionResult {
  const player = state.players.find((p) => p.id === playerId);
  return player ? rule(player, state) : refuse(MESSAGES.playerNotFound);
}

function withPlayer(state: GameState, player: Player): ActionResult {
  return accept({ ...state, players: state.players.map((p) => (p.id === player.id ? player : p)) });
}

function changeCash(state: GameState, player: Player, delta: number): ActionResult {
  if (player.cash + delta < 0) return refuse(MESSAGES.cashWouldGoNegative);
  return withPlayer(state, { ...player, cash: player.cash + delta });
}

function newAssetId(state: GameState): [string, GameState] {
  return [`a${state.nextAssetId}`, { ...state, nextAssetId: state.nextAssetId + 1 }];
}

type AssetPurchase = {
  name: string;
  code: string;
  cost: number;
  monthlyIncome: number;
  downPayment: number | undefined;
  financedAmount: number;
};

function buyAsset(state: GameState, player: Player, purchase: AssetPurchase): ActionResult {
  const downPayment = purchase.downPayment ?? defaultDownPayment(purchase.cost);
  if (
    ![purchase.cost, purchase.monthlyIncome, downPayment, purchase.financedAmount].every(isNonNegativeMoney)
  ) {
    return refuse(MESSAGES.invalidAssetFields);
  }
  if (downPayment > purchase.cost) return refuse(MESSAGES.downPaymentTooHigh);
  const loan = roundDebtBalance(purchase.financedAmount);
  if (loan > 0 && player.phase === 'fast') return refuse(MESSAGES.noRatRaceInFastTrack);
  if (player.cash + loan < downPayment) return refuse(MESSAGES.notEnoughCashToBuy);
  const name = purchase.name.trim() || purchase.code;
  const liabilities = loan > 0 ? mergeLoan(player.liabilities, `${name} (Vay)`, loan) : player.liabilities;
  const [id, next] = newAssetId(state);
  const asset: Asset = {
    id,
    name,
    monthlyIncome: purchase.monthlyIncome,
    cost: purchase.cost,
    downPayment,
    quantity: 0,
    code: purchase.code,
    sourceCode: purchase.code,
    locked: false,
  };
  return withPlayer(next, {
    ...player,
    cash: player.cash + loan - downPayment,
    liabilities,
    assets: [...player.assets, asset],
  });
}

type StockPurchase = { code: string; quantity: number; price: number; dividendPerShare: number };

function buyStock(state: GameState, player: Player, purchase: StockPurchase): ActionResult {
  if (!Number.isInteger(purchase.quantity) || purchase.quantity < 1) return refuse(MESSAGES.invalidQuantity);
  if (!isNonNegativeMoney(purchase.price) || !(purchase.dividendPerShare >= 0))
    return refuse(MESSAGES.invalidAmount);
  const cost = purchase.quantity * purchase.price;
  if (player.cash < cost) return refuse(MESSAGES.notEnoughCashToBuy);
  const [id, next] = newAssetId(state);
  // Each purchase is its own line, so a later sale can use the price it was bought at.
  const asset: Asset = {
    id,
    name: `${purchase.code} (${purchase.quantity} cp)`,
    monthlyIncome: Math.round(purchase.quantity * purchase.dividendPerShare),
    cost,
    downPayment: cost,
    quantity: purchase.quantity,
    code: purchase.code,
    sourceCode: purchase.code,
    locked: false,
  };
  return withPlayer(next, { ...player, cash: player.cash - cost, assets: [...player.assets, asset] });
}

function playCard(
  state: GameState,
  player: Player,
  card: Card,
  quantity: number | undefined,
  financedAmount: number,
): ActionResult {
  switch (card.kind) {
    case 'stock':
      return buyStock(state, player, {
        code: card.code,
        quantity: quantity ?? 0,
        price: card.price,
        dividendPerShare: card.dividendPerShare,
      });
    case 'asset':
      return buyAsset(state, player, {
        name: card.name,
        code: card.code,
        cost: card.cost,
        monthlyIncome: card.monthlyIncome,
        downPayment: card.downPayment,
        financedAmount,
      });
    case 'liability':
      return addLiability(state, player, card.name, card.code, card.balance, card.monthlyPayment);
    case 'expense':
      return payExpense(state, player, card.amount);
    case 'cash':
      return isNonNegativeMoney(card.amount)
        ? withPlayer(state, { ...player, cash: player.cash + card.amount })
        : refuse(MESSAGES.invalidAmount);
  }
}

/** Shares held by a stock line; older lines only carry it in their name, like 'CD (10 cp)'. */
export function sharesHeld(asset: Asset): number {
  if (asset.quantity > 0) return asset.quantity;
  const match = /\((\d+)\s*cp\)/i.exec(asset.name);
  return match?.[1] ? Number.parseInt(match[1], 10) : 0;
}

function sellAsset(
  state: GameState,
  player: Player,
  assetId: string,
  price: number,
  quantity: number | undefined,
): ActionResult {
  const asset = player.assets.find((a) => a.id === assetId);
  if (!asset) return refuse(MESSAGES.assetNotFound);
  if (asset.locked) return refuse(MESSAGES.lockedAsset);
  if (!isNonNegativeMoney(price)) return refuse(MESSAGES.invalidPrice);
  const others = player.assets.filter((a) => a.id !== assetId);
  const held = sharesHeld(asset);
  if (held > 0) {
    const sold = quantity ?? held;
    if (!Number.isInteger(sold) || sold < 1 || sold > held) return refuse(MESSAGES.invalidQuantity);
    const left = held - sold;
    const share = (value: number) => Math.round((value * left) / held);
    const remaining: Asset[] =
      left === 0
        ? []
        : [
            {
              ...asset,
              name: asset.name.replace(/\(\d+\s*cp\)/i, `(${left} cp)`),
              quantity: left,
              cost: share(asset.cost),
              downPayment: share(asset.downPayment),
              monthlyIncome: share(asset.monthlyIncome),
            },
          ];
    const assets = player.assets.flatMap((a) => (a.id === assetId ? remaining : [a]));
    return withPlayer(state, { ...player, cash: player.cash + price * sold, assets });
  }
  // The buyer pays the price; the bank takes back the mortgage (cost − down payment).
  const proceeds = price - asset.cost + asset.downPayment;
  if (player.cash + proceeds < 0) return refuse(MESSAGES.sellWouldGoNegative);
  return withPlayer(state, { ...player, cash: player.cash + proceeds, assets: others });
}

function editAsset(
  state: GameState,
  player: Player,
  edit: { assetId: string; monthlyIncome?: number; cost?: number },
): ActionResult {
  const asset = player.assets.find((a) => a.id === edit.assetId);
  if (!asset) return refuse(MESSAGES.assetNotFound);
  if (asset.locked) return refuse(MESSAGES.lockedAsset);
  const monthlyIncome = edit.monthlyIncome ?? asset.monthlyIncome;
  const cost = edit.cost ?? asset.cost;
  if (!isNonNegativeMoney(monthlyIncome) || !isNonNegativeMoney(cost))
    return refuse(MESSAGES.invalidAssetFields);
  const edited = { ...asset, monthlyIncome, cost, downPayment: Math.min(asset.downPayment, cost) };
  return withPlayer(state, { ...player, assets: player.assets.map((a) => (a.id === asset.id ? edited : a)) });
}

function mergeLoan(liabilities: Liability[], name: string, amount: number): Liability[] {
  const existing = liabilities.find((d) => d.name === name);
  const balance = (existing?.balance ?? 0) + amount;
  const loan = { name, label: existing?.label ?? name, balance, monthlyPayment: bankLoanPayment(balance) };
  return existing ? liabilities.map((d) => (d.name === name ? loan : d)) : [...liabilities, loan];
}

function addLiability(
  state: GameState,
  player: Player,
  name: string,
  label: string,
  balance: number,
  monthlyPayment: number,
): ActionResult {
  if (player.phase === 'fast') return refuse(MESSAGES.noRatRaceInFastTrack);
  if (!isNonNegativeMoney(balance) || !isNonNegativeMoney(monthlyPayment))
    return refuse(MESSAGES.invalidAmount);
  const rounded = roundDebtBalance(balance);
  if (rounded <= 0) return refuse(MESSAGES.loanMustBePositive);
  if (name === BANK_LOAN_NAME)
    return withPlayer(state, { ...player, liabilities: mergeLoan(player.liabilities, name, rounded) });
  const existing = player.liabilities.find((d) => d.name === name);
  const debt: Liability = {
    name,
    label: existing?.label ?? label,
    balance: (existing?.balance ?? 0) + rounded,
    monthlyPayment: (existing?.monthlyPayment ?? 0) + monthlyPayment,
  };
  const liabilities = existing
    ? player.liabilities.map((d) => (d.name === name ? debt : d))
    : [...player.liabilities, debt];
  return withPlayer(state, { ...player, liabilities });
}

function borrow(state: GameState, player: Player, name: string, amount: number): ActionResult {
  if (player.phase === 'fast') return refuse(MESSAGES.noRatRaceInFastTrack);
  if (typeof amount !== 'number' || !Number.isFinite(amount) || amount <= 0)
    return refuse(MESSAGES.loanMustBePositive);
  const rounded = roundDebtBalance(amount);
  if (rounded <= 0) return refuse(MESSAGES.loanMustBePositive);
  return withPlayer(state, {
    ...player,
    cash: player.cash + rounded,
    liabilities: mergeLoan(player.liabilities, name, rounded),
  });
}

function payDebt(state: GameState, player: Player, name: string, amount: number | undefined): ActionResult {
  const debt = player.liabilities.find((d) => d.name === name);
  if (!debt) return refuse(MESSAGES.debtNotFound);
  const others = player.liabilities.filter((d) => d.name !== name);
  if (name === BANK_LOAN_NAME) {
    const paid = amount ?? maxBankLoanRepayment(debt.balance, player.cash);
    const valid =
      Number.isInteger(paid) &&
      paid >= DEBT_STEP &&
      paid % DEBT_STEP === 0 &&
      paid <= maxBankLoanRepayment(debt.balance, player.cash);
    if (!valid) return refuse(MESSAGES.repayStep);
    const balance = debt.balance - paid;
    const liabilities =
      balance === 0
        ? others
        : player.liabilities.map((d) =>
            d.name === name ? { ...d, balance, monthlyPayment: bankLoanPayment(balance) } : d,
          );
    return withPlayer(state, { ...player, cash: player.cash - paid, liabilities });
  }
  if (player.cash < debt.balance) return refuse(MESSAGES.repayAllOrNothing);
  return withPlayer(state, { ...player, cash: player.cash - debt.balance, liabilities: others });
}

function setChildren(state: GameState, player: Player, count: number): ActionResult {
  if (player.phase === 'fast') return refuse(MESSAGES.noRatRaceInFastTrack);
  if (!Number.isInteger(count) || count < 0 || count > MAX_CHILDREN) return refuse(MESSAGES.invalidChildren);
  return withPlayer(state, { ...player, babies: count });
}

function payExpense(state: GameState, player: Player, amount: number): ActionResult {
  if (!isNonNegativeMoney(amount)) return refuse(MESSAGES.invalidAmount);
  if (player.phase === 'rat' && amount <= 0) return refuse(MESSAGES.expenseMustBePositive);
  if (player.cash < amount) return refuse(MESSAGES.notEnoughCashToSpend);
  return withPlayer(state, { ...player, cash: player.cash - amount });
}

function finishGame(
  state: GameState,
  winnerId: string | null,
  winMethod: GameState['winMethod'],
  now: string,
) {
  if (winnerId !== null && !state.players.some((p) => p.id === winnerId))
    return refuse(MESSAGES.invalidWinner);
  // The first winner found during play stands; the finishing panel can only name one when there is none.
  if (state.winnerId !== null && winnerId !== null && winnerId !== state.winnerId) {
    return refuse(MESSAGES.winnerAlreadyDecided);
  }
  const finalWinner = state.winnerId ?? winnerId;
  return accept({
    ...state,
    finishedAt: now,
    winnerId: finalWinner,
    winMethod: winMethod ?? state.winMethod,
    players: state.players.map((p) => (p.id === finalWinner ? { ...p, isWinner: true } : p)),
  });
}

/** Transfer (price multiplier 0) or buy-out (twice the value) of an unlocked Fast Track asset. */
function moveAsset(state: GameState, fromId: string, toId: string, assetId: string, priceMultiplier: number) {
  const from = state.players.find((p) => p.id === fromId);
  const to = state.players.find((p) => p.id === toId);
  if (!from || !to) return refuse(MESSAGES.playerNotFound);
  if (from.id === to.id) return refuse(MESSAGES.samePlayer);
  if (to.phase !== 'fast' || from.phase !== 'fast') return refuse(MESSAGES.notFastTrack);
  const asset = from.assets.find((a) => a.id === assetId);
  if (!asset) return refuse(MESSAGES.assetNotFound);
  // The locked base income is the owner's Rat Race history, not a business that can change hands.
  if (asset.locked) return refuse(MESSAGES.lockedAsset);
  const price = asset.cost * priceMultiplier;
  if (to.cash < price) return refuse(MESSAGES.buyOutShortfall);
  const players = state.players.map((p) => {
    if (p.id === from.id)
      return { ...p, cash: p.cash + price, assets: p.assets.filter((a) => a.id !== assetId) };
    if (p.id === to.id)
      return { ...p, cash: p.cash - price, assets: [...p.assets, { ...asset, locked: false }] };
    return p;
  });
  return accept({ ...state, players });
}

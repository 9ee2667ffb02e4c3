// The one reducer: applies a game action to a state or refuses it with a reason. Whether an action applies
// is checkAction's to say (check-action.ts); the rules here only carry out what it accepted. Pure: the
// input is never mutated and the time comes in as an argument.
import { actingPlayerId, type GameAction, type PlayerSetup } from './actions';
import { careerForDiceSum, clampDiceSum } from './careers';
import { cardAction, checkAction, isNoOp, sharesHeld } from './check-action';
import { enterFastTrack, settleGame } from './fast-track';
import { appendLogEntry } from './log';
import { MESSAGES } from './messages';
import {
  BANK_LOAN_NAME,
  BUY_OUT_MULTIPLIER,
  bankLoanPayment,
  defaultDownPayment,
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

export function applyAction(
  state: GameState,
  action: GameAction,
  now: string = new Date().toISOString(),
): ActionResult {
  if (action.type === 'reset') return accept(createInitialState());
  const check = checkAction(state, action);
  if (!check.ok) return check;
  // Passing on a stock card (0 shares) changes nothing, so there is nothing to log or undo.
  if (isNoOp(action)) return accept(state);
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
      return applyRule(
        state,
        cardAction(state, action.playerId, action.card, action.quantity, action.financedAmount ?? 0),
        now,
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
        withPlayer(s, { ...player, cash: player.cash + action.amount }),
      );
    case 'cashday': {
      const player = state.players[state.currentTurn];
      if (!player) return refuse(MESSAGES.playerNotFound);
      return changeCash(state, player, cashFlow(player));
    }
    case 'adjustCash':
      return updatePlayer(state, action.playerId, (player, s) => changeCash(s, player, action.delta));
    case 'nextTurn':
      return accept({ ...state, currentTurn: (state.currentTurn + 1) % state.players.length });
    case 'finishGame':
      return finishGame(state, action.winnerId ?? null, action.winMethod ?? null, now);
    case 'enterFastTrack':
      return updatePlayer(state, action.playerId, (player, s) =>
        withPlayer({ ...s, nextAssetId: s.nextAssetId + 1 }, enterFastTrack(player, `a${s.nextAssetId}`)),
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
  const loan = roundDebtBalance(purchase.financedAmount);
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
  const cost = purchase.quantity * purchase.price;
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

function sellAsset(
  state: GameState,
  player: Player,
  assetId: string,
  price: number,
  quantity: number | undefined,
): ActionResult {
  const asset = player.assets.find((a) => a.id === assetId);
  if (!asset) return refuse(MESSAGES.assetNotFound);
  const others = player.assets.filter((a) => a.id !== assetId);
  const held = sharesHeld(asset);
  if (held > 0) {
    const sold = quantity ?? held;
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
  return withPlayer(state, { ...player, cash: player.cash + proceeds, assets: others });
}

function editAsset(
  state: GameState,
  player: Player,
  edit: { assetId: string; monthlyIncome?: number; cost?: number },
): ActionResult {
  const asset = player.assets.find((a) => a.id === edit.assetId);
  if (!asset) return refuse(MESSAGES.assetNotFound);
  const monthlyIncome = edit.monthlyIncome ?? asset.monthlyIncome;
  const cost = edit.cost ?? asset.cost;
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
  const rounded = roundDebtBalance(balance);
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
  const rounded = roundDebtBalance(amount);
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
    const balance = debt.balance - paid;
    const liabilities =
      balance === 0
        ? others
        : player.liabilities.map((d) =>
            d.name === name ? { ...d, balance, monthlyPayment: bankLoanPayment(balance) } : d,
          );
    return withPlayer(state, { ...player, cash: player.cash - paid, liabilities });
  }
  return withPlayer(state, { ...player, cash: player.cash - debt.balance, liabilities: others });
}

function setChildren(state: GameState, player: Player, count: number): ActionResult {
  return withPlayer(state, { ...player, babies: count });
}

function payExpense(state: GameState, player: Player, amount: number): ActionResult {
  return withPlayer(state, { ...player, cash: player.cash - amount });
}

function finishGame(
  state: GameState,
  winnerId: string | null,
  winMethod: GameState['winMethod'],
  now: string,
) {
  // The first winner found during play stands; checkAction refuses naming another.
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
  const asset = from?.assets.find((a) => a.id === assetId);
  if (!from || !to || !asset) return refuse(MESSAGES.assetNotFound);
  const price = asset.cost * priceMultiplier;
  const players = state.players.map((p) => {
    if (p.id === from.id)
      return { ...p, cash: p.cash + price, assets: p.assets.filter((a) => a.id !== assetId) };
    if (p.id === to.id)
      return { ...p, cash: p.cash - price, assets: [...p.assets, { ...asset, locked: false }] };
    return p;
  });
  return accept({ ...state, players });
}

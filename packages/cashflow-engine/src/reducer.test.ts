import { describe, expect, it } from 'vitest';
import {
  ASSET_CARDS,
  CASH_CARDS,
  FAST_TRACK_ASSET_CARDS,
  FAST_TRACK_EXPENSE_CARDS,
  findCard,
} from './catalogue';
import { FAST_TRACK_BASE_ASSET_NAME } from './fast-track';
import { MESSAGES } from './messages';
import { applyAction } from './reducer';
import { cashFlow, createInitialState, passiveIncome, progress, totalExpenses } from './state';
import { applyOk, fastTrackPlayer, janitorGame, NOW, playerOf, refusal, startGame } from './test-helpers';

describe('setting up players', () => {
  it('orders by descending roll with ties by name, assigns careers and starts the clock', () => {
    const state = startGame([
      { name: 'Bình', diceSum: 5 },
      { name: 'Chi', diceSum: 15, userId: 0 },
      { name: ' An ', diceSum: 12, userId: 42 },
    ]);
    expect(state.players.map((p) => [p.id, p.name, p.orderRoll, p.career])).toEqual([
      ['p1', 'An', 12, 'Tiếp viên hàng không'],
      ['p2', 'Chi', 12, 'Tiếp viên hàng không'],
      ['p3', 'Bình', 5, 'Tài xế'],
    ]);
    expect(state.players.map((p) => [p.isGuest, p.userId])).toEqual([
      [false, 42],
      [true, null],
      [true, null],
    ]);
    expect(state).toMatchObject({ currentTurn: 0, startedAt: NOW, finishedAt: null, winnerId: null });
    const driver = playerOf(state, 'p3');
    expect(driver).toMatchObject({ salary: 2500, cash: 750, babies: 0, phase: 'rat' });
    expect(totalExpenses(driver)).toBe(460 + 570 + 400 + 80 + 60 + 50);
    expect(cashFlow(driver)).toBe(880);
  });

  it('refuses no players, more than six, or a blank name', () => {
    const empty = createInitialState();
    expect(refusal(empty, { type: 'setupPlayers', players: [] })).toBe(MESSAGES.invalidPlayers);
    const seven = Array.from({ length: 7 }, (_, i) => ({ name: `P${i}`, diceSum: 7 }));
    expect(refusal(empty, { type: 'setupPlayers', players: seven })).toBe(MESSAGES.invalidPlayers);
    expect(refusal(empty, { type: 'setupPlayers', players: [{ name: '  ', diceSum: 7 }] })).toBe(
      MESSAGES.invalidPlayers,
    );
  });

  it('refuses game actions before a game exists', () => {
    expect(refusal(createInitialState(), { type: 'nextTurn' })).toBe(MESSAGES.noGame);
  });
});

describe('buying assets', () => {
  it('allows a purchase with exactly the down payment in cash and refuses one dollar less', () => {
    const state = janitorGame(); // cash 560
    const buy = { type: 'addAsset', playerId: 'p1', name: 'Nhà', cost: 5600, monthlyIncome: 50 } as const;
    const bought = applyOk(state, buy);
    expect(playerOf(bought, 'p1').cash).toBe(0);
    expect(playerOf(bought, 'p1').assets[0]).toMatchObject({ downPayment: 560, cost: 5600, locked: false });
    expect(refusal(state, { ...buy, cost: 5610 })).toBe(MESSAGES.notEnoughCashToBuy);
  });

  it('refuses a down payment above the value or negative fields', () => {
    const state = janitorGame();
    const buy = { type: 'addAsset', playerId: 'p1', name: 'X', cost: 100, monthlyIncome: 0 } as const;
    expect(refusal(state, { ...buy, downPayment: 101 })).toBe(MESSAGES.downPaymentTooHigh);
    expect(refusal(state, { ...buy, monthlyIncome: -1 })).toBe(MESSAGES.invalidAssetFields);
  });

  it('finances an asset with a "(Vay)" loan added to cash first', () => {
    const card = findCard('CHLK2'); // 60000 / 400 / 12000
    if (!card) throw new Error('missing card');
    const state = applyOk(janitorGame(), { type: 'playCard', playerId: 'p1', card, financedAmount: 11_600 });
    const player = playerOf(state, 'p1');
    expect(player.cash).toBe(560 + 12_000 - 12_000);
    expect(player.liabilities.at(-1)).toEqual({
      name: 'CHLK2 (Vay)',
      label: 'CHLK2 (Vay)',
      balance: 12_000,
      monthlyPayment: 1_200,
    });
    expect(player.passiveIncome).toBe(400);
  });

  it('records stock purchases as separate lines with quantity, cost and dividends', () => {
    let state = applyOk(janitorGame(), { type: 'receiveCash', playerId: 'p1', name: 'x', amount: 10_000 });
    const cd = findCard('CD');
    if (!cd) throw new Error('missing card');
    state = applyOk(state, { type: 'playCard', playerId: 'p1', card: cd, quantity: 2 });
    state = applyOk(state, {
      type: 'buyStock',
      playerId: 'p1',
      code: 'OK4U',
      quantity: 100,
      price: 5,
      dividendPerShare: 0,
    });
    const [cds, ok4u] = playerOf(state, 'p1').assets;
    expect(cds).toMatchObject({ name: 'CD (2 cp)', quantity: 2, cost: 8000, monthlyIncome: 40 });
    expect(ok4u).toMatchObject({ name: 'OK4U (100 cp)', quantity: 100, cost: 500 });
    expect(playerOf(state, 'p1').cash).toBe(10_560 - 8000 - 500);
    expect(
      refusal(state, {
        type: 'buyStock',
        playerId: 'p1',
        code: 'X',
        quantity: -1,
        price: 1,
        dividendPerShare: 0,
      }),
    ).toBe(MESSAGES.invalidQuantity);
    expect(
      refusal(state, {
        type: 'buyStock',
        playerId: 'p1',
        code: 'X',
        quantity: 2061,
        price: 1,
        dividendPerShare: 0,
      }),
    ).toBe(MESSAGES.notEnoughCashToBuy);
  });

  it('uses 10 % of cost when a card gives no down payment', () => {
    const state = applyOk(janitorGame(), {
      type: 'playCard',
      playerId: 'p1',
      card: { kind: 'asset', code: 'CUSTOM', name: 'Nhà 3/2', cost: 5000, monthlyIncome: 100 },
    });
    expect(playerOf(state, 'p1')).toMatchObject({ cash: 60, passiveIncome: 100 });
    expect(playerOf(state, 'p1').assets[0]).toMatchObject({ downPayment: 500, sourceCode: 'CUSTOM' });
  });
});

describe('selling', () => {
  it('sells a non-share asset for price − cost + down payment, refusing a sale that makes cash negative', () => {
    const state = applyOk(janitorGame(), {
      type: 'addAsset',
      playerId: 'p1',
      name: 'Nhà',
      cost: 50_000,
      monthlyIncome: 100,
      downPayment: 500,
    }); // cash 60
    const assetId = playerOf(state, 'p1').assets[0]?.id ?? '';
    const sold = applyOk(state, { type: 'sellAsset', playerId: 'p1', assetId, price: 65_000 });
    expect(playerOf(sold, 'p1')).toMatchObject({
      cash: 60 + 65_000 - 50_000 + 500,
      assets: [],
      passiveIncome: 0,
    });
    // 60 + 49,440 − 50,000 + 500 = 0 is allowed; one dollar less is not.
    expect(
      playerOf(applyOk(state, { type: 'sellAsset', playerId: 'p1', assetId, price: 49_440 }), 'p1').cash,
    ).toBe(0);
    expect(refusal(state, { type: 'sellAsset', playerId: 'p1', assetId, price: 49_439 })).toBe(
      MESSAGES.sellWouldGoNegative,
    );
    expect(refusal(state, { type: 'sellAsset', playerId: 'p1', assetId, price: -1 })).toBe(
      MESSAGES.invalidPrice,
    );
  });

  it('sells part of a share line, reducing cost and income proportionally', () => {
    let state = applyOk(janitorGame(), { type: 'receiveCash', playerId: 'p1', name: 'x', amount: 20_000 });
    state = applyOk(state, {
      type: 'buyStock',
      playerId: 'p1',
      code: 'CD',
      quantity: 4,
      price: 4000,
      dividendPerShare: 20,
    });
    const assetId = playerOf(state, 'p1').assets[0]?.id ?? '';
    const sold = applyOk(state, { type: 'sellAsset', playerId: 'p1', assetId, price: 5000, quantity: 1 });
    expect(playerOf(sold, 'p1').assets[0]).toMatchObject({
      name: 'CD (3 cp)',
      quantity: 3,
      cost: 12_000,
      monthlyIncome: 60,
    });
    expect(playerOf(sold, 'p1').cash).toBe(20_560 - 16_000 + 5000);
    expect(refusal(state, { type: 'sellAsset', playerId: 'p1', assetId, price: 1, quantity: 5 })).toBe(
      MESSAGES.invalidQuantity,
    );
    expect(refusal(state, { type: 'sellAsset', playerId: 'p1', assetId, price: 1, quantity: 0 })).toBe(
      MESSAGES.invalidQuantity,
    );
    const all = applyOk(state, { type: 'sellAsset', playerId: 'p1', assetId, price: 1, quantity: 4 });
    expect(playerOf(all, 'p1').assets).toEqual([]);
  });

  it('reads the share count from a name like "(N cp)" when the line has no quantity', () => {
    const state = applyOk(janitorGame(), {
      type: 'addAsset',
      playerId: 'p1',
      name: 'MYT4U (10 cp)',
      cost: 100,
      monthlyIncome: 0,
      downPayment: 100,
    });
    const assetId = playerOf(state, 'p1').assets[0]?.id ?? '';
    const sold = applyOk(state, { type: 'sellAsset', playerId: 'p1', assetId, price: 30, quantity: 4 });
    expect(playerOf(sold, 'p1').assets[0]).toMatchObject({ name: 'MYT4U (6 cp)', quantity: 6, cost: 60 });
    expect(playerOf(sold, 'p1').cash).toBe(460 + 120);
  });
});

describe('expenses, cash and the bank loan', () => {
  it('pays an expense down to exactly zero but never below', () => {
    const state = janitorGame();
    expect(
      playerOf(applyOk(state, { type: 'payExpense', playerId: 'p1', name: 'PH', amount: 560 }), 'p1').cash,
    ).toBe(0);
    expect(refusal(state, { type: 'payExpense', playerId: 'p1', name: 'PH', amount: 561 })).toBe(
      MESSAGES.notEnoughCashToSpend,
    );
    expect(refusal(state, { type: 'payExpense', playerId: 'p1', name: 'PH', amount: 0 })).toBe(
      MESSAGES.expenseMustBePositive,
    );
  });

  it('ignores a cash adjustment that would push cash below zero', () => {
    const state = janitorGame();
    expect(playerOf(applyOk(state, { type: 'adjustCash', playerId: 'p1', delta: -560 }), 'p1').cash).toBe(0);
    expect(refusal(state, { type: 'adjustCash', playerId: 'p1', delta: -561 })).toBe(
      MESSAGES.cashWouldGoNegative,
    );
  });

  it('borrows in multiples of $1,000 at 10 % a month, merging a second loan', () => {
    const state = janitorGame();
    expect(refusal(state, { type: 'borrow', playerId: 'p1', amount: 0 })).toBe(MESSAGES.loanMustBePositive);
    expect(refusal(state, { type: 'borrow', playerId: 'p1', amount: 499 })).toBe(MESSAGES.loanMustBePositive);
    let next = applyOk(state, { type: 'borrow', playerId: 'p1', amount: 1499 });
    next = applyOk(next, { type: 'borrow', playerId: 'p1', amount: 1500 });
    const player = playerOf(next, 'p1');
    expect(player.liabilities.find((d) => d.name === 'Vay')).toMatchObject({
      balance: 3000,
      monthlyPayment: 300,
    });
    expect(player.cash).toBe(3560);
    expect(player.expenses).toBe(950 + 300);
  });

  it('repays the bank loan in steps of $1,000 up to min(balance, cash rounded down)', () => {
    let state = applyOk(janitorGame(), { type: 'borrow', playerId: 'p1', amount: 5000 }); // cash 5560
    expect(refusal(state, { type: 'payDebt', playerId: 'p1', name: 'Vay', amount: 500 })).toBe(
      MESSAGES.repayStep,
    );
    expect(refusal(state, { type: 'payDebt', playerId: 'p1', name: 'Vay', amount: 6000 })).toBe(
      MESSAGES.repayStep,
    );
    state = applyOk(state, { type: 'payDebt', playerId: 'p1', name: 'Vay', amount: 2000 });
    expect(playerOf(state, 'p1').liabilities.find((d) => d.name === 'Vay')).toMatchObject({
      balance: 3000,
      monthlyPayment: 300,
    });
    state = applyOk(state, { type: 'adjustCash', playerId: 'p1', delta: -1000 }); // cash 2560
    expect(refusal(state, { type: 'payDebt', playerId: 'p1', name: 'Vay', amount: 3000 })).toBe(
      MESSAGES.repayStep,
    );
    state = applyOk(state, { type: 'adjustCash', playerId: 'p1', delta: 440 }); // cash 3000
    state = applyOk(state, { type: 'payDebt', playerId: 'p1', name: 'Vay', amount: 3000 });
    expect(playerOf(state, 'p1').liabilities.some((d) => d.name === 'Vay')).toBe(false);
    expect(playerOf(state, 'p1').cash).toBe(0);
  });

  it('repays any other debt all at once or not at all', () => {
    const state = applyOk(janitorGame(), { type: 'receiveCash', playerId: 'p1', name: 'x', amount: 440 }); // 1000
    const paid = applyOk(state, { type: 'payDebt', playerId: 'p1', name: 'Nợ mua lẻ' });
    expect(playerOf(paid, 'p1')).toMatchObject({ cash: 0, expenses: 900 });
    const short = applyOk(state, { type: 'adjustCash', playerId: 'p1', delta: -1 });
    expect(refusal(short, { type: 'payDebt', playerId: 'p1', name: 'Nợ mua lẻ' })).toBe(
      MESSAGES.repayAllOrNothing,
    );
  });

  it('adds a liability card without cash and rounds its balance to $1,000', () => {
    const state = applyOk(janitorGame(), {
      type: 'addLiability',
      playerId: 'p1',
      name: 'MUATV',
      balance: 4400,
      monthlyPayment: 120,
    });
    expect(playerOf(state, 'p1').liabilities.at(-1)).toMatchObject({ balance: 4000, monthlyPayment: 120 });
    expect(playerOf(state, 'p1').cash).toBe(560);
  });
});

describe('children', () => {
  it('keeps children between 0 and 3 and counts their cost', () => {
    let state = applyOk(janitorGame(), { type: 'setChildren', playerId: 'p1', count: 3 });
    expect(playerOf(state, 'p1').expenses).toBe(950 + 3 * 70);
    expect(refusal(state, { type: 'addChildren', playerId: 'p1', delta: 1 })).toBe(MESSAGES.invalidChildren);
    expect(refusal(state, { type: 'setChildren', playerId: 'p1', count: -1 })).toBe(MESSAGES.invalidChildren);
    state = applyOk(state, { type: 'addChildren', playerId: 'p1', delta: -3 });
    expect(playerOf(state, 'p1').babies).toBe(0);
  });
});

describe('leaving the Rat Race', () => {
  const buyIncome = (income: number) =>
    ({
      type: 'addAsset',
      playerId: 'p1',
      name: `Thu ${income}`,
      cost: 0,
      monthlyIncome: income,
      downPayment: 0,
    }) as const;

  it('stays in the Rat Race one dollar short and leaves at exactly the total expenses', () => {
    const short = applyOk(janitorGame(), buyIncome(949));
    expect(playerOf(short, 'p1').phase).toBe('rat');
    expect(progress(playerOf(short, 'p1'))).toBeCloseTo(949 / 950);
    const out = applyOk(short, buyIncome(1));
    const player = playerOf(out, 'p1');
    expect(player).toMatchObject({
      phase: 'fast',
      escapedRatRace: true,
      salary: 0,
      baseTaxes: 0,
      baseOther: 0,
      babies: 0,
      liabilities: [],
      expenses: 0,
      passiveIncome: 95_000,
      cash: 560,
    });
    expect(player.assets).toEqual([
      expect.objectContaining({ name: FAST_TRACK_BASE_ASSET_NAME, monthlyIncome: 95_000, locked: true }),
    ]);
    expect(progress(player)).toBe(0);
    expect(player.isWinner).toBe(false);
  });

  it('leaves when paying off a debt brings expenses down to the passive income', () => {
    let state = applyOk(janitorGame(), buyIncome(900));
    state = applyOk(state, { type: 'receiveCash', playerId: 'p1', name: 'x', amount: 440 });
    state = applyOk(state, { type: 'payDebt', playerId: 'p1', name: 'Nợ mua lẻ' });
    expect(playerOf(state, 'p1').phase).toBe('fast');
  });

  it('enters through the dedicated action and refuses a second entry', () => {
    const state = applyOk(janitorGame(), { type: 'enterFastTrack', playerId: 'p1' });
    expect(playerOf(state, 'p1')).toMatchObject({ phase: 'fast', passiveIncome: 0 });
    expect(refusal(state, { type: 'enterFastTrack', playerId: 'p1' })).toBe(MESSAGES.alreadyFastTrack);
    expect(refusal(state, { type: 'setChildren', playerId: 'p1', count: 1 })).toBe(
      MESSAGES.noRatRaceInFastTrack,
    );
    expect(refusal(state, { type: 'borrow', playerId: 'p1', amount: 1000 })).toBe(
      MESSAGES.noRatRaceInFastTrack,
    );
  });
});

describe('the Fast Track and winning', () => {
  const twoPlayers = () =>
    startGame([
      { name: 'An', diceSum: 3 },
      { name: 'Bình', diceSum: 2 },
    ]);
  const ftBuy = (playerId: string, income: number) =>
    ({
      type: 'addAsset',
      playerId,
      name: 'Doanh nghiệp',
      cost: 0,
      monthlyIncome: income,
      downPayment: 0,
    }) as const;

  it('wins at exactly 50,000 of Fast Track income, not counting the locked base income', () => {
    let state = fastTrackPlayer(twoPlayers(), 'p1', 0);
    state = applyOk(state, ftBuy('p1', 49_999));
    expect(playerOf(state, 'p1').isWinner).toBe(false);
    expect(progress(playerOf(state, 'p1'))).toBeCloseTo(49_999 / 50_000);
    state = applyOk(state, ftBuy('p1', 1));
    expect(playerOf(state, 'p1').isWinner).toBe(true);
    expect(state).toMatchObject({ winnerId: 'p1', winMethod: 'PASSIVE_INCOME_FAST' });
  });

  it('never replaces the first winner, and a dream sets the DREAM method', () => {
    let state = applyOk(twoPlayers(), { type: 'setDream', playerId: 'p2', hasDream: true });
    expect(state).toMatchObject({ winnerId: 'p2', winMethod: 'DREAM' });
    state = fastTrackPlayer(state, 'p1', 0);
    state = applyOk(state, ftBuy('p1', 60_000));
    expect(playerOf(state, 'p1').isWinner).toBe(true);
    expect(state.winnerId).toBe('p2');
    expect(refusal(state, { type: 'finishGame', winnerId: 'p1' })).toBe(MESSAGES.winnerAlreadyDecided);
  });

  it('buys out another player’s asset at twice its value, unlocked, with the cash moved', () => {
    let state = fastTrackPlayer(fastTrackPlayer(twoPlayers(), 'p1', 300_000), 'p2', 600_000);
    const card = FAST_TRACK_ASSET_CARDS.find((c) => c.code === 'FT_GIATKHO'); // 100000 / 3000
    if (!card) throw new Error('missing card');
    state = applyOk(state, { type: 'playCard', playerId: 'p1', card });
    const assetId = playerOf(state, 'p1').assets.at(-1)?.id ?? '';
    expect(playerOf(state, 'p1').cash).toBe(200_000);
    const poor = applyOk(state, { type: 'adjustCash', playerId: 'p2', delta: -400_001 });
    expect(refusal(poor, { type: 'buyOut', buyerId: 'p2', ownerId: 'p1', assetId })).toBe(
      MESSAGES.buyOutShortfall,
    );
    const exact = applyOk(state, { type: 'adjustCash', playerId: 'p2', delta: -400_000 });
    const bought = applyOk(exact, { type: 'buyOut', buyerId: 'p2', ownerId: 'p1', assetId });
    expect(playerOf(bought, 'p2')).toMatchObject({ cash: 0, passiveIncome: 3000 });
    expect(playerOf(bought, 'p2').assets.at(-1)).toMatchObject({ code: 'FT_GIATKHO', locked: false });
    expect(playerOf(bought, 'p1')).toMatchObject({ cash: 400_000, passiveIncome: 0 });
  });

  it('transfers a Fast Track asset for nothing but never the locked base income', () => {
    let state = fastTrackPlayer(fastTrackPlayer(twoPlayers(), 'p1', 0), 'p2', 0);
    state = applyOk(state, ftBuy('p1', 5000));
    const [base, business] = playerOf(state, 'p1').assets;
    const moved = applyOk(state, {
      type: 'transferAsset',
      fromPlayerId: 'p1',
      toPlayerId: 'p2',
      assetId: business?.id ?? '',
    });
    expect(passiveIncome(playerOf(moved, 'p2'))).toBe(5000);
    expect(
      refusal(state, {
        type: 'transferAsset',
        fromPlayerId: 'p1',
        toPlayerId: 'p2',
        assetId: base?.id ?? '',
      }),
    ).toBe(MESSAGES.lockedAsset);
  });

  it('refuses to sell or edit the locked base asset', () => {
    const state = applyOk(janitorGame(), { type: 'enterFastTrack', playerId: 'p1' });
    const assetId = playerOf(state, 'p1').assets[0]?.id ?? '';
    expect(refusal(state, { type: 'sellAsset', playerId: 'p1', assetId, price: 0 })).toBe(
      MESSAGES.lockedAsset,
    );
    expect(refusal(state, { type: 'editAsset', playerId: 'p1', assetId, monthlyIncome: 1 })).toBe(
      MESSAGES.lockedAsset,
    );
  });

  it('takes the tax audit and the cash prize in the Fast Track', () => {
    let state = fastTrackPlayer(janitorGame(), 'p1', 20_000);
    const audit = FAST_TRACK_EXPENSE_CARDS[0];
    const prize = CASH_CARDS[0];
    if (!audit || !prize) throw new Error('missing card');
    state = applyOk(state, { type: 'playCard', playerId: 'p1', card: audit });
    expect(playerOf(state, 'p1').cash).toBe(0);
    expect(refusal(state, { type: 'playCard', playerId: 'p1', card: audit })).toBe(
      MESSAGES.notEnoughCashToSpend,
    );
    state = applyOk(state, { type: 'playCard', playerId: 'p1', card: prize });
    expect(playerOf(state, 'p1').cash).toBe(500_000);
  });
});

describe('more edges', () => {
  it('refuses financing on the Fast Track but lets a zero expense through there', () => {
    const state = fastTrackPlayer(janitorGame(), 'p1', 100_000);
    const burger = FAST_TRACK_ASSET_CARDS.find((c) => c.code === 'FT_BURGER');
    if (!burger) throw new Error('missing card');
    expect(refusal(state, { type: 'playCard', playerId: 'p1', card: burger, financedAmount: 1000 })).toBe(
      MESSAGES.noRatRaceInFastTrack,
    );
    const bought = applyOk(state, { type: 'playCard', playerId: 'p1', card: burger });
    expect(playerOf(bought, 'p1')).toMatchObject({ cash: 40_000, liabilities: [] });
    expect(
      playerOf(applyOk(state, { type: 'payExpense', playerId: 'p1', name: 'x', amount: 0 }), 'p1').cash,
    ).toBe(100_000);
  });

  it('takes hand-typed expense and cash cards under the same rules', () => {
    const state = janitorGame();
    const doodad = { kind: 'expense', code: 'CUSTOM', name: 'Kính râm', amount: 75 } as const;
    expect(playerOf(applyOk(state, { type: 'playCard', playerId: 'p1', card: doodad }), 'p1').cash).toBe(485);
    expect(refusal(state, { type: 'playCard', playerId: 'p1', card: { ...doodad, amount: 561 } })).toBe(
      MESSAGES.notEnoughCashToSpend,
    );
    const gift = { kind: 'cash', code: 'CUSTOM', name: 'Quà', amount: 1000 } as const;
    expect(playerOf(applyOk(state, { type: 'playCard', playerId: 'p1', card: gift }), 'p1').cash).toBe(1560);
  });

  it('makes a Rat Race player who buys the dream the winner by DREAM', () => {
    const state = applyOk(janitorGame(), { type: 'setDream', playerId: 'p1', hasDream: true });
    expect(playerOf(state, 'p1')).toMatchObject({ phase: 'rat', isWinner: true });
    expect(state).toMatchObject({ winnerId: 'p1', winMethod: 'DREAM' });
  });

  it('refuses a buy-out of the locked base income', () => {
    const two = startGame([
      { name: 'An', diceSum: 3 },
      { name: 'Bình', diceSum: 2 },
    ]);
    const state = fastTrackPlayer(fastTrackPlayer(two, 'p1', 0), 'p2', 1_000_000);
    const assetId = playerOf(state, 'p1').assets[0]?.id ?? '';
    expect(refusal(state, { type: 'buyOut', buyerId: 'p2', ownerId: 'p1', assetId })).toBe(
      MESSAGES.lockedAsset,
    );
    expect(refusal(state, { type: 'buyOut', buyerId: 'p1', ownerId: 'p1', assetId })).toBe(
      MESSAGES.samePlayer,
    );
  });
});

describe('assigning careers', () => {
  it('re-deals careers from the dice sums at setup only', () => {
    let state = applyOk(janitorGame(), { type: 'assignCareers', diceSums: { p1: 11 } });
    expect(playerOf(state, 'p1')).toMatchObject({ career: 'Luật sư', cash: 400, babies: 0, orderRoll: 11 });
    state = applyOk(state, { type: 'assignCareers' });
    expect(playerOf(state, 'p1').career).toBe('Luật sư');
    state = applyOk(state, { type: 'setChildren', playerId: 'p1', count: 2 });
    expect(refusal(state, { type: 'assignCareers' })).toBe(MESSAGES.careersOnlyAtSetup);
  });
});

describe('turns, cashday and finishing', () => {
  it('pays the current player their cash flow and rotates turns cyclically', () => {
    let state = startGame([
      { name: 'An', diceSum: 3 },
      { name: 'Bình', diceSum: 2 },
    ]);
    state = applyOk(state, { type: 'cashday' });
    expect(playerOf(state, 'p1').cash).toBe(670 + 720);
    state = applyOk(state, { type: 'nextTurn' });
    state = applyOk(state, { type: 'cashday' });
    expect(playerOf(state, 'p2').cash).toBe(560 + 650);
    state = applyOk(state, { type: 'nextTurn' });
    expect(state.currentTurn).toBe(0);
  });

  it('finishes the game with the chosen winner and then refuses further play', () => {
    const state = applyOk(janitorGame(), { type: 'finishGame', winnerId: 'p1', winMethod: 'DREAM' });
    expect(state).toMatchObject({ finishedAt: NOW, winnerId: 'p1', winMethod: 'DREAM' });
    expect(refusal(state, { type: 'nextTurn' })).toBe(MESSAGES.gameFinished);
    expect(refusal(janitorGame(), { type: 'finishGame', winnerId: 'nobody' })).toBe(MESSAGES.invalidWinner);
    expect(applyAction(state, { type: 'reset' }, NOW)).toEqual({ ok: true, state: createInitialState() });
  });
});

describe('catalogue', () => {
  it('defaults Fast Track down payments to the full cost except where the card says otherwise', () => {
    expect(FAST_TRACK_ASSET_CARDS.find((c) => c.code === 'FT_QUANAN')?.downPayment).toBe(300_000);
    expect(FAST_TRACK_ASSET_CARDS.find((c) => c.code === 'FT_BURGER')?.downPayment).toBe(60_000);
    expect(ASSET_CARDS).toHaveLength(16);
  });
});

// Invariants of the rules over random games: random action sequences, refused or applied, never break them.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { GameAction } from './actions';
import { cardsForPhase } from './catalogue';
import { checkAction } from './check-action';
import { undo } from './log';
import { MESSAGES } from './messages';
import { parseGameState } from './parse-game-state';
import { type ActionResult, applyAction } from './reducer';
import { createInitialState, debtPayments, type GameState, passiveIncome, totalExpenses } from './state';

const NOW = '2026-01-01T00:00:00.000Z';
const ALL_CARDS = [...cardsForPhase('rat'), ...cardsForPhase('fast')];

// Actions are generated against indices and resolved against the state they are applied to, so most of them
// hit real players and assets.
type Pick = { player: number; other: number; asset: number };
type Template = (pick: Pick, state: GameState) => GameAction;

// Mostly valid amounts, with some negative ones to exercise the refusals.
const money = (max: number) => fc.integer({ min: -max / 10, max });
const positive = (max: number) => fc.integer({ min: 0, max });

function playerId(state: GameState, index: number): string {
  return state.players[index % state.players.length]?.id ?? 'none';
}
function assetId(state: GameState, pick: Pick): string {
  const assets = state.players[pick.player % state.players.length]?.assets ?? [];
  return assets[pick.asset % Math.max(1, assets.length)]?.id ?? 'none';
}
/** Transfers and buy-outs aim at the unlocked assets, since the locked base income is refused anyway. */
function tradableAssetId(state: GameState, pick: Pick): string {
  const assets = (state.players[pick.player % state.players.length]?.assets ?? []).filter((a) => !a.locked);
  return assets[pick.asset % Math.max(1, assets.length)]?.id ?? 'none';
}
function debtName(state: GameState, pick: Pick): string {
  const debts = state.players[pick.player % state.players.length]?.liabilities ?? [];
  return debts[pick.asset % Math.max(1, debts.length)]?.name ?? 'Vay';
}

// Buying, selling, editing and buy-outs are weighted up so random games own assets to act on.
const templateArb: fc.Arbitrary<Template> = fc.oneof(
  {
    weight: 20,
    arbitrary: fc
      .record({
        cost: positive(200_000),
        income: fc.oneof(
          { weight: 20, arbitrary: positive(600) },
          { weight: 5, arbitrary: positive(30_000) },
        ),
        down: fc.option(positive(50_000)),
        fin: positive(60_000),
      })
      .map(
        ({ cost, income, down, fin }): Template =>
          (p, s) => ({
            type: 'addAsset',
            playerId: playerId(s, p.player),
            name: 'Tài sản',
            cost,
            monthlyIncome: income,
            ...(down === null ? {} : { downPayment: down }),
            financedAmount: fin,
          }),
      ),
  },
  {
    weight: 20,
    arbitrary: fc
      .record({ card: fc.constantFrom(...ALL_CARDS), quantity: positive(300), fin: positive(20_000) })
      .map(
        ({ card, quantity, fin }): Template =>
          (p, s) => ({
            type: 'playCard',
            playerId: playerId(s, p.player),
            card,
            quantity,
            financedAmount: fin,
          }),
      ),
  },
  {
    weight: 20,
    arbitrary: fc
      .record({ price: money(300_000), quantity: fc.option(fc.integer({ min: -2, max: 400 })) })
      .map(
        ({ price, quantity }): Template =>
          (p, s) => ({
            type: 'sellAsset',
            playerId: playerId(s, p.player),
            assetId: assetId(s, p),
            price,
            ...(quantity === null ? {} : { quantity }),
          }),
      ),
  },
  {
    weight: 20,
    arbitrary: fc.record({ income: money(5_000), cost: money(100_000) }).map(
      ({ income, cost }): Template =>
        (p, s) => ({
          type: 'editAsset',
          playerId: playerId(s, p.player),
          assetId: assetId(s, p),
          monthlyIncome: income,
          cost,
        }),
    ),
  },
  {
    weight: 5,
    arbitrary: fc.record({ balance: money(30_000), payment: positive(1000) }).map(
      ({ balance, payment }): Template =>
        (p, s) => ({
          type: 'addLiability',
          playerId: playerId(s, p.player),
          name: 'Nợ',
          balance,
          monthlyPayment: payment,
        }),
    ),
  },
  {
    weight: 5,
    arbitrary: money(20_000).map(
      (amount): Template =>
        (p, s) => ({ type: 'borrow', playerId: playerId(s, p.player), amount }),
    ),
  },
  {
    weight: 5,
    arbitrary: fc.option(money(10_000)).map(
      (amount): Template =>
        (p, s) => ({
          type: 'payDebt',
          playerId: playerId(s, p.player),
          name: debtName(s, p),
          ...(amount === null ? {} : { amount }),
        }),
    ),
  },
  {
    weight: 5,
    arbitrary: fc.integer({ min: -1, max: 4 }).map(
      (count): Template =>
        (p, s) => ({ type: 'setChildren', playerId: playerId(s, p.player), count }),
    ),
  },
  {
    weight: 5,
    arbitrary: fc.integer({ min: -2, max: 2 }).map(
      (delta): Template =>
        (p, s) => ({ type: 'addChildren', playerId: playerId(s, p.player), delta }),
    ),
  },
  {
    weight: 5,
    arbitrary: money(30_000).map(
      (amount): Template =>
        (p, s) => ({ type: 'payExpense', playerId: playerId(s, p.player), name: 'Chi', amount }),
    ),
  },
  {
    weight: 5,
    arbitrary: positive(300_000).map(
      (amount): Template =>
        (p, s) => ({ type: 'receiveCash', playerId: playerId(s, p.player), name: 'Thu', amount }),
    ),
  },
  {
    weight: 5,
    arbitrary: money(30_000).map(
      (delta): Template =>
        (p, s) => ({ type: 'adjustCash', playerId: playerId(s, p.player), delta }),
    ),
  },
  { weight: 5, arbitrary: fc.constant((): GameAction => ({ type: 'cashday' })) },
  { weight: 5, arbitrary: fc.constant((): GameAction => ({ type: 'nextTurn' })) },
  {
    weight: 15,
    arbitrary: fc.constant(
      (p: Pick, s: GameState): GameAction => ({ type: 'enterFastTrack', playerId: playerId(s, p.player) }),
    ),
  },
  {
    weight: 5,
    arbitrary: fc.boolean().map(
      (hasDream): Template =>
        (p, s) => ({ type: 'setDream', playerId: playerId(s, p.player), hasDream }),
    ),
  },
  {
    weight: 20,
    arbitrary: fc.constant(
      (p: Pick, s: GameState): GameAction => ({
        type: 'transferAsset',
        fromPlayerId: playerId(s, p.player),
        toPlayerId: playerId(s, p.other),
        assetId: tradableAssetId(s, p),
      }),
    ),
  },
  {
    weight: 20,
    arbitrary: fc.constant(
      (p: Pick, s: GameState): GameAction => ({
        type: 'buyOut',
        ownerId: playerId(s, p.player),
        buyerId: playerId(s, p.other),
        assetId: tradableAssetId(s, p),
      }),
    ),
  },
  {
    weight: 5,
    arbitrary: fc.record({ sum: fc.integer({ min: 0, max: 14 }), all: fc.boolean() }).map(
      ({ sum, all }): Template =>
        (p, s) => ({ type: 'assignCareers', ...(all ? {} : { diceSums: { [playerId(s, p.player)]: sum } }) }),
    ),
  },
  {
    weight: 5,
    arbitrary: fc
      .record({
        code: fc.constantFrom('OK4U', 'CD', 'BIG2'),
        quantity: fc.integer({ min: -1, max: 50 }),
        price: money(5000),
      })
      .map(
        ({ code, quantity, price }): Template =>
          (p, s) => ({
            type: 'buyStock',
            playerId: playerId(s, p.player),
            code,
            quantity,
            price,
            dividendPerShare: 10,
          }),
      ),
  },
  {
    // Fast Track cards, often one another player already holds: the picker's buy-out path.
    weight: 10,
    arbitrary: fc.constantFrom(...cardsForPhase('fast').filter((c) => c.kind === 'asset')).map(
      (card): Template =>
        (p, s) => ({ type: 'playCard', playerId: playerId(s, p.player), card }),
    ),
  },
  {
    // Rare, since a finished game refuses everything after it.
    weight: 1,
    arbitrary: fc.constant(
      (p: Pick, s: GameState): GameAction => ({ type: 'finishGame', winnerId: playerId(s, p.player) }),
    ),
  },
);

const stepArb = fc.record({
  template: templateArb,
  pick: fc.record({ player: fc.nat(5), other: fc.nat(5), asset: fc.nat(5) }),
});

const gameArb = fc.record({
  players: fc.array(
    fc.record({
      name: fc.constantFrom('An', 'Bình', 'Chi', 'Dũng'),
      diceSum: fc.integer({ min: 2, max: 12 }),
    }),
    {
      minLength: 2,
      maxLength: 6,
    },
  ),
  // Half the games start with everyone on the Fast Track, where transfers and buy-outs happen.
  startOnFastTrack: fc.boolean(),
  steps: fc.array(stepArb, { minLength: 10, maxLength: 60, size: 'medium' }),
});

/** Plays a random game, calling check(before, after, action) on every applied action. */
function play(
  game: {
    players: { name: string; diceSum: number }[];
    startOnFastTrack: boolean;
    steps: { template: Template; pick: Pick }[];
  },
  check: (before: GameState, after: GameState, action: GameAction) => void,
  /** Called on every action, applied or refused, with what the reducer answered. */
  everyAction?: (before: GameState, action: GameAction, result: ActionResult) => void,
): GameState {
  const setup = applyAction(createInitialState(), { type: 'setupPlayers', players: game.players }, NOW);
  if (!setup.ok) throw new Error(setup.reason);
  let state = setup.state;
  if (game.startOnFastTrack) {
    for (const { id } of state.players) {
      for (const action of [
        { type: 'enterFastTrack', playerId: id },
        { type: 'receiveCash', playerId: id, name: 'Vốn', amount: 500_000 },
      ] as const) {
        const result = applyAction(state, action, NOW);
        if (result.ok) state = result.state;
      }
    }
  }
  for (const { template, pick } of game.steps) {
    const action = template(pick, state);
    // A frozen input makes any mutation by the reducer throw.
    const result = applyAction(deepFreeze(state), action, NOW);
    everyAction?.(state, action, result);
    if (result.ok) {
      check(state, result.state, action);
      state = result.state;
    }
  }
  return state;
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

const RUNS = { numRuns: 150 };

describe('game invariants over random action sequences', () => {
  it('refuses exactly the actions checkAction refuses, with its reason', () => {
    fc.assert(
      fc.property(gameArb, (game) => {
        play(
          game,
          () => {},
          (before, action, result) => {
            expect(result.ok ? { ok: true } : result).toEqual(checkAction(before, action));
          },
        );
      }),
      RUNS,
    );
  });

  it('keeps cash non-negative, children 0–3 and debt balances at whole thousands', () => {
    fc.assert(
      fc.property(gameArb, (game) => {
        play(game, (_before, after) => {
          for (const player of after.players) {
            expect(player.cash).toBeGreaterThanOrEqual(0);
            expect(player.babies).toBeGreaterThanOrEqual(0);
            expect(player.babies).toBeLessThanOrEqual(3);
            const ids = player.assets.map((a) => a.id);
            expect(new Set(ids).size).toBe(ids.length);
            for (const debt of player.liabilities) {
              expect(debt.balance % 1000).toBe(0);
              expect(debt.balance).toBeGreaterThan(0);
            }
          }
        });
      }),
      RUNS,
    );
  });

  it('keeps passive income and expenses equal to their lines, and nobody eligible left in the Rat Race', () => {
    fc.assert(
      fc.property(gameArb, (game) => {
        play(game, (_before, after) => {
          for (const player of after.players) {
            expect(player.passiveIncome).toBe(passiveIncome(player));
            expect(player.expenses).toBe(totalExpenses(player));
            if (player.phase === 'rat') expect(player.passiveIncome).toBeLessThan(player.expenses);
          }
        });
      }),
      RUNS,
    );
  });

  it('gives a Fast Track player no salary, liabilities or children', () => {
    fc.assert(
      fc.property(gameArb, (game) => {
        play(game, (_before, after) => {
          for (const player of after.players.filter((p) => p.phase === 'fast')) {
            expect(player.salary).toBe(0);
            expect(player.liabilities).toEqual([]);
            expect(debtPayments(player)).toBe(0);
            expect(player.babies).toBe(0);
            expect(player.escapedRatRace).toBe(true);
          }
        });
      }),
      RUNS,
    );
  });

  it('never replaces the first winner', () => {
    fc.assert(
      fc.property(gameArb, (game) => {
        play(game, (before, after) => {
          if (before.winnerId !== null) expect(after.winnerId).toBe(before.winnerId);
          if (after.winnerId !== null) {
            expect(after.players.find((p) => p.id === after.winnerId)?.isWinner).toBe(true);
          }
          for (const player of before.players.filter((p) => p.isWinner)) {
            expect(after.players.find((p) => p.id === player.id)?.isWinner).toBe(true);
          }
        });
      }),
      RUNS,
    );
  });

  it('restores the exact previous state on undo, except past the finish or the first winner, and the state survives JSON storage', () => {
    fc.assert(
      fc.property(gameArb, (game) => {
        const final = play(game, (before, after, action) => {
          // A no-op (passing on a stock card) is not logged, so there is nothing of its own to undo.
          if (after === before) return;
          if (after.finishedAt !== null) {
            expect(undo(after)).toEqual({ ok: false, reason: MESSAGES.undoAfterFinish });
          } else if (before.winnerId === null && after.winnerId !== null) {
            expect(undo(after)).toEqual({ ok: false, reason: MESSAGES.undoFirstWinner });
          } else if (['setupPlayers', 'assignCareers', 'reset'].includes(action.type)) {
            expect(undo(after)).toEqual({ ok: false, reason: MESSAGES.undoSetup });
          } else {
            expect(undo(after)).toEqual({ ok: true, state: before });
          }
        });
        expect(parseGameState(JSON.parse(JSON.stringify(final)))).toEqual({ ok: true, state: final });
      }),
      { numRuns: 60 },
    );
  });
});

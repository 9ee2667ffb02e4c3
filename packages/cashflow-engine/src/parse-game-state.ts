// Reading a game back from localStorage: a corrupt or older state is reported, never thrown.
import { z } from 'zod';
import type { GameActionType } from './actions';
import { GAME_STATE_VERSION, type GameState } from './state';

const money = z.number().int();

const assetSchema = z.object({
  id: z.string(),
  name: z.string(),
  monthlyIncome: money,
  cost: money,
  downPayment: money,
  quantity: z.number().int().min(0),
  code: z.string(),
  sourceCode: z.string(),
  locked: z.boolean(),
});

const liabilitySchema = z.object({
  name: z.string(),
  label: z.string(),
  balance: money,
  monthlyPayment: money,
});

const playerSchema = z.object({
  id: z.string(),
  name: z.string(),
  isGuest: z.boolean(),
  userId: z.number().int().nullable(),
  orderRoll: z.number(),
  career: z.string(),
  salary: money,
  expenses: money,
  passiveIncome: money,
  cash: money,
  assets: z.array(assetSchema),
  liabilities: z.array(liabilitySchema),
  babies: z.number().int().min(0).max(3),
  escapedRatRace: z.boolean(),
  phase: z.enum(['rat', 'fast']),
  hasDream: z.boolean(),
  isWinner: z.boolean(),
  baseTaxes: money,
  baseOther: money,
  childCost: money,
});

const snapshotShape = {
  version: z.literal(GAME_STATE_VERSION),
  players: z.array(playerSchema),
  currentTurn: z.number().int().min(0),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  winnerId: z.string().nullable(),
  winMethod: z.enum(['PASSIVE_INCOME_FAST', 'DREAM']).nullable(),
  nextAssetId: z.number().int().min(1),
};

const ACTION_TYPES = [
  'reset',
  'setupPlayers',
  'assignCareers',
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
  'nextTurn',
  'finishGame',
  'enterFastTrack',
  'setDream',
  'transferAsset',
  'buyOut',
] as const satisfies readonly GameActionType[];

const logEntrySchema = z.object({
  seq: z.number().int(),
  at: z.string(),
  playerId: z.string().nullable(),
  // Logged actions are only replayed for display and undo; their type is enough to tell them apart.
  action: z.looseObject({ type: z.enum(ACTION_TYPES) }),
  cashBefore: money.nullable(),
  cashAfter: money.nullable(),
  previous: z.object(snapshotShape).nullable(),
});

const gameStateSchema = z.object({ ...snapshotShape, log: z.array(logEntrySchema) });

export type ParsedGameState =
  | { ok: true; state: GameState }
  | { ok: false; problem: 'corrupt' | 'outdated'; message: string };

export function parseGameState(stored: unknown): ParsedGameState {
  if (
    typeof stored === 'object' &&
    stored !== null &&
    'version' in stored &&
    stored.version !== GAME_STATE_VERSION
  ) {
    return {
      ok: false,
      problem: 'outdated',
      message: `Saved game version ${String(stored.version)} is not supported`,
    };
  }
  const parsed = gameStateSchema.safeParse(stored);
  if (!parsed.success) {
    return {
      ok: false,
      problem:
        typeof stored === 'object' && stored !== null && !('version' in stored) ? 'outdated' : 'corrupt',
      message: parsed.error.message,
    };
  }
  // The schema checks every field; the logged actions' own fields were checked when they were applied.
  return { ok: true, state: parsed.data as GameState };
}

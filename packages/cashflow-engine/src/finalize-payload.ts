// The body of POST /cashflow/sessions/finalize/ (spec 7), built from a game state.
import type { GameState, WinMethod } from './state';

export type FinalPlayerResult = {
  career: string;
  salary: number;
  expenses: number;
  passive_income: number;
  cash_on_hand_end: number;
  escaped_ratrace: boolean;
  is_winner: boolean;
} & ({ guest_name: string } | { user_id: number });

export type FinalizePayload = {
  num_players: number;
  start_time: string;
  end_time: string;
  win_type: WinMethod | null;
  winner_index: number | null;
  results: FinalPlayerResult[];
};

export function buildFinalizePayload(state: GameState, now: string): FinalizePayload {
  const winnerIndex = state.players.findIndex((p) => p.id === state.winnerId);
  return {
    num_players: state.players.length,
    start_time: state.startedAt ?? now,
    end_time: state.finishedAt ?? now,
    win_type: state.winMethod,
    winner_index: winnerIndex >= 0 ? winnerIndex : null,
    results: state.players.map((p) => ({
      career: p.career,
      salary: p.salary,
      expenses: p.expenses,
      passive_income: p.passiveIncome,
      cash_on_hand_end: p.cash,
      escaped_ratrace: p.escapedRatRace,
      // Only the game's winner counts as the winner in the result, even if others reached a win later.
      is_winner: p.id === state.winnerId,
      ...(p.userId !== null && !p.isGuest ? { user_id: p.userId } : { guest_name: p.name }),
    })),
  };
}

import { describe, expect, it } from 'vitest';
import { buildFinalizePayload } from './finalize-payload';
import { applyOk, NOW, startGame } from './test-helpers';

describe('buildFinalizePayload', () => {
  it('sends users by id, guests by name, and marks only the game winner', () => {
    let state = startGame([
      { name: 'An', diceSum: 3, userId: 7 },
      { name: 'Bình', diceSum: 2 },
    ]);
    state = applyOk(state, { type: 'setDream', playerId: 'p2', hasDream: true });
    state = applyOk(state, { type: 'setDream', playerId: 'p1', hasDream: true });
    state = applyOk(state, { type: 'finishGame' });
    const payload = buildFinalizePayload(state, '2026-01-02T00:00:00.000Z');
    expect(payload).toMatchObject({
      num_players: 2,
      start_time: NOW,
      end_time: NOW,
      win_type: 'DREAM',
      winner_index: 1,
    });
    expect(payload.results).toEqual([
      expect.objectContaining({ user_id: 7, career: 'Công nhân', is_winner: false, cash_on_hand_end: 670 }),
      expect.objectContaining({ guest_name: 'Bình', is_winner: true, expenses: 950, escaped_ratrace: false }),
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { describeAction, describeLogEntry } from './describe-action';
import { applyOk, janitorGame } from './test-helpers';

describe('describing logged actions', () => {
  it('names the player and the action with dollar amounts', () => {
    const state = applyOk(janitorGame(), { type: 'borrow', playerId: 'p1', amount: 2000 });
    const entry = state.log.at(-1);
    if (!entry) throw new Error('no entry');
    expect(describeLogEntry(entry, state)).toBe('An: Vay $2,000');
    expect(describeAction({ type: 'adjustCash', playerId: 'p1', delta: -1500 })).toBe(
      'Điều chỉnh tiền mặt −$1,500',
    );
    expect(describeAction({ type: 'nextTurn' })).toBe('Qua lượt');
  });
});

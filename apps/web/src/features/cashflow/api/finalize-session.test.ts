import {
  applyAction,
  buildFinalizePayload,
  createInitialState,
  type GameAction,
  type GameState,
} from '@staff/cashflow-engine';
import { FinalizeRequest } from '@staff/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { fakeApi, jsonResponse } from '../../../test/fake-api';
import { FINALIZE_FALLBACK_MESSAGE, finalizeErrorText, finalizeSession } from './finalize-session';

afterEach(() => vi.unstubAllGlobals());

const stored = {
  id: 5,
  start_time: '2026-04-01T03:00:00.000Z',
  num_players: 1,
  win_type: 'DREAM',
  duration_seconds: 600,
  results: [
    {
      id: 50,
      display_name: 'An',
      career: 'Y tá',
      is_winner: true,
      passive_income: 0,
      expenses: 1000,
      cash_on_hand_end: 480,
      escaped_ratrace: false,
    },
  ],
};

describe('finalizeSession', () => {
  it('posts the pending payload as JSON and answers the stored game', async () => {
    const api = fakeApi({ 'POST /api/cashflow/sessions/finalize/': () => jsonResponse(201, stored) });
    const payload = {
      num_players: 1,
      start_time: '2026-04-01T03:00:00.000Z',
      end_time: '2026-04-01T03:10:00.000Z',
      win_type: 'DREAM' as const,
      winner_index: 0,
      _pending_ts: 1_760_000_000_123,
      results: [
        {
          career: 'Y tá',
          salary: 3100,
          expenses: 1000,
          passive_income: 0,
          cash_on_hand_end: 480,
          escaped_ratrace: false,
          is_winner: true,
          guest_name: 'An',
        },
      ],
    };
    await expect(finalizeSession(payload)).resolves.toBeUndefined();
    const [call] = api.callsTo('POST /api/cashflow/sessions/finalize/');
    expect(JSON.parse(String(call?.body))).toEqual(payload);
  });

  it('takes any 2xx as stored without reading the answer (spec 7: response content not read)', async () => {
    const answers = [
      () => new Response('<html>Saved</html>', { status: 201, headers: { 'Content-Type': 'text/html' } }),
      () => jsonResponse(200, { unexpected: true }),
      () => jsonResponse(201, [1, 2, 3]),
      () => new Response(null, { status: 204 }),
    ];
    let answer = answers[0];
    fakeApi({ 'POST /api/cashflow/sessions/finalize/': () => (answer as () => Response)() });
    for (const next of answers) {
      answer = next;
      await expect(finalizeSession(onePlayerPayload)).resolves.toBeUndefined();
    }
  });

  it('still fails on a non-2xx answer, so the pending copy stays', async () => {
    fakeApi({ 'POST /api/cashflow/sessions/finalize/': () => new Response('Bad gateway', { status: 502 }) });
    await expect(finalizeSession(onePlayerPayload)).rejects.toBeInstanceOf(ApiError);
  });
});

const onePlayerPayload = {
  num_players: 1,
  start_time: '2026-04-01T03:00:00.000Z',
  end_time: '2026-04-01T03:10:00.000Z',
  win_type: 'DREAM' as const,
  winner_index: 0,
  _pending_ts: 1_760_000_000_124,
  results: [
    {
      career: 'Y tá',
      salary: 3100,
      expenses: 1000,
      passive_income: 0,
      cash_on_hand_end: 480,
      escaped_ratrace: false,
      is_winner: true,
      guest_name: 'An',
    },
  ],
};

describe('finalizeErrorText', () => {
  it("prefers the server's detail, then its JSON body, then the fallback with the error's message", () => {
    expect(finalizeErrorText(new ApiError(403, { detail: 'Không có quyền.' }))).toBe('Không có quyền.');
    expect(finalizeErrorText(new ApiError(400, { winner_index: ['Sai.'] }))).toBe(
      '{"winner_index":["Sai."]}',
    );
    expect(finalizeErrorText(new TypeError('Failed to fetch'))).toBe(
      `${FINALIZE_FALLBACK_MESSAGE} (Failed to fetch)`,
    );
    expect(finalizeErrorText(new ApiError(502, null), 'Khôi phục gửi thất bại. Vui lòng thử lại.')).toBe(
      'Khôi phục gửi thất bại. Vui lòng thử lại. (Request failed with status 502)',
    );
    expect(finalizeErrorText('offline')).toBe(FINALIZE_FALLBACK_MESSAGE);
  });
});

describe("the engine's payload", () => {
  function apply(state: GameState, action: GameAction, now: string): GameState {
    const result = applyAction(state, action, now);
    if (!result.ok) throw new Error(result.reason);
    return result.state;
  }

  it('is accepted by the server contract once _pending_ts is added', () => {
    let state = apply(
      createInitialState(),
      {
        type: 'setupPlayers',
        players: [
          { name: 'An', diceSum: 3, userId: 7 },
          { name: 'Bình', diceSum: 9 },
        ],
      },
      '2026-04-01T03:00:00.000Z',
    );
    const winner = state.players[1]?.id as string;
    state = apply(state, { type: 'setDream', playerId: winner, hasDream: true }, '2026-04-01T04:00:00.000Z');
    state = apply(state, { type: 'finishGame' }, '2026-04-01T04:30:00.000Z');
    const payload = { ...buildFinalizePayload(state, '2026-04-01T04:31:00.000Z'), _pending_ts: Date.now() };
    const parsed = FinalizeRequest.safeParse(payload);
    expect(parsed.success ? null : parsed.error.issues).toBeNull();
    expect(parsed.data?.results.map((r) => [r.user_id ?? null, r.guest_name ?? null, r.is_winner])).toEqual([
      // Seated by dice, highest first; the second seat won.
      [null, 'Bình', false],
      [7, null, true],
    ]);
  });
});

// POST /api/cashflow/sessions/finalize/ (spec 4, 7). The server stores a game once per
// signed-in submitter and _pending_ts: a resend of the same pending result answers 200 with the
// stored game instead of a copy, so resending after a lost answer is always safe.
import type { FinalizePayload } from '@staff/cashflow-engine';
import type { FinalizeRequestInput } from '@staff/contracts';
import { ApiError, api } from '../../../lib/api-client';
import { FINALIZE_PATH } from './cashflow-keys';

/** The engine's payload plus the moment (Date.now()) it was stored as pending. */
export type PendingFinalize = FinalizeRequestInput | (FinalizePayload & { _pending_ts: number });

export const FINALIZE_FALLBACK_MESSAGE =
  'Gửi thất bại. Kết quả đã được lưu tạm thời trên máy, bạn có thể thử gửi lại.';

/**
 * Resolves once the server has the game. Any 2xx means stored, and the answer is not read (spec 7:
 * "response content not read"): a stored game reported as failed would stay pending and be resent.
 */
export async function finalizeSession(payload: PendingFinalize): Promise<void> {
  await api.post(FINALIZE_PATH, payload);
}

/**
 * What a failed finalize or resend shows (spec 8): the server's text or JSON body; otherwise the error's
 * message; otherwise the fallback. A bare status or a network failure ('Failed to fetch') says nothing
 * to players, so there the fallback, which says the result is kept on this device, leads and the
 * technical message follows in brackets.
 */
export function finalizeErrorText(error: unknown, fallback = FINALIZE_FALLBACK_MESSAGE): string {
  if (error instanceof ApiError) {
    if (error.detail) return error.detail;
    if (error.body && Object.keys(error.body).length > 0) return JSON.stringify(error.body);
  }
  if (error instanceof Error && error.message) return `${fallback} (${error.message})`;
  return fallback;
}

// Finishing a game so that its result is never lost (spec 4, Finalize flow; spec 8): the body is stored as
// pending before it is sent, removed only once the server has it, offered for resending from a banner,
// resent by itself when there is no game on screen and whenever the browser comes back online. The
// server treats the same `_pending_ts` from the same user as the same game, so a resend never doubles it.
// Nothing gives one game a second key: Undo stops at the finish (the engine's canUndo), a finished game
// cannot be finished again, and no game is finished while another result waits. Any 2xx means stored.
import { Alert, Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { buildFinalizePayload } from '@staff/cashflow-engine';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { cashflowKeys } from '../api/cashflow-keys';
import { FINALIZE_FALLBACK_MESSAGE, finalizeErrorText, finalizeSession } from '../api/finalize-session';
import { useGame } from '../game-provider';
import { clearPending, loadPending, PENDING_KEY, type PendingResult, savePending } from '../storage';
import type { FinishChoice } from './finish-panel';

export const FINALIZE_SUCCESS = 'Đã lưu kết quả ván chơi thành công!';
export const RESEND_SUCCESS = 'Đã khôi phục và lưu kết quả ván chơi thành công!';
export const RESEND_FAILURE = 'Khôi phục gửi thất bại. Vui lòng thử lại.';
/** One key holds one pending result: finishing another game would overwrite it (and lose it). */
export const PENDING_FIRST =
  'Còn một kết quả ván chơi chưa gửi. Hãy gửi lại kết quả đó trước khi kết thúc ván này.';

export type Finalize = ReturnType<typeof useFinalize>;

export function useFinalize() {
  const { state, dispatch, resetGame } = useGame();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  /** Sends the stored body; the history and leaderboard are refetched once the server has it. */
  const send = useCallback(
    async (body: PendingResult) => {
      await finalizeSession(body);
      void queryClient.invalidateQueries({ queryKey: cashflowKeys.all });
    },
    [queryClient],
  );
  const [pending, setPending] = useState<PendingResult | null>(loadPending);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [hidden, setHidden] = useState(false);
  const inFlight = useRef(false);
  const finishedGame = state.finishedAt !== null;

  const finish = useCallback(
    async (choice: FinishChoice) => {
      if (inFlight.current) return;
      // Read from storage, not state: another tab may have finished this very game meanwhile, and a
      // second finish would send it again under a new _pending_ts.
      const waiting = loadPending();
      if (waiting) {
        setPending(waiting);
        setHidden(false);
        setError(PENDING_FIRST);
        return;
      }
      const result = dispatch({ type: 'finishGame', winnerId: choice.winnerId, winMethod: choice.winMethod });
      if (!result.ok) {
        setError(result.reason);
        return;
      }
      const body: PendingResult = {
        ...buildFinalizePayload(result.state, new Date().toISOString()),
        _pending_ts: Date.now(),
      };
      savePending(body);
      setPending(body);
      inFlight.current = true;
      setSending(true);
      setError(null);
      try {
        await send(body);
        clearPending();
        setPending(null);
        notifications.show({ color: 'green', message: FINALIZE_SUCCESS });
        resetGame();
        navigate('/cashflow');
      } catch (err) {
        setError(finalizeErrorText(err, FINALIZE_FALLBACK_MESSAGE));
        setHidden(false);
      } finally {
        inFlight.current = false;
        setSending(false);
      }
    },
    [dispatch, resetGame, navigate, send],
  );

  const resend = useCallback(async () => {
    const stored = loadPending();
    if (!stored || inFlight.current) return;
    inFlight.current = true;
    setSending(true);
    try {
      await send(stored);
      clearPending();
      setPending(null);
      setError(null);
      notifications.show({ color: 'green', message: RESEND_SUCCESS });
      // The finished game on screen was the one waiting to be sent: clear it for the next one.
      if (finishedGame) resetGame();
    } catch (err) {
      setError(finalizeErrorText(err, RESEND_FAILURE));
    } finally {
      inFlight.current = false;
      setSending(false);
    }
  }, [finishedGame, resetGame, send]);

  // With no game on screen, a pending result is resent at once (spec 4, step 4); and whenever the
  // browser comes back online.
  const noPlayers = state.players.length === 0;
  const autoTried = useRef(false);
  useEffect(() => {
    if (noPlayers && pending && !autoTried.current) {
      autoTried.current = true;
      void resend();
    }
  }, [noPlayers, pending, resend]);
  useEffect(() => {
    const onOnline = () => {
      if (loadPending()) void resend();
    };
    // Another tab may send or store the pending result.
    const onStorage = (event: StorageEvent) => {
      if (event.key === PENDING_KEY || event.key === null) setPending(loadPending());
    };
    window.addEventListener('online', onOnline);
    window.addEventListener('storage', onStorage);
    return () => {
      window.removeEventListener('online', onOnline);
      window.removeEventListener('storage', onStorage);
    };
  }, [resend]);

  return { pending, sending, error, hidden, hide: () => setHidden(true), finish, resend };
}

/** 'Gửi lại ngay' / 'Ẩn' for a result that is stored but not yet on the server (spec 4, step 4). */
export function PendingResultBanner({ finalize }: { finalize: Finalize }) {
  const { pending, hidden, sending, error, resend, hide } = finalize;
  if (!pending || hidden) return null;
  return (
    <Alert color="orange" title="Có kết quả ván chơi chưa gửi" role="status">
      <Text size="sm">
        Ván {pending.num_players} người chơi kết thúc lúc {new Date(pending.end_time).toLocaleString('vi-VN')}{' '}
        chưa được lưu trên máy chủ.
      </Text>
      {error && (
        <Text size="sm" c="red" mt={4}>
          {error}
        </Text>
      )}
      <Group gap="xs" mt="xs">
        <Button size="xs" onClick={() => void resend()} loading={sending}>
          Gửi lại ngay
        </Button>
        <Button size="xs" variant="default" onClick={hide}>
          Ẩn
        </Button>
      </Group>
    </Alert>
  );
}

// Session (spec 2): whose turn, Cashday and next turn, the unsent-result banner, one card per player with
// the current player first, the game log with Undo, and the finishing panel. Toasts announce a player
// entering the Fast Track and the game's winner.
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { currentPlayer, detectGameEvents, type GameState, MESSAGES } from '@staff/cashflow-engine';
import { startTransition, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { afterFirstPaint } from '../../../lib/first-paint';
import { useGame } from '../game-provider';
import { FinishPanel } from './finish-panel';
import { GameLog } from './game-log';
import { LoadProblemAlert } from './load-problem-alert';
import { PendingResultBanner, useFinalize } from './pending-result';
import { loadCardPicker, PlayerCard } from './player-card';
import { useRunAction } from './use-run-action';

/** Toasts for what the last change brought: a player into the Fast Track, the game's first winner. */
function useGameEventToasts(state: GameState) {
  const previous = useRef(state);
  useEffect(() => {
    const before = previous.current;
    previous.current = state;
    if (before === state) return;
    const events = detectGameEvents(before, state);
    const name = (id: string | null) => state.players.find((p) => p.id === id)?.name ?? '';
    for (const id of events.enteredFastTrack) {
      notifications.show({
        color: 'green',
        title: 'Fast Track!',
        message: `${name(id)} đã thoát Rat Race và vào Fast Track.`,
        autoClose: 6000,
      });
    }
    if (events.newWinnerId) {
      notifications.show({
        color: 'yellow',
        title: 'Có người thắng!',
        message: `${name(events.newWinnerId)} đã thắng ván này.`,
        autoClose: 8000,
      });
    }
  }, [state]);
}

/** Fetches the card picker's code once the screen is up, so that the first 'Chọn thẻ' opens at once. */
function usePrefetchCardPicker() {
  useEffect(() => {
    const load = () => void loadCardPicker().catch(() => {});
    let cancel = () => {};
    let stopped = false;
    // After the first paint too: a request started before that frame delays it on a slow network.
    void afterFirstPaint().then(() => {
      if (stopped) return;
      if (typeof window.requestIdleCallback !== 'function') {
        const timer = setTimeout(load, 1000);
        cancel = () => clearTimeout(timer);
        return;
      }
      const handle = window.requestIdleCallback(load, { timeout: 3000 });
      cancel = () => window.cancelIdleCallback(handle);
    });
    return () => {
      stopped = true;
      cancel();
    };
  }, []);
}

/**
 * False for the screen's first frame, true from the render after it. That first frame holds the turn bar
 * and the current player's card, what a phone shows first (its largest text is drawn there); the other
 * cards, the log and the finishing panel come in the next render, after the browser has painted, as an
 * interruptible transition (decision 0022, third pass). They sit below that card (beside it on a wide
 * screen), so nothing drawn moves (no layout shift). Rendering all of it at once (~790 components) put
 * that whole render, and the number inputs' second one, before the first paint.
 */
function useAfterFirstFrame(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const show = () => {
      // After the frame: a task queued from an animation frame callback runs once that frame is painted.
      timer = setTimeout(() => startTransition(() => setReady(true)), 0);
    };
    const frame = typeof requestAnimationFrame === 'function' ? requestAnimationFrame(show) : null;
    if (frame === null) show();
    return () => {
      if (frame !== null) cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return ready;
}

export function SessionPage() {
  useDocumentTitle('Ván chơi');
  usePrefetchCardPicker();
  const complete = useAfterFirstFrame();
  const { state } = useGame();
  const run = useRunAction();
  const finalize = useFinalize();
  useGameEventToasts(state);

  if (state.players.length === 0) {
    return (
      <Stack gap="md" py="md" align="flex-start">
        <LoadProblemAlert />
        <PendingResultBanner finalize={finalize} />
        <Text>{MESSAGES.noGame}</Text>
        <Button component={Link} to="/cashflow/setup">
          Thiết lập ván chơi
        </Button>
      </Stack>
    );
  }

  const turn = currentPlayer(state);
  const rotated = [...state.players.slice(state.currentTurn), ...state.players.slice(0, state.currentTurn)];
  const finished = state.finishedAt !== null;

  return (
    <Stack gap="sm" py="md">
      <Paper
        withBorder
        p="sm"
        radius="md"
        pos="sticky"
        top={0}
        style={{ zIndex: 2, background: 'var(--mantine-color-body)' }}
      >
        <Stack gap="xs">
          <Title order={3} size="h4">
            Lượt của {turn?.name}
          </Title>
          <Group grow>
            <Button disabled={finished} onClick={() => run({ type: 'cashday' })}>
              Qua ngày (Cashday)
            </Button>
            <Button variant="default" disabled={finished} onClick={() => run({ type: 'nextTurn' })}>
              Qua lượt
            </Button>
          </Group>
        </Stack>
      </Paper>
      <PendingResultBanner finalize={finalize} />
      {finished && <Alert color="gray">{MESSAGES.gameFinished}</Alert>}
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="sm">
        {(complete ? rotated : rotated.slice(0, 1)).map((player) => (
          <PlayerCard key={player.id} player={player} state={state} active={player.id === turn?.id} />
        ))}
      </SimpleGrid>
      {complete && <GameLog state={state} />}
      {!complete ? null : finished ? (
        !finalize.pending && (
          <Button component={Link} to="/cashflow/setup" variant="light">
            Bắt đầu ván mới
          </Button>
        )
      ) : (
        <FinishPanel
          state={state}
          sending={finalize.sending}
          error={finalize.pending ? null : finalize.error}
          onFinish={finalize.finish}
        />
      )}
    </Stack>
  );
}

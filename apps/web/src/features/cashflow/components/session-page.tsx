// Session (spec 2): whose turn, Cashday, next turn and Undo, the unsent-result banner, one card per player
// with the current player first, the game log, and the finishing panel. Toasts announce a player entering
// the Fast Track and the game's winner.
// On a phone passed around the table (issue 27): the turn bar is fixed at the bottom of the screen, the
// active player's card comes first with its secondary parts closed, the other players are short summaries
// that open, the log starts closed; the screen opens at its top, and goes back there when the turn passes.
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { currentPlayer, detectGameEvents, type GameState, MESSAGES } from '@staff/cashflow-engine';
import { startTransition, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { afterFirstPaint } from '../../../lib/first-paint';
import { useGame } from '../game-provider';
import { FinishPanel } from './finish-panel';
import { GameLog } from './game-log';
import { LoadProblemAlert } from './load-problem-alert';
import { PendingResultBanner, useFinalize } from './pending-result';
import { loadCardPicker, PlayerCard } from './player-card';
import classes from './session.module.css';
import { UndoButton } from './undo-button';
import { usePhoneLayout } from './use-phone-layout';
import { useRunAction } from './use-run-action';

/** Toasts for what the last change brought: a player into the Fast Track, the game's first winner. */
export function useGameEventToasts(state: GameState) {
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
 * How much of the screen to draw: 0 for its first frame, then one more step after each frame is painted,
 * up to `last`. The first frame holds the turn bar and the current player's card, what a phone shows
 * first (its largest text is drawn there); then the other cards; then the game log and the finishing
 * panel. Each step is an interruptible transition that adds below what is drawn (beside the first card on
 * a wide screen), so nothing drawn moves (no layout shift), and each commit stays short: drawn at once
 * (~790 components and the number inputs' second render), the screen's first paint waited for all of it
 * and its one commit blocked the page for 40 ms (decision 0022, third pass).
 */
function useStepsAfterFirstFrame(last: number): number {
  const [step, setStep] = useState(0);
  useEffect(() => {
    if (step >= last) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const next = () => {
      // A task queued from an animation frame callback runs once that frame is painted.
      timer = setTimeout(() => startTransition(() => setStep((s) => Math.min(s + 1, last))), 0);
    };
    const frame = typeof requestAnimationFrame === 'function' ? requestAnimationFrame(next) : null;
    if (frame === null) next();
    return () => {
      if (frame !== null) cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [step, last]);
  return step;
}

/**
 * The screen opens at its top, whatever the page before it was scrolled to (the setup's start button is
 * at its foot on a phone), and goes back there when the turn passes: the next player's card is first.
 */
function useTopOnTurn(turn: number) {
  useLayoutEffect(() => {
    if (turn >= 0 && window.scrollY !== 0) window.scrollTo(0, 0);
  }, [turn]);
}

export function SessionPage() {
  useDocumentTitle('Ván chơi');
  usePrefetchCardPicker();
  const step = useStepsAfterFirstFrame(2);
  const { state } = useGame();
  const run = useRunAction();
  const finalize = useFinalize();
  const phone = usePhoneLayout();
  useGameEventToasts(state);
  useTopOnTurn(state.players.length === 0 ? -1 : state.currentTurn);

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
    <Stack gap="sm" className={classes.session}>
      <Paper withBorder p="sm" radius="md" className={classes.turnBar}>
        <Stack gap="xs">
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Title order={3} size="h4" lineClamp={1} className={classes.turnTitle}>
              Lượt của {turn?.name}
            </Title>
            <UndoButton state={state} />
          </Group>
          <Group wrap="nowrap" gap="xs">
            <Button
              className={classes.turnButton}
              disabled={finished}
              onClick={() => run({ type: 'cashday' })}
            >
              Qua ngày (Cashday)
            </Button>
            <Button
              className={classes.turnButton}
              variant="default"
              disabled={finished}
              onClick={() => run({ type: 'nextTurn' })}
            >
              Qua lượt
            </Button>
          </Group>
        </Stack>
      </Paper>
      <PendingResultBanner finalize={finalize} />
      {finished && <Alert color="gray">{MESSAGES.gameFinished}</Alert>}
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="sm">
        {(step >= 1 ? rotated : rotated.slice(0, 1)).map((player) => (
          <PlayerCard
            key={player.id}
            player={player}
            state={state}
            active={player.id === turn?.id}
            phone={phone}
          />
        ))}
      </SimpleGrid>
      {step >= 2 && <GameLog state={state} defaultOpened={!phone} />}
      {step < 2 ? null : finished ? (
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

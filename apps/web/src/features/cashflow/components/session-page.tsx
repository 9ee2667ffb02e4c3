// Session (spec 2), first cut: whose turn, Cashday and next turn, one summary card per player with
// the current player first.
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { currentPlayer, type GameAction, MESSAGES } from '@staff/cashflow-engine';
import { useState } from 'react';
import { Link } from 'react-router';
import { useGame } from '../game-provider';
import { LoadProblemAlert } from './load-problem-alert';
import { PlayerSummaryCard } from './player-summary-card';

export function SessionPage() {
  useDocumentTitle('Ván chơi');
  const { state, dispatch } = useGame();
  const [refusal, setRefusal] = useState<string | null>(null);

  if (state.players.length === 0) {
    return (
      <Stack gap="md" py="md" align="flex-start">
        <LoadProblemAlert />
        <Text>{MESSAGES.noGame}</Text>
        <Button component={Link} to="/cashflow/setup">
          Thiết lập ván chơi
        </Button>
      </Stack>
    );
  }

  const turn = currentPlayer(state);
  const rotated = [...state.players.slice(state.currentTurn), ...state.players.slice(0, state.currentTurn)];

  function run(action: GameAction) {
    const result = dispatch(action);
    setRefusal(result.ok ? null : result.reason);
  }

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
            <Button onClick={() => run({ type: 'cashday' })}>Qua ngày (Cashday)</Button>
            <Button variant="default" onClick={() => run({ type: 'nextTurn' })}>
              Qua lượt
            </Button>
          </Group>
        </Stack>
      </Paper>
      {refusal && (
        <Alert color="red" withCloseButton onClose={() => setRefusal(null)}>
          {refusal}
        </Alert>
      )}
      {state.finishedAt && <Alert color="gray">{MESSAGES.gameFinished}</Alert>}
      {rotated.map((player) => (
        <PlayerSummaryCard key={player.id} player={player} active={player.id === turn?.id} />
      ))}
    </Stack>
  );
}

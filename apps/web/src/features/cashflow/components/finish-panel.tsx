// The finishing panel (spec 2, 4): win method, winner and 'Kết thúc & Gửi kết quả'. When a winner appears
// during play both are preset; the first winner stands and cannot be swapped for another. Naming a winner
// who has met no win condition (the engine's meetsWinCondition) is asked again in the confirmation.
import { Alert, Button, Card, Group, Select, Stack, Text } from '@mantine/core';
import { type GameState, meetsWinCondition, WIN_METHOD_LABELS, type WinMethod } from '@staff/cashflow-engine';
import { useEffect, useState } from 'react';
import { OnDemandModal } from '../../../components/on-demand-modal';

const WIN_METHODS = Object.entries(WIN_METHOD_LABELS).map(([value, label]) => ({ value, label }));
// Each list is rendered when it opens, not kept hidden in the page: positioning a hidden list on load
// forced a style recalculation of the whole session screen (decision 0022).
const LIST_ON_OPEN = { keepMounted: false };

export type FinishChoice = { winnerId: string; winMethod: WinMethod };

export function FinishPanel({
  state,
  sending,
  error,
  onFinish,
}: {
  state: GameState;
  sending: boolean;
  error: string | null;
  onFinish: (choice: FinishChoice) => void;
}) {
  const [winMethod, setWinMethod] = useState<string | null>(state.winMethod);
  const [winnerId, setWinnerId] = useState<string | null>(state.winnerId);
  const [confirming, setConfirming] = useState(false);

  // A winner found during play presets both selectors (spec 4, Winner).
  useEffect(() => {
    if (state.winnerId !== null) setWinnerId(state.winnerId);
    if (state.winMethod !== null) setWinMethod(state.winMethod);
  }, [state.winnerId, state.winMethod]);

  const ready = winMethod !== null && winnerId !== null;
  const winner = state.players.find((p) => p.id === winnerId);
  const winnerName = winner?.name;

  return (
    <Card withBorder padding="sm" radius="md" component="section" aria-label="Kết thúc ván">
      <Stack gap="sm">
        <Text fw={600}>Kết thúc ván</Text>
        <Group grow align="flex-start" wrap="wrap">
          <Select
            label="Cách thắng"
            placeholder="Chọn cách thắng"
            data={WIN_METHODS}
            value={winMethod}
            onChange={setWinMethod}
            allowDeselect={false}
            comboboxProps={LIST_ON_OPEN}
            style={{ minWidth: 180 }}
          />
          <Select
            label="Người thắng"
            placeholder="Chọn người thắng"
            data={state.players.map((p) => ({ value: p.id, label: p.name }))}
            value={winnerId}
            onChange={setWinnerId}
            disabled={state.winnerId !== null}
            description={state.winnerId !== null ? 'Người thắng đầu tiên không thể thay đổi' : undefined}
            allowDeselect={false}
            comboboxProps={LIST_ON_OPEN}
            style={{ minWidth: 180 }}
          />
        </Group>
        {error && (
          <Alert color="red" title="Chưa gửi được kết quả">
            {error}
          </Alert>
        )}
        <Button color="green" disabled={!ready} loading={sending} onClick={() => setConfirming(true)}>
          Kết thúc & Gửi kết quả
        </Button>
      </Stack>
      <OnDemandModal opened={confirming} onClose={() => setConfirming(false)} title="Kết thúc ván?" centered>
        <Stack gap="sm">
          {winner && !meetsWinCondition(winner) && (
            <Alert color="yellow" variant="light" p="xs">
              {winner.name} chưa đạt điều kiện thắng. Vẫn kết thúc?
            </Alert>
          )}
          <Text size="sm">
            {winnerName} thắng ({winMethod ? WIN_METHOD_LABELS[winMethod as WinMethod] : ''}). Sau khi kết
            thúc, ván không thể chơi tiếp; kết quả được lưu trên máy trước rồi gửi lên máy chủ.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Chơi tiếp
            </Button>
            <Button
              color="green"
              onClick={() => {
                setConfirming(false);
                if (ready) onFinish({ winnerId, winMethod: winMethod as WinMethod });
              }}
            >
              Kết thúc & Gửi
            </Button>
          </Group>
        </Stack>
      </OnDemandModal>
    </Card>
  );
}

// The game log and Undo (beyond the spec: players make mistakes at the table). Newest first; each line
// says who did what and how their cash moved.
import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { describeAction, describeLogEntry, type GameState, type LogEntry } from '@staff/cashflow-engine';
import { IconArrowBackUp } from '@tabler/icons-react';
import { useState } from 'react';
import { formatUsd } from '../format';
import { useGame } from '../game-provider';

const SHOWN = 15;
const SETUP_ACTIONS = new Set(['setupPlayers', 'assignCareers', 'reset']);

function CashMove({ entry }: { entry: LogEntry }) {
  if (entry.cashBefore === null || entry.cashAfter === null || entry.cashBefore === entry.cashAfter)
    return null;
  return (
    <Text size="xs" c={entry.cashAfter > entry.cashBefore ? 'teal' : 'red'} style={{ whiteSpace: 'nowrap' }}>
      {formatUsd(entry.cashBefore)} → {formatUsd(entry.cashAfter)}
    </Text>
  );
}

export function GameLog({ state }: { state: GameState }) {
  const { undo } = useGame();
  const [all, setAll] = useState(false);
  const entries = [...state.log].reverse();
  const shown = all ? entries : entries.slice(0, SHOWN);
  const last = state.log.at(-1);
  // The game's setup is not undone here: a new game starts from the setup screen.
  const canUndo = Boolean(last?.previous) && !SETUP_ACTIONS.has(last?.action.type ?? '');

  return (
    <Card withBorder padding="sm" radius="md" component="section" aria-label="Nhật ký ván chơi">
      <Stack gap="xs">
        <Group justify="space-between">
          <Text fw={600}>Nhật ký ván chơi</Text>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconArrowBackUp size={16} />}
            disabled={!canUndo}
            title={last ? `Hoàn tác: ${describeAction(last.action)}` : undefined}
            onClick={() => {
              const result = undo();
              if (result.ok && last) {
                notifications.show({
                  color: 'gray',
                  message: `Đã hoàn tác: ${describeLogEntry(last, state)}`,
                });
              } else if (!result.ok) {
                notifications.show({ color: 'red', message: result.reason });
              }
            }}
          >
            Hoàn tác
          </Button>
        </Group>
        {entries.length === 0 ? (
          <Text size="sm" c="dimmed">
            Chưa có thao tác nào.
          </Text>
        ) : (
          <Stack gap={2} component="ol" m={0} p={0} style={{ listStyle: 'none' }}>
            {shown.map((entry) => (
              <Group key={entry.seq} component="li" justify="space-between" wrap="nowrap" gap="xs">
                <Text size="sm" style={{ minWidth: 0 }}>
                  {describeLogEntry(entry, state)}
                </Text>
                <CashMove entry={entry} />
              </Group>
            ))}
          </Stack>
        )}
        {entries.length > SHOWN && (
          <Button size="xs" variant="subtle" onClick={() => setAll((v) => !v)} w="fit-content">
            {all ? 'Thu gọn' : `Xem tất cả (${entries.length})`}
          </Button>
        )}
      </Stack>
    </Card>
  );
}

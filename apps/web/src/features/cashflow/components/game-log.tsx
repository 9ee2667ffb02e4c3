// The game log and Undo (beyond the spec: players make mistakes at the table). Newest first; each line
// says who did what and how their cash moved. Whether Undo applies is the engine's to say (canUndo):
// never past the finish or the first winner, so a finished game cannot be finished again and sent twice.
import { Button, Card, Group, Stack, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  canUndo,
  describeAction,
  describeLogEntry,
  type GameState,
  type LogEntry,
} from '@staff/cashflow-engine';
import { IconArrowBackUp } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { formatUsd } from '../format';
import { useGame } from '../game-provider';

const SHOWN = 15;

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
  const undoCheck = canUndo(state);
  const reasonId = useId();
  const label = undoCheck.ok ? (last ? `Hoàn tác: ${describeAction(last.action)}` : '') : undoCheck.reason;

  return (
    <Card withBorder padding="sm" radius="md" component="section" aria-label="Nhật ký ván chơi">
      <Stack gap="xs">
        <Group justify="space-between">
          <Text fw={600}>Nhật ký ván chơi</Text>
          {/* A disabled button gets no pointer events: the wrapper carries the tooltip. */}
          <Tooltip label={label} disabled={!label} multiline maw={280} withArrow>
            <span>
              <Button
                size="xs"
                variant="default"
                leftSection={<IconArrowBackUp size={16} />}
                disabled={!undoCheck.ok}
                aria-describedby={reasonId}
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
              <VisuallyHidden id={reasonId}>{label}</VisuallyHidden>
            </span>
          </Tooltip>
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

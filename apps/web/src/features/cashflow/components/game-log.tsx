// The game log (beyond the spec: players make mistakes at the table). Newest first; each line says who
// did what and how their cash moved. Undo itself sits in the turn bar (undo-button.tsx). On a phone the
// log starts closed, its length beside its title.
import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { describeLogEntry, type GameState, type LogEntry } from '@staff/cashflow-engine';
import { useState } from 'react';
import { formatUsd } from '../format';
import { Section } from './section';

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

export function GameLog({ state, defaultOpened }: { state: GameState; defaultOpened: boolean }) {
  const [all, setAll] = useState(false);
  const entries = [...state.log].reverse();
  const shown = all ? entries : entries.slice(0, SHOWN);

  return (
    <Card withBorder padding="sm" radius="md" component="section" aria-label="Nhật ký ván chơi">
      <Section
        title="Nhật ký ván chơi"
        summary={entries.length === 0 ? undefined : `${entries.length} thao tác`}
        defaultOpened={defaultOpened}
      >
        <Stack gap="xs">
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
      </Section>
    </Card>
  );
}

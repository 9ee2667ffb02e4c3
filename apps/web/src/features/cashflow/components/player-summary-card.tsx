// A player's summary (spec 2, Player card, first part): figures and progress out of the Rat Race.
import { Badge, Card, Group, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  cashFlow,
  FAST_TRACK_WIN_INCOME,
  fastTrackIncome,
  type Player,
  passiveIncome,
  progress,
  totalExpenses,
} from '@staff/cashflow-engine';
import { formatUsd } from '../format';

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} c={value < 0 ? 'red' : undefined}>
        {formatUsd(value)}
      </Text>
    </Stack>
  );
}

export function PlayerSummaryCard({ player, active }: { player: Player; active: boolean }) {
  const fast = player.phase === 'fast';
  const income = fast ? fastTrackIncome(player) : passiveIncome(player);
  const target = fast ? FAST_TRACK_WIN_INCOME : totalExpenses(player);
  return (
    <Card
      withBorder
      padding="sm"
      radius="md"
      aria-label={`Người chơi ${player.name}`}
      style={active ? { borderColor: 'var(--mantine-color-blue-filled)', borderWidth: 2 } : undefined}
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fw={700} truncate>
              {player.name}
            </Text>
            <Text size="sm" c="dimmed">
              {player.career}
            </Text>
          </Stack>
          <Group gap={4}>
            {active && <Badge>Đang chơi</Badge>}
            {player.isWinner && <Badge color="yellow">Winner</Badge>}
            <Badge variant="light" color={fast ? 'green' : 'gray'}>
              {fast ? 'Fast Track' : 'Rat Race'}
            </Badge>
          </Group>
        </Group>
        <SimpleGrid cols={3} spacing="xs">
          <Figure label="Tiền mặt" value={player.cash} />
          <Figure label="Thu nhập bị động" value={passiveIncome(player)} />
          <Figure label="Dòng tiền / vòng" value={cashFlow(player)} />
        </SimpleGrid>
        <Stack gap={2}>
          <Progress value={progress(player) * 100} color={fast ? 'green' : 'blue'} aria-label="Tiến độ" />
          <Text size="xs" c="dimmed">
            {fast ? 'Fast Track' : 'Thoát Rat Race'}: {formatUsd(income)} / {formatUsd(target)}
          </Text>
        </Stack>
      </Stack>
    </Card>
  );
}

// Income and expense summary of a player's sheet (spec 2, Player card), a part that opens and closes.
import { Divider, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { cashFlow, debtPayments, type Player, passiveIncome, totalExpenses } from '@staff/cashflow-engine';
import { formatUsd } from '../format';
import { Section } from './section';

function Line({ label, value, strong = false }: { label: string; value: number; strong?: boolean }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm" fw={strong ? 600 : undefined}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 600 : undefined} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {formatUsd(value)}
      </Text>
    </Group>
  );
}

export function IncomeStatement({ player, defaultOpened }: { player: Player; defaultOpened: boolean }) {
  const passive = passiveIncome(player);
  return (
    <Section
      title="Thu nhập và chi phí"
      summary={`Chi phí ${formatUsd(totalExpenses(player))}`}
      defaultOpened={defaultOpened}
    >
      <Stack gap={4} aria-label="Thu nhập và chi phí" role="group">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing={4}>
          <Stack gap={2}>
            <Line label="Lương" value={player.salary} />
            <Line label="Thu nhập bị động" value={passive} />
            <Line label="Tổng thu nhập" value={player.salary + passive} strong />
          </Stack>
          <Stack gap={2}>
            <Line label="Thuế" value={player.baseTaxes} />
            <Line label="Chi phí khác" value={player.baseOther} />
            <Line label={`Con (${player.babies})`} value={player.babies * player.childCost} />
            <Line label="Trả nợ" value={debtPayments(player)} />
            <Line label="Tổng chi phí" value={totalExpenses(player)} strong />
          </Stack>
        </SimpleGrid>
        <Divider />
        <Line label="Dòng tiền / vòng" value={cashFlow(player)} strong />
      </Stack>
    </Section>
  );
}

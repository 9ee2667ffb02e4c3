// The watchlist analysis's chart (issue 26): each ticker's change since the month's open, one line
// per ticker (drawn by month-change-canvas.tsx, the library loaded on demand), a legend that reads the day under
// the crosshair (else the last), the chart in one sentence, and the days' numbers as a table.
import { Box, ColorSwatch, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useId, useMemo, useState } from 'react';
import { ChartAttribution } from '../../../components/charts/chart-attribution';
import { ChartFrame } from '../../../components/charts/chart-frame';
import { chartClasses, DataDisclosure } from '../../../components/charts/data-disclosure';
import { changeTone } from '../../../components/charts/text-tones';
import { formatDay } from '../candles';
import { formatPercent } from '../format';
import { type ChangeLine, changeOn, changeTable, monthSummary } from '../month-change';
import { MonthChangeCanvas } from './month-change-canvas';

export const MONTH_CHART_HEIGHT = 320;

export const MONTH_WORDS = {
  title: 'Thay đổi trong tháng',
  legend: 'Chú giải',
  table: 'Xem số liệu dạng bảng',
} as const;

function Legend({ lines, date }: { lines: readonly ChangeLine[]; date: string | null }) {
  return (
    <Group gap="md" wrap="wrap" aria-label={MONTH_WORDS.legend} role="list" data-testid="month-legend">
      {date ? (
        <Text size="sm" fw={600}>
          {formatDay(date)}
        </Text>
      ) : null}
      {lines.map((line) => {
        const value = changeOn(line, date);
        return (
          <Group key={line.ticker} gap={6} wrap="nowrap" role="listitem" data-ticker={line.ticker}>
            <ColorSwatch color={line.colour} size={12} withShadow={false} aria-hidden />
            <Text size="sm" fw={600}>
              {line.ticker}
              {line.dashed ? ' (nét đứt)' : ''}
            </Text>
            <Text size="sm" c={changeTone(value)} data-testid="legend-value">
              {formatPercent(value)}
            </Text>
          </Group>
        );
      })}
    </Group>
  );
}

export function MonthChangeChart({ lines, month }: { lines: ChangeLine[]; month: string }) {
  const [hovered, setHovered] = useState<string | null>(null);
  const titleId = useId();
  const summary = monthSummary(lines, month);
  const rows = useMemo(() => changeTable(lines), [lines]);
  return (
    <Stack gap="xs" component="section" aria-labelledby={titleId} data-testid="month-change-chart">
      <Title order={2} size="h4" id={titleId}>
        {MONTH_WORDS.title}
      </Title>
      <Text size="sm" data-testid="chart-summary">
        {summary}
      </Text>
      <Legend lines={lines} date={hovered} />
      <Box
        role="img"
        aria-label={`${MONTH_WORDS.title}. ${summary}`}
        style={{ height: MONTH_CHART_HEIGHT }}
        className={chartClasses.chart}
      >
        <ChartFrame height={MONTH_CHART_HEIGHT}>
          <MonthChangeCanvas lines={lines} onHover={setHovered} />
        </ChartFrame>
      </Box>
      <DataDisclosure label={MONTH_WORDS.table} testId="month-table">
        <Table striped withTableBorder aria-label={MONTH_WORDS.title}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Ngày</Table.Th>
              {lines.map((l) => (
                <Table.Th scope="col" key={l.ticker}>
                  {l.ticker}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.date}>
                <Table.Th scope="row">{formatDay(row.date)}</Table.Th>
                {row.values.map((v, i) => (
                  <Table.Td key={lines[i]?.ticker}>{formatPercent(v)}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </DataDisclosure>
      <ChartAttribution />
    </Stack>
  );
}

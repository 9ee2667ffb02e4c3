// The analysis in pictures (issue 24), under the jar cards of /diary/dashboard: each jar's share
// against its target, time per jar per day or week, how often each feeling was logged, and each jar's
// time by feeling. visx draws them as SVG (bar-charts.tsx; decision 0030); this module is loaded only by
// the analysis screen (React.lazy), so the chart code and d3's scales stay out of every other screen's
// download. Each chart is an image to assistive technology, named by its title and a one-sentence
// summary, with its numbers in a table one click away.
import { Box, Card, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { type AnalysisWindow, FEELINGS } from '@staff/contracts';
import { type ReactNode, useEffect, useId } from 'react';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { PageLoader } from '../../../components/page-loader';
import { feelingLabel } from '../entry-format';
import classes from './analysis-charts.module.css';
import { type ChartSeries, HorizontalBarChart, StackedColumnChart } from './bar-charts';
import {
  type ChartTable,
  FEELING_CHART_COLOURS,
  feelingCounts,
  feelingsPerJar,
  JAR_CHART_COLOURS,
  shareVsTarget,
  timePerBucket,
} from './chart-data';
import { useAnalysisCharts } from './get-analysis-charts';

const percent = (value: number) => `${value}%`;
const hours = (value: number) => `${value} h`;

function DataTable({ caption, table }: { caption: string; table: ChartTable }) {
  return (
    // Focusable, so that a keyboard can scroll a table wider than a phone (axe: scrollable-region-focusable).
    <Table.ScrollContainer
      minWidth={table.head.length > 4 ? table.head.length * 96 : 0}
      type="native"
      tabIndex={0}
      role="group"
      aria-label={`${caption}: table`}
    >
      <Table striped withTableBorder fz="sm" className={classes.table}>
        <caption className={classes.caption}>{caption}</caption>
        <Table.Thead>
          <Table.Tr>
            {table.head.map((cell) => (
              <Table.Th key={cell} scope="col">
                {cell}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {table.rows.map((row) => (
            <Table.Tr key={row[0]}>
              {row.map((cell, i) =>
                i === 0 ? (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells are its columns, in order
                  <Table.Th key={i} scope="row" fw={500}>
                    {cell}
                  </Table.Th>
                ) : (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells are its columns, in order
                  <Table.Td key={i}>{cell}</Table.Td>
                ),
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function ChartCard({
  testId,
  title,
  summary,
  table,
  children,
}: {
  testId: string;
  title: string;
  summary: string;
  table: ChartTable;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <Card withBorder radius="lg" padding="md" component="section" aria-labelledby={id} data-testid={testId}>
      <Stack gap="xs">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        <Text size="sm" c="dimmed" data-testid="chart-summary">
          {summary}
        </Text>
        <Box role="img" aria-label={`${title}. ${summary}`} className={classes.chart}>
          {children}
        </Box>
        <details className={classes.details}>
          <summary className={classes.summary}>Show the numbers as a table</summary>
          <DataTable caption={title} table={table} />
        </details>
      </Stack>
    </Card>
  );
}

export default function AnalysisChartsPanel({ days }: { days: AnalysisWindow }) {
  const charts = useAnalysisCharts(days);
  useEffect(() => {
    if (charts.isError) console.error('Failed to load the analysis charts', charts.error);
  }, [charts.isError, charts.error]);

  const data = charts.data;
  if (!data) {
    return charts.isError ? (
      <LoadErrorAlert
        title="The charts could not be loaded."
        error={charts.error}
        onRetry={() => charts.refetch()}
        retrying={charts.isFetching}
      />
    ) : (
      <PageLoader label="Loading the charts..." />
    );
  }

  const shares = shareVsTarget(data);
  const time = timePerBucket(data);
  const feelings = feelingCounts(data);
  const perJar = feelingsPerJar(data);
  const timeSeries: ChartSeries[] = time.series.map((j) => ({
    name: j.name,
    color: JAR_CHART_COLOURS[j.key],
  }));
  const feelingSeries: ChartSeries[] = FEELINGS.map((f) => ({
    name: feelingLabel(f),
    color: FEELING_CHART_COLOURS[f],
  }));

  return (
    <SimpleGrid
      cols={{ base: 1, lg: 2 }}
      spacing="sm"
      aria-busy={charts.isFetching}
      style={{ opacity: charts.isPlaceholderData ? 0.6 : 1 }}
      data-testid="analysis-charts"
    >
      <ChartCard
        testId="chart-share"
        title="Share of waking time against the target"
        summary={shares.summary}
        table={shares.table}
      >
        <HorizontalBarChart
          data={shares.data}
          labelKey="jar"
          format={percent}
          withLegend
          series={[
            { name: 'Actual', color: 'blue.6' },
            { name: 'Target', color: 'gray.5' },
          ]}
        />
      </ChartCard>

      <ChartCard
        testId="chart-time"
        title={data.bucket === 'week' ? 'Hours per jar, week by week' : 'Hours per jar, day by day'}
        summary={time.summary}
        table={time.table}
      >
        <StackedColumnChart data={time.data} labelKey="bucket" format={hours} series={timeSeries} />
      </ChartCard>

      <ChartCard
        testId="chart-feelings"
        title="How often each feeling was logged"
        summary={feelings.summary}
        table={feelings.table}
      >
        <HorizontalBarChart
          data={feelings.data}
          labelKey="feeling"
          format={String}
          integer
          series={[{ name: 'Entries', color: 'grape.6' }]}
        />
      </ChartCard>

      <ChartCard
        testId="chart-jar-feelings"
        title="Each jar's time by feeling"
        summary={perJar.summary}
        table={perJar.table}
      >
        <HorizontalBarChart
          data={perJar.data}
          labelKey="jar"
          mode="percent"
          format={percent}
          withLegend
          series={feelingSeries}
        />
      </ChartCard>
    </SimpleGrid>
  );
}

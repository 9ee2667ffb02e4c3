// /diary/dashboard: time per jar over the last 7, 30 or 365 days against the targets, a card per jar in
// the default order, the sleep card with its advice, and a warning while any category is unclassified.
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import {
  ANALYSIS_WINDOW_LABELS,
  ANALYSIS_WINDOWS,
  type AnalysisWindow,
  JAR_DISPLAY_ORDER,
  JAR_STATUS_LABELS,
  type JarAnalysis,
  type Analysis as JarAnalysisResult,
  type JarColour,
} from '@staff/contracts';
import { IconAlertTriangle, IconSettings } from '@tabler/icons-react';
import { lazy, Suspense, useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { PageLoader } from '../../../components/page-loader';
import { useAnalysis } from '../api/get-analysis';
import { formatDuration, formatPercent } from '../entry-format';
import classes from './analysis-page.module.css';
import { jarName } from './jar-options';

const COLOURS: Record<JarColour, string> = { green: 'green', yellow: 'yellow', red: 'red' };

/** The charts under the cards (issue 24): their own chunk, with visx and d3, loaded by this screen only. */
const AnalysisChartsPanel = lazy(() => import('../dashboard/analysis-charts'));

export function windowFrom(value: string | null): AnalysisWindow {
  const n = Number(value);
  return (ANALYSIS_WINDOWS as readonly number[]).includes(n) ? (n as AnalysisWindow) : 7;
}

export const NOTHING_LOGGED = 'Nothing logged';

/**
 * Whether a card has anything to judge: the sleep advice needs logged sleep, the other jars' shares
 * need logged waking time. Without it the card says nothing was logged rather than giving the rules'
 * verdict on zero ('should sleep more', 'below target'), which would judge time never written down.
 */
export function jarHasData(jar: JarAnalysis, analysis: JarAnalysisResult): boolean {
  return jar.key === 'sleep' ? jar.minutes > 0 : analysis.waking_minutes > 0;
}

/** The jars to show: the default order, then unclassified when it holds time. */
export function cardsOf(analysis: JarAnalysisResult): JarAnalysis[] {
  const ordered = JAR_DISPLAY_ORDER.flatMap((key) => analysis.jars.filter((j) => j.key === key));
  const unclassified = analysis.jars.find((j) => j.key === 'unclassified');
  return unclassified && unclassified.minutes > 0 ? [...ordered, unclassified] : ordered;
}

function JarCard({ jar, analysis }: { jar: JarAnalysis; analysis: JarAnalysisResult }) {
  const logged = jarHasData(jar, analysis);
  const colour = logged && jar.colour ? COLOURS[jar.colour] : 'gray';
  const isSleep = jar.key === 'sleep';
  return (
    <Card
      withBorder
      radius="lg"
      padding="md"
      aria-label={jarName(jar.key)}
      data-testid={`jar-card-${jar.key}`}
      data-colour={(logged && jar.colour) || undefined}
      style={{ borderLeft: `6px solid var(--mantine-color-${isSleep && logged ? 'indigo' : colour}-5)` }}
    >
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600}>{jarName(jar.key)}</Text>
          {!logged ? (
            <Badge
              color="gray"
              variant="light"
              tt="none"
              className={classes.verdict}
              data-testid="jar-nothing-logged"
            >
              {NOTHING_LOGGED}
            </Badge>
          ) : (
            jar.status && (
              <Badge color={colour} variant="light" tt="none" className={classes.verdict}>
                {JAR_STATUS_LABELS[jar.status]}
              </Badge>
            )
          )}
        </Group>
        <Text size="xl" fw={700} data-testid="jar-time">
          {formatDuration(jar.minutes)}
        </Text>
        {!logged ? (
          !isSleep &&
          jar.target !== null && (
            <Text size="sm" c="dimmed" data-testid="jar-share">
              Target {jar.target}%
            </Text>
          )
        ) : isSleep ? (
          <>
            <Text size="sm" data-testid="sleep-average">
              Average {analysis.sleep.hours_per_day.toFixed(1)} h/day
            </Text>
            <Badge
              variant="light"
              tt="none"
              color={analysis.sleep.advice === 'reasonable' ? 'green' : 'yellow'}
              data-testid="sleep-advice"
            >
              {analysis.sleep.advice_label}
            </Badge>
          </>
        ) : (
          <Text size="sm" data-testid="jar-share">
            Actual {formatPercent(jar.percent ?? 0)}
            {jar.target !== null ? ` · Target ${jar.target}%` : ''}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

export function AnalysisPage() {
  useDocumentTitle('Analysis');
  const [params, setParams] = useSearchParams();
  const days = windowFrom(params.get('days'));
  const analysis = useAnalysis(days);

  useEffect(() => {
    if (analysis.isError) console.error('Failed to load the analysis', analysis.error);
  }, [analysis.isError, analysis.error]);

  const data = analysis.data;
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={1} size="h2">
          Analysis
        </Title>
        <Button variant="light" leftSection={<IconSettings size={16} />} component={Link} to="/jar-setup">
          Go to Jar Setup
        </Button>
      </Group>

      <SegmentedControl
        aria-label="Analysis window"
        value={String(days)}
        onChange={(value) => setParams({ days: value }, { replace: true })}
        data={ANALYSIS_WINDOWS.map((d) => ({ value: String(d), label: ANALYSIS_WINDOW_LABELS[d] }))}
        fullWidth
        maw={520}
      />

      {data && data.unclassified_categories.length > 0 && (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle />} role="alert">
          Có danh mục chưa được xếp vào hũ: {data.unclassified_categories.map((c) => c.title).join(', ')}.
          Thời gian của chúng được tính là "Chưa phân loại".{' '}
          <Anchor component={Link} to="/jar-setup">
            Xếp vào hũ tại Jar Setup
          </Anchor>
        </Alert>
      )}

      {!data ? (
        analysis.isError ? (
          <LoadErrorAlert
            lang="vi"
            title="Không tải được phân tích."
            error={analysis.error}
            onRetry={() => analysis.refetch()}
            retrying={analysis.isFetching}
          />
        ) : (
          <PageLoader />
        )
      ) : (
        <Stack
          gap="sm"
          aria-busy={analysis.isFetching}
          style={{ opacity: analysis.isPlaceholderData ? 0.6 : 1 }}
        >
          <Text size="sm" c="dimmed" data-testid="analysis-totals">
            {ANALYSIS_WINDOW_LABELS[days]}: tổng {formatDuration(data.total_minutes)}, thời gian thức{' '}
            {formatDuration(data.waking_minutes)}
          </Text>
          {data.total_minutes === 0 && (
            <Alert color="blue" variant="light" role="status">
              Chưa có mục nhật ký nào trong {ANALYSIS_WINDOW_LABELS[days].toLowerCase()}, nên các hũ đều đang
              ở 0.{' '}
              <Anchor component={Link} to="/diary/entries/new">
                + Add New Entry
              </Anchor>
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 4 }} spacing="sm">
            {cardsOf(data).map((jar) => (
              <JarCard key={jar.key} jar={jar} analysis={data} />
            ))}
          </SimpleGrid>
          {data.total_minutes > 0 && (
            <Suspense fallback={<PageLoader label="Loading the charts..." />}>
              <AnalysisChartsPanel days={days} />
            </Suspense>
          )}
        </Stack>
      )}
    </Stack>
  );
}

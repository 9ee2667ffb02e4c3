// One watchlist card (spec section 2, Watchlists): ticker, exchange, company, the price in the
// board's colours with the previous close in a tooltip, LIVE with its time, Open/High/Low/Volume,
// and 'Đầu tuần' / 'Đầu tháng' with arrows against the current price.
import { ActionIcon, Badge, Card, Group, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core';
import type { ExchangeCode, Snapshot } from '@staff/contracts';
import { IconArrowDownRight, IconArrowUpRight, IconInfoCircle, IconMinus, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import {
  type Direction,
  direction,
  formatNumber,
  formatPercent,
  marketTime,
  prevCloseHint,
  priceTone,
  TONE_COLOURS,
} from '../format';

export interface StockCardProps {
  ticker: string;
  name: string;
  exchange: ExchangeCode;
  snapshot: Snapshot | null;
  /** Shown as an ✕ in the corner when given. */
  onRemove?: () => void;
  removing?: boolean;
  /** false on the stock's own page. */
  link?: boolean;
}

function Arrow({ dir, label }: { dir: Direction; label: string }) {
  if (dir === 'up')
    return <IconArrowUpRight size={16} color="var(--mantine-color-green-7)" aria-label={`${label}: tăng`} />;
  if (dir === 'down')
    return <IconArrowDownRight size={16} color="var(--mantine-color-red-7)" aria-label={`${label}: giảm`} />;
  if (dir === 'flat')
    return <IconMinus size={16} color="var(--mantine-color-yellow-7)" aria-label={`${label}: không đổi`} />;
  return null;
}

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} component="div">
        {children}
      </Text>
    </Stack>
  );
}

/** A price the current one is compared with ('Đầu tuần', 'Đầu tháng'), with the arrow of the move since. */
function OpenFigure({
  label,
  open,
  current,
  testId,
}: {
  label: string;
  open: number | null;
  current: number | null;
  testId: string;
}) {
  const dir = direction(current, open);
  return (
    <Figure label={label}>
      <Group gap={4} data-direction={dir} data-testid={testId}>
        {formatNumber(open)}
        <Arrow dir={dir} label={label} />
      </Group>
    </Figure>
  );
}

export function StockCard({
  ticker,
  name,
  exchange,
  snapshot: s,
  onRemove,
  removing,
  link = true,
}: StockCardProps) {
  const tone = s ? priceTone(s) : 'none';
  const current = s?.current_price ?? null;
  const hint = prevCloseHint(s?.prev_close ?? null);

  const body = (
    <Stack gap="xs">
      <Group justify="space-between" wrap="nowrap" align="flex-start" pr={onRemove ? 28 : 0}>
        <div>
          <Group gap={6}>
            <Text fw={700} size="lg">
              {ticker}
            </Text>
            <Badge variant="light" size="sm">
              {exchange}
            </Badge>
          </Group>
          <Text size="xs" c="dimmed" lineClamp={1} title={name}>
            {name}
          </Text>
        </div>
        {s?.live_as_of ? (
          <Badge color="red" variant="filled" size="sm" aria-label={`LIVE ${marketTime(s.live_as_of)}`}>
            LIVE {marketTime(s.live_as_of)}
          </Badge>
        ) : null}
      </Group>
      <Group gap={6} align="baseline">
        <Text size="xl" fw={700} c={TONE_COLOURS[tone]} data-tone={tone} data-testid="price">
          {formatNumber(current)}
        </Text>
        <Tooltip label={hint} withArrow>
          <IconInfoCircle size={16} aria-label={hint} role="img" />
        </Tooltip>
        {s?.change_percent !== null && s?.change_percent !== undefined ? (
          <Text size="sm" c={TONE_COLOURS[tone]}>
            {formatPercent(s.change_percent)}
          </Text>
        ) : null}
      </Group>
      <SimpleGrid cols={2} spacing="xs" verticalSpacing={4}>
        <Figure label="Open">{formatNumber(s?.open_price)}</Figure>
        <Figure label="High">{formatNumber(s?.high_price)}</Figure>
        <Figure label="Low">{formatNumber(s?.low_price)}</Figure>
        <Figure label="Volume">{formatNumber(s?.volume)}</Figure>
      </SimpleGrid>
      <SimpleGrid cols={2} spacing="xs">
        <OpenFigure label="Đầu tuần" open={s?.week_open ?? null} current={current} testId="week-open" />
        <OpenFigure label="Đầu tháng" open={s?.month_open ?? null} current={current} testId="month-open" />
      </SimpleGrid>
    </Stack>
  );

  return (
    <Card withBorder padding="sm" radius="md" component="article" aria-label={ticker} pos="relative">
      {onRemove ? (
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          pos="absolute"
          top={6}
          right={6}
          style={{ zIndex: 1 }}
          aria-label={`Remove ${ticker}`}
          loading={removing}
          onClick={onRemove}
        >
          <IconX size={14} />
        </ActionIcon>
      ) : null}
      {link ? (
        <Link
          to={`/stocks/${ticker}`}
          style={{ color: 'inherit', textDecoration: 'none' }}
          aria-label={`${ticker} ${name}`}
        >
          {body}
        </Link>
      ) : (
        body
      )}
    </Card>
  );
}

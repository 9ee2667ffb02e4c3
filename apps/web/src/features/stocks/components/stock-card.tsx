// One watchlist card (spec section 2, Watchlists): ticker, exchange, company, the price in the
// board's colours with the previous close in a tooltip, LIVE with its time, Open/High/Low/Volume,
// and 'Đầu tuần' / 'Đầu tháng' with arrows against the current price; on a watchlist, the item's
// note and target with the pencil that edits them, and 'Target crossed' once the price crossed it.
import { ActionIcon, Badge, Card, Divider, Group, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core';
import { type ExchangeCode, type Snapshot, targetCrossed } from '@staff/contracts';
import {
  IconArrowDownRight,
  IconArrowUpRight,
  IconInfoCircle,
  IconMinus,
  IconPencil,
  IconTargetArrow,
  IconX,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { CardItemFields } from '../api';
import {
  type Direction,
  direction,
  formatNumber,
  formatPercent,
  prevCloseHint,
  priceTone,
  TONE_COLOURS,
} from '../format';
import { LiveBadge } from './demo-notice';

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
  /** The watchlist item the card stands for: its note and target are shown under the figures. */
  item?: CardItemFields;
  /** Shown as a pencil beside the note and target when given. */
  onEdit?: () => void;
}

/** Words of a card's note and target (issue 26). */
export const TARGET_WORDS = {
  crossed: 'Target crossed',
  target: 'Target',
  none: 'No note or target',
  untracked:
    'Not marked when crossed: it was set at the price or before the stock had one. Set it again to track it.',
  edit: (ticker: string) => `Edit note and target of ${ticker}`,
} as const;

/** The note and the target under the figures, with the pencil that edits them. */
function ItemFooter({ ticker, item, onEdit }: { ticker: string; item: CardItemFields; onEdit?: () => void }) {
  const { note, target_price: target, target_direction: side } = item;
  return (
    <>
      <Divider />
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        <Stack gap={2} style={{ minWidth: 0 }}>
          {target !== null ? (
            <Group gap={4} wrap="nowrap" data-testid="target" data-direction={side ?? 'none'}>
              <Text size="xs" c="dimmed">
                {TARGET_WORDS.target}
              </Text>
              <Text size="sm" fw={600}>
                {formatNumber(target)}
              </Text>
              {side === 'above' ? (
                <IconArrowUpRight size={14} aria-label="waiting for a rise" role="img" />
              ) : side === 'below' ? (
                <IconArrowDownRight size={14} aria-label="waiting for a fall" role="img" />
              ) : (
                <Tooltip label={TARGET_WORDS.untracked} withArrow multiline w={240}>
                  <IconInfoCircle size={14} aria-label={TARGET_WORDS.untracked} role="img" />
                </Tooltip>
              )}
            </Group>
          ) : null}
          {note ? (
            <Text size="sm" data-testid="note" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {note}
            </Text>
          ) : null}
          {target === null && !note ? (
            <Text size="xs" c="dimmed">
              {TARGET_WORDS.none}
            </Text>
          ) : null}
        </Stack>
        {onEdit ? (
          <Tooltip label={TARGET_WORDS.edit(ticker)} withArrow>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="sm"
              aria-label={TARGET_WORDS.edit(ticker)}
              onClick={onEdit}
            >
              <IconPencil size={14} />
            </ActionIcon>
          </Tooltip>
        ) : null}
      </Group>
    </>
  );
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
  item,
  onEdit,
}: StockCardProps) {
  const tone = s ? priceTone(s) : 'none';
  const current = s?.current_price ?? null;
  const crossed = item ? targetCrossed(item, current) : false;
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
            {crossed ? (
              <Badge color="indigo" variant="filled" size="sm" leftSection={<IconTargetArrow size={12} />}>
                {TARGET_WORDS.crossed}
              </Badge>
            ) : null}
          </Group>
          <Text size="xs" c="dimmed" lineClamp={1} title={name}>
            {name}
          </Text>
        </div>
        {s?.live_as_of ? <LiveBadge asOf={s.live_as_of} /> : null}
      </Group>
      <Group gap={6} align="baseline">
        <Text size="xl" fw={700} c={TONE_COLOURS[tone]} data-tone={tone} data-testid="price">
          {formatNumber(current)}
        </Text>
        <Tooltip label={hint} withArrow>
          <IconInfoCircle size={16} aria-label={hint} role="img" />
        </Tooltip>
        {s?.change_percent !== null && s?.change_percent !== undefined ? (
          // In the text's own colour: the board's green and red on white are too faint for text this
          // small (axe, WCAG AA 4.5:1); the price beside it carries the tone, the sign the direction.
          <Text size="sm" fw={500} data-testid="change-percent">
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
    <Card
      withBorder
      padding="sm"
      radius="md"
      component="article"
      aria-label={ticker}
      pos="relative"
      data-crossed={item ? crossed : undefined}
      style={crossed ? { borderColor: 'var(--mantine-color-indigo-6)' } : undefined}
    >
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
      {item ? (
        <Stack gap="xs" mt="xs">
          <ItemFooter ticker={ticker} item={item} onEdit={onEdit} />
        </Stack>
      ) : null}
    </Card>
  );
}

// The player card (spec 2, Player card): figures, progress out of the Rat Race or to the Fast Track win,
// assets, debts, income and expenses, children, and the card picker. Only the active player's controls
// are enabled: every control sits in one fieldset that is disabled for the others.
// On a phone passed around the table (issue 27) the active player's card shows their cash large and
// starts with its debt list and income statement closed; another player's card is a short summary
// (name, career, phase, cash, passive income, cash flow) that opens into the whole card.
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Group,
  Progress,
  SimpleGrid,
  Stack,
  Switch,
  Text,
} from '@mantine/core';
import {
  cashFlow,
  FAST_TRACK_WIN_INCOME,
  fastTrackIncome,
  type GameState,
  MAX_CHILDREN,
  type Player,
  passiveIncome,
  progress,
  totalExpenses,
} from '@staff/cashflow-engine';
import { IconCards, IconChevronDown, IconMinus, IconPlus } from '@tabler/icons-react';
import { lazy, Suspense, useId, useState } from 'react';
import { formatUsd } from '../format';
import { CashAdjust } from './cash-adjust';
import { EnterFastTrack } from './enter-fast-track';
import { IncomeStatement } from './income-statement';
import { PlayerAssets } from './player-assets';
import { PlayerDebts } from './player-debts';
import classes from './session.module.css';
import { useRunAction } from './use-run-action';

/** The card picker, the largest part of the screen's code, loads when first wanted (decision 0022). */
export const loadCardPicker = () => import('./card-picker');
const CardPicker = lazy(async () => ({ default: (await loadCardPicker()).CardPicker }));

function Figure({ label, value, large = false }: { label: string; value: number; large?: boolean }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} c={value < 0 ? 'red' : undefined} className={large ? classes.cash : undefined}>
        {formatUsd(value)}
      </Text>
    </Stack>
  );
}

export function PlayerCard({
  player,
  state,
  active,
  phone,
}: {
  player: Player;
  state: GameState;
  active: boolean;
  /** Laid out for a phone passed around the table: see the file's head. */
  phone: boolean;
}) {
  const fast = player.phase === 'fast';
  const income = fast ? fastTrackIncome(player) : passiveIncome(player);
  const target = fast ? FAST_TRACK_WIN_INCOME : totalExpenses(player);
  const run = useRunAction();
  const [pickerOpen, setPickerOpen] = useState(false);
  const summaryOnly = phone && !active;
  const [opened, setOpened] = useState(false);
  const bodyId = useId();
  const finished = state.finishedAt !== null;
  const enabled = active && !finished;
  const showBody = !summaryOnly || opened;

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
              {player.isGuest ? ' · Khách' : ''}
            </Text>
          </Stack>
          <Group gap={4} justify="flex-end">
            {active && <Badge>Đang chơi</Badge>}
            {player.isWinner && <Badge color="yellow">Winner</Badge>}
            <Badge variant="light" color={fast ? 'green' : 'gray'}>
              {fast ? 'Fast Track' : 'Rat Race'}
            </Badge>
          </Group>
        </Group>
        {active ? (
          <Group justify="space-between" align="flex-end" gap="xs">
            <Figure label="Tiền mặt" value={player.cash} large />
            <SimpleGrid cols={2} spacing="md" style={{ flex: '1 1 200px', maxWidth: 320 }}>
              <Figure label="Thu nhập bị động" value={passiveIncome(player)} />
              <Figure label="Dòng tiền / vòng" value={cashFlow(player)} />
            </SimpleGrid>
          </Group>
        ) : (
          <SimpleGrid cols={3} spacing="xs">
            <Figure label="Tiền mặt" value={player.cash} />
            <Figure label="Thu nhập bị động" value={passiveIncome(player)} />
            <Figure label="Dòng tiền / vòng" value={cashFlow(player)} />
          </SimpleGrid>
        )}
        {summaryOnly && (
          <Button
            variant="subtle"
            size="compact-sm"
            ml="auto"
            rightSection={
              <IconChevronDown size={16} className={classes.chevron} data-opened={opened || undefined} />
            }
            aria-label={`Chi tiết: ${player.name}`}
            aria-expanded={opened}
            aria-controls={opened ? bodyId : undefined}
            onClick={() => setOpened((o) => !o)}
          >
            Chi tiết
          </Button>
        )}
        {showBody && (
          <Stack gap="xs" id={bodyId}>
            <Stack gap={2}>
              <Progress value={progress(player) * 100} color={fast ? 'green' : 'blue'} aria-label="Tiến độ" />
              <Text size="xs" c="dimmed">
                {fast ? 'Fast Track' : 'Thoát Rat Race'}: {formatUsd(income)} / {formatUsd(target)}
              </Text>
            </Stack>

            <fieldset
              disabled={!enabled}
              aria-label={`Điều khiển của ${player.name}`}
              style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}
            >
              <Stack gap="sm">
                <Button
                  leftSection={<IconCards size={18} />}
                  onClick={() => setPickerOpen(true)}
                  disabled={!enabled}
                >
                  Chọn thẻ
                </Button>
                <PlayerAssets player={player} state={state} enabled={enabled} />
                {!fast && (
                  <PlayerDebts player={player} state={state} enabled={enabled} defaultOpened={!phone} />
                )}
                <IncomeStatement player={player} defaultOpened={!phone} />
                {fast ? (
                  <Switch
                    label="Đã mua Ước mơ"
                    checked={player.hasDream}
                    disabled={!enabled}
                    onChange={(event) =>
                      run({ type: 'setDream', playerId: player.id, hasDream: event.currentTarget.checked })
                    }
                  />
                ) : (
                  <Group justify="space-between">
                    <Text size="sm">
                      Con: {player.babies} / {MAX_CHILDREN}
                      <Text span size="xs" c="dimmed">
                        {' '}
                        ({formatUsd(player.childCost)} / con)
                      </Text>
                    </Text>
                    <Group gap={6}>
                      <ActionIcon
                        variant="default"
                        size="lg"
                        aria-label="Bớt một con"
                        disabled={!enabled || player.babies <= 0}
                        onClick={() => run({ type: 'addChildren', playerId: player.id, delta: -1 })}
                      >
                        <IconMinus size={18} />
                      </ActionIcon>
                      <ActionIcon
                        variant="default"
                        size="lg"
                        aria-label="Thêm một con"
                        disabled={!enabled || player.babies >= MAX_CHILDREN}
                        onClick={() => run({ type: 'addChildren', playerId: player.id, delta: 1 })}
                      >
                        <IconPlus size={18} />
                      </ActionIcon>
                    </Group>
                  </Group>
                )}
                <CashAdjust player={player} enabled={enabled} />
                {enabled && <EnterFastTrack player={player} state={state} />}
              </Stack>
            </fieldset>
          </Stack>
        )}
      </Stack>
      {pickerOpen && (
        <Suspense fallback={null}>
          <CardPicker
            player={player}
            state={state}
            opened={pickerOpen}
            onClose={() => setPickerOpen(false)}
          />
        </Suspense>
      )}
    </Card>
  );
}

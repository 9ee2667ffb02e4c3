// The leaderboard (spec 2 Home and Hall, 3, 5, 8): scope all / year / month, year and month,
// 'Gồm khách', the users' and guests' wins, total games and mean minutes. In full on the hall;
// as LeaderboardSummary (top five, the home's error text with the URL) on the home screen.
import {
  Card,
  Checkbox,
  Group,
  Loader,
  NumberInput,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import type { LeaderboardRange } from '@staff/cashflow-engine';
import { LEADERBOARD_MIN_YEAR, type LeaderboardResponse } from '@staff/contracts';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { leaderboardUrl, useLeaderboard } from '../api/get-leaderboard';
import { type LeaderboardFilterState, useLeaderboardFilter } from './leaderboard-filter-state';

export const LEADERBOARD_TEXTS = {
  title: 'Bảng xếp hạng',
  users: 'Người chơi thắng nhiều nhất',
  guests: 'Khách thắng nhiều nhất',
  includeGuests: 'Gồm khách',
  noUsers: '(Chưa có dữ liệu)',
  noGuests: '(Không có hoặc chưa bật include_guests)',
  hallError: 'Không tải được leaderboard.',
  homeError: 'Không tải được leaderboard. Kiểm tra API_BASE_URL hoặc CORS.',
} as const;

const RANGES: { value: LeaderboardRange; label: string }[] = [
  { value: 'all', label: 'Tất cả' },
  { value: 'year', label: 'Theo năm' },
  { value: 'month', label: 'Theo tháng' },
];

const SUMMARY_ROWS = 5;
const minutes = new Intl.NumberFormat('vi-VN', { maximumFractionDigits: 1 });
const count = new Intl.NumberFormat('vi-VN');

function LeaderboardFilters({ state }: { state: LeaderboardFilterState }) {
  const { filter } = state;
  return (
    <Stack gap="xs">
      <SegmentedControl
        aria-label="Phạm vi"
        fullWidth
        data={RANGES}
        value={filter.range}
        onChange={(value) => state.setRange(value as LeaderboardRange)}
      />
      <Group gap="sm" grow align="flex-end">
        <NumberInput
          label="Năm"
          min={LEADERBOARD_MIN_YEAR}
          allowDecimal={false}
          allowNegative={false}
          value={state.yearInput}
          onChange={state.setYear}
          disabled={filter.range === 'all'}
        />
        <NumberInput
          label="Tháng"
          min={1}
          max={12}
          allowDecimal={false}
          allowNegative={false}
          value={state.monthInput}
          onChange={state.setMonth}
          disabled={filter.range !== 'month'}
        />
      </Group>
      <Checkbox
        label={LEADERBOARD_TEXTS.includeGuests}
        checked={filter.includeGuests}
        onChange={(event) => state.setIncludeGuests(event.currentTarget.checked)}
      />
    </Stack>
  );
}

type Row = { key: string; name: string; wins: number };

function WinsTable({ caption, rows, empty }: { caption: string; rows: Row[]; empty: string }) {
  return (
    <Stack gap={4}>
      <Text fw={600}>{caption}</Text>
      {rows.length === 0 ? (
        <Text c="dimmed" size="sm">
          {empty}
        </Text>
      ) : (
        <Table striped withTableBorder aria-label={caption}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={40}>#</Table.Th>
              <Table.Th>Tên</Table.Th>
              <Table.Th ta="right">Số ván thắng</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row, i) => (
              <Table.Tr key={row.key}>
                <Table.Td>{i + 1}</Table.Td>
                <Table.Td>{row.name}</Table.Td>
                <Table.Td ta="right">{count.format(row.wins)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

function LeaderboardBody({ data, limit }: { data: LeaderboardResponse; limit?: number }) {
  const users = data.users
    .slice(0, limit)
    .map((u) => ({ key: `u${u.user_id}`, name: u.display_name, wins: u.wins }));
  const guests = data.guests
    .slice(0, limit)
    .map((g) => ({ key: `g${g.display_name}`, name: g.display_name, wins: g.wins }));
  return (
    <Stack gap="sm">
      <WinsTable caption={LEADERBOARD_TEXTS.users} rows={users} empty={LEADERBOARD_TEXTS.noUsers} />
      <WinsTable caption={LEADERBOARD_TEXTS.guests} rows={guests} empty={LEADERBOARD_TEXTS.noGuests} />
      <Group gap="lg">
        <Text size="sm">
          Tổng số ván: <b>{count.format(data.total_games)}</b>
        </Text>
        <Text size="sm">
          Thời lượng trung bình: <b>{minutes.format(data.avg_game_duration_minutes)} phút</b>
        </Text>
      </Group>
    </Stack>
  );
}

export interface LeaderboardPanelProps {
  /** 'summary': the home screen's compact form (top five, the error with the URL). */
  variant?: 'full' | 'summary';
}

export function LeaderboardPanel({ variant = 'full' }: LeaderboardPanelProps) {
  const state = useLeaderboardFilter();
  const query = useLeaderboard(state.filter);
  const summary = variant === 'summary';

  return (
    <Card
      withBorder
      radius="md"
      padding={summary ? 'sm' : 'md'}
      component="section"
      aria-label={LEADERBOARD_TEXTS.title}
    >
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={summary ? 4 : 3}>{LEADERBOARD_TEXTS.title}</Title>
          {query.isFetching && <Loader size="xs" role="status" aria-label="Đang tải bảng xếp hạng" />}
        </Group>
        <LeaderboardFilters state={state} />
        {query.isError ? (
          <LoadErrorAlert
            lang="vi"
            title={summary ? LEADERBOARD_TEXTS.homeError : LEADERBOARD_TEXTS.hallError}
            error={query.error}
            onRetry={() => query.refetch()}
            retrying={query.isFetching}
          >
            {summary && (
              <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
                {`${window.location.origin}${leaderboardUrl(state.filter)}`}
              </Text>
            )}
          </LoadErrorAlert>
        ) : query.data ? (
          <LeaderboardBody data={query.data} limit={summary ? SUMMARY_ROWS : undefined} />
        ) : (
          <Text c="dimmed" size="sm">
            Đang tải…
          </Text>
        )}
      </Stack>
    </Card>
  );
}

/** The home screen's leaderboard: the same filters, the top five of each list. */
export function LeaderboardSummary() {
  return <LeaderboardPanel variant="summary" />;
}

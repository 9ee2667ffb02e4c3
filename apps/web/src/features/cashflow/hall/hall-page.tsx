// Hall (spec 2): the finished games, newest first, each expandable into one card per player,
// and the full leaderboard. On a laptop the games are a table; on a phone (issue 27) each game is a card
// with the table's columns as labelled lines, and its players' cards open under it, the full width of
// the screen (inside a table that scrolls sideways they were cut off and looked empty).
import { Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { WIN_METHOD_LABELS } from '@staff/cashflow-engine';
import {
  CASHFLOW_SESSION_DEFAULT_PAGE_SIZE,
  CASHFLOW_SESSION_PAGE_SIZES,
  type FinishedResult,
  type FinishedSession,
} from '@staff/contracts';
import { IconCheck, IconRefresh, IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Fragment, type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { ListPagination } from '../../../components/list-pagination';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { cashflowKeys } from '../api/cashflow-keys';
import { useFinishedSessions } from '../api/get-sessions';
import { usePhoneLayout } from '../components/use-phone-layout';
import { LeaderboardPanel } from '../leaderboard/leaderboard-panel';
import { durationMinutes, formatStart, formatVnd } from './hall-format';

export const HALL_TEXTS = {
  title: 'Lịch sử ván chơi',
  reload: 'Tải lại',
  show: 'Xem',
  hide: 'Ẩn',
  empty: 'Chưa có ván nào được lưu. Hãy chơi một ván và kết thúc để lưu kết quả.',
  newGame: 'Bắt đầu ván mới',
  error: 'Không tải được danh sách ván. Kiểm tra API_BASE_URL/CORS.',
} as const;

const COLUMNS = [
  'Bắt đầu',
  'Số người chơi',
  'Cách thắng',
  'Người thắng',
  'Thời lượng (phút)',
  'Chi tiết',
] as const;

function PlayerResultCard({ result }: { result: FinishedResult }) {
  return (
    <Card withBorder padding="sm" radius="md" aria-label={`Kết quả ${result.display_name}`}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text fw={600} truncate>
          {result.display_name}
        </Text>
        {result.is_winner && <Badge color="yellow">Winner</Badge>}
      </Group>
      <Text size="sm" c="dimmed">
        {result.career}
      </Text>
      <Stack gap={2} mt="xs">
        <Text size="sm">Thu nhập thụ động: {formatVnd(result.passive_income)}</Text>
        <Text size="sm">Chi phí: {formatVnd(result.expenses)}</Text>
        <Text size="sm">Tiền mặt cuối ván: {formatVnd(result.cash_on_hand_end)}</Text>
        <Group gap={4}>
          <Text size="sm">Thoát Rat Race:</Text>
          {result.escaped_ratrace ? (
            <IconCheck size={16} color="var(--mantine-color-green-7)" aria-label="Đã thoát" role="img" />
          ) : (
            <IconX size={16} color="var(--mantine-color-gray-6)" aria-label="Chưa thoát" role="img" />
          )}
        </Group>
      </Stack>
    </Card>
  );
}

function SessionRow({ session }: { session: FinishedSession }) {
  const [open, setOpen] = useState(false);
  const winner = session.results.find((r) => r.is_winner);
  const detailsId = `cashflow-session-${session.id}`;
  return (
    <Fragment>
      <Table.Tr>
        <Table.Td>{formatStart(session.start_time)}</Table.Td>
        <Table.Td>{session.num_players}</Table.Td>
        <Table.Td>{WIN_METHOD_LABELS[session.win_type]}</Table.Td>
        <Table.Td>{winner?.display_name ?? '—'}</Table.Td>
        <Table.Td>{durationMinutes(session.duration_seconds)}</Table.Td>
        <Table.Td>
          <Button
            size="compact-sm"
            variant="light"
            aria-expanded={open}
            aria-controls={detailsId}
            onClick={() => setOpen((o) => !o)}
          >
            {open ? HALL_TEXTS.hide : HALL_TEXTS.show}
          </Button>
        </Table.Td>
      </Table.Tr>
      {open && (
        <Table.Tr id={detailsId}>
          <Table.Td colSpan={COLUMNS.length}>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              {session.results.map((r) => (
                <PlayerResultCard key={r.id} result={r} />
              ))}
            </SimpleGrid>
          </Table.Td>
        </Table.Tr>
      )}
    </Fragment>
  );
}

function SessionCard({ session }: { session: FinishedSession }) {
  const [open, setOpen] = useState(false);
  const winner = session.results.find((r) => r.is_winner);
  const detailsId = `cashflow-session-${session.id}`;
  const fields: [string, ReactNode][] = [
    [COLUMNS[1], session.num_players],
    [COLUMNS[2], WIN_METHOD_LABELS[session.win_type]],
    [COLUMNS[3], winner?.display_name ?? '—'],
    [COLUMNS[4], durationMinutes(session.duration_seconds)],
  ];
  return (
    <Card
      component="li"
      withBorder
      padding="sm"
      radius="md"
      aria-label={`Ván ${formatStart(session.start_time)}`}
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text size="xs" c="dimmed">
              {COLUMNS[0]}
            </Text>
            <Text fw={600}>{formatStart(session.start_time)}</Text>
          </Stack>
          <Button
            size="compact-sm"
            variant="light"
            aria-expanded={open}
            aria-controls={open ? detailsId : undefined}
            onClick={() => setOpen((o) => !o)}
          >
            {open ? HALL_TEXTS.hide : HALL_TEXTS.show}
          </Button>
        </Group>
        <SimpleGrid cols={2} spacing="xs" verticalSpacing={4} component="dl" m={0}>
          {fields.map(([label, value]) => (
            <div key={label}>
              <Text component="dt" size="xs" c="dimmed">
                {label}
              </Text>
              <Text component="dd" size="sm" m={0}>
                {value}
              </Text>
            </div>
          ))}
        </SimpleGrid>
        {open && (
          <Stack gap="xs" id={detailsId}>
            {session.results.map((r) => (
              <PlayerResultCard key={r.id} result={r} />
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

function SessionCards({ sessions }: { sessions: FinishedSession[] }) {
  return (
    <Stack component="ul" gap="sm" m={0} p={0} aria-label={HALL_TEXTS.title} style={{ listStyle: 'none' }}>
      {sessions.map((s) => (
        <SessionCard key={s.id} session={s} />
      ))}
    </Stack>
  );
}

function SessionsTable({ sessions }: { sessions: FinishedSession[] }) {
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing="xs" aria-label={HALL_TEXTS.title}>
        <Table.Thead>
          <Table.Tr>
            {COLUMNS.map((c) => (
              <Table.Th key={c}>{c}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sessions.map((s) => (
            <SessionRow key={s.id} session={s} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function HallPage() {
  useDocumentTitle(HALL_TEXTS.title);
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(CASHFLOW_SESSION_DEFAULT_PAGE_SIZE);
  const sessions = useFinishedSessions(page, pageSize);
  const data = sessions.data;
  const phone = usePhoneLayout();

  return (
    <Stack gap="md" py="md">
      <Anchor component={Link} to="/cashflow" size="sm">
        ← CashFlow Helper
      </Anchor>
      <Group justify="space-between">
        <Title order={2}>{HALL_TEXTS.title}</Title>
        <Button
          variant="default"
          leftSection={<IconRefresh size={16} />}
          loading={sessions.isFetching}
          onClick={() => queryClient.invalidateQueries({ queryKey: cashflowKeys.all })}
        >
          {HALL_TEXTS.reload}
        </Button>
      </Group>

      {sessions.isError ? (
        <LoadErrorAlert
          lang="vi"
          title={HALL_TEXTS.error}
          error={sessions.error}
          onRetry={() => sessions.refetch()}
          retrying={sessions.isFetching}
        />
      ) : !data ? (
        <Text c="dimmed">Đang tải…</Text>
      ) : data.count === 0 ? (
        <Card withBorder radius="md" padding="lg">
          <Stack gap="sm" align="flex-start">
            <Text>{HALL_TEXTS.empty}</Text>
            <Button component={Link} to="/cashflow/setup">
              {HALL_TEXTS.newGame}
            </Button>
          </Stack>
        </Card>
      ) : (
        <Stack gap="sm">
          {phone ? <SessionCards sessions={data.results} /> : <SessionsTable sessions={data.results} />}
          <ListPagination
            page={page}
            lastPage={Math.max(1, Math.ceil(data.count / pageSize))}
            pageSize={pageSize}
            pageSizes={CASHFLOW_SESSION_PAGE_SIZES}
            count={data.count}
            onPageChange={setPage}
            onPageSizeChange={(size) => {
              setPageSize(size);
              setPage(1);
            }}
            disabled={sessions.isFetching}
          />
        </Stack>
      )}

      <LeaderboardPanel />
    </Stack>
  );
}

// 'Bàn của bạn' on /cashflow/join (issue 25): the tables you host or sit at, newest first, paged like
// the hall, each with its code, players and status, opening its screen (where the host of a closed
// table resumes it or downloads its log).
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import {
  TABLE_DEFAULT_PAGE_SIZE,
  TABLE_IDLE_CLOSE_HOURS,
  TABLE_PAGE_SIZES,
  type TableSummary,
} from '@staff/contracts';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { ListPagination } from '../../../components/list-pagination';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { formatStart } from '../hall/hall-format';
import { useYourTables } from './api';

export const TABLE_STATUS_LABELS: Record<TableSummary['status'], string> = {
  open: 'Đang chơi',
  finished: 'Đã kết thúc',
  closed: 'Đã đóng',
};
const STATUS_COLORS: Record<TableSummary['status'], string> = {
  open: 'green',
  finished: 'gray',
  closed: 'orange',
};

export const YOUR_TABLES_TEXTS = {
  title: 'Bàn của bạn',
  empty: 'Bạn chưa mở hay ngồi ở bàn nào.',
  error: 'Không tải được danh sách bàn',
  closedHint: `Bàn không ai chơi trong ${TABLE_IDLE_CLOSE_HOURS} giờ sẽ đóng; chủ bàn vẫn mở lại được để tải nhật ký hoặc tiếp tục ván.`,
  host: 'Chủ bàn',
  open: 'Mở bàn',
} as const;

function TableItem({ table }: { table: TableSummary }) {
  return (
    <Card component="li" withBorder padding="sm" radius="md" aria-label={`Bàn ${table.code}`}>
      <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap="xs">
            <Text ff="monospace" fw={700} style={{ letterSpacing: '0.1em' }}>
              {table.code}
            </Text>
            <Badge color={STATUS_COLORS[table.status]} variant="light">
              {TABLE_STATUS_LABELS[table.status]}
            </Badge>
            {table.is_host && (
              <Badge color="gray" variant="outline">
                {YOUR_TABLES_TEXTS.host}
              </Badge>
            )}
          </Group>
          <Text size="sm">{table.players.join(', ')}</Text>
          <Text size="xs" c="dimmed">
            Thay đổi lần cuối {formatStart(table.updated_at)}
          </Text>
        </Stack>
        <Button
          component={Link}
          to={`/cashflow/tables/${table.id}`}
          size="xs"
          variant="light"
          aria-label={`${YOUR_TABLES_TEXTS.open} ${table.code}`}
        >
          {YOUR_TABLES_TEXTS.open}
        </Button>
      </Group>
    </Card>
  );
}

export function YourTables() {
  const titleId = useId();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(TABLE_DEFAULT_PAGE_SIZE);
  const tables = useYourTables(page, pageSize);
  const data = tables.data;
  return (
    <Stack gap="xs" component="section" aria-labelledby={titleId}>
      <Title order={3} id={titleId}>
        {YOUR_TABLES_TEXTS.title}
      </Title>
      {tables.isError ? (
        <LoadErrorAlert
          lang="vi"
          title={YOUR_TABLES_TEXTS.error}
          error={tables.error}
          onRetry={() => tables.refetch()}
          retrying={tables.isFetching}
        />
      ) : !data ? (
        <Text c="dimmed">Đang tải…</Text>
      ) : data.count === 0 ? (
        <Text c="dimmed">{YOUR_TABLES_TEXTS.empty}</Text>
      ) : (
        <>
          <Stack
            component="ul"
            gap="xs"
            m={0}
            p={0}
            style={{ listStyle: 'none' }}
            aria-label={YOUR_TABLES_TEXTS.title}
          >
            {data.results.map((table) => (
              <TableItem key={table.id} table={table} />
            ))}
          </Stack>
          <Text size="xs" c="dimmed">
            {YOUR_TABLES_TEXTS.closedHint}
          </Text>
          <ListPagination
            page={page}
            lastPage={Math.max(1, Math.ceil(data.count / pageSize))}
            pageSize={pageSize}
            pageSizes={TABLE_PAGE_SIZES}
            count={data.count}
            onPageChange={setPage}
            onPageSizeChange={(size) => {
              setPageSize(size);
              setPage(1);
            }}
            disabled={tables.isFetching}
          />
        </>
      )}
    </Stack>
  );
}

// A paged list's table (the users list, the audit log): striped rows that scroll inside their card
// on a phone, placeholder rows while the first page loads, and one row saying so when the page is
// empty.
import { Skeleton, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** At most this many placeholder rows, whatever the page size. */
const MAX_PLACEHOLDER_ROWS = 10;

interface ListTableProps<T> {
  /** The table's accessible name. */
  label: string;
  className?: string;
  /** True while a page loads (aria-busy). */
  busy: boolean;
  /** The header cells. */
  head: ReactNode;
  columnCount: number;
  /** null while the first page loads. */
  rows: readonly T[] | null;
  pageSize: number;
  emptyText: string;
  /** One keyed `<Table.Tr>` a row. */
  renderRow: (row: T) => ReactNode;
}

export function ListTable<T>({
  label,
  className,
  busy,
  head,
  columnCount,
  rows,
  pageSize,
  emptyText,
  renderRow,
}: ListTableProps<T>) {
  return (
    <Table.ScrollContainer minWidth={860} type="native">
      <Table
        striped
        highlightOnHover
        verticalSpacing="xs"
        horizontalSpacing={8}
        aria-busy={busy}
        aria-label={label}
        className={className}
      >
        <Table.Thead>
          <Table.Tr>{head}</Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows === null &&
            Array.from({ length: Math.min(pageSize, MAX_PLACEHOLDER_ROWS) }, (_, row) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have nothing else to key on
              <Table.Tr key={row} aria-hidden>
                {Array.from({ length: columnCount }, (_, cell) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cells
                  <Table.Td key={cell}>
                    <Skeleton height={14} radius="sm" />
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          {rows?.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={columnCount}>
                <Text ta="center" c="dimmed" py="xl">
                  {emptyText}
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
          {rows?.map(renderRow)}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

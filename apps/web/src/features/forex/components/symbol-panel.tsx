// The left panel: Metals, then Currencies with the favourites as buttons and every other currency
// in the 'Select currency' dropdown under 'Other Currencies' (spec: Forex and gold dashboard). On a
// phone (`compact`) the same groups are a list under the chart, each symbol with its last price (the
// metals one to a row, their names being long; the currencies two), so a tap shows its effect on the
// chart right above.
import { Button, Group, Paper, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useLastPrice } from '../api/get-latest';
import { formatWhole } from '../format';
import { groupSymbols, symbolLabel } from '../symbols';
import { SymbolIcon } from './symbol-icon';

function LastPrice({ symbol }: { symbol: string }) {
  const last = useLastPrice(symbol);
  return (
    <Text span size="xs" c="dimmed" ml="auto" pl={6} data-testid="symbol-last">
      {last.data === undefined ? '…' : formatWhole(last.data)}
    </Text>
  );
}

function SymbolButton({
  symbol,
  selected,
  onSelect,
  compact,
}: {
  symbol: string;
  selected: boolean;
  onSelect: (s: string) => void;
  compact: boolean;
}) {
  const label = symbolLabel(symbol);
  return (
    <Button
      variant={selected ? 'filled' : 'default'}
      justify="flex-start"
      fullWidth
      size={compact ? 'sm' : undefined}
      px={compact ? 'xs' : undefined}
      aria-pressed={selected}
      title={label.long}
      onClick={() => onSelect(symbol)}
      data-symbol={symbol}
      styles={compact ? { label: { width: '100%' } } : undefined}
    >
      <span aria-hidden="true" style={{ display: 'inline-flex', marginRight: compact ? 6 : 8 }}>
        <SymbolIcon icon={label.icon} />
      </span>
      {label.short}
      {compact && <LastPrice symbol={symbol} />}
    </Button>
  );
}

/** One group's symbols as buttons: a column on a laptop, two columns on a phone. */
function SymbolButtons({
  symbols,
  selected,
  onSelect,
  compact,
  emptyText,
  testId,
  compactCols = 2,
}: {
  symbols: string[];
  selected: string;
  onSelect: (symbol: string) => void;
  compact: boolean;
  /** Said when the group has no symbol. */
  emptyText?: string;
  testId: string;
  /** Columns on a phone: one for the metals, whose long names leave no room beside them for a price. */
  compactCols?: 1 | 2;
}) {
  const buttons = symbols.map((s) => (
    <SymbolButton key={s} symbol={s} selected={s === selected} onSelect={onSelect} compact={compact} />
  ));
  const empty =
    symbols.length === 0 && emptyText ? (
      <Text size="sm" c="dimmed">
        {emptyText}
      </Text>
    ) : null;
  return compact ? (
    <SimpleGrid cols={compactCols} spacing={6} verticalSpacing={6} data-testid={testId}>
      {buttons}
      {empty}
    </SimpleGrid>
  ) : (
    <Stack gap={6} data-testid={testId}>
      {buttons}
      {empty}
    </Stack>
  );
}

/** A titled group of the panel (Metals, Currencies). */
function SymbolSection({
  id,
  title,
  compact,
  children,
}: {
  id: string;
  title: string;
  compact: boolean;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id}>
      <Title order={compact ? 5 : 4} id={id} mb="xs">
        {title}
      </Title>
      {children}
    </section>
  );
}

export function SymbolPanel({
  symbols,
  loading,
  selected,
  onSelect,
  compact = false,
}: {
  symbols: string[] | undefined;
  loading: boolean;
  selected: string;
  onSelect: (symbol: string) => void;
  /** The phone's list: two columns, each symbol with its last price. */
  compact?: boolean;
}) {
  if (loading) {
    return (
      <Paper withBorder p="md" radius="md">
        <Text role="status">Loading...</Text>
      </Paper>
    );
  }
  const { metals, favorites, others } = groupSymbols(symbols ?? []);
  const group = { selected, onSelect, compact };
  return (
    <Paper withBorder p={compact ? 'sm' : 'md'} radius="md" component="nav" aria-label="Symbols">
      <Stack gap={compact ? 'sm' : 'md'}>
        <SymbolSection id="forex-metals" title="Metals" compact={compact}>
          <SymbolButtons
            {...group}
            symbols={metals}
            emptyText="No metals yet."
            testId="metals-group"
            compactCols={1}
          />
        </SymbolSection>
        <SymbolSection id="forex-currencies" title="Currencies" compact={compact}>
          <SymbolButtons {...group} symbols={favorites} testId="favorites-group" />
          {others.length > 0 && (
            <Stack gap={4} mt="sm">
              <Text size="sm" fw={600} id="forex-other-currencies">
                Other Currencies
              </Text>
              <Select
                aria-labelledby="forex-other-currencies"
                placeholder="Select currency"
                searchable
                data={others.map((s) => ({ value: s, label: symbolLabel(s).long }))}
                renderOption={({ option }) => (
                  <Group gap={8} wrap="nowrap">
                    <SymbolIcon icon={symbolLabel(option.value).icon} />
                    {option.label}
                  </Group>
                )}
                leftSection={
                  others.includes(selected) ? <SymbolIcon icon={symbolLabel(selected).icon} /> : undefined
                }
                value={others.includes(selected) ? selected : null}
                onChange={(value) => value && onSelect(value)}
                nothingFoundMessage="No currency"
                comboboxProps={{ withinPortal: true }}
                data-testid="other-currencies"
              />
            </Stack>
          )}
        </SymbolSection>
      </Stack>
    </Paper>
  );
}

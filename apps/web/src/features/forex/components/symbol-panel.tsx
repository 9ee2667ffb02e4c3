// The left panel: Metals, then Currencies with the favourites as buttons and every other currency
// in the 'Select currency' dropdown under 'Other Currencies' (spec: Forex and gold dashboard).
import { Button, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { groupSymbols, symbolLabel } from '../symbols';

function SymbolButton({
  symbol,
  selected,
  onSelect,
}: {
  symbol: string;
  selected: boolean;
  onSelect: (s: string) => void;
}) {
  const label = symbolLabel(symbol);
  return (
    <Button
      variant={selected ? 'filled' : 'default'}
      justify="flex-start"
      fullWidth
      aria-pressed={selected}
      title={label.long}
      onClick={() => onSelect(symbol)}
      data-symbol={symbol}
    >
      <span aria-hidden="true" style={{ marginRight: 8 }}>
        {label.flag}
      </span>
      {label.short}
    </Button>
  );
}

export function SymbolPanel({
  symbols,
  loading,
  selected,
  onSelect,
}: {
  symbols: string[] | undefined;
  loading: boolean;
  selected: string;
  onSelect: (symbol: string) => void;
}) {
  if (loading) {
    return (
      <Paper withBorder p="md" radius="md">
        <Text role="status">Loading...</Text>
      </Paper>
    );
  }
  const { metals, favorites, others } = groupSymbols(symbols ?? []);
  return (
    <Paper withBorder p="md" radius="md" component="nav" aria-label="Symbols">
      <Stack gap="md">
        <section aria-labelledby="forex-metals">
          <Title order={4} id="forex-metals" mb="xs">
            Metals
          </Title>
          <Stack gap={6} data-testid="metals-group">
            {metals.map((s) => (
              <SymbolButton key={s} symbol={s} selected={s === selected} onSelect={onSelect} />
            ))}
            {metals.length === 0 && (
              <Text size="sm" c="dimmed">
                No metals yet.
              </Text>
            )}
          </Stack>
        </section>
        <section aria-labelledby="forex-currencies">
          <Title order={4} id="forex-currencies" mb="xs">
            Currencies
          </Title>
          <Stack gap={6} data-testid="favorites-group">
            {favorites.map((s) => (
              <SymbolButton key={s} symbol={s} selected={s === selected} onSelect={onSelect} />
            ))}
          </Stack>
          {others.length > 0 && (
            <Stack gap={4} mt="sm">
              <Text size="sm" fw={600} id="forex-other-currencies">
                Other Currencies
              </Text>
              <Select
                aria-labelledby="forex-other-currencies"
                placeholder="Select currency"
                searchable
                data={others.map((s) => {
                  const label = symbolLabel(s);
                  return { value: s, label: `${label.flag} ${label.long}` };
                })}
                value={others.includes(selected) ? selected : null}
                onChange={(value) => value && onSelect(value)}
                nothingFoundMessage="No currency"
                comboboxProps={{ withinPortal: true }}
                data-testid="other-currencies"
              />
            </Stack>
          )}
        </section>
      </Stack>
    </Paper>
  );
}

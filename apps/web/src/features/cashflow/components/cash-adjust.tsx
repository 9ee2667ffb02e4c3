// A correction of a player's cash by hand (spec 4, adjust cash): never below zero.
import { Button, Group } from '@mantine/core';
import type { Player } from '@staff/cashflow-engine';
import { useState } from 'react';
import { MoneyInput, toAmount } from './money-input';
import { useRunAction } from './use-run-action';

export function CashAdjust({ player, enabled }: { player: Player; enabled: boolean }) {
  const run = useRunAction();
  const [value, setValue] = useState<number | string>('');
  const amount = toAmount(value);
  const apply = (sign: 1 | -1) => {
    if (amount === null || amount <= 0) return;
    if (run({ type: 'adjustCash', playerId: player.id, delta: sign * amount })) setValue('');
  };
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <MoneyInput
        label="Điều chỉnh tiền mặt"
        value={value}
        onChange={setValue}
        allowNegative={false}
        disabled={!enabled}
        style={{ flex: 1 }}
      />
      <Button
        variant="default"
        disabled={!enabled || amount === null || amount <= 0}
        onClick={() => apply(1)}
      >
        Cộng
      </Button>
      <Button
        variant="default"
        disabled={!enabled || amount === null || amount <= 0 || amount > player.cash}
        onClick={() => apply(-1)}
      >
        Trừ
      </Button>
    </Group>
  );
}

// Debts (spec 2, 5): borrow the free loan 'Vay' in multiples of $1,000, repay it in steps of $1,000 up to
// min(balance, cash rounded down), and repay any other debt all at once.
import { Button, Group, Stack, Text } from '@mantine/core';
import {
  BANK_LOAN_NAME,
  DEBT_STEP,
  type Liability,
  MESSAGES,
  maxBankLoanRepayment,
  type Player,
  roundDebtBalance,
} from '@staff/cashflow-engine';
import { useState } from 'react';
import { formatUsd } from '../format';
import { MoneyInput, toAmount } from './money-input';
import { useRunAction } from './use-run-action';

function BankLoanRepay({ player, debt, enabled }: { player: Player; debt: Liability; enabled: boolean }) {
  const run = useRunAction();
  const max = maxBankLoanRepayment(debt.balance, player.cash);
  const [value, setValue] = useState<number | string>('');
  const amount = toAmount(value) ?? max;
  const valid = amount >= DEBT_STEP && amount % DEBT_STEP === 0 && amount <= max;
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <MoneyInput
        aria-label="Số tiền trả khoản Vay"
        placeholder={formatUsd(max)}
        value={value}
        onChange={setValue}
        step={DEBT_STEP}
        min={0}
        max={max}
        allowNegative={false}
        disabled={!enabled || max < DEBT_STEP}
        error={value !== '' && !valid ? MESSAGES.repayStep : undefined}
        style={{ flex: 1 }}
      />
      <Button
        variant="light"
        disabled={!enabled || !valid}
        onClick={() => {
          if (run({ type: 'payDebt', playerId: player.id, name: debt.name, amount })) setValue('');
        }}
      >
        Trả
      </Button>
    </Group>
  );
}

function DebtRow({ player, debt, enabled }: { player: Player; debt: Liability; enabled: boolean }) {
  const run = useRunAction();
  const isLoan = debt.name === BANK_LOAN_NAME;
  const short = player.cash < debt.balance;
  return (
    <Stack gap={4} role="listitem" aria-label={`Nợ ${debt.name}`}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text size="sm" fw={500} truncate>
            {debt.name}
            {debt.label !== debt.name && (
              <Text span size="xs" c="dimmed">
                {' '}
                ({debt.label})
              </Text>
            )}
          </Text>
          <Text size="xs" c="dimmed">
            Dư nợ {formatUsd(debt.balance)} · trả {formatUsd(debt.monthlyPayment)} / vòng
          </Text>
        </Stack>
        {!isLoan && (
          <Button
            size="xs"
            variant="light"
            disabled={!enabled || short}
            title={short ? MESSAGES.repayAllOrNothing : undefined}
            onClick={() => run({ type: 'payDebt', playerId: player.id, name: debt.name })}
          >
            Trả hết
          </Button>
        )}
      </Group>
      {isLoan && <BankLoanRepay player={player} debt={debt} enabled={enabled} />}
    </Stack>
  );
}

export function PlayerDebts({ player, enabled }: { player: Player; enabled: boolean }) {
  const run = useRunAction();
  const [value, setValue] = useState<number | string>('');
  const amount = toAmount(value);
  const rounded = amount === null ? 0 : roundDebtBalance(amount);
  return (
    <Stack gap="xs">
      <Text fw={600} size="sm">
        Nợ
      </Text>
      {player.liabilities.length === 0 ? (
        <Text size="sm" c="dimmed">
          Không có khoản nợ nào
        </Text>
      ) : (
        <Stack gap="xs" role="list" aria-label={`Các khoản nợ của ${player.name}`}>
          {player.liabilities.map((debt) => (
            <DebtRow key={debt.name} player={player} debt={debt} enabled={enabled} />
          ))}
        </Stack>
      )}
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <MoneyInput
          label="Số tiền vay (bội số $1,000)"
          value={value}
          onChange={setValue}
          step={DEBT_STEP}
          min={0}
          allowNegative={false}
          disabled={!enabled}
          description={amount !== null && rounded !== amount ? `Sẽ vay ${formatUsd(rounded)}` : undefined}
          style={{ flex: 1 }}
        />
        <Button
          disabled={!enabled || rounded <= 0}
          onClick={() => {
            if (run({ type: 'borrow', playerId: player.id, amount: rounded })) setValue('');
          }}
        >
          Vay
        </Button>
      </Group>
    </Stack>
  );
}

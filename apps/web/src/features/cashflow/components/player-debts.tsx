// Debts (spec 2, 5), a part of the card that opens and closes (section.tsx): borrow the free loan 'Vay' in multiples of $1,000, repay it in steps of $1,000 up to
// min(balance, cash rounded down), and repay any other debt all at once. Whether a repayment or a loan
// applies is the engine's checkAction to say.
import { Button, Group, Stack, Text } from '@mantine/core';
import {
  BANK_LOAN_NAME,
  checkAction,
  DEBT_STEP,
  debtPayments,
  type GameAction,
  type GameState,
  type Liability,
  maxBankLoanRepayment,
  type Player,
  roundDebtBalance,
} from '@staff/cashflow-engine';
import { useState } from 'react';
import { formatUsd } from '../format';
import { MoneyInput, toAmount } from './money-input';
import { Section } from './section';
import { useRunAction } from './use-run-action';

type DebtProps = { player: Player; debt: Liability; state: GameState; enabled: boolean };

function BankLoanRepay({ player, debt, state, enabled }: DebtProps) {
  const run = useRunAction();
  const max = maxBankLoanRepayment(debt.balance, player.cash);
  const [value, setValue] = useState<number | string>('');
  const amount = toAmount(value) ?? max;
  const repay: GameAction = { type: 'payDebt', playerId: player.id, name: debt.name, amount };
  const verdict = checkAction(state, repay);
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
        error={value !== '' && !verdict.ok ? verdict.reason : undefined}
        style={{ flex: 1 }}
      />
      <Button
        variant="light"
        disabled={!enabled || !verdict.ok}
        onClick={() => {
          if (run(repay)) setValue('');
        }}
      >
        Trả
      </Button>
    </Group>
  );
}

function DebtRow({ player, debt, state, enabled }: DebtProps) {
  const run = useRunAction();
  const isLoan = debt.name === BANK_LOAN_NAME;
  const repayAll: GameAction = { type: 'payDebt', playerId: player.id, name: debt.name };
  const verdict = checkAction(state, repayAll);
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
            disabled={!enabled || !verdict.ok}
            title={verdict.ok ? undefined : verdict.reason}
            onClick={() => run(repayAll)}
          >
            Trả hết
          </Button>
        )}
      </Group>
      {isLoan && <BankLoanRepay player={player} debt={debt} state={state} enabled={enabled} />}
    </Stack>
  );
}

export function PlayerDebts({
  player,
  state,
  enabled,
  defaultOpened,
}: {
  player: Player;
  state: GameState;
  enabled: boolean;
  /** Open at first: on a laptop; on a phone the list starts closed, its count and payments shown. */
  defaultOpened: boolean;
}) {
  const run = useRunAction();
  const [value, setValue] = useState<number | string>('');
  const amount = toAmount(value);
  const rounded = amount === null ? 0 : roundDebtBalance(amount);
  const loan: GameAction = { type: 'borrow', playerId: player.id, amount: rounded };
  const canBorrow = amount !== null && checkAction(state, loan).ok;
  return (
    <Section
      title="Nợ"
      summary={
        player.liabilities.length === 0
          ? 'Không có khoản nợ nào'
          : `${player.liabilities.length} khoản · trả ${formatUsd(debtPayments(player))} / vòng`
      }
      defaultOpened={defaultOpened}
    >
      <Stack gap="xs">
        {player.liabilities.length === 0 ? (
          <Text size="sm" c="dimmed">
            Không có khoản nợ nào
          </Text>
        ) : (
          <Stack gap="xs" role="list" aria-label={`Các khoản nợ của ${player.name}`}>
            {player.liabilities.map((debt) => (
              <DebtRow key={debt.name} player={player} debt={debt} state={state} enabled={enabled} />
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
            disabled={!enabled || !canBorrow}
            onClick={() => {
              if (run(loan)) setValue('');
            }}
          >
            Vay
          </Button>
        </Group>
      </Stack>
    </Section>
  );
}

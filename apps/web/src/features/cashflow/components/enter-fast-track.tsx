// The dedicated enter-fast-track action (spec 4, Phase) on the active player's card: offered only when the
// engine says it applies, and confirmed first, since it clears salary, expenses, children and debts.
import { Button, Group, Stack, Text } from '@mantine/core';
import {
  checkAction,
  FAST_TRACK_ENTRY_MULTIPLIER,
  type GameAction,
  type GameState,
  type Player,
  passiveIncome,
} from '@staff/cashflow-engine';
import { IconRocket } from '@tabler/icons-react';
import { useState } from 'react';
import { OnDemandModal } from '../../../components/on-demand-modal';
import { formatUsd } from '../format';
import { useRunAction } from './use-run-action';

export function EnterFastTrack({ player, state }: { player: Player; state: GameState }) {
  const run = useRunAction();
  const [confirming, setConfirming] = useState(false);
  const action: GameAction = { type: 'enterFastTrack', playerId: player.id };
  if (!checkAction(state, action).ok) return null;
  return (
    <>
      <Button
        variant="light"
        color="green"
        leftSection={<IconRocket size={18} />}
        onClick={() => setConfirming(true)}
      >
        Vào Fast Track
      </Button>
      <OnDemandModal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title="Vào Fast Track?"
        centered
      >
        <Stack gap="sm">
          <Text size="sm">
            {player.name} rời Rat Race: lương, chi phí, con và mọi khoản nợ được xóa; tài sản trở thành một
            khoản thu nhập khóa bằng {FAST_TRACK_ENTRY_MULTIPLIER} lần thu nhập bị động hiện tại (
            {formatUsd(passiveIncome(player) * FAST_TRACK_ENTRY_MULTIPLIER)} / vòng).
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Hủy
            </Button>
            <Button
              color="green"
              onClick={() => {
                setConfirming(false);
                run(action);
              }}
            >
              Xác nhận vào Fast Track
            </Button>
          </Group>
        </Stack>
      </OnDemandModal>
    </>
  );
}

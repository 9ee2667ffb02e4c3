// Assets (spec 2, 5): each line with its income, cost and down payment; edit price and cash flow, sell
// (shares by quantity), and in the Fast Track hand a business to another player. The locked Fast Track
// base income can be neither sold nor edited.
import { Alert, Badge, Button, Group, Select, Stack, Text } from '@mantine/core';
import {
  type Asset,
  checkAction,
  type GameAction,
  type GameState,
  MESSAGES,
  type Player,
  sharesHeld,
} from '@staff/cashflow-engine';
import { IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { OnDemandModal } from '../../../components/on-demand-modal';
import { formatUsd } from '../format';
import { useGame } from '../game-provider';
import { CountInput, MoneyInput, toAmount } from './money-input';

type Dialog = { kind: 'edit' | 'sell' | 'transfer'; asset: Asset } | null;

/** Runs an action from a dialog: closes on success, shows the rule's refusal inside it otherwise. */
function useDialogAction(onDone: () => void) {
  const { dispatch } = useGame();
  const [refusal, setRefusal] = useState<string | null>(null);
  const apply = (action: GameAction) => {
    const result = dispatch(action);
    if (result.ok) onDone();
    else setRefusal(result.reason);
  };
  return { refusal, apply };
}

function EditAsset({ player, asset, onClose }: { player: Player; asset: Asset; onClose: () => void }) {
  const { refusal, apply } = useDialogAction(onClose);
  const [cost, setCost] = useState<number | string>(asset.cost);
  const [income, setIncome] = useState<number | string>(asset.monthlyIncome);
  const costValue = toAmount(cost);
  const incomeValue = toAmount(income);
  const valid = costValue !== null && costValue >= 0 && incomeValue !== null && incomeValue >= 0;
  return (
    <Stack gap="sm">
      <MoneyInput label="Giá trị" value={cost} onChange={setCost} allowNegative={false} data-autofocus />
      <MoneyInput label="Thu nhập mỗi vòng" value={income} onChange={setIncome} allowNegative={false} />
      {refusal && <Alert color="red">{refusal}</Alert>}
      <Button
        disabled={!valid}
        onClick={() =>
          valid &&
          apply({
            type: 'editAsset',
            playerId: player.id,
            assetId: asset.id,
            cost: costValue,
            monthlyIncome: incomeValue,
          })
        }
      >
        Lưu
      </Button>
    </Stack>
  );
}

function SellAsset({
  player,
  asset,
  state,
  onClose,
}: {
  player: Player;
  asset: Asset;
  state: GameState;
  onClose: () => void;
}) {
  const { refusal, apply } = useDialogAction(onClose);
  const held = sharesHeld(asset);
  const isShares = held > 0;
  const [price, setPrice] = useState<number | string>(isShares ? Math.round(asset.cost / held) : asset.cost);
  const [quantity, setQuantity] = useState<number | string>(held);
  const priceValue = toAmount(price);
  const quantityValue = toAmount(quantity);
  const sale: GameAction | null =
    priceValue === null || (isShares && quantityValue === null)
      ? null
      : {
          type: 'sellAsset',
          playerId: player.id,
          assetId: asset.id,
          price: priceValue,
          ...(isShares && quantityValue !== null ? { quantity: quantityValue } : {}),
        };
  // Whether the sale applies is the engine's to say; the screen only shows what the cash would become.
  const verdict = sale === null ? null : checkAction(state, sale);
  const proceeds =
    priceValue === null
      ? null
      : isShares
        ? priceValue * (quantityValue ?? 0)
        : priceValue - asset.cost + asset.downPayment;
  return (
    <Stack gap="sm">
      <MoneyInput
        label={isShares ? 'Giá bán mỗi cổ phiếu' : 'Giá bán'}
        value={price}
        onChange={setPrice}
        allowNegative={false}
        data-autofocus
      />
      {isShares && (
        <CountInput
          label={`Số cổ phiếu bán (1–${held})`}
          value={quantity}
          onChange={setQuantity}
          min={1}
          max={held}
          error={
            verdict?.ok === false && verdict.reason === MESSAGES.invalidQuantity ? verdict.reason : undefined
          }
        />
      )}
      {!isShares && (
        <Text size="xs" c="dimmed">
          Nhận về = giá bán − giá trị ({formatUsd(asset.cost)}) + tiền trả trước (
          {formatUsd(asset.downPayment)})
        </Text>
      )}
      {proceeds !== null && (
        <Text size="sm">
          Tiền mặt sau khi bán: <b>{formatUsd(player.cash + proceeds)}</b>
        </Text>
      )}
      {verdict?.ok === false && verdict.reason !== MESSAGES.invalidQuantity && (
        <Alert color="red">{verdict.reason}</Alert>
      )}
      {refusal && <Alert color="red">{refusal}</Alert>}
      <Button disabled={!verdict?.ok} onClick={() => sale && apply(sale)}>
        Bán
      </Button>
    </Stack>
  );
}

function TransferAsset({
  player,
  asset,
  state,
  onClose,
}: {
  player: Player;
  asset: Asset;
  state: GameState;
  onClose: () => void;
}) {
  const { refusal, apply } = useDialogAction(onClose);
  const others = state.players.filter((p) => p.id !== player.id && p.phase === 'fast');
  const [to, setTo] = useState<string | null>(null);
  return (
    <Stack gap="sm">
      {others.length === 0 ? (
        <Text size="sm" c="dimmed">
          Chưa có người chơi nào khác ở Fast Track.
        </Text>
      ) : (
        <Select
          label="Chuyển cho"
          data={others.map((p) => ({ value: p.id, label: p.name }))}
          value={to}
          onChange={setTo}
          comboboxProps={{ withinPortal: false }}
        />
      )}
      {refusal && <Alert color="red">{refusal}</Alert>}
      <Button
        disabled={to === null}
        onClick={() =>
          to && apply({ type: 'transferAsset', fromPlayerId: player.id, toPlayerId: to, assetId: asset.id })
        }
      >
        Chuyển
      </Button>
    </Stack>
  );
}

const DIALOG_TITLES = { edit: 'Sửa tài sản', sell: 'Bán tài sản', transfer: 'Chuyển tài sản' } as const;

export function PlayerAssets({
  player,
  state,
  enabled,
}: {
  player: Player;
  state: GameState;
  enabled: boolean;
}) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  const fast = player.phase === 'fast';
  return (
    <Stack gap="xs">
      <Text fw={600} size="sm">
        Tài sản
      </Text>
      {player.assets.length === 0 ? (
        <Text size="sm" c="dimmed">
          Chưa có tài sản nào
        </Text>
      ) : (
        <Stack gap="xs" role="list" aria-label={`Tài sản của ${player.name}`}>
          {player.assets.map((asset) => (
            <Group
              key={asset.id}
              justify="space-between"
              wrap="nowrap"
              gap="xs"
              role="listitem"
              aria-label={asset.name}
            >
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Group gap={4} wrap="nowrap">
                  {asset.locked && <IconLock size={14} aria-label="Khóa" />}
                  <Text size="sm" fw={500} truncate>
                    {asset.name}
                  </Text>
                </Group>
                <Text size="xs" c="dimmed">
                  +{formatUsd(asset.monthlyIncome)} / vòng
                  {asset.locked ? '' : ` · giá trị ${formatUsd(asset.cost)}`}
                  {asset.locked || sharesHeld(asset) > 0
                    ? ''
                    : ` · trả trước ${formatUsd(asset.downPayment)}`}
                </Text>
              </Stack>
              {asset.locked ? (
                <Badge variant="light" color="gray">
                  Khóa
                </Badge>
              ) : (
                <Group gap={4} wrap="nowrap">
                  <Button
                    size="xs"
                    variant="default"
                    disabled={!enabled}
                    onClick={() => setDialog({ kind: 'edit', asset })}
                  >
                    Sửa
                  </Button>
                  <Button
                    size="xs"
                    variant="light"
                    disabled={!enabled}
                    onClick={() => setDialog({ kind: 'sell', asset })}
                  >
                    Bán
                  </Button>
                  {fast && (
                    <Button
                      size="xs"
                      variant="default"
                      disabled={!enabled}
                      onClick={() => setDialog({ kind: 'transfer', asset })}
                    >
                      Chuyển
                    </Button>
                  )}
                </Group>
              )}
            </Group>
          ))}
        </Stack>
      )}
      <OnDemandModal
        opened={dialog !== null}
        onClose={close}
        title={dialog ? `${DIALOG_TITLES[dialog.kind]}: ${dialog.asset.name}` : ''}
        centered
      >
        {dialog?.kind === 'edit' && <EditAsset player={player} asset={dialog.asset} onClose={close} />}
        {dialog?.kind === 'sell' && (
          <SellAsset player={player} asset={dialog.asset} state={state} onClose={close} />
        )}
        {dialog?.kind === 'transfer' && (
          <TransferAsset player={player} asset={dialog.asset} state={state} onClose={close} />
        )}
      </OnDemandModal>
    </Stack>
  );
}

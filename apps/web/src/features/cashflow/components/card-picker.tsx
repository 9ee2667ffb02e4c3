// The card picker 'Chọn thẻ' (spec 2, 4, 5): the Rat Race or Fast Track catalogue grouped by kind, a card
// typed in by hand (the physical deck has many more cards than the catalogue), and in the Fast Track the
// buy-out of another player's business at twice its value — also what a Fast Track card another player
// already holds becomes. Whether a filled-in card applies, and why not, is the engine's checkAction to say:
// the form shows its message before the player even tries and never re-checks a rule itself.
import {
  Alert,
  Button,
  Group,
  Modal,
  SegmentedControl,
  Stack,
  Tabs,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  BUY_OUT_MULTIPLIER,
  type BuyOutOffer,
  buyOutOfferFor,
  type Card,
  CUSTOM_CARD_CODE,
  cardsForPhase,
  checkAction,
  defaultDownPayment,
  type GameAction,
  type GameState,
  type Phase,
  type Player,
  roundDebtBalance,
} from '@staff/cashflow-engine';
import { IconArrowLeft } from '@tabler/icons-react';
import { useState } from 'react';
import { formatUsd } from '../format';
import { useGame } from '../game-provider';
import { CountInput, MoneyInput, toAmount } from './money-input';

type Kind = Card['kind'];

const KIND_LABELS: Record<Phase, Record<Kind, string>> = {
  rat: {
    stock: 'Cổ phiếu',
    asset: 'Tài sản & kinh doanh',
    liability: 'Nợ',
    expense: 'Chi phí',
    cash: 'Nhận tiền',
  },
  fast: {
    stock: 'Cổ phiếu',
    asset: 'Tài sản Fast Track',
    liability: 'Nợ',
    expense: 'Chi phí',
    cash: 'Tiền thưởng',
  },
};

function cardSummary(card: Card): string {
  switch (card.kind) {
    case 'stock':
      return `${formatUsd(card.price)} / cp · cổ tức ${formatUsd(card.dividendPerShare)} / cp`;
    case 'asset':
      return `giá ${formatUsd(card.cost)} · +${formatUsd(card.monthlyIncome)} / vòng · trả trước ${formatUsd(card.downPayment ?? defaultDownPayment(card.cost))}`;
    case 'liability':
      return `nợ ${formatUsd(card.balance)} · trả ${formatUsd(card.monthlyPayment)} / vòng`;
    case 'expense':
      return `chi ${formatUsd(card.amount)}`;
    case 'cash':
      return `nhận ${formatUsd(card.amount)}`;
  }
}

/** A blank card of a kind, for the hand-typed tab. */
function blankCard(kind: Kind): Card {
  switch (kind) {
    case 'stock':
      return { kind, code: '', name: '', price: 0, dividendPerShare: 0 };
    case 'asset':
      return { kind, code: CUSTOM_CARD_CODE, name: '', cost: 0, monthlyIncome: 0 };
    case 'liability':
      return { kind, code: CUSTOM_CARD_CODE, name: '', balance: 0, monthlyPayment: 0 };
    case 'expense':
    case 'cash':
      return { kind, code: CUSTOM_CARD_CODE, name: '', amount: 0 };
  }
}

type Fields = {
  name: string;
  price: number | string;
  dividend: number | string;
  quantity: number | string;
  cost: number | string;
  income: number | string;
  down: number | string;
  financed: number | string;
  balance: number | string;
  payment: number | string;
  amount: number | string;
};

function fieldsOf(card: Card, custom: boolean): Fields {
  const empty = (value: number) => (custom ? '' : value);
  const base: Fields = {
    name: custom ? '' : card.name,
    price: '',
    dividend: '',
    quantity: '',
    cost: '',
    income: '',
    down: '',
    financed: '',
    balance: '',
    payment: '',
    amount: '',
  };
  switch (card.kind) {
    case 'stock':
      return { ...base, price: empty(card.price), dividend: empty(card.dividendPerShare) };
    case 'asset':
      return {
        ...base,
        cost: empty(card.cost),
        income: empty(card.monthlyIncome),
        down: card.downPayment === undefined ? '' : empty(card.downPayment),
      };
    case 'liability':
      return { ...base, balance: empty(card.balance), payment: empty(card.monthlyPayment) };
    case 'expense':
    case 'cash':
      return { ...base, amount: empty(card.amount) };
  }
}

type Check = { action: GameAction | null; problem: string | null; note?: string };

/** The action a filled-in card stands for, or null while a field it needs is still empty. */
function cardActionOf(card: Card, custom: boolean, f: Fields, playerId: string): GameAction | null {
  const n = (value: number | string) => toAmount(value);
  const name = f.name.trim();
  if (custom && name === '') return null;
  switch (card.kind) {
    case 'stock': {
      const price = n(f.price);
      const quantity = n(f.quantity);
      if (price === null || quantity === null) return null;
      const code = custom ? name.toUpperCase() : card.code;
      return { type: 'buyStock', playerId, code, quantity, price, dividendPerShare: n(f.dividend) ?? 0 };
    }
    case 'asset': {
      const cost = n(f.cost);
      if (cost === null) return null;
      return {
        type: 'addAsset',
        playerId,
        name: name || card.name,
        code: card.code,
        cost,
        monthlyIncome: n(f.income) ?? 0,
        downPayment: n(f.down) ?? defaultDownPayment(cost),
        financedAmount: roundDebtBalance(n(f.financed) ?? 0),
      };
    }
    case 'liability': {
      const balance = n(f.balance);
      if (balance === null) return null;
      return {
        type: 'addLiability',
        playerId,
        name: name || card.name,
        balance,
        monthlyPayment: n(f.payment) ?? 0,
      };
    }
    case 'expense':
    case 'cash': {
      const amount = n(f.amount);
      if (amount === null) return null;
      const type = card.kind === 'expense' ? 'payExpense' : 'receiveCash';
      return { type, playerId, name: name || card.name, amount };
    }
  }
}

/** What the form shows beside the cash: the total of a stock purchase, the down payment and loan. */
function noteOf(action: GameAction | null): string | undefined {
  if (action?.type === 'buyStock') return `Tổng: ${formatUsd(action.quantity * action.price)}`;
  if (action?.type === 'addAsset') {
    const financed = action.financedAmount ?? 0;
    return `Trả trước: ${formatUsd(action.downPayment ?? 0)}${financed > 0 ? ` · vay ${formatUsd(financed)}` : ''}`;
  }
  return undefined;
}

/** The action a filled-in card becomes, or the engine's reason it cannot be applied. */
function checkCard(card: Card, custom: boolean, f: Fields, player: Player, state: GameState): Check {
  const action = cardActionOf(card, custom, f, player.id);
  if (action === null) return { action: null, problem: null };
  const verdict = checkAction(state, action);
  return verdict.ok
    ? { action, problem: null, note: noteOf(action) }
    : { action: null, problem: verdict.reason, note: noteOf(action) };
}

const APPLY_LABELS: Record<Kind, string> = {
  stock: 'Mua cổ phiếu',
  asset: 'Mua tài sản',
  liability: 'Thêm khoản nợ',
  expense: 'Chi tiền',
  cash: 'Nhận tiền',
};

function CardForm({
  card,
  custom,
  player,
  state,
  onApplied,
}: {
  card: Card;
  custom: boolean;
  player: Player;
  state: GameState;
  onApplied: () => void;
}) {
  const { dispatch } = useGame();
  const [fields, setFields] = useState<Fields>(() => fieldsOf(card, custom));
  const [refusal, setRefusal] = useState<string | null>(null);
  const set = (key: keyof Fields) => (value: number | string) => setFields((f) => ({ ...f, [key]: value }));
  const check = checkCard(card, custom, fields, player, state);
  const money = (key: keyof Fields, label: string, extra: Record<string, unknown> = {}) => (
    <MoneyInput label={label} value={fields[key]} onChange={set(key)} allowNegative={false} {...extra} />
  );

  return (
    <Stack gap="sm">
      {custom ? (
        <TextInput
          label={card.kind === 'stock' ? 'Mã cổ phiếu' : 'Tên thẻ'}
          value={fields.name}
          onChange={(e) => set('name')(e.currentTarget.value)}
          data-autofocus
          required
        />
      ) : (
        <Text fw={700}>{card.name}</Text>
      )}
      {card.kind === 'stock' && (
        <>
          {money('price', 'Giá mỗi cổ phiếu')}
          {money('dividend', 'Cổ tức mỗi cổ phiếu / vòng')}
          <CountInput
            label="Số cổ phiếu"
            value={fields.quantity}
            onChange={set('quantity')}
            min={0}
            data-autofocus={!custom}
          />
        </>
      )}
      {card.kind === 'asset' && (
        <>
          {money('cost', 'Giá trị')}
          {money('income', 'Thu nhập mỗi vòng')}
          {money('down', 'Tiền trả trước', {
            placeholder: `Mặc định 10%: ${formatUsd(defaultDownPayment(toAmount(fields.cost) ?? 0))}`,
          })}
          {player.phase === 'rat' &&
            money('financed', 'Vay để trả trước (bội số $1,000)', {
              step: 1000,
              description: 'Thêm khoản nợ “(Vay)” và cộng vào tiền mặt',
            })}
        </>
      )}
      {card.kind === 'liability' && (
        <>
          {money('balance', 'Dư nợ')}
          {money('payment', 'Trả mỗi vòng')}
        </>
      )}
      {(card.kind === 'expense' || card.kind === 'cash') && money('amount', 'Số tiền')}
      <Text size="sm">
        Tiền mặt hiện có: <b>{formatUsd(player.cash)}</b>
        {check.note ? ` · ${check.note}` : ''}
      </Text>
      {check.problem && <Alert color="red">{check.problem}</Alert>}
      {refusal && <Alert color="red">{refusal}</Alert>}
      <Button
        disabled={check.action === null}
        onClick={() => {
          if (!check.action) return;
          const result = dispatch(check.action);
          if (result.ok) onApplied();
          else setRefusal(result.reason);
        }}
      >
        {APPLY_LABELS[card.kind]}
      </Button>
    </Stack>
  );
}

/** A Fast Track card another player holds: choosing it is buying it out from them at twice its value. */
function CardBuyOut({
  card,
  offer,
  player,
  state,
  onApplied,
}: {
  card: Card;
  offer: BuyOutOffer;
  player: Player;
  state: GameState;
  onApplied: () => void;
}) {
  const { dispatch } = useGame();
  const [refusal, setRefusal] = useState<string | null>(null);
  const action: GameAction = { type: 'playCard', playerId: player.id, card };
  const verdict = checkAction(state, action);
  return (
    <Stack gap="sm">
      <Text fw={700}>{card.name}</Text>
      <Text size="sm">
        {offer.owner.name} đang sở hữu tài sản này: mua lại với giá gấp đôi giá trị,{' '}
        <b>{formatUsd(offer.price)}</b> · +{formatUsd(offer.asset.monthlyIncome)} / vòng
      </Text>
      <Text size="sm">
        Tiền mặt hiện có: <b>{formatUsd(player.cash)}</b>
      </Text>
      {!verdict.ok && <Alert color="red">{verdict.reason}</Alert>}
      {refusal && <Alert color="red">{refusal}</Alert>}
      <Button
        disabled={!verdict.ok}
        onClick={() => {
          const result = dispatch(action);
          if (result.ok) onApplied();
          else setRefusal(result.reason);
        }}
      >
        Mua lại từ {offer.owner.name}
      </Button>
    </Stack>
  );
}

function BuyOut({ player, state, onApplied }: { player: Player; state: GameState; onApplied: () => void }) {
  const { dispatch } = useGame();
  const [refusal, setRefusal] = useState<string | null>(null);
  const offers = state.players
    .filter((owner) => owner.id !== player.id && owner.phase === 'fast')
    .flatMap((owner) => owner.assets.filter((a) => !a.locked).map((asset) => ({ owner, asset })));
  if (offers.length === 0)
    return (
      <Text size="sm" c="dimmed">
        Chưa có tài sản Fast Track nào của người chơi khác để mua lại.
      </Text>
    );
  return (
    <Stack gap="xs">
      {offers.map(({ owner, asset }) => {
        const price = asset.cost * BUY_OUT_MULTIPLIER;
        const action: GameAction = {
          type: 'buyOut',
          buyerId: player.id,
          ownerId: owner.id,
          assetId: asset.id,
        };
        const verdict = checkAction(state, action);
        return (
          <Group key={`${owner.id}-${asset.id}`} justify="space-between" wrap="nowrap" gap="xs">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text size="sm" fw={500} truncate>
                {asset.name} · {owner.name}
              </Text>
              <Text size="xs" c={verdict.ok ? 'dimmed' : 'red'}>
                Giá mua lại {formatUsd(price)} · +{formatUsd(asset.monthlyIncome)} / vòng
                {verdict.ok ? '' : ` ${verdict.reason}`}
              </Text>
            </Stack>
            <Button
              size="xs"
              disabled={!verdict.ok}
              onClick={() => {
                const result = dispatch(action);
                if (result.ok) onApplied();
                else setRefusal(result.reason);
              }}
            >
              Mua lại
            </Button>
          </Group>
        );
      })}
      {refusal && <Alert color="red">{refusal}</Alert>}
    </Stack>
  );
}

export function CardPicker({
  player,
  state,
  opened,
  onClose,
}: {
  player: Player;
  state: GameState;
  opened: boolean;
  onClose: () => void;
}) {
  const phone = useMediaQuery('(max-width: 36em)');
  const labels = KIND_LABELS[player.phase];
  const cards = cardsForPhase(player.phase);
  const kinds = [...new Set(cards.map((c) => c.kind))];
  const [tab, setTab] = useState<string>(kinds[0] ?? 'custom');
  const [chosen, setChosen] = useState<{ card: Card; custom: boolean } | null>(null);
  const [customKind, setCustomKind] = useState<Kind>(player.phase === 'rat' ? 'stock' : 'asset');
  const offer = chosen && !chosen.custom ? buyOutOfferFor(state, player.id, chosen.card) : null;
  const customKinds: Kind[] =
    player.phase === 'rat'
      ? ['stock', 'asset', 'liability', 'expense', 'cash']
      : ['asset', 'expense', 'cash'];

  return (
    <Modal opened={opened} onClose={onClose} title="Chọn thẻ" fullScreen={phone} size="lg">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {player.name} · {player.phase === 'fast' ? 'Fast Track' : 'Rat Race'}
        </Text>
        {chosen && !chosen.custom ? (
          <>
            <Button
              variant="subtle"
              leftSection={<IconArrowLeft size={16} />}
              onClick={() => setChosen(null)}
              w="fit-content"
            >
              Chọn thẻ khác
            </Button>
            {offer ? (
              <CardBuyOut
                card={chosen.card}
                offer={offer}
                player={player}
                state={state}
                onApplied={onClose}
              />
            ) : (
              <CardForm card={chosen.card} custom={false} player={player} state={state} onApplied={onClose} />
            )}
          </>
        ) : (
          <Tabs value={tab} onChange={(value) => value && setTab(value)} keepMounted={false}>
            <Tabs.List style={{ flexWrap: 'wrap' }}>
              {kinds.map((kind) => (
                <Tabs.Tab key={kind} value={kind}>
                  {labels[kind]}
                </Tabs.Tab>
              ))}
              {player.phase === 'fast' && <Tabs.Tab value="buyout">Mua lại</Tabs.Tab>}
              <Tabs.Tab value="custom">Thẻ tự nhập</Tabs.Tab>
            </Tabs.List>
            {kinds.map((kind) => (
              <Tabs.Panel key={kind} value={kind} pt="sm">
                <Stack gap={4}>
                  {cards
                    .filter((c) => c.kind === kind)
                    .map((card) => (
                      <UnstyledButton
                        key={card.code}
                        onClick={() => setChosen({ card, custom: false })}
                        p="xs"
                        style={{
                          borderRadius: 'var(--mantine-radius-sm)',
                          border: '1px solid var(--mantine-color-default-border)',
                        }}
                        aria-label={`Thẻ ${card.name}`}
                      >
                        <Text fw={600} size="sm">
                          {card.name}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {cardSummary(card)}
                        </Text>
                      </UnstyledButton>
                    ))}
                </Stack>
              </Tabs.Panel>
            ))}
            {player.phase === 'fast' && (
              <Tabs.Panel value="buyout" pt="sm">
                <BuyOut player={player} state={state} onApplied={onClose} />
              </Tabs.Panel>
            )}
            <Tabs.Panel value="custom" pt="sm">
              <Stack gap="sm">
                <SegmentedControl
                  fullWidth
                  data={customKinds.map((kind) => ({ value: kind, label: labels[kind] }))}
                  value={customKind}
                  onChange={(value) => setCustomKind(value as Kind)}
                  orientation={phone ? 'vertical' : 'horizontal'}
                />
                <CardForm
                  key={customKind}
                  card={blankCard(customKind)}
                  custom
                  player={player}
                  state={state}
                  onApplied={onClose}
                />
              </Stack>
            </Tabs.Panel>
          </Tabs>
        )}
      </Stack>
    </Modal>
  );
}

// Setup (spec 2, 4, 5): 1–6 players with a name, a dice sum 2–12 and a guest or a registered user.
import {
  Alert,
  Anchor,
  Button,
  Card,
  Checkbox,
  NumberInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import {
  canStartGame,
  careerForDiceSum,
  clampPlayerCount,
  MAX_DICE_SUM,
  MAX_PLAYERS,
  MIN_DICE_SUM,
  MIN_PLAYERS,
  type PlayerSetup,
  rollDiceSum,
} from '@staff/cashflow-engine';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { failureText } from '../../../lib/api-client';
import type { UserOption } from '../api/search-users';
import { useGame } from '../game-provider';
import { useCreateTable } from '../tables/api';
import { UserPicker } from './user-picker';

type Row = { name: string; diceSum: number | ''; guest: boolean; user: UserOption | null };

const PLAYER_COUNTS = Array.from({ length: MAX_PLAYERS - MIN_PLAYERS + 1 }, (_, i) =>
  String(MIN_PLAYERS + i),
);

const emptyRow = (): Row => ({ name: '', diceSum: '', guest: true, user: null });

function toSetup(row: Row): PlayerSetup {
  return {
    name: row.name,
    diceSum: row.diceSum === '' ? Number.NaN : row.diceSum,
    isGuest: row.guest || row.user === null,
    userId: row.guest ? null : (row.user?.id ?? null),
  };
}

export function SetupPage() {
  useDocumentTitle('Thiết lập ván chơi');
  const { startGame } = useGame();
  const navigate = useNavigate();
  const [rows, setRows] = useState<Row[]>(() => [emptyRow(), emptyRow()]);
  const [error, setError] = useState<string | null>(null);
  const [auditor, setAuditor] = useState(false);
  const createTable = useCreateTable();

  const setups = rows.map(toSetup);
  const valid = canStartGame(setups);

  function setCount(value: string) {
    const count = clampPlayerCount(Number(value));
    setRows((current) =>
      count <= current.length
        ? current.slice(0, count)
        : [...current, ...Array.from({ length: count - current.length }, emptyRow)],
    );
  }

  function update(index: number, patch: Partial<Row>) {
    setRows((current) => current.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  }

  function rollAll() {
    setRows((current) => current.map((row) => ({ ...row, diceSum: rollDiceSum() })));
  }

  function start() {
    const result = startGame(setups);
    if (!result.ok) {
      setError(result.reason);
      return;
    }
    navigate('/cashflow/session');
  }

  /** The same setup as a shared table (issue 25): every player on their own phone, this one the host's. */
  function startTable() {
    setError(null);
    createTable.mutate(
      {
        players: setups.map((setup) => ({
          name: setup.name.trim(),
          dice_sum: setup.diceSum,
          user_id: setup.isGuest ? null : (setup.userId ?? null),
        })),
        auditor,
      },
      {
        onSuccess: (table) => navigate(`/cashflow/tables/${table.id}`),
        onError: (err) => setError(failureText(err, 'vi')),
      },
    );
  }

  return (
    <Stack gap="md" py="md">
      <Title order={2}>Thiết lập ván chơi</Title>
      <Stack gap={4}>
        <Text size="sm" fw={500} id="cashflow-player-count">
          Số người chơi
        </Text>
        <SegmentedControl
          aria-labelledby="cashflow-player-count"
          data={PLAYER_COUNTS}
          value={String(rows.length)}
          onChange={setCount}
          fullWidth
        />
      </Stack>
      {rows.map((row, index) => {
        const n = index + 1;
        const dice = row.diceSum;
        const career =
          dice !== '' && dice >= MIN_DICE_SUM && dice <= MAX_DICE_SUM ? careerForDiceSum(dice).name : null;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional seats, never reordered
          <Card key={index} withBorder padding="sm" radius="md">
            <Stack gap="xs">
              <Text fw={600}>Người chơi {n}</Text>
              <TextInput
                label={`Tên người chơi ${n}`}
                value={row.name}
                onChange={(e) => update(index, { name: e.currentTarget.value })}
              />
              <NumberInput
                label={`Tổng xúc xắc người chơi ${n}`}
                min={MIN_DICE_SUM}
                max={MAX_DICE_SUM}
                allowDecimal={false}
                value={row.diceSum}
                onChange={(value) =>
                  update(index, {
                    diceSum: typeof value === 'number' ? value : value === '' ? '' : Number(value),
                  })
                }
                description={career ? `Nghề: ${career}` : 'Từ 2 đến 12'}
              />
              <Checkbox
                label="Khách"
                checked={row.guest}
                onChange={(e) =>
                  update(index, e.currentTarget.checked ? { guest: true, user: null } : { guest: false })
                }
              />
              {!row.guest && (
                <UserPicker
                  label={`Người dùng cho người chơi ${n}`}
                  selected={row.user}
                  onSelect={(user) =>
                    update(index, {
                      user,
                      name: user && row.name.trim() === '' ? user.display_name : row.name,
                    })
                  }
                />
              )}
            </Stack>
          </Card>
        );
      })}
      <Switch
        label="Chế độ kiểm duyệt (chơi trên nhiều máy)"
        description="Các giao dịch tiền của người chơi chờ chủ bàn duyệt; hoàn tác cũng vậy."
        checked={auditor}
        onChange={(event) => setAuditor(event.currentTarget.checked)}
      />
      {error && <Alert color="red">{error}</Alert>}
      {/* Stacked on phones so no label is cut; side by side from the sm breakpoint. */}
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <Button variant="default" onClick={rollAll}>
          Tung xúc xắc cho tất cả
        </Button>
        <Button onClick={start} disabled={!valid}>
          Bắt đầu ván
        </Button>
        <Button variant="light" onClick={startTable} disabled={!valid} loading={createTable.isPending}>
          Chơi trên nhiều máy
        </Button>
      </SimpleGrid>
      <Text size="sm" c="dimmed">
        Đã có mã bàn?{' '}
        <Anchor component={Link} to="/cashflow/join">
          Vào bàn chơi chung
        </Anchor>
      </Text>
    </Stack>
  );
}

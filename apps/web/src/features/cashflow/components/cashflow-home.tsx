// Home (spec 2): three big tiles, easy to hit with a thumb, and the leaderboard summary below.
import { Card, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { currentPlayer } from '@staff/cashflow-engine';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useGame } from '../game-provider';
import { LeaderboardSummary } from '../leaderboard/leaderboard-panel';
import { LoadProblemAlert } from './load-problem-alert';

function Tile({
  to,
  title,
  description,
  disabled = false,
}: {
  to: string;
  title: string;
  description: ReactNode;
  disabled?: boolean;
}) {
  const body = (
    <Card withBorder padding="lg" radius="md" style={disabled ? { opacity: 0.5 } : undefined}>
      <Text fw={700} size="lg">
        {title}
      </Text>
      <Text c="dimmed" size="sm">
        {description}
      </Text>
    </Card>
  );
  if (disabled) {
    return (
      <UnstyledButton disabled aria-disabled="true" aria-label={title} style={{ cursor: 'not-allowed' }}>
        {body}
      </UnstyledButton>
    );
  }
  return (
    <UnstyledButton component={Link} to={to} aria-label={title}>
      {body}
    </UnstyledButton>
  );
}

export function CashflowHome() {
  useDocumentTitle('CashFlow Helper');
  const { state } = useGame();
  const hasGame = state.players.length > 0;
  const turn = currentPlayer(state);

  return (
    <Stack gap="md" py="md">
      <Title order={2}>CashFlow Helper</Title>
      <LoadProblemAlert />
      <Tile to="/cashflow/setup" title="Bắt đầu ván mới" description="Thiết lập người chơi và chia nghề" />
      <Tile
        to="/cashflow/session"
        title="Tiếp tục ván đã lưu"
        disabled={!hasGame}
        description={
          hasGame
            ? `${state.players.length} người chơi · Lượt của ${turn?.name ?? ''}`
            : 'Chưa có ván nào trong LocalStorage'
        }
      />
      <Tile
        to="/cashflow/hall"
        title="Lịch sử & kết quả"
        description="Các ván đã kết thúc và bảng xếp hạng"
      />
      <LeaderboardSummary />
    </Stack>
  );
}

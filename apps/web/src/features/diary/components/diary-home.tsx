// /diary: the area's entry point. Staff go straight to their entries; admin and manager see both doors.
import { Card, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { canUseModule } from '@staff/contracts';
import { IconChartPie, IconNotebook } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, Navigate } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { useCurrentUser } from '../../../lib/current-user';

function DoorCard({
  to,
  icon,
  title,
  children,
}: {
  to: string;
  icon: ReactNode;
  title: string;
  children: string;
}) {
  return (
    <Card component={Link} to={to} withBorder radius="lg" padding="lg">
      <ThemeIcon variant="light" size="lg" mb="sm">
        {icon}
      </ThemeIcon>
      <Text fw={600}>{title}</Text>
      <Text c="dimmed" size="sm">
        {children}
      </Text>
    </Card>
  );
}

export function DiaryHome() {
  useDocumentTitle('Daily Diary');
  const { user } = useCurrentUser();
  if (!user) return <PageLoader />;
  if (!canUseModule(user.role, 'diaryAnalysis')) return <Navigate to="/diary/entries" replace />;
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        Daily Diary
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <DoorCard to="/diary/dashboard" icon={<IconChartPie size={20} />} title="Analysis">
          Time per jar over the last 7, 30 or 365 days.
        </DoorCard>
        <DoorCard to="/diary/entries" icon={<IconNotebook size={20} />} title="Diary">
          What you did, when, where and how you felt.
        </DoorCard>
      </SimpleGrid>
    </Stack>
  );
}

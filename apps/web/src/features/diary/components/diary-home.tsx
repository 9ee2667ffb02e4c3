// /diary: the area's entry point. Staff go straight to their entries; admin and manager see both doors.
import { Card, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { canUseModule } from '@staff/contracts';
import { IconChartPie, IconNotebook } from '@tabler/icons-react';
import { Link, Navigate } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { useCurrentUser } from '../../../lib/current-user';

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
        <Card component={Link} to="/diary/dashboard" withBorder radius="lg" padding="lg">
          <ThemeIcon variant="light" size="lg" mb="sm">
            <IconChartPie size={20} />
          </ThemeIcon>
          <Text fw={600}>Analysis</Text>
          <Text c="dimmed" size="sm">
            Time per jar over the last 7, 30 or 365 days.
          </Text>
        </Card>
        <Card component={Link} to="/diary/entries" withBorder radius="lg" padding="lg">
          <ThemeIcon variant="light" size="lg" mb="sm">
            <IconNotebook size={20} />
          </ThemeIcon>
          <Text fw={600}>Diary</Text>
          <Text c="dimmed" size="sm">
            What you did, when, where and how you felt.
          </Text>
        </Card>
      </SimpleGrid>
    </Stack>
  );
}

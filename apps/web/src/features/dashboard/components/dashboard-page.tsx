// Welcome page for / and /dashboard, in Vietnamese, with a tile per module the user's role may open.
import { Card, Container, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconArrowRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { useCurrentUser } from '../../../lib/current-user';
import { displayName } from '../../../lib/formatting';
import { moduleTilesForRole } from '../module-tiles';
import classes from './dashboard-page.module.css';

export function DashboardPage() {
  useDocumentTitle('Trang chủ');
  const { user } = useCurrentUser();
  if (!user) return <PageLoader />;
  const tiles = moduleTilesForRole(user.role);

  return (
    <Container size="lg" px={0}>
      <Stack gap="xl">
        <Card radius="lg" p={{ base: 'lg', sm: 'xl' }} className={classes.hero}>
          <Stack gap="sm">
            <Text size="sm" fw={600} c="indigo.7">
              Xin chào, {displayName(user)}!
            </Text>
            <Title order={1} className={classes.heroTitle}>
              Chào mừng đến với Phòng Nghiên cứu & Phát triển
            </Title>
            <Text c="dimmed" maw={720}>
              Đây là không gian làm việc chung của phòng: nơi mỗi thành viên ghi lại nhật ký thời gian, theo
              dõi thị trường cổ phiếu, ngoại tệ và vàng, và cùng nhau học hỏi để phát triển mỗi ngày. Hãy chọn
              một mục bên dưới để bắt đầu.
            </Text>
          </Stack>
        </Card>

        <section aria-labelledby="modules-heading">
          <Title order={2} size="h4" mb="md" id="modules-heading">
            Các chức năng
          </Title>
          {tiles.length === 0 ? (
            <Text c="dimmed">Chưa có chức năng nào dành cho vai trò của bạn.</Text>
          ) : (
            <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
              {tiles.map((tile) => {
                const Icon = tile.icon;
                return (
                  <Card key={tile.path} component={Link} to={tile.path} radius="lg" className={classes.tile}>
                    <Group justify="space-between" align="flex-start" wrap="nowrap">
                      <ThemeIcon size={44} radius="md" variant="light" aria-hidden>
                        <Icon size={24} stroke={1.6} />
                      </ThemeIcon>
                      <IconArrowRight size={18} className={classes.arrow} aria-hidden />
                    </Group>
                    <Text fw={650} size="lg" mt="md">
                      {tile.title}
                    </Text>
                    <Text size="sm" c="indigo.7" fw={500}>
                      {tile.label}
                    </Text>
                    <Text size="sm" c="dimmed" mt={6}>
                      {tile.description}
                    </Text>
                  </Card>
                );
              })}
            </SimpleGrid>
          )}
        </section>
      </Stack>
    </Container>
  );
}

// Diary sub-layout (spec section 2): a side menu with Analysis and Diary for admin and manager; staff,
// who have no analysis, get the screens without it.
import { Box, Flex, NavLink } from '@mantine/core';
import { canUseModule } from '@staff/contracts';
import { IconCalendarWeek, IconChartPie, IconNotebook } from '@tabler/icons-react';
import { Link, Outlet, useLocation } from 'react-router';
import { useCurrentUser } from '../../../lib/current-user';
import { RunningEntryBar } from '../running/running-entry-bar';

const MENU = [
  { label: 'Analysis', path: '/diary/dashboard', icon: IconChartPie },
  { label: 'Diary', path: '/diary/entries', icon: IconNotebook },
  { label: 'Calendar', path: '/diary/calendar', icon: IconCalendarWeek },
] as const;

function isActive(pathname: string, path: string): boolean {
  if (path === '/diary/entries') {
    return pathname.startsWith('/diary/entries') || pathname.startsWith('/entries/');
  }
  return pathname === path || pathname.startsWith(`${path}/`);
}

export function DiaryLayout() {
  const { user } = useCurrentUser();
  const { pathname } = useLocation();
  const withMenu = canUseModule(user?.role, 'diaryAnalysis');
  if (!withMenu) {
    return (
      <>
        <RunningEntryBar />
        <Outlet />
      </>
    );
  }
  return (
    <Flex direction={{ base: 'column', md: 'row' }} gap={{ base: 'sm', md: 'lg' }} align="stretch">
      <Box component="nav" aria-label="Diary menu" w={{ base: '100%', md: 180 }} style={{ flexShrink: 0 }}>
        <Flex direction={{ base: 'row', md: 'column' }} gap={4}>
          {MENU.map((item) => (
            <NavLink
              key={item.path}
              component={Link}
              to={item.path}
              label={item.label}
              leftSection={<item.icon size={18} stroke={1.6} />}
              active={isActive(pathname, item.path)}
              aria-current={isActive(pathname, item.path) ? 'page' : undefined}
              variant="light"
              style={{ borderRadius: 'var(--mantine-radius-md)' }}
            />
          ))}
        </Flex>
      </Box>
      <Box style={{ flex: 1, minWidth: 0 }}>
        <RunningEntryBar />
        <Outlet />
      </Box>
    </Flex>
  );
}

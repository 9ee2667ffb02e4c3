// Main shell (spec section 2): sidebar + content; on phones the sidebar is a drawer behind a burger.
import { AppShell, Burger, Group } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { Link, Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { Logo } from '../../components/logo';
import { CHANGE_PASSWORD_ROUTE } from '../../features/profile/routes';
import { api } from '../../lib/api-client';
import { useCurrentUser } from '../../lib/current-user';
import classes from './app-layout.module.css';
import { Sidebar } from './sidebar';
import {
  ICONS_ONLY_BELOW,
  SIDEBAR_COLLAPSED_WIDTH,
  SIDEBAR_WIDTH,
  useSidebarCollapsed,
} from './sidebar-state';

export function AppLayout() {
  const { user } = useCurrentUser();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [mobileOpened, { toggle: toggleMobile, close: closeMobile }] = useDisclosure(false);
  const [collapsed, setCollapsed] = useSidebarCollapsed();
  // Mantine's `sm` breakpoint (48em): below it the sidebar is a full-width drawer.
  const isPhone = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false }) ?? false;
  // On a phone the sidebar is a drawer behind the burger: its links render when it first opens, not
  // off screen on every page load (decision 0022), and then stay, so that closing slides them out.
  const [drawerOpened, setDrawerOpened] = useState(false);
  if (mobileOpened && !drawerOpened) setDrawerOpened(true);
  const width = collapsed ? SIDEBAR_COLLAPSED_WIDTH : SIDEBAR_WIDTH;
  const iconsOnly = !isPhone && width < ICONS_ONLY_BELOW;

  // Close the drawer after navigating (also on Back/Forward).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on path changes only
  useEffect(() => closeMobile(), [pathname, closeMobile]);

  // A generated first password must be replaced before anything else (the API refuses the rest too).
  if (user?.must_change_password && pathname !== CHANGE_PASSWORD_ROUTE) {
    return <Navigate to={CHANGE_PASSWORD_ROUTE} replace />;
  }

  const logout = () => {
    // Signed out locally before this returns; the server's half is not waited for.
    void api.logout();
    navigate('/login', { replace: true });
  };

  return (
    <AppShell
      header={{ height: { base: 56, sm: 0 } }}
      navbar={{ width, breakpoint: 'sm', collapsed: { mobile: !mobileOpened } }}
      padding={{ base: 'sm', sm: 'lg' }}
    >
      <a href="#main-content" className={classes.skipLink}>
        Skip to content
      </a>
      <AppShell.Header hiddenFrom="sm" px="sm">
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Burger
            opened={mobileOpened}
            onClick={toggleMobile}
            size="sm"
            aria-label={mobileOpened ? 'Close navigation' : 'Open navigation'}
          />
          <Link to="/" aria-label="Home" className={classes.headerLogo}>
            <Logo size={36} />
          </Link>
          <div className={classes.headerSpacer} />
        </Group>
      </AppShell.Header>
      <Sidebar
        user={user}
        iconsOnly={iconsOnly}
        collapsed={collapsed}
        showCollapseControl={!isPhone}
        offScreen={isPhone && !mobileOpened}
        empty={isPhone && !drawerOpened}
        onToggleCollapsed={() => setCollapsed((c) => !c)}
        onNavigate={closeMobile}
        onLogout={logout}
      />
      <AppShell.Main id="main-content" tabIndex={-1} className={classes.main}>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}

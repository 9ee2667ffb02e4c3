// The left sidebar: logo, the signed-in user, the modules their role may use, Logout and the collapse control.
import {
  ActionIcon,
  Anchor,
  AppShell,
  Box,
  Group,
  NavLink,
  ScrollArea,
  Stack,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import type { User } from '@staff/contracts';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand, IconLogout } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { Logo } from '../../components/logo';
import { UserAvatar } from '../../components/user-avatar';
import { isModuleLinkActive, moduleLinksForRole } from '../../lib/app-modules';
import { displayName } from '../../lib/formatting';
import classes from './sidebar.module.css';

interface SidebarProps {
  user: User | null;
  iconsOnly: boolean;
  collapsed: boolean;
  /** Hidden on phones, where the sidebar is a drawer instead. */
  showCollapseControl: boolean;
  /** The closed phone drawer: off screen, so out of the tab order and the accessibility tree too. */
  offScreen: boolean;
  /** The phone drawer before it was first opened: nothing to see, so nothing is rendered in it. */
  empty?: boolean;
  onToggleCollapsed: () => void;
  onNavigate: () => void;
  onLogout: () => void;
}

/** The name's tooltip also opens on keyboard focus and on a touch, not only under a mouse. */
const NAME_TOOLTIP_EVENTS = { hover: true, focus: true, touch: true };

export function Sidebar(props: SidebarProps) {
  const { iconsOnly, offScreen, empty = false } = props;
  return (
    <AppShell.Navbar
      p={iconsOnly ? 4 : 'md'}
      aria-label="Main navigation"
      className={classes.navbar}
      inert={offScreen}
    >
      {!empty && <SidebarContent {...props} />}
    </AppShell.Navbar>
  );
}

function SidebarContent(props: SidebarProps) {
  const { user, iconsOnly, collapsed, showCollapseControl, onToggleCollapsed, onNavigate, onLogout } = props;
  const { pathname } = useLocation();
  const links = user ? moduleLinksForRole(user.role) : [];
  const tooltip = { position: 'right' as const, withArrow: true, disabled: !iconsOnly };

  return (
    <>
      {/* On phones the header already shows the logo above the drawer. */}
      <AppShell.Section visibleFrom="sm">
        <Box component={Link} to="/" onClick={onNavigate} className={classes.logoLink} aria-label="Home">
          <Logo size={iconsOnly ? 32 : 48} />
        </Box>
      </AppShell.Section>

      {user && (
        <AppShell.Section mt="sm" pb="sm" className={classes.user}>
          {iconsOnly ? (
            <Tooltip label={displayName(user)} {...tooltip}>
              <UnstyledButton
                component={Link}
                to="/profile"
                onClick={onNavigate}
                aria-label={displayName(user)}
                className={classes.avatarLink}
              >
                <UserAvatar user={user} size={36} />
              </UnstyledButton>
            </Tooltip>
          ) : (
            <Group gap="sm" wrap="nowrap">
              <UserAvatar user={user} size={44} />
              <Box miw={0}>
                {/* Two lines, then an ellipsis; the whole name on hover, focus or touch and as the title. */}
                <Tooltip
                  {...tooltip}
                  disabled={false}
                  label={displayName(user)}
                  multiline
                  maw={260}
                  events={NAME_TOOLTIP_EVENTS}
                >
                  <Anchor
                    component={Link}
                    to="/profile"
                    onClick={onNavigate}
                    fw={600}
                    className={classes.name}
                    title={displayName(user)}
                  >
                    {displayName(user)}
                  </Anchor>
                </Tooltip>
                <Text size="xs" c="dimmed" tt="capitalize">
                  {user.role}
                </Text>
              </Box>
            </Group>
          )}
        </AppShell.Section>
      )}

      <AppShell.Section grow component={ScrollArea} mt="sm" scrollbars="y">
        {user ? (
          <Stack component="ul" gap={4} className={classes.menu} align={iconsOnly ? 'center' : 'stretch'}>
            {links.map((link) => {
              const active = isModuleLinkActive(link, pathname);
              const Icon = link.icon;
              return (
                <li key={link.path}>
                  {iconsOnly ? (
                    <Tooltip label={link.label} {...tooltip}>
                      <ActionIcon
                        component={Link}
                        to={link.path}
                        onClick={onNavigate}
                        size={40}
                        variant={active ? 'light' : 'subtle'}
                        color={active ? undefined : 'gray'}
                        aria-label={link.label}
                        aria-current={active ? 'page' : undefined}
                      >
                        <Icon size={22} stroke={1.6} />
                      </ActionIcon>
                    </Tooltip>
                  ) : (
                    <NavLink
                      component={Link}
                      to={link.path}
                      onClick={onNavigate}
                      label={link.label}
                      leftSection={<Icon size={20} stroke={1.6} />}
                      active={active}
                      aria-current={active ? 'page' : undefined}
                      variant="light"
                      className={classes.navLink}
                    />
                  )}
                </li>
              );
            })}
          </Stack>
        ) : (
          <Text size="sm" c="dimmed" ta={iconsOnly ? 'center' : undefined} role="status">
            Loading modules...
          </Text>
        )}
      </AppShell.Section>

      <AppShell.Section pt="sm" className={classes.footer}>
        <Stack gap={4} align={iconsOnly ? 'center' : 'stretch'}>
          {iconsOnly ? (
            <Tooltip label="Logout" {...tooltip}>
              <ActionIcon size={40} variant="subtle" color="red" onClick={onLogout} aria-label="Logout">
                <IconLogout size={22} stroke={1.6} />
              </ActionIcon>
            </Tooltip>
          ) : (
            <NavLink
              component="button"
              type="button"
              label="Logout"
              leftSection={<IconLogout size={20} stroke={1.6} />}
              onClick={onLogout}
              color="red"
              className={classes.navLink}
            />
          )}
          {showCollapseControl && (
            <Tooltip label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'} {...tooltip}>
              <ActionIcon
                size={40}
                variant="subtle"
                color="gray"
                onClick={onToggleCollapsed}
                aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
                aria-expanded={!collapsed}
                className={iconsOnly ? undefined : classes.collapseButton}
              >
                {collapsed ? (
                  <IconLayoutSidebarLeftExpand size={22} stroke={1.6} />
                ) : (
                  <IconLayoutSidebarLeftCollapse size={22} stroke={1.6} />
                )}
              </ActionIcon>
            </Tooltip>
          )}
        </Stack>
      </AppShell.Section>
    </>
  );
}

// The modules the shell links to and which roles see them (spec section 6, via MODULE_ROLES).
import { type AppModule, canUseModule } from '@staff/contracts';
import {
  IconChartCandle,
  IconCoin,
  IconCurrencyDollar,
  IconLayoutDashboard,
  IconNotebook,
  IconShieldCheck,
  IconUsers,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';

export interface ModuleLink {
  module: AppModule;
  label: string;
  path: string;
  icon: ComponentType<{ size?: number | string; stroke?: number }>;
}

/** Sidebar order as in the spec's Main shell. */
export const MODULE_LINKS: readonly ModuleLink[] = [
  { module: 'dashboard', label: 'Dashboard', path: '/dashboard', icon: IconLayoutDashboard },
  { module: 'diary', label: 'Daily Diary', path: '/diary', icon: IconNotebook },
  { module: 'stocks', label: 'Stocks', path: '/stocks', icon: IconChartCandle },
  { module: 'forex', label: 'Forex', path: '/forex', icon: IconCurrencyDollar },
  { module: 'cashflow', label: 'Cash Flow 101', path: '/cashflow', icon: IconCoin },
  { module: 'users', label: 'Users', path: '/admin/users', icon: IconUsers },
  { module: 'audit', label: 'Audit log', path: '/admin/audit', icon: IconShieldCheck },
];

/** Menu items a role may see. */
export function moduleLinksForRole(role: string | null | undefined): ModuleLink[] {
  return MODULE_LINKS.filter((link) => canUseModule(role, link.module));
}

function isUnder(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

/** Active by path prefix; `/` is the dashboard too. */
export function isModuleLinkActive(link: ModuleLink, pathname: string): boolean {
  if (link.module === 'dashboard' && pathname === '/') return true;
  return isUnder(pathname, link.path);
}

/**
 * The module a path belongs to, for the access guard. `/` is the landing page every role may open,
 * so it belongs to no module. Diary entries and jars live outside /diary but belong to the diary.
 */
export function moduleForPath(pathname: string): AppModule | null {
  if (isUnder(pathname, '/diary/dashboard')) return 'diaryAnalysis';
  if (['/entries', '/diaries', '/jar-setup'].some((prefix) => isUnder(pathname, prefix))) return 'diary';
  if (['/watchlists'].some((prefix) => isUnder(pathname, prefix))) return 'stocks';
  return MODULE_LINKS.find((link) => isUnder(pathname, link.path))?.module ?? null;
}

// The modules the shell links to and which roles see them (spec section 6, via MODULE_ROLES).
import { type AppModule, canUseModule } from '@staff/contracts';
import {
  IconCalendarOff,
  IconChartCandle,
  IconCoin,
  IconCurrencyDollar,
  IconLayoutDashboard,
  IconNotebook,
  IconReportMoney,
  IconShieldCheck,
  IconTableOptions,
  IconUsers,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';

export interface ModuleLink {
  module: AppModule;
  label: string;
  path: string;
  icon: ComponentType<{ size?: number | string; stroke?: number }>;
}

/**
 * Sidebar order as in the spec's Main shell; the stock administration screens (issue 26, decision
 * 0015) follow Stocks, for the roles the server lets edit stocks, prices and holidays.
 */
export const MODULE_LINKS: readonly ModuleLink[] = [
  { module: 'dashboard', label: 'Dashboard', path: '/dashboard', icon: IconLayoutDashboard },
  { module: 'diary', label: 'Daily Diary', path: '/diary', icon: IconNotebook },
  { module: 'stocks', label: 'Stocks', path: '/stocks', icon: IconChartCandle },
  { module: 'stocksAdmin', label: 'Stock catalogue', path: '/stocks/admin', icon: IconTableOptions },
  { module: 'stocksAdmin', label: 'Price records', path: '/stocks/admin/prices', icon: IconReportMoney },
  {
    module: 'stockHolidays',
    label: 'Market holidays',
    path: '/stocks/admin/holidays',
    icon: IconCalendarOff,
  },
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

/** The link whose path is the longest prefix of the path: /stocks/admin/prices is not /stocks/admin's, nor /stocks'. */
function closestLink(pathname: string): ModuleLink | undefined {
  let closest: ModuleLink | undefined;
  for (const link of MODULE_LINKS) {
    if (isUnder(pathname, link.path) && link.path.length > (closest?.path.length ?? -1)) closest = link;
  }
  return closest;
}

/** Active by path prefix, the most specific item only; `/` is the dashboard too. */
export function isModuleLinkActive(link: ModuleLink, pathname: string): boolean {
  if (link.module === 'dashboard' && pathname === '/') return true;
  return closestLink(pathname)?.path === link.path;
}

/**
 * The module a path belongs to, for the access guard. `/` is the landing page every role may open,
 * so it belongs to no module. Diary entries and jars live outside /diary but belong to the diary.
 */
export function moduleForPath(pathname: string): AppModule | null {
  if (isUnder(pathname, '/diary/dashboard')) return 'diaryAnalysis';
  if (['/entries', '/diaries', '/jar-setup'].some((prefix) => isUnder(pathname, prefix))) return 'diary';
  if (['/watchlists'].some((prefix) => isUnder(pathname, prefix))) return 'stocks';
  return closestLink(pathname)?.module ?? null;
}

import { ROLES } from '@staff/contracts';
import { describe, expect, it } from 'vitest';
import { isModuleLinkActive, MODULE_LINKS, moduleForPath, moduleLinksForRole } from './app-modules';

const menu = (role: string) => moduleLinksForRole(role).map((l) => `${l.label} ${l.path}`);

describe('menu by role (spec section 6)', () => {
  it('admin sees every item in the spec order', () => {
    expect(menu('admin')).toEqual([
      'Dashboard /dashboard',
      'Daily Diary /diary',
      'Stocks /stocks',
      'Stock catalogue /stocks/admin',
      'Price records /stocks/admin/prices',
      'Market holidays /stocks/admin/holidays',
      'Forex /forex',
      'Cash Flow 101 /cashflow',
      'Users /admin/users',
      'Audit log /admin/audit',
    ]);
  });

  it('manager also sees the stock catalogue and price records, not the holidays (as the server allows)', () => {
    expect(menu('manager')).toEqual([
      'Dashboard /dashboard',
      'Daily Diary /diary',
      'Stocks /stocks',
      'Stock catalogue /stocks/admin',
      'Price records /stocks/admin/prices',
      'Forex /forex',
    ]);
  });

  it('staff sees Dashboard, Daily Diary, Stocks and Forex', () => {
    expect(menu('staff')).toEqual([
      'Dashboard /dashboard',
      'Daily Diary /diary',
      'Stocks /stocks',
      'Forex /forex',
    ]);
  });

  it('ndf sees only Cash Flow 101', () => {
    expect(menu('ndf')).toEqual(['Cash Flow 101 /cashflow']);
  });

  it('an unknown or missing role sees nothing', () => {
    expect(menu('guest')).toEqual([]);
    expect(moduleLinksForRole(null)).toEqual([]);
  });

  it('covers every role the contracts know', () => {
    for (const role of ROLES) expect(moduleLinksForRole(role).length).toBeGreaterThan(0);
  });
});

describe('active item by path prefix', () => {
  const link = (label: string) => {
    const found = MODULE_LINKS.find((l) => l.label === label);
    if (!found) throw new Error(label);
    return found;
  };

  it('matches the item path and paths below it', () => {
    expect(isModuleLinkActive(link('Daily Diary'), '/diary')).toBe(true);
    expect(isModuleLinkActive(link('Daily Diary'), '/diary/entries/new')).toBe(true);
    expect(isModuleLinkActive(link('Users'), '/admin/users/3/edit')).toBe(true);
    expect(isModuleLinkActive(link('Audit log'), '/admin/audit')).toBe(true);
    expect(isModuleLinkActive(link('Users'), '/admin/audit')).toBe(false);
    expect(isModuleLinkActive(link('Cash Flow 101'), '/cashflow/game')).toBe(true);
  });

  it('marks only the most specific item under /stocks', () => {
    expect(isModuleLinkActive(link('Stocks'), '/stocks/VNM')).toBe(true);
    expect(isModuleLinkActive(link('Stocks'), '/stocks/admin')).toBe(false);
    expect(isModuleLinkActive(link('Stock catalogue'), '/stocks/admin')).toBe(true);
    expect(isModuleLinkActive(link('Stock catalogue'), '/stocks/admin/prices')).toBe(false);
    expect(isModuleLinkActive(link('Price records'), '/stocks/admin/prices')).toBe(true);
    expect(isModuleLinkActive(link('Market holidays'), '/stocks/admin/holidays')).toBe(true);
    expect(isModuleLinkActive(link('Stock catalogue'), '/stocks/admin/holidays')).toBe(false);
  });

  it('does not match a different path that merely starts with the same letters', () => {
    expect(isModuleLinkActive(link('Daily Diary'), '/diaryx')).toBe(false);
    expect(isModuleLinkActive(link('Stocks'), '/forex')).toBe(false);
  });

  it('treats / as the Dashboard', () => {
    expect(isModuleLinkActive(link('Dashboard'), '/')).toBe(true);
    expect(isModuleLinkActive(link('Stocks'), '/')).toBe(false);
  });
});

describe('moduleForPath', () => {
  it.each([
    ['/', null],
    ['/profile', null],
    ['/dashboard', 'dashboard'],
    ['/diary/dashboard', 'diaryAnalysis'],
    ['/diary/entries', 'diary'],
    ['/entries/4/edit', 'diary'],
    ['/jar-setup', 'diary'],
    ['/watchlists/2/analysis', 'stocks'],
    ['/stocks/VNM', 'stocks'],
    ['/stocks/admin', 'stocksAdmin'],
    ['/stocks/admin/prices', 'stocksAdmin'],
    ['/stocks/admin/holidays', 'stockHolidays'],
    ['/stocks/administrator', 'stocks'],
    ['/cashflow/hall', 'cashflow'],
    ['/admin/users/create', 'users'],
    ['/admin/audit', 'audit'],
    ['/nowhere', null],
  ])('%s → %s', (path, module) => {
    expect(moduleForPath(path)).toBe(module);
  });
});

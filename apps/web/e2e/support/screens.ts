// The signed-in screens, each with how to tell that it has rendered: walked by a11y.spec.ts (axe) and
// keyboard.spec.ts (the tab order).
import { expect, type Page } from '@playwright/test';

export interface Screen {
  path: string;
  ready: (page: Page) => Promise<void>;
}

export const SCREENS: readonly Screen[] = [
  { path: '/', ready: (p) => expect(p.getByRole('main')).toBeVisible() },
  { path: '/profile', ready: (p) => expect(p.getByRole('main').getByRole('textbox').first()).toBeVisible() },
  {
    path: '/change-password',
    ready: (p) => expect(p.getByRole('main').getByRole('button').first()).toBeVisible(),
  },
  { path: '/admin/users', ready: (p) => expect(p.getByRole('table')).toBeVisible() },
  {
    path: '/admin/audit',
    ready: (p) => expect(p.getByRole('table', { name: 'Audit events' })).toBeVisible(),
  },
  {
    path: '/admin/users/create',
    ready: (p) => expect(p.getByRole('main').getByRole('textbox').first()).toBeVisible(),
  },
  { path: '/diary', ready: (p) => expect(p.getByRole('main')).toBeVisible() },
  { path: '/diary/entries', ready: (p) => expect(p.getByRole('main')).toBeVisible() },
  {
    path: '/diary/entries/new',
    ready: (p) => expect(p.getByRole('main').getByRole('textbox').first()).toBeVisible(),
  },
  { path: '/diary/categories', ready: (p) => expect(p.getByRole('main')).toBeVisible() },
  { path: '/diary/dashboard', ready: (p) => expect(p.getByRole('main')).toBeVisible() },
  { path: '/jar-setup', ready: (p) => expect(p.getByRole('main')).toBeVisible() },
  {
    path: '/cashflow',
    ready: (p) => expect(p.getByRole('heading', { name: 'CashFlow Helper' })).toBeVisible(),
  },
  {
    path: '/cashflow/hall',
    ready: (p) => expect(p.getByRole('heading', { name: 'Lịch sử ván chơi' })).toBeVisible(),
  },
  {
    path: '/forex',
    ready: (p) => expect(p.getByRole('heading', { name: 'Forex & Gold Dashboard' })).toBeVisible(),
  },
  { path: '/stocks', ready: (p) => expect(p.getByRole('heading', { name: 'Watchlists' })).toBeVisible() },
  {
    path: '/stocks/FPT',
    ready: (p) => expect(p.getByRole('heading', { name: /FPT/ }).first()).toBeVisible(),
  },
  {
    path: '/stocks/admin',
    ready: (p) => expect(p.getByRole('table', { name: 'Stocks' }).getByRole('row').nth(1)).toBeVisible(),
  },
  {
    path: '/stocks/admin/prices?ticker=FPT',
    ready: (p) =>
      expect(p.getByRole('table', { name: 'Price records of FPT' }).getByRole('row').nth(1)).toBeVisible(),
  },
  {
    path: '/stocks/admin/holidays',
    ready: (p) =>
      expect(p.getByRole('table', { name: /^Holidays of / })).toHaveAttribute('aria-busy', 'false'),
  },
  {
    path: '/cashflow/setup',
    ready: (p) => expect(p.getByRole('heading', { name: 'Thiết lập ván chơi' })).toBeVisible(),
  },
];

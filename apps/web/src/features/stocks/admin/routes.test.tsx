// The stock administration routes as the app registers them (features/stocks/routes.tsx): the
// static /stocks/admin outranks /stocks/:ticker, and each screen is guarded by role exactly as the
// server guards its calls (MODULE_ROLES.stocksAdmin, MODULE_ROLES.stockHolidays).
import type { Role } from '@staff/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, jsonResponse } from '../../../test/fake-api';
import { renderRoutes } from '../../../test/render';
import { signInAs } from '../../../test/session';
import { stocksRoutes } from '../routes';
import { testSnapshot } from '../test-fixtures';
import { cataloguePage, EXCHANGES, testStock } from './test-fixtures';

function renderAs(role: Role, path: string) {
  signInAs(role);
  const api = fakeApi({
    'GET /api/stocks/exchanges/': () => jsonResponse(200, EXCHANGES),
    'GET /api/stocks/catalogue/': () => jsonResponse(200, cataloguePage([testStock('VNM')])),
    'GET /api/stocks/holidays/': () => jsonResponse(200, []),
    'GET /api/stocks/stocks/VNM/': () => jsonResponse(200, testStock('VNM')),
    'GET /api/stocks/snapshots/VNM/': () => jsonResponse(200, testSnapshot('VNM')),
    'GET /api/stocks/prices/': () => jsonResponse(200, []),
  });
  renderRoutes(stocksRoutes, path);
  const adminCalls = () =>
    api.calls.filter((c) => /^\/api\/stocks\/(catalogue|holidays|stocks\/ADMIN)\//i.test(c.url.pathname));
  return { api, adminCalls };
}

describe('stock administration routes', { timeout: 20_000 }, () => {
  it.each(['admin', 'manager'] as const)(
    '%s opening /stocks/admin gets the catalogue, not a stock called ADMIN',
    async (role) => {
      const { api } = renderAs(role, '/stocks/admin');
      expect(await screen.findByRole('heading', { name: 'Stock catalogue' })).toBeTruthy();
      expect(api.calls.some((c) => /\/stocks\/admin\//i.test(c.url.pathname))).toBe(false);
    },
  );

  it('a manager opens the price records', async () => {
    renderAs('manager', '/stocks/admin/prices');
    expect(await screen.findByRole('heading', { name: 'Price records' })).toBeTruthy();
  });

  it('an administrator opens the holidays', async () => {
    renderAs('admin', '/stocks/admin/holidays?year=2026');
    expect(await screen.findByRole('heading', { name: 'Market holidays' })).toBeTruthy();
  });

  it.each([
    ['staff', '/stocks/admin'],
    ['staff', '/stocks/admin/prices'],
    ['staff', '/stocks/admin/holidays'],
    ['ndf', '/stocks/admin'],
    ['manager', '/stocks/admin/holidays'],
  ] as const)(
    '%s opening %s is told access is denied, and nothing is asked of the API',
    async (role, path) => {
      const { adminCalls } = renderAs(role, path);
      expect(await screen.findByRole('heading', { name: 'Access denied' })).toBeTruthy();
      expect(adminCalls()).toEqual([]);
    },
  );

  it('a stock page is still a stock page', async () => {
    renderAs('staff', '/stocks/VNM');
    expect(await screen.findByRole('heading', { name: 'VNM' })).toBeTruthy();
  });
});

import { AppShell } from '@mantine/core';
import type { User } from '@staff/contracts';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../test/render';
import { Sidebar } from './sidebar';

const NDF: User = {
  id: 3,
  email: 'hoa@example.com',
  username: 'hoa@example.com',
  first_name: 'Hoa',
  middle_name: '',
  last_name: 'Lê',
  full_name: 'Lê Hoa',
  phone: '',
  gender: null,
  role: 'ndf',
  is_active: true,
  avatar: null,
  avatar_url: null,
  must_change_password: false,
};

function renderSidebar(user: User | null, path: string, iconsOnly = false, offScreen = false) {
  const props = {
    user,
    iconsOnly,
    collapsed: iconsOnly,
    showCollapseControl: true,
    offScreen,
    onToggleCollapsed: vi.fn(),
    onNavigate: vi.fn(),
    onLogout: vi.fn(),
  };
  renderRoutes(
    [
      {
        path: '*',
        element: (
          <AppShell navbar={{ width: iconsOnly ? 48 : 248, breakpoint: 'sm' }}>
            <Sidebar {...props} />
          </AppShell>
        ),
      },
    ],
    path,
  );
  return screen.getByRole('navigation', { name: 'Main navigation' });
}

describe('Sidebar', () => {
  it("says 'Loading modules...' until the user is known", () => {
    const nav = renderSidebar(null, '/');
    expect(within(nav).getByText('Loading modules...')).toBeTruthy();
    expect(within(nav).queryAllByRole('listitem')).toHaveLength(0);
  });

  it('shows the role’s items, the name linking to /profile, and Logout', () => {
    const nav = renderSidebar(NDF, '/cashflow/game');
    expect(
      within(nav)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Cash Flow 101']);
    expect(within(nav).getByRole('link', { name: 'Lê Hoa' }).getAttribute('href')).toBe('/profile');
    expect(within(nav).getByRole('link', { name: 'Cash Flow 101' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(within(nav).getByRole('button', { name: 'Logout' })).toBeTruthy();
    expect(within(nav).getByRole('button', { name: 'Collapse sidebar' })).toBeTruthy();
  });

  it('gives an administrator every module, the audit log after Users, marked where they are', () => {
    const nav = renderSidebar({ ...NDF, role: 'admin' }, '/admin/audit');
    expect(
      within(nav)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Dashboard',
      'Daily Diary',
      'Stocks',
      'Stock catalogue',
      'Price records',
      'Market holidays',
      'Forex',
      'Cash Flow 101',
      'Users',
      'Audit log',
    ]);
    expect(within(nav).getByRole('link', { name: 'Audit log' }).getAttribute('href')).toBe('/admin/audit');
    expect(within(nav).getByRole('link', { name: 'Audit log' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Users' }).getAttribute('aria-current')).toBeNull();
  });

  it('lets a long name take two lines and gives the whole of it on hover, focus and as the title', async () => {
    const long = 'Nguyễn Hoàng Phương Thảo Nguyên Bảo Ngọc Trâm Anh';
    const nav = renderSidebar({ ...NDF, first_name: long, last_name: '', full_name: long }, '/');
    const name = within(nav).getByRole('link', { name: long });
    expect(name.getAttribute('title')).toBe(long);
    fireEvent.focus(name);
    expect((await screen.findByRole('tooltip')).textContent).toBe(long);
  });

  it('falls back to the e-mail when the user has no name', () => {
    const nav = renderSidebar({ ...NDF, first_name: '', last_name: '', full_name: '' }, '/');
    expect(within(nav).getByRole('link', { name: 'hoa@example.com' })).toBeTruthy();
  });

  it('icons only: items keep their names for assistive tech but show no label text', () => {
    const nav = renderSidebar(NDF, '/', true);
    expect(within(nav).getByRole('link', { name: 'Cash Flow 101' })).toBeTruthy();
    expect(within(nav).queryByText('Cash Flow 101')).toBeNull();
    expect(within(nav).getByRole('button', { name: 'Expand sidebar' })).toBeTruthy();
  });

  it('takes the closed phone drawer out of the tab order and the accessibility tree', () => {
    const closed = renderSidebar(NDF, '/', false, true);
    expect(closed.hasAttribute('inert')).toBe(true);
    cleanup();
    const open = renderSidebar(NDF, '/', false, false);
    expect(open.hasAttribute('inert')).toBe(false);
  });
});

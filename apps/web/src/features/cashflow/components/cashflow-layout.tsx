// Every /cashflow route shares one game-state holder (spec 2). The session and the hall use the width
// of a laptop shared at the table; home and setup stay a narrow column.
import { Container } from '@mantine/core';
import { Outlet, useLocation } from 'react-router';
import { GameProvider } from '../game-provider';

const WIDE = ['/cashflow/session', '/cashflow/hall'];

export function CashflowLayout() {
  const { pathname } = useLocation();
  const wide =
    WIDE.some((path) => pathname.replace(/\/+$/, '') === path) || pathname.startsWith('/cashflow/tables/');
  return (
    <GameProvider>
      <Container size={wide ? 'xl' : 'sm'} px={{ base: 'xs', sm: 'md' }}>
        <Outlet />
      </Container>
    </GameProvider>
  );
}

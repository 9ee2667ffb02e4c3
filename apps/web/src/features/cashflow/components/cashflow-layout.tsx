// Every /cashflow route shares one game-state holder (spec 2).
import { Container } from '@mantine/core';
import { Outlet } from 'react-router';
import { GameProvider } from '../game-provider';

export function CashflowLayout() {
  return (
    <GameProvider>
      <Container size="sm" px={{ base: 'xs', sm: 'md' }}>
        <Outlet />
      </Container>
    </GameProvider>
  );
}

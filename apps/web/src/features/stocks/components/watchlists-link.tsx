// The way back to the Watchlists from a stock's page and from a list's analysis.
import { Anchor, type MantineSize } from '@mantine/core';
import { Link } from 'react-router';

export function WatchlistsLink({ size }: { size?: MantineSize }) {
  return (
    <Anchor component={Link} to="/stocks" size={size}>
      ← Watchlists
    </Anchor>
  );
}

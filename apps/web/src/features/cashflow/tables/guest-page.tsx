// A guest seat's screen (issue 25): /cashflow/guest/:id#<token>, the link (and QR code) the host made
// for one seat. No account: the token in the link's fragment is the seat's credential (the fragment
// never reaches a server, so no log holds it). It is kept on this device under the table's id, so a
// reload or the link opened again later finds it, and taken out of the address bar at once. The screen
// is a player's, outside the signed-in shell, until the game ends or the host revokes the invite.
import { Alert, Container, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { GUEST_TOKEN_PATTERN } from '@staff/contracts';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { LiveTableScreen } from './table-page';

/** Where this device keeps a table's guest token. */
export const guestTokenKey = (tableId: number) => `staff-tables.guest.${tableId}`;

function guestToken(tableId: number, hash: string): string | null {
  const fromLink = hash.replace(/^#/, '');
  try {
    if (GUEST_TOKEN_PATTERN.test(fromLink)) {
      localStorage.setItem(guestTokenKey(tableId), fromLink);
      return fromLink;
    }
    return localStorage.getItem(guestTokenKey(tableId));
  } catch {
    return GUEST_TOKEN_PATTERN.test(fromLink) ? fromLink : null;
  }
}

export function GuestPage() {
  useDocumentTitle('Bàn chơi chung (khách)');
  const id = Number(useParams().id);
  const location = useLocation();
  const navigate = useNavigate();
  const [token] = useState(() => guestToken(id, location.hash));

  // The credential leaves the address bar (and the history, screenshots, a shared address).
  useEffect(() => {
    if (location.hash)
      void navigate({ pathname: location.pathname, search: location.search }, { replace: true });
  }, [location.hash, location.pathname, location.search, navigate]);

  return (
    <Container size="sm" px={{ base: 'xs', sm: 'md' }} py="md" component="main">
      <Stack gap={0}>
        <Title order={1} size="h3">
          CashFlow · Bàn chơi chung
        </Title>
        <Text size="sm" c="dimmed">
          Bạn chơi với tư cách khách được mời.
        </Text>
      </Stack>
      {token && Number.isInteger(id) && id > 0 ? (
        <LiveTableScreen id={id} guest={token} />
      ) : (
        <Alert color="red" role="alert" mt="md" title="Liên kết mời không hợp lệ">
          Hãy mở lại liên kết (hoặc quét mã QR) mà chủ bàn đưa cho bạn.
        </Alert>
      )}
    </Container>
  );
}

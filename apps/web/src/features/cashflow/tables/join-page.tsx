// /cashflow/join (issue 25): the table's 6-character code, typed or from the join link's ?code=, then a
// seat (a seat set up for a registered player only for them), then the table's screen. Below, the
// tables you host or sit at ('Bàn của bạn').
import { Alert, Badge, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { TABLE_CODE_ALPHABET, TABLE_CODE_LENGTH, type TableJoinAnswer } from '@staff/contracts';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { failureText } from '../../../lib/api-client';
import { useStoredUser } from '../../../lib/current-user';
import { useJoinTable } from './api';
import { YourTables } from './your-tables';

/** Upper-cased, only the code's letters and digits, at most its length. */
export function cleanCode(value: string): string {
  return [...value.toUpperCase()]
    .filter((c) => TABLE_CODE_ALPHABET.includes(c))
    .join('')
    .slice(0, TABLE_CODE_LENGTH);
}

export function JoinPage() {
  useDocumentTitle('Vào bàn chơi');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const me = useStoredUser();
  const [code, setCode] = useState(() => cleanCode(params.get('code') ?? ''));
  const [found, setFound] = useState<TableJoinAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const join = useJoinTable();
  const complete = code.length === TABLE_CODE_LENGTH;

  function lookUp(value: string) {
    setError(null);
    join.mutate(
      { code: value },
      {
        onSuccess: (answer) => {
          if (answer.your_seat !== null) navigate(`/cashflow/tables/${answer.id}`);
          else setFound(answer);
        },
        onError: (err) => setError(failureText(err, 'vi')),
      },
    );
  }

  function sit(seat: number) {
    if (!found) return;
    setError(null);
    join.mutate(
      { code: found.code, seat },
      {
        onSuccess: (answer) => navigate(`/cashflow/tables/${answer.id}`),
        onError: (err) => setError(failureText(err, 'vi')),
      },
    );
  }

  // The join link (its QR code) brings the code: look it up at once.
  const linked = useRef(complete);
  useEffect(() => {
    if (linked.current) {
      linked.current = false;
      lookUp(code);
    }
  });

  return (
    <Stack gap="md" py="md">
      <Title order={2}>Vào bàn chơi</Title>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (complete) lookUp(code);
        }}
      >
        <Stack gap="sm">
          <TextInput
            label="Mã bàn"
            description="6 ký tự, như trên màn hình của chủ bàn"
            value={code}
            onChange={(event) => {
              setCode(cleanCode(event.currentTarget.value));
              setFound(null);
            }}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            styles={{ input: { fontFamily: 'monospace', fontSize: 24, letterSpacing: '0.2em' } }}
          />
          <Button type="submit" disabled={!complete} loading={join.isPending && !found}>
            Tìm bàn
          </Button>
        </Stack>
      </form>
      {error && <Alert color="red">{error}</Alert>}
      {found && (
        <Stack gap="xs" component="section" aria-label="Chọn ghế">
          <Text fw={600}>Chọn ghế của bạn</Text>
          {found.seats.map((seat) => {
            const taken = seat.taken_by !== null;
            const reserved = seat.user_id !== null && seat.user_id !== me?.id;
            return (
              <Card key={seat.seat} withBorder padding="sm" radius="md">
                <Group justify="space-between" wrap="nowrap">
                  <Text fw={600}>{seat.name}</Text>
                  {taken ? (
                    <Badge color="gray">Đã có người</Badge>
                  ) : reserved ? (
                    <Badge color="gray">Dành cho người khác</Badge>
                  ) : (
                    <Button size="xs" onClick={() => sit(seat.seat)} loading={join.isPending}>
                      Ngồi ghế {seat.name}
                    </Button>
                  )}
                </Group>
              </Card>
            );
          })}
        </Stack>
      )}
      <YourTables />
    </Stack>
  );
}

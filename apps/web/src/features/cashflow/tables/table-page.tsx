// A shared table's screen (issue 25): the host's (the join code, its QR code, the seats and whether a
// device is there, guest invites with a QR code each, every card as on one phone, the pending actions
// in auditor mode, finishing) or a seated player's, signed in or a guest's by invite (their own card
// first, with its controls on their turn, the others' summaries). Both show the game log, the toasts,
// this device's unsent actions and the refused ones; a finished game's result shows on every device. A
// table closed after its idle hours says so; its host resumes it or downloads its log (JSON) there.
import {
  Alert,
  Badge,
  Button,
  CloseButton,
  CopyButton,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  currentPlayer,
  type GameState,
  MESSAGES,
  type TableAction,
  WIN_METHOD_LABELS,
} from '@staff/cashflow-engine';
import {
  TABLE_IDLE_CLOSE_HOURS,
  TABLE_MESSAGES,
  type Table,
  type TableEvent,
  type TableGuestInvite,
  type TableSeat,
} from '@staff/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { QRCodeSVG } from 'qrcode.react';
import { useCallback, useState } from 'react';
import { Link, useParams } from 'react-router';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import type { ApiError } from '../../../lib/api-client';
import { failureText } from '../../../lib/api-client';
import { FinishPanel } from '../components/finish-panel';
import { GameLog } from '../components/game-log';
import { PendingResultBanner, useFinalize } from '../components/pending-result';
import { PlayerCard } from '../components/player-card';
import classes from '../components/session.module.css';
import { useGameEventToasts } from '../components/session-page';
import { UndoButton } from '../components/undo-button';
import { usePhoneLayout } from '../components/use-phone-layout';
import { useRunAction } from '../components/use-run-action';
import {
  decidePending,
  guestLink,
  inviteGuest,
  newClientId,
  revokeGuest,
  type TableGuest,
  TableGuestContext,
  tableKeys,
  useExportTable,
  useResumeTable,
  useTableGuest,
  type Verdict,
} from './api';
import { describeTableAction, type LiveTable, type LiveTableSnapshot } from './live-table';
import { TableGameProvider } from './table-game';
import { TableLog } from './table-log';
import { useLiveTable } from './use-live-table';

export const WAITING_FOR_HOST = 'Chờ duyệt';
export const CLOSED_TEXTS = {
  title: 'Bàn đã đóng',
  forHost: `Không ai chơi ở bàn này trong ${TABLE_IDLE_CLOSE_HOURS} giờ nên bàn đã đóng. Bạn vẫn xem được nhật ký, tải nhật ký về, hoặc tiếp tục ván để mọi người chơi tiếp.`,
  forPlayer: `Không ai chơi ở bàn này trong ${TABLE_IDLE_CLOSE_HOURS} giờ nên bàn đã đóng. Chủ bàn có thể tiếp tục ván.`,
  resume: 'Tiếp tục ván',
  export: 'Tải nhật ký (JSON)',
} as const;
export const UNSENT = 'Chưa gửi';

/** The join link a phone opens (its QR code is on the host's screen). */
export const joinLink = (code: string) => `${window.location.origin}/cashflow/join?code=${code}`;

/** How the host's screen names a seat's state. */
export const SEAT_STATE_LABELS = { waiting: 'Đang chờ', joined: 'Đã vào', offline: 'Mất kết nối' } as const;
const SEAT_STATE_COLORS = { waiting: 'gray', joined: 'green', offline: 'orange' } as const;

/** The host's screen reads the table again now and then while it is open: who joined, who went offline. */
const seatsLive = (table: Table) => table.your_seat === null && table.status === 'open';

export function TablePage() {
  useDocumentTitle('Bàn chơi chung');
  const id = Number(useParams().id);
  return <LiveTableScreen id={id} guest={null} />;
}

/** The table `id`, followed by the signed-in user or by a guest seat's device (`guest`: its token). */
export function LiveTableScreen({ id, guest }: { id: number; guest: TableGuest }) {
  return (
    <TableGuestContext.Provider value={guest}>
      <LiveTableLoader id={id} guest={guest} />
    </TableGuestContext.Provider>
  );
}

function LiveTableLoader({ id, guest }: { id: number; guest: TableGuest }) {
  const { store, snapshot, connected, refused, query } = useLiveTable(id, seatsLive, guest);

  if (!store || !snapshot) {
    if (query.isError)
      return (
        <Stack py="md">
          <LoadErrorAlert
            title="Không mở được bàn chơi"
            error={query.error}
            onRetry={() => query.refetch()}
            retrying={query.isFetching}
            lang="vi"
          />
        </Stack>
      );
    return (
      <Group justify="center" py="xl">
        <Loader aria-label="Đang tải bàn chơi" />
      </Group>
    );
  }
  return (
    <TableGameProvider store={store} snapshot={snapshot}>
      <TableScreen store={store} snapshot={snapshot} connected={connected} refused={refused} />
    </TableGameProvider>
  );
}

function TableScreen({
  store,
  snapshot,
  connected,
  refused,
}: {
  store: LiveTable;
  snapshot: LiveTableSnapshot;
  connected: boolean | null;
  refused: ApiError | null;
}) {
  const { state } = snapshot;
  useGameEventToasts(state);
  const guest = useTableGuest();
  const host = store.isHost;
  const finished = state.finishedAt !== null;
  return (
    <Stack gap="sm" py="md">
      {refused && !finished ? (
        <Alert color="red" role="alert" title="Không còn theo dõi được bàn này">
          {guest ? TABLE_MESSAGES.guestEnded : 'Bạn không còn ở bàn này.'}
        </Alert>
      ) : null}
      {connected === false && !refused && (
        <Alert color="orange" role="status">
          Mất kết nối với bàn chơi. Bàn vẫn hiện ở đây; thao tác của bạn được giữ lại và gửi khi có mạng.
        </Alert>
      )}
      <DeviceActions store={store} snapshot={snapshot} />
      {snapshot.table.status === 'closed' && <ClosedNotice table={snapshot.table} host={host} />}
      {state.finishedAt !== null && <GameResult state={state} />}
      {host ? (
        <HostView store={store} snapshot={snapshot} />
      ) : (
        <PlayerView store={store} snapshot={snapshot} />
      )}
    </Stack>
  );
}

/** This device's actions not yet answered ('Chưa gửi'), waiting for the host ('Chờ duyệt'), or refused. */
function DeviceActions({ store, snapshot }: { store: LiveTable; snapshot: LiveTableSnapshot }) {
  const { outbox, awaiting, refused, sending } = snapshot;
  if (outbox.length === 0 && awaiting.length === 0 && refused.length === 0) return null;
  const describe = (action: unknown) => describeTableAction(action as TableAction);
  return (
    <Stack gap="xs">
      {refused.map((item) => (
        <Alert key={item.clientId} color="red" title="Không thực hiện được">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Text size="sm">
              {describe(item.action)}: {item.reason}
            </Text>
            <CloseButton aria-label="Đóng" onClick={() => store.dismissRefused(item.clientId)} />
          </Group>
        </Alert>
      ))}
      {(outbox.length > 0 || awaiting.length > 0) && (
        <Paper withBorder p="xs" radius="md" component="section" aria-label="Thao tác của bạn">
          <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {outbox.map((item) => (
              <Group key={item.clientId} component="li" gap="xs" wrap="nowrap">
                <Badge color="orange" variant="light">
                  {item.clientId === sending ? 'Đang gửi' : UNSENT}
                </Badge>
                {store.waitsForHost(item.action) && <Badge variant="light">{WAITING_FOR_HOST}</Badge>}
                <Text size="sm">{describe(item.action)}</Text>
              </Group>
            ))}
            {awaiting.map((item) => (
              <Group key={item.clientId} component="li" gap="xs" wrap="nowrap">
                <Badge variant="light">{WAITING_FOR_HOST}</Badge>
                <Text size="sm">{describe(item.action)}</Text>
              </Group>
            ))}
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}

/** Closed after its idle hours: everyone is told; the host resumes it or downloads its log. */
function ClosedNotice({ table, host }: { table: Table; host: boolean }) {
  const resume = useResumeTable();
  const download = useExportTable();
  const failed = resume.error ?? download.error;
  return (
    <Alert color="orange" title={CLOSED_TEXTS.title} role="status">
      <Stack gap="xs">
        <Text size="sm">{host ? CLOSED_TEXTS.forHost : CLOSED_TEXTS.forPlayer}</Text>
        {host && (
          <Group gap="xs">
            <Button size="xs" loading={resume.isPending} onClick={() => resume.mutate(table.id)}>
              {CLOSED_TEXTS.resume}
            </Button>
            <Button
              size="xs"
              variant="default"
              loading={download.isPending}
              onClick={() => download.mutate(table)}
            >
              {CLOSED_TEXTS.export}
            </Button>
          </Group>
        )}
        {failed && (
          <Text size="sm" c="red" role="alert">
            {failureText(failed, 'vi')}
          </Text>
        )}
      </Stack>
    </Alert>
  );
}

function GameResult({ state }: { state: GameState }) {
  const winner = state.players.find((p) => p.id === state.winnerId);
  // A guest has no account: the hall is for the signed-in.
  const guest = useTableGuest();
  return (
    <Alert color="green" title="Ván đã kết thúc" role="status">
      <Text size="sm">
        {winner
          ? `${winner.name} thắng${state.winMethod ? ` (${WIN_METHOD_LABELS[state.winMethod]})` : ''}.`
          : MESSAGES.gameFinished}
      </Text>
      {!guest && (
        <Button component={Link} to="/cashflow/hall" variant="light" size="xs" mt="xs">
          Xem sảnh danh vọng
        </Button>
      )}
    </Alert>
  );
}

/** Whose turn, payday, next turn and Undo: on a player's phone only on their turn. */
function TurnBar({ state, canAct, canUndo }: { state: GameState; canAct: boolean; canUndo: boolean }) {
  const run = useRunAction();
  const turn = currentPlayer(state);
  const finished = state.finishedAt !== null;
  return (
    <Paper withBorder p="sm" radius="md">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Title order={3} size="h4" lineClamp={1} className={classes.turnTitle}>
            Lượt của {turn?.name}
          </Title>
          {canUndo && <UndoButton state={state} />}
        </Group>
        <Group wrap="nowrap" gap="xs">
          <Button
            className={classes.turnButton}
            disabled={finished || !canAct}
            onClick={() => run({ type: 'cashday' })}
          >
            Qua ngày (Cashday)
          </Button>
          <Button
            className={classes.turnButton}
            variant="default"
            disabled={finished || !canAct}
            onClick={() => run({ type: 'nextTurn' })}
          >
            Qua lượt
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function HostView({ store, snapshot }: { store: LiveTable; snapshot: LiveTableSnapshot }) {
  const { state, table } = snapshot;
  const phone = usePhoneLayout();
  const finalize = useFinalize();
  const turn = currentPlayer(state);
  const rotated = [...state.players.slice(state.currentTurn), ...state.players.slice(0, state.currentTurn)];
  const finished = state.finishedAt !== null;
  // Closed after its idle hours: nothing to join or play until the host resumes it.
  const open = table.status !== 'closed';
  return (
    <>
      {open && <JoinPanel table={table} />}
      {table.auditor && open && <PendingPanel store={store} snapshot={snapshot} />}
      <TurnBar state={state} canAct={open} canUndo={open} />
      <PendingResultBanner finalize={finalize} />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="sm">
        {rotated.map((player) => (
          <PlayerCard
            key={player.id}
            player={player}
            state={state}
            active={player.id === turn?.id && open}
            phone={phone}
          />
        ))}
      </SimpleGrid>
      <GameLog state={state} defaultOpened={!phone} />
      <TableLog table={table} />
      {!finished && open && (
        <FinishPanel
          state={state}
          sending={finalize.sending}
          error={finalize.pending ? null : finalize.error}
          onFinish={finalize.finish}
        />
      )}
    </>
  );
}

/** The join code, large, its link as a QR code, and each seat's state. */
function JoinPanel({ table }: { table: Table }) {
  const link = joinLink(table.code);
  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-label="Mời người chơi">
      <Group align="flex-start" justify="space-between" gap="md">
        <Stack gap={4}>
          <Text size="sm" c="dimmed">
            Mã bàn
          </Text>
          <Text
            ff="monospace"
            fw={700}
            fz={40}
            lh={1}
            style={{ letterSpacing: '0.15em' }}
            data-testid="table-code"
          >
            {table.code}
          </Text>
          <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
            {link}
          </Text>
          <Stack gap={6} component="ul" mt="xs" p={0} style={{ listStyle: 'none' }} aria-label="Ghế">
            {table.seats.map((seat) => (
              <SeatRow key={seat.seat} table={table} seat={seat} />
            ))}
          </Stack>
        </Stack>
        <QRCodeSVG value={link} size={160} marginSize={2} title={`Mã QR để vào bàn ${table.code}`} />
      </Group>
    </Paper>
  );
}

/**
 * A seat on the host's screen: its state, and for a seat set up for nobody in particular and not
 * taken by a user, its guest invite (made, made anew, revoked). A new invite's link shows once.
 */
function SeatRow({ table, seat }: { table: Table; seat: TableSeat }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [invite, setInvite] = useState<TableGuestInvite | null>(null);
  const open = table.status === 'open';
  const guestSeat = seat.user_id === null && seat.taken_by === null;
  async function run(call: () => Promise<void>) {
    setBusy(true);
    try {
      await call();
      await queryClient.invalidateQueries({ queryKey: tableKeys.table(table.id), exact: true });
    } catch (error) {
      notifications.show({ color: 'red', title: 'Không thực hiện được', message: failureText(error, 'vi') });
    } finally {
      setBusy(false);
    }
  }
  return (
    <Group component="li" gap="xs" wrap="wrap">
      <Text size="sm">{seat.name}</Text>
      <Badge color={SEAT_STATE_COLORS[seat.state]} variant="light">
        {SEAT_STATE_LABELS[seat.state]}
      </Badge>
      {seat.guest_invited && (
        <Badge color="grape" variant="outline">
          Khách
        </Badge>
      )}
      {open && guestSeat && (
        <Group gap={4} wrap="nowrap">
          <Button
            size="compact-xs"
            variant="light"
            loading={busy && !seat.guest_invited}
            disabled={busy}
            aria-label={`${seat.guest_invited ? 'Liên kết mới' : 'Mời khách'}: ${seat.name}`}
            onClick={() => void run(async () => setInvite(await inviteGuest(table.id, seat.seat)))}
          >
            {seat.guest_invited ? 'Liên kết mới' : 'Mời khách'}
          </Button>
          {seat.guest_invited && (
            <Button
              size="compact-xs"
              variant="subtle"
              color="red"
              disabled={busy}
              aria-label={`Thu hồi lời mời: ${seat.name}`}
              onClick={() => void run(() => revokeGuest(table.id, seat.seat))}
            >
              Thu hồi lời mời
            </Button>
          )}
        </Group>
      )}
      {invite && (
        <GuestInvite tableId={table.id} invite={invite} name={seat.name} onClose={() => setInvite(null)} />
      )}
    </Group>
  );
}

/**
 * A new invite's link, its QR code and how to share it, under its seat until closed (it shows this
 * once). In the page rather than a dialog: the dialog's code would ride with every CashFlow screen.
 */
function GuestInvite({
  tableId,
  invite,
  name,
  onClose,
}: {
  tableId: number;
  invite: TableGuestInvite;
  name: string;
  onClose: () => void;
}) {
  const link = guestLink(tableId, invite.token);
  const title = `Lời mời cho ${name}`;
  // The host's keyboard lands on the new link.
  const focusOnMount = useCallback((node: HTMLElement | null) => node?.focus(), []);
  return (
    <Paper
      withBorder
      p="sm"
      radius="md"
      w="100%"
      component="section"
      aria-label={title}
      tabIndex={-1}
      ref={focusOnMount}
    >
      <Group justify="space-between" wrap="nowrap" mb="xs">
        <Text fw={600} size="sm">
          {title}
        </Text>
        <CloseButton aria-label="Đóng lời mời" onClick={onClose} />
      </Group>
      <GuestInviteLink link={link} name={name} />
    </Paper>
  );
}

function GuestInviteLink({ link, name }: { link: string; name: string }) {
  return (
    <Stack gap="sm" align="center">
      <QRCodeSVG value={link} size={200} marginSize={2} title={`Mã QR mời khách vào ghế ${name}`} />
      <Text size="xs" style={{ wordBreak: 'break-all' }} data-testid="guest-link">
        {link}
      </Text>
      <CopyButton value={link}>
        {({ copied, copy }) => (
          <Button size="xs" variant="light" onClick={copy}>
            {copied ? 'Đã chép' : 'Chép liên kết'}
          </Button>
        )}
      </CopyButton>
      <Text size="sm" c="dimmed">
        Người mở liên kết này chơi ở ghế {name} mà không cần tài khoản, đến khi ván kết thúc hoặc bạn thu hồi
        lời mời. Liên kết chỉ hiện lần này: tạo liên kết mới sẽ thay liên kết cũ.
      </Text>
    </Stack>
  );
}

/** Auditor mode: the players' actions waiting for the host, each approved or rejected. */
function PendingPanel({ store, snapshot }: { store: LiveTable; snapshot: LiveTableSnapshot }) {
  const { pendingEvents, table } = snapshot;
  const [busy, setBusy] = useState<number | null>(null);
  const seatName = (event: TableEvent) => table.seats.find((s) => s.seat === event.seat)?.name ?? 'Chủ bàn';
  async function decide(event: TableEvent, verdict: Verdict) {
    setBusy(event.seq);
    try {
      const answer = await decidePending(table.id, event.seq, verdict, newClientId());
      store.receive(answer.event);
    } catch (error) {
      notifications.show({ color: 'red', title: 'Không thực hiện được', message: failureText(error, 'vi') });
    } finally {
      setBusy(null);
    }
  }
  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-label="Thao tác chờ duyệt">
      <Stack gap="xs">
        <Text fw={600}>Thao tác chờ duyệt</Text>
        {pendingEvents.length === 0 ? (
          <Text size="sm" c="dimmed">
            Không có thao tác nào chờ duyệt.
          </Text>
        ) : (
          pendingEvents.map((event) => (
            <Group key={event.seq} justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm" style={{ minWidth: 0 }}>
                {seatName(event)}: {describeTableAction(event.action)}
              </Text>
              <Group gap={4} wrap="nowrap">
                <Button
                  size="xs"
                  color="green"
                  loading={busy === event.seq}
                  onClick={() => void decide(event, 'approve')}
                >
                  Duyệt
                </Button>
                <Button
                  size="xs"
                  variant="default"
                  disabled={busy === event.seq}
                  onClick={() => void decide(event, 'reject')}
                >
                  Từ chối
                </Button>
              </Group>
            </Group>
          ))
        )}
      </Stack>
    </Paper>
  );
}

function PlayerView({ store, snapshot }: { store: LiveTable; snapshot: LiveTableSnapshot }) {
  const { state } = snapshot;
  const me = store.playerId;
  const turn = currentPlayer(state);
  const myTurn = turn !== undefined && turn.id === me;
  const mine = state.players.find((p) => p.id === me);
  const others = state.players.filter((p) => p.id !== me);
  // An undo belongs to whoever's action it takes back (the server's rule).
  const myLast = state.log.at(-1)?.playerId === me;
  const open = snapshot.table.status !== 'closed';
  return (
    <>
      <TurnBar state={state} canAct={myTurn && open} canUndo={myLast && open} />
      {mine && <PlayerCard player={mine} state={state} active={myTurn && open} phone={false} />}
      {others.map((player) => (
        <PlayerCard key={player.id} player={player} state={state} active={false} phone />
      ))}
      <GameLog state={state} defaultOpened={false} />
      <TableLog table={snapshot.table} />
    </>
  );
}

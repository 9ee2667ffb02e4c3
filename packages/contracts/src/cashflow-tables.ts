// CashFlow shared tables (issue 25, decision 0033): one game, every player on their own device, the
// server the authority. A table is created set up; devices post the engine's actions, each under a
// client id, and read the table's numbered events.
import { tableActionSchema } from '@staff/cashflow-engine';
import { z } from 'zod';
// zod speaks the API's (DRF's) words before any schema here is used, in whatever bundle loads this
// module alone (the web's chunks load only the contracts modules their screens import).
import './errors';
import { CASHFLOW_MAX_PLAYERS, GUEST_NAME_MAX_LENGTH, LEADERBOARD_TIME_ZONE } from './cashflow';
import { pageQuery, paginated } from './paging';
import { localDateTimeAt } from './zone-time';

/** Join codes: 6 characters with no look-alikes (no 0/O, 1/I/L). */
export const TABLE_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const TABLE_CODE_LENGTH = 6;
export const TABLE_STATUSES = ['open', 'finished', 'closed'] as const;
export const TABLE_EVENT_KINDS = ['action', 'pending', 'approve', 'reject'] as const;
/**
 * A seat as the host's screen shows it: nobody there yet ('waiting'), a device following the table
 * from it now ('joined'), or taken but with no device connected for TABLE_PRESENCE_MS ('offline').
 */
export const TABLE_SEAT_STATES = ['waiting', 'joined', 'offline'] as const;
/** A seat whose device's stream has not been seen for this long is shown offline. */
export const TABLE_PRESENCE_MS = 20_000;
/**
 * A guest invite's token: 32 random bytes in base64url (43 characters), sent as
 * `Authorization: Guest <token>` and carried in the invite link's fragment (never sent to a server
 * in a URL, so never in an access log). The server keeps only its SHA-256.
 */
export const GUEST_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * An open table whose last change is this many hours old is closed (issue 25): nobody acts on it any
 * more, and its host can still export its log or resume it. The server treats it as closed from that
 * instant, before its sweep writes the status.
 */
export const TABLE_IDLE_CLOSE_HOURS = 24;
export const TABLE_IDLE_CLOSE_MS = TABLE_IDLE_CLOSE_HOURS * 3_600_000;

/** The server's words for a table's rules (the engine's reasons come as they are). */
export const TABLE_MESSAGES = {
  badCode: 'Mã bàn gồm 6 ký tự (chữ và số).',
  noTable: 'Không tìm thấy bàn với mã này.',
  seatReserved: (name: string) => `Ghế này dành cho ${name}.`,
  seatTaken: 'Ghế này đã có người ngồi.',
  alreadySeated: 'Bạn đã ngồi một ghế khác ở bàn này.',
  notYourSeat: 'Bạn chỉ thao tác được trên thẻ của mình.',
  hostOnly: 'Chỉ chủ bàn làm được việc này.',
  tableNotOpen: 'Ván ở bàn này đã kết thúc.',
  tableClosed: `Bàn đã đóng vì không ai chơi trong ${TABLE_IDLE_CLOSE_HOURS} giờ. Chủ bàn có thể tiếp tục ván.`,
  finishedNoResume: 'Ván ở bàn này đã kết thúc, không tiếp tục được.',
  notPending: 'Thao tác này không còn chờ duyệt.',
  clientIdReused: 'client_id này đã được dùng cho một thao tác khác.',
  guestEnded: 'Lời mời này không còn hiệu lực (chủ bàn đã thu hồi, hoặc ván đã kết thúc).',
  guestSeatReserved: 'Ghế này dành cho khách được mời.',
  inviteForGuestSeat: (name: string) => `Ghế này dành cho ${name}: chỉ ghế khách mới mời được.`,
  noSeat: 'Bàn này không có ghế đó.',
} as const;

export const TableCode = z
  .string()
  .trim()
  .transform((value) => value.toUpperCase())
  .pipe(
    z.string().regex(new RegExp(`^[${TABLE_CODE_ALPHABET}]{${TABLE_CODE_LENGTH}}$`), TABLE_MESSAGES.badCode),
  );

export const TablePlayerSetup = z.strictObject({
  name: z.string().trim().min(1).max(GUEST_NAME_MAX_LENGTH),
  /** The career's dice sum, 2–12, as on the one-phone setup. */
  dice_sum: z.number().int().min(2).max(12),
  /** The registered player this seat is for (only they can take it), or null for anyone. */
  user_id: z.number().int().positive().nullable().default(null),
});

export const TableCreate = z.strictObject({
  players: z.array(TablePlayerSetup).min(1).max(CASHFLOW_MAX_PLAYERS),
  /** A player's money actions and undos wait for the host's approval. */
  auditor: z.boolean().default(false),
});
export type TableCreate = z.infer<typeof TableCreate>;

export const TableSeat = z.object({
  seat: z.number().int(),
  player_id: z.string(),
  name: z.string(),
  user_id: z.number().int().nullable(),
  /** Who sits there: a user id, or null (free, or a guest's). */
  taken_by: z.number().int().nullable(),
  /** A guest invite for this seat stands (not revoked): only its link takes the seat. */
  guest_invited: z.boolean(),
  state: z.enum(TABLE_SEAT_STATES),
});
export type TableSeat = z.infer<typeof TableSeat>;

export const TableEvent = z.object({
  seq: z.number().int(),
  kind: z.enum(TABLE_EVENT_KINDS),
  /** The table action; for 'approve' the pending one it applies, for 'reject' the one it drops. */
  action: z.record(z.string(), z.unknown()),
  at: z.string(),
  /** The seat it was posted from, null for the host. */
  seat: z.number().int().nullable(),
  user_id: z.number().int().nullable(),
  device_id: z.string().nullable(),
  /** For 'approve' and 'reject': the seq of the pending event. */
  ref_seq: z.number().int().nullable(),
});
export type TableEvent = z.infer<typeof TableEvent>;

export const Table = z.object({
  id: z.number().int(),
  code: z.string(),
  host_id: z.number().int(),
  auditor: z.boolean(),
  status: z.enum(TABLE_STATUSES),
  /** The last event's number: a device that has seen it is up to date. */
  seq: z.number().int(),
  /** The engine's game state after event `seq` (parse it with the engine's parseGameState). */
  state: z.record(z.string(), z.unknown()),
  seats: z.array(TableSeat),
  /** The seqs of pending events the host has not decided yet, oldest first. */
  pending: z.array(z.number().int()),
  /** Your seat at this table, or null (the host without a seat). */
  your_seat: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Table = z.infer<typeof Table>;

export const TableActionPost = z.strictObject({
  /** Names the action for resends: the same id again is answered with the first result. */
  client_id: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'client_id: 8 to 64 letters, digits, - or _.'),
  /** Which device posted it, for the log. */
  device_id: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/)
    .optional(),
  /** The host acting for a player (a player without a phone) names nothing: the host may act for anyone. */
  action: tableActionSchema,
});
export type TableActionPost = z.infer<typeof TableActionPost>;

/** An accepted action's answer: its event and the table's seq after it. */
export const TableActionAnswer = z.object({ event: TableEvent, seq: z.number().int() });
export type TableActionAnswer = z.infer<typeof TableActionAnswer>;

export const TableJoin = z.strictObject({
  code: TableCode,
  /** Omitted: the table's seats, to choose from. Given: take that seat. */
  seat: z
    .number()
    .int()
    .min(0)
    .max(CASHFLOW_MAX_PLAYERS - 1)
    .optional(),
});
export type TableJoin = z.infer<typeof TableJoin>;

export const TableJoinAnswer = z.object({
  id: z.number().int(),
  code: z.string(),
  seats: z.array(TableSeat),
  your_seat: z.number().int().nullable(),
});
export type TableJoinAnswer = z.infer<typeof TableJoinAnswer>;

/** The host's new invite for a guest seat: the token is shown this once (the server keeps its hash). */
export const TableGuestInvite = z.object({ seat: z.number().int(), token: z.string() });
export type TableGuestInvite = z.infer<typeof TableGuestInvite>;

/** Ids and sequence numbers are 32-bit integer columns: a larger one names nothing (and must not reach the database). */
const MAX_INT = 2_147_483_647;
const RowId = z.coerce.number().int().positive().max(MAX_INT);

export const TableEventsQuery = z.object({ after: z.coerce.number().int().min(0).max(MAX_INT).default(0) });
export const TableEventsPage = z.object({ seq: z.number().int(), events: z.array(TableEvent) });
export type TableEventsPage = z.infer<typeof TableEventsPage>;

export const TablePathParams = z.object({ id: RowId });
export const TablePendingPathParams = z.object({ id: RowId, seq: RowId });
export const TableSeatPathParams = z.object({
  id: RowId,
  seat: z.coerce
    .number()
    .int()
    .min(0)
    .max(CASHFLOW_MAX_PLAYERS - 1),
});

/** The tables you host or sit at (GET /api/cashflow/tables/), newest first. */
export const TABLE_PAGE_SIZES = [10, 20, 50] as const;
export const TABLE_DEFAULT_PAGE_SIZE = 10;

export const TableListQuery = z.object({ ...pageQuery(TABLE_PAGE_SIZES, TABLE_DEFAULT_PAGE_SIZE) });
export type TableListQuery = z.infer<typeof TableListQuery>;

export const TableSummary = z.object({
  id: z.number().int(),
  code: z.string(),
  /** 'closed' also for an open table idle for TABLE_IDLE_CLOSE_HOURS that the sweep has not closed yet. */
  status: z.enum(TABLE_STATUSES),
  auditor: z.boolean(),
  /** The players' names in seat order. */
  players: z.array(z.string()),
  seq: z.number().int(),
  /** Whether you host it (else you sit at it). */
  is_host: z.boolean(),
  /** Your seat at it, or null. */
  your_seat: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TableSummary = z.infer<typeof TableSummary>;

export const TableSummaryPage = paginated(TableSummary);
export type TableSummaryPage = z.infer<typeof TableSummaryPage>;

/**
 * A table's export (GET /api/cashflow/tables/{id}/export/, its host's): everything needed to replay
 * it. `events` is the table's log, every event in seq order (actions, pending ones, the host's
 * approvals and rejections); actions the engine refused were never in the log (they are kept only
 * to answer a resend) and are not here. `state` is the state after the last event.
 */
export const TABLE_EXPORT_FORMAT = 'staff-cashflow-table';
export const TableExport = z.object({
  format: z.literal(TABLE_EXPORT_FORMAT),
  version: z.literal(1),
  exported_at: z.string(),
  table: z.object({
    id: z.number().int(),
    code: z.string(),
    host_id: z.number().int(),
    auditor: z.boolean(),
    status: z.enum(TABLE_STATUSES),
    seq: z.number().int(),
    created_at: z.string(),
    updated_at: z.string(),
  }),
  /** The setup the table was created from: the instant, and the players as the engine took them. */
  setup: z.object({ at: z.string(), players: z.array(z.record(z.string(), z.unknown())) }),
  seats: z.array(TableSeat),
  events: z.array(TableEvent),
  state: z.record(z.string(), z.unknown()),
});
export type TableExport = z.infer<typeof TableExport>;

/** The export's file name: the code and the day it was exported, in Vietnam. */
export function tableExportFilename(code: string, exportedAt: Date): string {
  const { date } = localDateTimeAt(exportedAt.getTime(), LEADERBOARD_TIME_ZONE);
  return `cashflow-table-${code}-${date}.json`;
}

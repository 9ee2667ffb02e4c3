// Queries for CashFlow shared tables (migration 0027). Every read names the table; the service
// decides who may see it.
import { type Kysely, type Selectable, sql } from 'kysely';
import { dbBool, dialectOf, lockRowForUpdate, toIso } from '../../../db/dialect';
import type { Db } from '../../../db/index';
import type {
  CashflowTableEventsTable,
  CashflowTableSeatsTable,
  CashflowTablesTable,
} from '../../../db/schema';
import { TABLES_CHANNEL } from './postgres-relay';

export type TableRow = Selectable<CashflowTablesTable>;
export type SeatRow = Selectable<CashflowTableSeatsTable>;
export type EventRow = Omit<Selectable<CashflowTableEventsTable>, 'id' | 'table_id'>;

export type NewEvent = Omit<EventRow, 'at'> & { at: Date };

const TABLE_COLUMNS = [
  'id',
  'code',
  'host_id',
  'auditor',
  'status',
  'setup',
  'seq',
  'state',
  'created_at',
  'updated_at',
] as const;
const SEAT_COLUMNS = [
  'table_id',
  'seat',
  'player_id',
  'name',
  'user_id',
  'taken_by',
  'taken_at',
  'guest_token_hash',
  'guest_revoked',
  'seen_at',
] as const;
const EVENT_COLUMNS = [
  'seq',
  'client_id',
  'kind',
  'action',
  'at',
  'seat',
  'user_id',
  'device_id',
  'ref_seq',
  'reason',
] as const;

/** `pg_notify` of a table's ring, delivered at the transaction's commit (PostgreSQL only). */
async function notifyTable(tx: Db, tableId: number, seq: number): Promise<void> {
  if (dialectOf(tx as unknown as Kysely<unknown>) !== 'postgres') return;
  await sql`select pg_notify(${TABLES_CHANNEL}, ${`${tableId}:${seq}`})`.execute(tx);
}

export function createTablesRepo(db: Db) {
  return {
    async insertTable(
      values: { code: string; hostId: number; auditor: boolean; setup: string; state: string; at: Date },
      seats: Pick<SeatRow, 'seat' | 'player_id' | 'name' | 'user_id'>[],
    ): Promise<number> {
      return db.transaction().execute(async (tx) => {
        const row = await tx
          .insertInto('cashflow_tables')
          .values({
            code: values.code,
            host_id: values.hostId,
            auditor: dbBool(values.auditor),
            status: 'open',
            setup: values.setup,
            seq: 0,
            state: values.state,
            created_at: toIso(values.at),
            updated_at: toIso(values.at),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await tx
          .insertInto('cashflow_table_seats')
          .values(
            seats.map((seat) => ({
              table_id: row.id,
              seat: seat.seat,
              player_id: seat.player_id,
              name: seat.name,
              user_id: seat.user_id,
              taken_by: null,
              taken_at: null,
              guest_token_hash: null,
              guest_revoked: dbBool(false),
              seen_at: null,
            })),
          )
          .execute();
        return row.id;
      });
    },

    findTable(id: number, executor: Db = db): Promise<TableRow | undefined> {
      return executor
        .selectFrom('cashflow_tables')
        .select(TABLE_COLUMNS)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    async seqOf(id: number): Promise<number | undefined> {
      return (await db.selectFrom('cashflow_tables').select('seq').where('id', '=', id).executeTakeFirst())
        ?.seq;
    },

    findOpenTableByCode(code: string): Promise<TableRow | undefined> {
      return db
        .selectFrom('cashflow_tables')
        .select(TABLE_COLUMNS)
        .where('code', '=', code)
        .where('status', '=', 'open')
        .executeTakeFirst();
    },

    seatsOf(tableId: number, executor: Db = db): Promise<SeatRow[]> {
      return executor
        .selectFrom('cashflow_table_seats')
        .select(SEAT_COLUMNS)
        .where('table_id', '=', tableId)
        .orderBy('seat')
        .execute();
    },

    /** Takes a free seat; false when someone took it first (or the host opened it to a guest). */
    async takeSeat(tableId: number, seat: number, userId: number, at: Date): Promise<boolean> {
      const result = await db
        .updateTable('cashflow_table_seats')
        .set({ taken_by: userId, taken_at: toIso(at) })
        .where('table_id', '=', tableId)
        .where('seat', '=', seat)
        .where('taken_by', 'is', null)
        .where((eb) => eb.or([eb('guest_token_hash', 'is', null), eb('guest_revoked', '=', dbBool(true))]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** A guest invite for a seat no user has taken: its token's hash, standing, not yet used. */
    async setGuestInvite(tableId: number, seat: number, tokenHash: string): Promise<boolean> {
      const result = await db
        .updateTable('cashflow_table_seats')
        .set({ guest_token_hash: tokenHash, guest_revoked: dbBool(false), taken_at: null, seen_at: null })
        .where('table_id', '=', tableId)
        .where('seat', '=', seat)
        .where('taken_by', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Revokes a seat's guest invite: its token stops working and the seat is free again. */
    async revokeGuestInvite(tableId: number, seat: number): Promise<void> {
      await db
        .updateTable('cashflow_table_seats')
        .set({ guest_revoked: dbBool(true), taken_at: null, seen_at: null })
        .where('table_id', '=', tableId)
        .where('seat', '=', seat)
        .where('taken_by', 'is', null)
        .where('guest_token_hash', 'is not', null)
        .execute();
    },

    /** A guest's first visit through their invite takes the seat. */
    async markGuestArrived(tableId: number, seat: number, at: Date): Promise<void> {
      await db
        .updateTable('cashflow_table_seats')
        .set({ taken_at: toIso(at) })
        .where('table_id', '=', tableId)
        .where('seat', '=', seat)
        .where('taken_at', 'is', null)
        .execute();
    },

    /** A device of the seat holds the table's stream open now. */
    async markSeen(tableId: number, seat: number, at: Date): Promise<void> {
      await db
        .updateTable('cashflow_table_seats')
        .set({ seen_at: toIso(at) })
        .where('table_id', '=', tableId)
        .where('seat', '=', seat)
        .execute();
    },

    /** Locks the table's row for the transaction (posting events is one writer per table at a time). */
    lockTable(tx: Db, tableId: number): Promise<boolean> {
      return lockRowForUpdate(tx, 'cashflow_tables', tableId);
    },

    eventByClientId(tx: Db, tableId: number, clientId: string): Promise<EventRow | undefined> {
      return tx
        .selectFrom('cashflow_table_events')
        .select(EVENT_COLUMNS)
        .where('table_id', '=', tableId)
        .where('client_id', '=', clientId)
        .executeTakeFirst();
    },

    eventBySeq(tx: Db, tableId: number, seq: number): Promise<EventRow | undefined> {
      return tx
        .selectFrom('cashflow_table_events')
        .select(EVENT_COLUMNS)
        .where('table_id', '=', tableId)
        .where('seq', '=', seq)
        .executeTakeFirst();
    },

    /** The table's events after `after`, in order (refused ones are not events). */
    eventsAfter(tableId: number, after: number, executor: Db = db): Promise<EventRow[]> {
      return executor
        .selectFrom('cashflow_table_events')
        .select(EVENT_COLUMNS)
        .where('table_id', '=', tableId)
        .where('seq', '>', after)
        .orderBy('seq')
        .execute();
    },

    /** The pending events no approve or reject has answered yet, oldest first. */
    async openPending(tableId: number, executor: Db = db): Promise<number[]> {
      const rows = await executor
        .selectFrom('cashflow_table_events')
        .select(['seq', 'kind', 'ref_seq'])
        .where('table_id', '=', tableId)
        .where('kind', 'in', ['pending', 'approve', 'reject'])
        .orderBy('seq')
        .execute();
      const decided = new Set(rows.filter((r) => r.kind !== 'pending').map((r) => r.ref_seq));
      return rows.filter((r) => r.kind === 'pending' && !decided.has(r.seq)).map((r) => r.seq as number);
    },

    async insertEvent(tx: Db, tableId: number, event: NewEvent): Promise<void> {
      await tx
        .insertInto('cashflow_table_events')
        .values({ ...event, table_id: tableId, at: toIso(event.at) })
        .execute();
    },

    /**
     * PostgreSQL: tells every listening process, at the transaction's commit, that the table has a
     * new event (postgres-relay.ts). SQLite has one machine; its processes learn it by their poll.
     */
    notifyAdvance(tx: Db, tableId: number, seq: number): Promise<void> {
      return notifyTable(tx, tableId, seq);
    },

    /** Moves the table to its new last event (and state), in the event's transaction. */
    async advance(
      tx: Db,
      tableId: number,
      values: { seq: number; state: string; status: string; at: Date },
    ): Promise<void> {
      await tx
        .updateTable('cashflow_tables')
        .set({ seq: values.seq, state: values.state, status: values.status, updated_at: toIso(values.at) })
        .where('id', '=', tableId)
        .execute();
    },

    /**
     * Closes every open table whose last change is at or before `cutoff`, in one statement, and tells
     * every process's streams of each (on PostgreSQL) in the same transaction. Answers the closed ids.
     */
    async closeIdle(cutoff: Date, statusRing: number): Promise<number[]> {
      return db.transaction().execute(async (tx) => {
        const rows = await tx
          .updateTable('cashflow_tables')
          .set({ status: 'closed' })
          .where('status', '=', 'open')
          .where('updated_at', '<=', toIso(cutoff))
          .returning('id')
          .execute();
        for (const row of rows) await notifyTable(tx, row.id, statusRing);
        return rows.map((row) => row.id);
      });
    },

    /**
     * Opens a closed table again (or an open one gone idle), its last change now; false when it is
     * neither (finished). Tells the streams, as closing does.
     */
    async reopen(tableId: number, at: Date, statusRing: number): Promise<boolean> {
      return db.transaction().execute(async (tx) => {
        const result = await tx
          .updateTable('cashflow_tables')
          .set({ status: 'open', updated_at: toIso(at) })
          .where('id', '=', tableId)
          .where('status', 'in', ['open', 'closed'])
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) return false;
        await notifyTable(tx, tableId, statusRing);
        return true;
      });
    },

    /** The tables a user hosts or sits at, newest first: one page, and how many there are. */
    async tablesOf(
      userId: number,
      window: { offset: number; limit: number },
    ): Promise<{ rows: Omit<TableRow, 'setup' | 'state'>[]; count: number }> {
      const mine = db
        .selectFrom('cashflow_tables')
        .where((eb) =>
          eb.or([
            eb('host_id', '=', userId),
            eb(
              'id',
              'in',
              eb.selectFrom('cashflow_table_seats').select('table_id').where('taken_by', '=', userId),
            ),
          ]),
        );
      const [rows, total] = await Promise.all([
        mine
          .select(['id', 'code', 'host_id', 'auditor', 'status', 'seq', 'created_at', 'updated_at'])
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .offset(window.offset)
          .limit(window.limit)
          .execute(),
        mine.select((eb) => eb.fn.countAll<number | string>().as('count')).executeTakeFirstOrThrow(),
      ]);
      return { rows, count: Number(total.count) };
    },

    /** The seats of several tables, in seat order. */
    seatsOfTables(tableIds: number[]): Promise<SeatRow[]> {
      if (tableIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('cashflow_table_seats')
        .select(SEAT_COLUMNS)
        .where('table_id', 'in', tableIds)
        .orderBy('table_id')
        .orderBy('seat')
        .execute();
    },

    /** A table's status and last change, for a stream that was told its status may have changed. */
    statusOf(tableId: number): Promise<Pick<TableRow, 'status' | 'updated_at'> | undefined> {
      return db
        .selectFrom('cashflow_tables')
        .select(['status', 'updated_at'])
        .where('id', '=', tableId)
        .executeTakeFirst();
    },
  };
}

export type TablesRepo = ReturnType<typeof createTablesRepo>;

// Queries of the holiday table (market_holidays), and the market calendar built from it.
import type { MarketHoliday, MarketHolidayCreate } from '@staff/contracts';
import { toIso } from '../../../db/dialect';
import type { Db } from '../../../db/index';
import { createMarketCalendar, type MarketCalendar } from './calendar';

export function createCalendarRepo(db: Db) {
  async function holidayDates(): Promise<string[]> {
    const rows = await db.selectFrom('market_holidays').select('date').execute();
    return rows.map((r) => r.date);
  }

  return {
    holidayDates,

    /** The calendar as the table stands now (an administrator may have just extended it). */
    async calendar(): Promise<MarketCalendar> {
      return createMarketCalendar(await holidayDates());
    },

    async listHolidays(year: number | undefined): Promise<MarketHoliday[]> {
      let q = db.selectFrom('market_holidays').select(['date', 'name', 'kind', 'source']).orderBy('date');
      if (year !== undefined) q = q.where('date', '>=', `${year}-01-01`).where('date', '<=', `${year}-12-31`);
      return (await q.execute()) as MarketHoliday[];
    },

    async hasHoliday(date: string): Promise<boolean> {
      const row = await db
        .selectFrom('market_holidays')
        .select('date')
        .where('date', '=', date)
        .executeTakeFirst();
      return row !== undefined;
    },

    async insertHoliday(holiday: MarketHolidayCreate, now: Date): Promise<void> {
      await db
        .insertInto('market_holidays')
        .values({ ...holiday, created_at: toIso(now) })
        .execute();
    },

    /** True when the date was in the table. */
    async deleteHoliday(date: string): Promise<boolean> {
      const result = await db.deleteFrom('market_holidays').where('date', '=', date).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}

export type CalendarRepo = ReturnType<typeof createCalendarRepo>;

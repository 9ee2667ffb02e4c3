// The holiday table's rules: an announced non-trading day is a weekday (weekends are closed
// anyway) and is listed once; the fixed holidays are rules in calendar.ts, not rows.
import { type MarketHoliday, type MarketHolidayCreate, STOCK_MESSAGES } from '@staff/contracts';
import type { Db } from '../../../db/index';
import { fieldError, notFound } from '../../../http/errors';
import { isWeekend } from './calendar';
import { createCalendarRepo } from './repo';

export interface CalendarDeps {
  db: Db;
  now: () => Date;
}

export function createCalendarService({ db, now }: CalendarDeps) {
  const repo = createCalendarRepo(db);
  return {
    listHolidays(year: number | undefined): Promise<MarketHoliday[]> {
      return repo.listHolidays(year);
    },

    async addHoliday(body: MarketHolidayCreate): Promise<MarketHoliday> {
      if (isWeekend(body.date)) throw fieldError('date', STOCK_MESSAGES.notAWeekday);
      if (await repo.hasHoliday(body.date)) throw fieldError('date', STOCK_MESSAGES.holidayExists);
      await repo.insertHoliday(body, now());
      return body;
    },

    async deleteHoliday(date: string): Promise<void> {
      if (!(await repo.deleteHoliday(date))) throw notFound();
    },
  };
}

export type CalendarService = ReturnType<typeof createCalendarService>;

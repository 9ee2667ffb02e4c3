import { ENTRY_EXPORT_MESSAGES } from '@staff/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, jsonResponse } from '../../../test/fake-api';
import { renderRoutes } from '../../../test/render';
import { signInAs } from '../../../test/session';
import {
  EXPORT_NEEDS_DATES,
  ExportEntriesMenu,
  exportRangeProblem,
  progressText,
} from './export-entries-menu';

const EXPORT = 'GET /api/diaries/entries/export/';

function renderMenu(startDate: string, endDate: string) {
  return renderRoutes(
    [{ path: '*', element: <ExportEntriesMenu startDate={startDate} endDate={endDate} /> }],
    '/',
    { notifications: true },
  );
}

let user: UserEvent;
let clicks: HTMLAnchorElement[];
beforeEach(() => {
  user = userEvent.setup({ delay: null });
  signInAs('staff');
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:export'), revokeObjectURL: vi.fn() });
  clicks = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicks.push(this);
  });
});

describe('exportRangeProblem', () => {
  it('asks for both dates, and says what the API would refuse in its words', () => {
    expect(exportRangeProblem('', '2030-03-31')).toBe(EXPORT_NEEDS_DATES);
    expect(exportRangeProblem('2030-03-02', '2030-03-01')).toBe(ENTRY_EXPORT_MESSAGES.endBeforeStart);
    expect(exportRangeProblem('2030-01-01', '2031-01-02')).toBe(ENTRY_EXPORT_MESSAGES.tooLong);
    expect(exportRangeProblem('2030-01-01', '2031-01-01')).toBeNull();
  });

  it('words the progress in kB or MB, out of the total when known', () => {
    expect(progressText(1500, 4000)).toBe('2 kB / 4 kB');
    expect(progressText(2_500_000, null)).toBe('2,5 MB');
  });
});

describe('ExportEntriesMenu', { timeout: 20_000 }, () => {
  it("exports the range in the chosen format, showing the bytes as they come, and saves the server's file", async () => {
    let body!: ReadableStreamDefaultController<Uint8Array>;
    const api = fakeApi({
      [EXPORT]: () =>
        new Response(
          new ReadableStream<Uint8Array>({
            start(controller) {
              body = controller;
            },
          }),
          {
            status: 200,
            headers: {
              'Content-Type': 'text/csv; charset=utf-8',
              'Content-Length': '4000',
              'Content-Disposition': 'attachment; filename="diary-entries_2030-03-01_2030-03-31.csv"',
            },
          },
        ),
    });
    renderMenu('2030-03-01', '2030-03-31');
    await user.click(screen.getByRole('button', { name: 'Xuất' }));
    await user.click(await screen.findByRole('menuitem', { name: 'CSV (.csv)' }));

    await waitFor(() => expect(api.callsTo(EXPORT)).toHaveLength(1));
    expect(Object.fromEntries(api.callsTo(EXPORT)[0]?.url.searchParams ?? [])).toEqual({
      start_date: '2030-03-01',
      end_date: '2030-03-31',
      format: 'csv',
    });
    expect(await screen.findByRole('progressbar', { name: 'Export progress' })).toBeTruthy();
    body.enqueue(new Uint8Array(1000));
    expect(await screen.findByText('1 kB / 4 kB')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Export progress' }).getAttribute('aria-valuenow')).toBe(
      '25',
    );
    body.enqueue(new Uint8Array(3000));
    body.close();

    await waitFor(() => expect(clicks).toHaveLength(1));
    expect(clicks[0]?.download).toBe('diary-entries_2030-03-01_2030-03-31.csv');
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
  });

  it('offers no format while the range cannot be exported, and says why', async () => {
    const api = fakeApi({ [EXPORT]: () => new Response('x') });
    renderMenu('2030-03-02', '2030-03-01');
    await user.click(screen.getByRole('button', { name: 'Xuất' }));
    expect(await screen.findByText(ENTRY_EXPORT_MESSAGES.endBeforeStart)).toBeTruthy();
    const items = screen.getAllByRole('menuitem', { hidden: true });
    expect(items.map((item) => [item.textContent, item.hasAttribute('disabled')])).toEqual([
      ['CSV (.csv)', true],
      ['Excel (.xlsx)', true],
    ]);
    expect(api.callsTo(EXPORT)).toHaveLength(0);
  });

  it("says a refusal in the server's words", async () => {
    fakeApi({ [EXPORT]: () => jsonResponse(400, { detail: 'Nope, not this range.' }) });
    renderMenu('2030-03-01', '2030-03-31');
    await user.click(screen.getByRole('button', { name: 'Xuất' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Excel (.xlsx)' }));
    expect(await screen.findByText('The entries could not be exported.')).toBeTruthy();
    expect(screen.getByText('Nope, not this range.')).toBeTruthy();
    expect(clicks).toHaveLength(0);
  });
});

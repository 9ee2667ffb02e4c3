import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { DateField, parseDayMonthYear, TimeField } from './date-fields';

describe('parseDayMonthYear', () => {
  it('reads day, month and year in that order, with one or two digits and any of / . -', () => {
    expect(parseDayMonthYear('18/11/2026')).toBe('2026-11-18');
    expect(parseDayMonthYear('3/1/2026')).toBe('2026-01-03');
    expect(parseDayMonthYear(' 03.01.2026 ')).toBe('2026-01-03');
    expect(parseDayMonthYear('03-01-2026')).toBe('2026-01-03');
  });

  it('takes an ISO date pasted in', () => {
    expect(parseDayMonthYear('2026-11-18')).toBe('2026-11-18');
  });

  it('refuses days the calendar does not have, and anything else', () => {
    expect(parseDayMonthYear('31/02/2026')).toBeNull();
    expect(parseDayMonthYear('29/02/2025')).toBeNull();
    expect(parseDayMonthYear('29/02/2024')).toBe('2024-02-29');
    expect(parseDayMonthYear('12/13/2026')).toBeNull();
    expect(parseDayMonthYear('00/01/2026')).toBeNull();
    expect(parseDayMonthYear('18/11/26')).toBeNull();
    expect(parseDayMonthYear('11/18/2026')).toBeNull();
    expect(parseDayMonthYear('')).toBeNull();
    expect(parseDayMonthYear('hôm nay')).toBeNull();
  });
});

function ControlledDate({ initial, onChange }: { initial: string; onChange: (v: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <DateField
      label="Start date"
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

function ControlledTime({ initial, onChange }: { initial: string; onChange: (v: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <TimeField
      label="End time"
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

describe('DateField', () => {
  it('shows the API date as dd/mm/yyyy and reads a typed dd/mm/yyyy back as YYYY-MM-DD', async () => {
    const onChange = vi.fn();
    renderWithProviders(<ControlledDate initial="2026-11-18" onChange={onChange} />);
    const input = screen.getByLabelText('Start date') as HTMLInputElement;
    expect(input.value).toBe('18/11/2026');

    fireEvent.change(input, { target: { value: '05/12/2026' } });
    expect(onChange).toHaveBeenLastCalledWith('2026-12-05');
    fireEvent.blur(input);
    expect(input.value).toBe('05/12/2026');
  });

  it('keeps the last good date when what was typed is not one, and shows it again on leaving', () => {
    const onChange = vi.fn();
    renderWithProviders(<ControlledDate initial="2026-11-18" onChange={onChange} />);
    const input = screen.getByLabelText('Start date') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '31/02/2026' } });
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.blur(input);
    expect(input.value).toBe('18/11/2026');
  });

  it('opens a month in Vietnamese, weeks from Monday', async () => {
    renderWithProviders(<ControlledDate initial="2026-11-18" onChange={() => {}} />);
    await userEvent.click(screen.getByLabelText('Start date'));
    expect(await screen.findByText(/tháng 11/i)).toBeTruthy();
    const weekdays = [...document.querySelectorAll('thead th')].map((th) => th.textContent);
    expect(weekdays[0]).toMatch(/^T2$/i);
  });
});

describe('TimeField', () => {
  it('shows 24-hour hours and minutes, with no AM/PM', () => {
    renderWithProviders(<ControlledTime initial="13:05" onChange={() => {}} />);
    expect((screen.getByRole('spinbutton', { name: 'End time, hours' }) as HTMLInputElement).value).toBe(
      '13',
    );
    expect((screen.getByRole('spinbutton', { name: 'End time, minutes' }) as HTMLInputElement).value).toBe(
      '05',
    );
    expect(screen.queryByRole('combobox')).toBeNull();
  });

  it('is one tab stop whose minutes the keyboard reaches by typing the hours or by ArrowRight', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ControlledTime initial="" onChange={() => {}} />);
    const hours = screen.getByRole('spinbutton', { name: 'End time, hours' });
    const minutes = screen.getByRole('spinbutton', { name: 'End time, minutes' });
    await user.tab();
    expect(document.activeElement).toBe(hours);
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(minutes);
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(hours);
    await user.keyboard('09');
    expect(document.activeElement).toBe(minutes);
  });

  it('gives HH:MM once hours and minutes are typed', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<ControlledTime initial="" onChange={onChange} />);
    await user.click(screen.getByRole('spinbutton', { name: 'End time, hours' }));
    await user.keyboard('1730');
    expect(onChange).toHaveBeenLastCalledWith('17:30');
  });
});

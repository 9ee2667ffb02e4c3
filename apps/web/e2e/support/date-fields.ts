// The app's date and time fields (issue 24): a date is typed and shown as dd/mm/yyyy and a time as
// 24-hour hours and minutes, whatever the browser's language (these specs run an English browser).
import { expect, type Locator, type Page } from '@playwright/test';

type Scope = Page | Locator;

/** 'YYYY-MM-DD' as the app shows and takes it: 'DD/MM/YYYY'. */
export function dmy(isoDate: string): string {
  const [year, month, day] = isoDate.split('-');
  return `${day}/${month}/${year}`;
}

/** The field labelled exactly `label`, with or without the asterisk of a required field. */
function dateInput(scope: Scope, label: string): Locator {
  return scope.getByLabel(new RegExp(`^${label}\\s*\\*?$`));
}

/** Types the date as a person would (dd/mm/yyyy), then leaves the field, which closes its month. */
export async function fillDate(scope: Scope, label: string, isoDate: string): Promise<void> {
  const input = dateInput(scope, label);
  await input.fill(dmy(isoDate));
  await input.blur();
}

export async function expectDate(scope: Scope, label: string, isoDate: string): Promise<void> {
  await expect(dateInput(scope, label)).toHaveValue(dmy(isoDate));
}

function timeInputs(scope: Scope, label: string) {
  return {
    hours: scope.getByRole('spinbutton', { name: `${label}, hours`, exact: true }),
    minutes: scope.getByRole('spinbutton', { name: `${label}, minutes`, exact: true }),
  };
}

/** Types 'HH:MM' into the hours and minutes of a time field. */
export async function fillTime(scope: Scope, label: string, hhmm: string): Promise<void> {
  const [hours = '', minutes = ''] = hhmm.split(':');
  const field = timeInputs(scope, label);
  await field.hours.fill(hours);
  await field.minutes.fill(minutes);
}

export async function expectTime(scope: Scope, label: string, hhmm: string): Promise<void> {
  const [hours = '', minutes = ''] = hhmm.split(':');
  const field = timeInputs(scope, label);
  await expect(field.hours).toHaveValue(hours);
  await expect(field.minutes).toHaveValue(minutes);
}

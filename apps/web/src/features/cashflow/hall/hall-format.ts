// The hall shows money in Vietnamese dong and dates the Vietnamese way (spec 2, Hall).
const vnd = new Intl.NumberFormat('vi-VN', { style: 'currency', currency: 'VND', maximumFractionDigits: 0 });
const dateTime = new Intl.DateTimeFormat('vi-VN', { dateStyle: 'short', timeStyle: 'short' });

export function formatVnd(amount: number): string {
  return vnd.format(amount);
}

export function formatStart(iso: string): string {
  return dateTime.format(new Date(iso));
}

export function durationMinutes(seconds: number): number {
  return Math.round(seconds / 60);
}

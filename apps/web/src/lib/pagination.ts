// Page arithmetic for paginated lists (spec section 5 "Pagination go-to", section 9 page buttons).

/** How many page buttons a list shows at most. */
export const MAX_PAGE_BUTTONS = 5;

/** The last page of `count` items at `pageSize` per page; an empty list still has page 1. */
export function lastPageOf(count: number, pageSize: number): number {
  if (!Number.isFinite(count) || count <= 0 || pageSize <= 0) return 1;
  return Math.ceil(count / pageSize);
}

/**
 * The page a go-to-page entry leads to: not a number or below 1 → 1, above the last page → the
 * last page. Fractions are cut ("2.7" → 2).
 */
export function clampGoToPage(input: string | number, lastPage: number): number {
  const text = String(input).trim();
  const value = text === '' ? Number.NaN : Number(text);
  if (!Number.isFinite(value) || value < 1) return 1;
  return Math.min(Math.trunc(value), Math.max(1, lastPage));
}

/**
 * Up to `size` consecutive page numbers around `current`, shifted at either end so there are
 * always `size` buttons when there are that many pages.
 */
export function pageWindow(current: number, lastPage: number, size = MAX_PAGE_BUTTONS): number[] {
  const last = Math.max(1, lastPage);
  const count = Math.min(size, last);
  const page = Math.min(Math.max(1, current), last);
  const start = Math.min(Math.max(1, page - Math.floor((count - 1) / 2)), last - count + 1);
  return Array.from({ length: count }, (_, i) => start + i);
}

// Vietnamese collation for names shown in lists and pickers: 'Ăn uống' after 'An', 'Đầu tư' after
// 'Dọn dẹp' and before 'E', and tones after the bare letter, as a Vietnamese reader expects; plain
// code-point order would put every accented first letter after 'Z'. Numbers inside names sort by
// value ('Hũ 2' before 'Hũ 10'). Intl's 'vi' collation comes with the ICU of Node and Chromium.
const viCollator = new Intl.Collator('vi', { numeric: true });

/** Compares two strings in Vietnamese order (for `Array.prototype.sort`). */
export function compareVi(a: string, b: string): number {
  return viCollator.compare(a, b);
}

/** A sorted copy of `items`, ordered in Vietnamese by the text `key` gives for each. */
export function sortByVi<T>(items: readonly T[], key: (item: T) => string): T[] {
  return [...items].sort((a, b) => compareVi(key(a), key(b)));
}

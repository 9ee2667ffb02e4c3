// The per-year table of non-trading weekdays beyond the fixed ones (01-01, 04-30, 05-01, 09-02),
// as the exchanges announce them each December. Shipped in migration 0008; an administrator adds
// later years through POST /api/stocks/holidays/ without a release.
// Sources: ../shared/research/markets.md §5.3 — 2024 and 2025 from the swap/compensation notices
// (UBCK 3193/UBCK-PTTT for 2025-05-02), 2026 from HOSE's list (cafef.vn 2025-12-09). 2027 is not
// announced yet: those rows are 'provisional' (computed from the lunar calendar and the Labour
// Code's compensation rule) and should be replaced when HOSE publishes its notice.
// Migration 0008 inserted a frozen copy of this list on a fresh database (migrations import nothing
// from the modules): correct a shipped year with a new migration or the admin call.

export interface HolidaySeed {
  date: string;
  name: string;
  kind: 'holiday' | 'compensation' | 'swap' | 'provisional';
  source: string;
}

const TET = 'Tết Nguyên đán';
const HUNG = 'Giỗ Tổ Hùng Vương';
const NATIONAL = 'Quốc khánh (ngày thứ hai)';
const HOSE_2026 = 'https://cafef.vn (HOSE 2026 calendar, 2025-12-09)';

export const HOLIDAY_SEED: HolidaySeed[] = [
  // 2024
  ...['2024-02-08', '2024-02-09', '2024-02-12', '2024-02-13', '2024-02-14'].map((date) => ({
    date,
    name: TET,
    kind: 'holiday' as const,
    source: 'HOSE 2024 calendar',
  })),
  { date: '2024-04-18', name: HUNG, kind: 'holiday', source: 'HOSE 2024 calendar' },
  { date: '2024-04-29', name: 'Nghỉ hoán đổi (30/4)', kind: 'swap', source: 'HOSE 2024 calendar' },
  { date: '2024-09-03', name: NATIONAL, kind: 'holiday', source: 'HOSE 2024 calendar' },
  // 2025
  ...['2025-01-27', '2025-01-28', '2025-01-29', '2025-01-30', '2025-01-31'].map((date) => ({
    date,
    name: TET,
    kind: 'holiday' as const,
    source: 'HOSE 2025 calendar',
  })),
  { date: '2025-04-07', name: HUNG, kind: 'holiday', source: 'HOSE 2025 calendar' },
  { date: '2025-05-02', name: 'Nghỉ hoán đổi (30/4)', kind: 'swap', source: 'UBCK 3193/UBCK-PTTT' },
  { date: '2025-09-01', name: NATIONAL, kind: 'holiday', source: 'HOSE 2025 calendar' },
  // 2026 (HOSE's official list: 12 non-trading weekdays with the fixed ones)
  ...['2026-02-16', '2026-02-17', '2026-02-18', '2026-02-19', '2026-02-20'].map((date) => ({
    date,
    name: TET,
    kind: 'holiday' as const,
    source: HOSE_2026,
  })),
  { date: '2026-04-27', name: `${HUNG} (nghỉ bù)`, kind: 'compensation', source: HOSE_2026 },
  { date: '2026-08-31', name: 'Quốc khánh (nghỉ hoán đổi)', kind: 'swap', source: HOSE_2026 },
  { date: '2026-09-01', name: NATIONAL, kind: 'holiday', source: HOSE_2026 },
  // 2027: provisional until HOSE's notice (Tết mùng 1 = Sat 2027-02-06)
  ...['2027-02-05', '2027-02-08', '2027-02-09', '2027-02-10', '2027-02-11'].map((date) => ({
    date,
    name: `${TET} (dự kiến)`,
    kind: 'provisional' as const,
    source: 'computed; replace with the HOSE notice',
  })),
  { date: '2027-04-16', name: `${HUNG} (dự kiến)`, kind: 'provisional', source: 'computed' },
  {
    date: '2027-05-03',
    name: 'Quốc tế Lao động (nghỉ bù, dự kiến)',
    kind: 'provisional',
    source: 'computed',
  },
  { date: '2027-09-03', name: `${NATIONAL} (dự kiến)`, kind: 'provisional', source: 'computed' },
];

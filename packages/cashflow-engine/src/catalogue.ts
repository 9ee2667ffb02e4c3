// The card catalogue of the spec (section 3) as typed data. The physical deck has many more cards, so a
// custom card typed in by hand has the same shape (code 'CUSTOM') and goes through the same rules.

export type Phase = 'rat' | 'fast';

export type StockCard = {
  kind: 'stock';
  code: string;
  name: string;
  price: number;
  dividendPerShare: number;
};
export type AssetCard = {
  kind: 'asset';
  code: string;
  name: string;
  cost: number;
  monthlyIncome: number;
  /** Absent means the default 10 % of cost. */
  downPayment?: number;
};
export type LiabilityCard = {
  kind: 'liability';
  code: string;
  name: string;
  balance: number;
  monthlyPayment: number;
};
export type ExpenseCard = { kind: 'expense'; code: string; name: string; amount: number };
export type CashCard = { kind: 'cash'; code: string; name: string; amount: number };

export type Card = StockCard | AssetCard | LiabilityCard | ExpenseCard | CashCard;

export const CUSTOM_CARD_CODE = 'CUSTOM';

const stock = (code: string, price: number, dividendPerShare: number): StockCard => ({
  kind: 'stock',
  code,
  name: code,
  price,
  dividendPerShare,
});
const asset = (code: string, cost: number, monthlyIncome: number, downPayment: number): AssetCard => ({
  kind: 'asset',
  code,
  name: code,
  cost,
  monthlyIncome,
  downPayment,
});
// Fast Track businesses are bought outright unless the card says otherwise.
const fastAsset = (code: string, cost: number, monthlyIncome: number, downPayment = cost): AssetCard =>
  asset(code, cost, monthlyIncome, downPayment);

export const STOCK_CARDS: readonly StockCard[] = [
  stock('GRO4US', 10, 0),
  stock('MYT4U', 10, 0),
  stock('ON2U', 10, 0),
  stock('OK4U', 10, 0),
  stock('CD', 4000, 20),
  stock('BIG2', 1200, 10),
  // The spec does not show these dividends; zero until a card says otherwise.
  stock('DV1', 500, 0),
  stock('DV2', 300, 0),
];

export const ASSET_CARDS: readonly AssetCard[] = [
  asset('CH32', 50000, 100, 2000),
  asset('CH21', 40000, 100, 2000),
  asset('CHCC', 550000, 2800, 50000),
  asset('CHLK2', 60000, 400, 12000),
  asset('CHLK4', 100000, 800, 20000),
  asset('CHLK8', 200000, 1600, 40000),
  asset('CTY1', 5000, 0, 5000),
  asset('CTY2', 3000, 0, 3000),
  asset('CHRX', 125000, 1800, 25000),
  asset('TTTM', 50000, 800, 50000),
  asset('BBR', 150000, 1000, 30000),
  asset('HTKD', 30000, 1500, 30000),
  asset('KDTD', 150000, 2500, 30000),
  asset('PIZA', 500000, 5000, 100000),
  asset('DH10', 5000, 0, 5000),
  asset('DH20', 20000, 0, 20000),
];

export const LIABILITY_CARDS: readonly LiabilityCard[] = [
  { kind: 'liability', code: 'MUATV', name: 'MUATV', balance: 4000, monthlyPayment: 120 },
  { kind: 'liability', code: 'MUADUTHUYEN', name: 'MUADUTHUYEN', balance: 17000, monthlyPayment: 340 },
];

export const EXPENSE_CARDS: readonly ExpenseCard[] = [
  { kind: 'expense', code: 'PH', name: 'PH', amount: 500 },
  { kind: 'expense', code: 'PH2', name: 'PH2', amount: 1000 },
  { kind: 'expense', code: 'TNH', name: 'TNH', amount: 2000 },
  { kind: 'expense', code: 'PARTY', name: 'PARTY', amount: 500 },
];

export const FAST_TRACK_ASSET_CARDS: readonly AssetCard[] = [
  fastAsset('FT_QUANAN', 300000, 14000),
  fastAsset('FT_BURGER', 300000, 9500, 60000),
  fastAsset('FT_ANNHANH', 120000, 5000),
  fastAsset('FT_DIEUHOA', 200000, 10000),
  fastAsset('FT_XETAI', 150000, 5000),
  fastAsset('FT_MOVANG', 150000, 25000),
  fastAsset('FT_GARAN', 300000, 10000),
  fastAsset('FT_THAMMY', 250000, 10000),
  fastAsset('FT_SUAOTO', 150000, 6000),
  fastAsset('FT_DAUMO', 300000, 75000),
  fastAsset('FT_AOTHUN', 200000, 8000),
  fastAsset('FT_CHUNGCU', 300000, 8000),
  fastAsset('FT_PIZZA', 225000, 7000),
  fastAsset('FT_KHOHANG', 200000, 6000),
  fastAsset('FT_GIATKHO', 100000, 3000),
  fastAsset('FT_NHABEP', 150000, 5000),
];

export const FAST_TRACK_EXPENSE_CARDS: readonly ExpenseCard[] = [
  { kind: 'expense', code: 'FT_TAX_AUDIT', name: 'FT_TAX_AUDIT', amount: 20000 },
];

export const CASH_CARDS: readonly CashCard[] = [
  { kind: 'cash', code: 'FT_PRIZE_LARGE', name: 'FT_PRIZE_LARGE', amount: 500000 },
];

/** What the 'Chọn thẻ' picker offers in each phase (spec 2, Player card). */
export function cardsForPhase(phase: Phase): readonly Card[] {
  return phase === 'rat'
    ? [...STOCK_CARDS, ...ASSET_CARDS, ...LIABILITY_CARDS, ...EXPENSE_CARDS]
    : [...FAST_TRACK_ASSET_CARDS, ...FAST_TRACK_EXPENSE_CARDS, ...EXPENSE_CARDS, ...CASH_CARDS];
}

export function findCard(code: string): Card | undefined {
  return [...cardsForPhase('rat'), ...cardsForPhase('fast')].find((card) => card.code === code);
}

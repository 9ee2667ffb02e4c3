// Careers by dice sum (spec 3) with the classic profession cards' starting debts (cashflow-careers.md).
import { clamp, MAX_DICE_SUM, MIN_DICE_SUM } from './money';

export type StartingDebt = { name: string; label: string; monthlyPayment: number; balance: number };

export type Career = {
  diceSum: number;
  name: string;
  salary: number;
  taxes: number;
  other: number;
  childCost: number;
  startCash: number;
  debts: StartingDebt[];
};

// [mortgage, school, car, credit cards, retail] as [payment, balance]; the bank loan starts at zero.
type DebtRow = [number, number][];

const DEBT_NAMES: { name: string; label: string }[] = [
  { name: 'Nợ mua nhà', label: 'Home mortgage' },
  { name: 'Nợ học phí', label: 'School loan' },
  { name: 'Nợ mua xe', label: 'Car loan' },
  { name: 'Thẻ tín dụng', label: 'Credit cards' },
  { name: 'Nợ mua lẻ', label: 'Retail debt' },
];

function career(
  diceSum: number,
  name: string,
  [salary, taxes, other, childCost, startCash]: number[],
  debtRow: DebtRow,
): Career {
  const debts = debtRow.flatMap(([monthlyPayment, balance], index) => {
    const names = DEBT_NAMES[index];
    // Zero-balance debts are not shown on the player card (careers file, notes).
    return names && balance > 0 ? [{ ...names, monthlyPayment, balance }] : [];
  });
  return {
    diceSum,
    name,
    salary: salary ?? 0,
    taxes: taxes ?? 0,
    other: other ?? 0,
    childCost: childCost ?? 0,
    startCash: startCash ?? 0,
    debts,
  };
}

// biome-ignore format: one row per career card reads like the spec's table
export const CAREERS: readonly Career[] = [
  //     dice  career                   salary taxes other child cash   mortgage        school        car          cards        retail
  career(2,  'Lao công',               [1600, 280,  300,  70,  560], [[200, 20000],  [0, 0],       [60, 4000],  [60, 2000],  [50, 1000]]),
  career(3,  'Công nhân',              [2000, 360,  450,  110, 670], [[300, 31000],  [0, 0],       [60, 3000],  [60, 2000],  [50, 1000]]),
  career(4,  'Thư ký',                 [2500, 460,  570,  140, 710], [[400, 38000],  [0, 0],       [80, 4000],  [60, 2000],  [50, 1000]]),
  career(5,  'Tài xế',                 [2500, 460,  570,  140, 750], [[400, 38000],  [0, 0],       [80, 4000],  [60, 2000],  [50, 1000]]),
  career(6,  'Cảnh sát',               [3000, 580,  690,  160, 520], [[400, 46000],  [0, 0],       [100, 5000], [60, 2000],  [50, 1000]]),
  career(7,  'Y tá',                   [3100, 600,  710,  170, 480], [[400, 47000],  [30, 6000],   [100, 5000], [90, 3000],  [50, 1000]]),
  career(8,  'Giáo viên',              [3300, 630,  760,  180, 400], [[500, 50000],  [60, 12000],  [100, 5000], [90, 3000],  [50, 1000]]),
  career(9,  'Doanh nhân',             [4600, 910,  1000, 240, 400], [[700, 75000],  [60, 12000],  [120, 6000], [90, 3000],  [50, 1000]]),
  career(10, 'Kỹ sư',                  [4900, 1050, 1090, 250, 400], [[700, 75000],  [60, 12000],  [140, 7000], [120, 4000], [50, 1000]]),
  career(11, 'Luật sư',                [7500, 1830, 1650, 380, 400], [[1100, 115000], [390, 78000], [220, 11000], [180, 6000], [50, 1000]]),
  career(12, 'Tiếp viên hàng không',   [9500, 2350, 2210, 480, 400], [[1330, 143000], [0, 0],      [300, 15000], [660, 22000], [50, 1000]]),
];

/** The career for a dice sum; sums outside 2–12 are clamped (spec 5, Setup). */
export function careerForDiceSum(diceSum: number): Career {
  const sum = clampDiceSum(diceSum);
  const found = CAREERS.find((c) => c.diceSum === sum);
  if (!found) throw new Error(`No career for dice sum ${sum}`);
  return found;
}

export function clampDiceSum(diceSum: number): number {
  return clamp(Math.round(Number.isFinite(diceSum) ? diceSum : MIN_DICE_SUM), MIN_DICE_SUM, MAX_DICE_SUM);
}

/** 'Roll for all': the sum of two dice, each 1–6. The random source is passed in to keep this testable. */
export function rollDiceSum(random: () => number = Math.random): number {
  const die = () => 1 + Math.floor(random() * 6);
  return die() + die();
}

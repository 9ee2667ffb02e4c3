import { describe, expect, it } from 'vitest';
import { CAREERS, careerForDiceSum, rollDiceSum } from './careers';

// Monthly cash flow printed on each classic profession card (cashflow-careers.md).
const PRINTED_CASH_FLOW: Record<number, number> = {
  2: 650,
  3: 720,
  4: 880,
  5: 880,
  6: 1120,
  7: 1120,
  8: 1110,
  9: 1670,
  10: 1690,
  11: 2080,
  12: 2600,
};

describe('careers', () => {
  it('has one career for every dice sum 2–12', () => {
    expect(CAREERS.map((c) => c.diceSum)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  });

  it.each(CAREERS.map((c) => [c.diceSum, c] as const))(
    'dice %i reproduces the card cash flow',
    (sum, career) => {
      const payments = career.debts.reduce((total, d) => total + d.monthlyPayment, 0);
      expect(career.salary - career.taxes - career.other - payments).toBe(PRINTED_CASH_FLOW[sum]);
    },
  );

  it('leaves out debts with a zero balance and keeps every balance at whole thousands', () => {
    const janitor = careerForDiceSum(2);
    expect(janitor.debts.map((d) => d.label)).toEqual([
      'Home mortgage',
      'Car loan',
      'Credit cards',
      'Retail debt',
    ]);
    for (const career of CAREERS) for (const debt of career.debts) expect(debt.balance % 1000).toBe(0);
  });

  it('clamps dice sums outside 2–12', () => {
    expect(careerForDiceSum(1).name).toBe('Lao công');
    expect(careerForDiceSum(13).name).toBe('Tiếp viên hàng không');
    expect(careerForDiceSum(Number.NaN).name).toBe('Lao công');
  });

  it('uses the spec table for the janitor', () => {
    expect(careerForDiceSum(2)).toMatchObject({
      salary: 1600,
      taxes: 280,
      other: 300,
      childCost: 70,
      startCash: 560,
    });
  });

  it('rolls two dice: 2 at the lowest and 12 at the highest random values', () => {
    expect(rollDiceSum(() => 0)).toBe(2);
    expect(rollDiceSum(() => 0.9999)).toBe(12);
  });
});

// Money rules of the spec's section 5 and constants of section 9. Game money is whole dollars.

export const MIN_PLAYERS = 1;
export const MAX_PLAYERS = 6;
export const MIN_DICE_SUM = 2;
export const MAX_DICE_SUM = 12;
export const MAX_CHILDREN = 3;
export const DEBT_STEP = 1000;
export const BANK_LOAN_NAME = 'Vay';
export const BANK_LOAN_PAYMENT_RATE = 0.1;
export const FAST_TRACK_ENTRY_MULTIPLIER = 100;
export const FAST_TRACK_WIN_INCOME = 50_000;
export const BUY_OUT_MULTIPLIER = 2;
export const DEFAULT_DOWN_PAYMENT_RATE = 0.1;

export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/** Debt balances are kept at the nearest $1,000 (spec 5, Money). */
export function roundDebtBalance(amount: number): number {
  return Math.round(amount / DEBT_STEP) * DEBT_STEP;
}

/** The bank loan costs 10 % of its balance each month. */
export function bankLoanPayment(balance: number): number {
  return Math.round(balance * BANK_LOAN_PAYMENT_RATE);
}

export function defaultDownPayment(cost: number): number {
  return Math.round(cost * DEFAULT_DOWN_PAYMENT_RATE);
}

/** The most of the bank loan that can be repaid now: whole thousands, never more than the cash. */
export function maxBankLoanRepayment(balance: number, cash: number): number {
  return Math.min(balance, Math.floor(cash / DEBT_STEP) * DEBT_STEP);
}

export function isWholeDollars(value: number): boolean {
  return Number.isInteger(value);
}

// Money in the game is shown in US dollars, no decimals (spec 2).
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

export function formatUsd(amount: number): string {
  return usd.format(amount);
}

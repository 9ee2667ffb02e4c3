// Grouping and labels of the board's symbols (spec: Forex and gold dashboard; section 9).
import { currencyCodeOf, FOREX_FAVORITES, isMetalSymbol } from '@staff/contracts';

export interface SymbolGroups {
  metals: string[];
  /** Present favourites, in the spec's order USD, GBP, JPY, CNY, EUR, KRW. */
  favorites: string[];
  /** Every other currency, for the 'Select currency' dropdown under 'Other Currencies'. */
  others: string[];
}

export function groupSymbols(symbols: readonly string[]): SymbolGroups {
  const metals: string[] = [];
  const byFavorite = new Map<string, string>();
  const others: string[] = [];
  for (const symbol of symbols) {
    if (isMetalSymbol(symbol)) {
      metals.push(symbol);
      continue;
    }
    const code = currencyCodeOf(symbol);
    if (code && (FOREX_FAVORITES as readonly string[]).includes(code) && !byFavorite.has(code)) {
      byFavorite.set(code, symbol);
    } else {
      others.push(symbol);
    }
  }
  const metalOrder = (s: string) => (s === 'SJC' ? 0 : s === 'VPQ' ? 2 : s === 'BPQ' ? 3 : 1);
  metals.sort((a, b) => metalOrder(a) - metalOrder(b) || a.localeCompare(b, 'vi'));
  const favorites = FOREX_FAVORITES.flatMap((code) => byFavorite.get(code) ?? []);
  others.sort((a, b) => a.localeCompare(b));
  return { metals, favorites, others };
}

/**
 * The country (ISO 3166 code, or EU) whose flag stands for each currency, and its Vietnamese name:
 * Vietcombank's 20 and two more banks quote.
 */
export const CURRENCY_LABELS: Record<string, { country: FlagCountry; name: string }> = {
  USD: { country: 'US', name: 'Đô la Mỹ' },
  EUR: { country: 'EU', name: 'Euro' },
  GBP: { country: 'GB', name: 'Bảng Anh' },
  JPY: { country: 'JP', name: 'Yên Nhật' },
  CNY: { country: 'CN', name: 'Nhân dân tệ' },
  KRW: { country: 'KR', name: 'Won Hàn Quốc' },
  AUD: { country: 'AU', name: 'Đô la Úc' },
  CAD: { country: 'CA', name: 'Đô la Canada' },
  CHF: { country: 'CH', name: 'Franc Thụy Sĩ' },
  DKK: { country: 'DK', name: 'Krone Đan Mạch' },
  HKD: { country: 'HK', name: 'Đô la Hồng Kông' },
  INR: { country: 'IN', name: 'Rupee Ấn Độ' },
  KWD: { country: 'KW', name: 'Dinar Kuwait' },
  MYR: { country: 'MY', name: 'Ringgit Malaysia' },
  NOK: { country: 'NO', name: 'Krone Na Uy' },
  RUB: { country: 'RU', name: 'Rúp Nga' },
  SAR: { country: 'SA', name: 'Riyal Ả Rập Xê Út' },
  SEK: { country: 'SE', name: 'Krona Thụy Điển' },
  SGD: { country: 'SG', name: 'Đô la Singapore' },
  THB: { country: 'TH', name: 'Baht Thái' },
  TWD: { country: 'TW', name: 'Đài tệ' },
  NZD: { country: 'NZ', name: 'Đô la New Zealand' },
};

const METAL_LABELS: Record<string, { metal: 'gold' | 'silver'; name: string }> = {
  SJC: { metal: 'gold', name: 'Gold' },
  BPQ: { metal: 'silver', name: 'Silver (BPQ)' },
  VPQ: { metal: 'gold', name: 'Phú Quý 999.9' },
};

/** The countries whose flags the board draws (`components/symbol-icon.tsx` holds their drawings). */
export const FLAG_COUNTRIES = [
  'US',
  'EU',
  'GB',
  'JP',
  'CN',
  'KR',
  'AU',
  'CA',
  'CH',
  'DK',
  'HK',
  'IN',
  'KW',
  'MY',
  'NO',
  'RU',
  'SA',
  'SE',
  'SG',
  'TH',
  'TW',
  'NZ',
] as const;
export type FlagCountry = (typeof FLAG_COUNTRIES)[number];

/**
 * What is drawn before a symbol's name: a country's flag (an SVG, not an emoji: Windows shows flag
 * emoji as letter pairs and a machine without an emoji font as boxes), a metal, or a currency sign.
 */
export type SymbolIcon =
  | { kind: 'flag'; country: FlagCountry }
  | { kind: 'metal'; metal: 'gold' | 'silver' }
  | { kind: 'currency' };

export interface SymbolLabel {
  icon: SymbolIcon;
  /** Short text for buttons: the code, or the metal's name. */
  short: string;
  /** Longer text for the dropdown and the chart's caption. */
  long: string;
}

export function symbolLabel(symbol: string): SymbolLabel {
  const metal = METAL_LABELS[symbol];
  if (metal)
    return {
      icon: { kind: 'metal', metal: metal.metal },
      short: metal.name,
      long: symbol === 'SJC' ? 'Gold (Vàng SJC)' : metal.name,
    };
  if (isMetalSymbol(symbol)) return { icon: { kind: 'metal', metal: 'gold' }, short: symbol, long: symbol };
  const code = currencyCodeOf(symbol);
  const currency = code ? CURRENCY_LABELS[code] : undefined;
  if (currency)
    return {
      icon: { kind: 'flag', country: currency.country },
      short: symbol,
      long: `${symbol} — ${currency.name}`,
    };
  return { icon: { kind: 'currency' }, short: symbol, long: symbol };
}

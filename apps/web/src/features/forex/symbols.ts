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

/** Flag and Vietnamese name per currency code: Vietcombank's 20 and two more banks quote. */
export const CURRENCY_LABELS: Record<string, { flag: string; name: string }> = {
  USD: { flag: '🇺🇸', name: 'Đô la Mỹ' },
  EUR: { flag: '🇪🇺', name: 'Euro' },
  GBP: { flag: '🇬🇧', name: 'Bảng Anh' },
  JPY: { flag: '🇯🇵', name: 'Yên Nhật' },
  CNY: { flag: '🇨🇳', name: 'Nhân dân tệ' },
  KRW: { flag: '🇰🇷', name: 'Won Hàn Quốc' },
  AUD: { flag: '🇦🇺', name: 'Đô la Úc' },
  CAD: { flag: '🇨🇦', name: 'Đô la Canada' },
  CHF: { flag: '🇨🇭', name: 'Franc Thụy Sĩ' },
  DKK: { flag: '🇩🇰', name: 'Krone Đan Mạch' },
  HKD: { flag: '🇭🇰', name: 'Đô la Hồng Kông' },
  INR: { flag: '🇮🇳', name: 'Rupee Ấn Độ' },
  KWD: { flag: '🇰🇼', name: 'Dinar Kuwait' },
  MYR: { flag: '🇲🇾', name: 'Ringgit Malaysia' },
  NOK: { flag: '🇳🇴', name: 'Krone Na Uy' },
  RUB: { flag: '🇷🇺', name: 'Rúp Nga' },
  SAR: { flag: '🇸🇦', name: 'Riyal Ả Rập Xê Út' },
  SEK: { flag: '🇸🇪', name: 'Krona Thụy Điển' },
  SGD: { flag: '🇸🇬', name: 'Đô la Singapore' },
  THB: { flag: '🇹🇭', name: 'Baht Thái' },
  TWD: { flag: '🇹🇼', name: 'Đài tệ' },
  NZD: { flag: '🇳🇿', name: 'Đô la New Zealand' },
};

const METAL_LABELS: Record<string, { flag: string; name: string }> = {
  SJC: { flag: '🥇', name: 'Gold' },
  BPQ: { flag: '🥈', name: 'Silver (BPQ)' },
  VPQ: { flag: '🥇', name: 'Phú Quý 999.9' },
};

export interface SymbolLabel {
  flag: string;
  /** Short text for buttons: the code, or the metal's name. */
  short: string;
  /** Longer text for the dropdown and the chart's caption. */
  long: string;
}

export function symbolLabel(symbol: string): SymbolLabel {
  const metal = METAL_LABELS[symbol];
  if (metal)
    return { flag: metal.flag, short: metal.name, long: symbol === 'SJC' ? 'Gold (Vàng SJC)' : metal.name };
  if (isMetalSymbol(symbol)) return { flag: '🥇', short: symbol, long: symbol };
  const code = currencyCodeOf(symbol);
  const currency = code ? CURRENCY_LABELS[code] : undefined;
  if (currency) return { flag: currency.flag, short: symbol, long: `${symbol} — ${currency.name}` };
  return { flag: '💱', short: symbol, long: symbol };
}

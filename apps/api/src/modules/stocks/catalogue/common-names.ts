// The names people call listed companies by, beside the exchanges' long legal names: nobody types
// "Ngân hàng TMCP Ngoại thương Việt Nam" to find VCB, they type "Vietcombank". These are the
// companies' own brand names (what VCI's listing gives as organShortName / enOrganShortName, see
// /work/shared/research/markets.md §VCI "All tickers"), for the listed companies whose brand is not
// already in their legal name. The ticker search matches them at query time (repo.ts), so nothing
// stored derives from this list and a new entry needs no migration.
import { foldForSearch } from '@staff/contracts';

export const COMMON_NAMES: Readonly<Record<string, readonly string[]>> = {
  BCM: ['Becamex'],
  BID: ['BIDV'],
  CTG: ['VietinBank'],
  CTS: ['VietinBank Securities'],
  DCM: ['Đạm Cà Mau', 'PVCFC'],
  DPM: ['Đạm Phú Mỹ', 'PVFCCo'],
  EIB: ['Eximbank'],
  FRT: ['FPT Retail', 'FPT Shop', 'Long Châu'],
  GAS: ['PV Gas'],
  GVR: ['VRG'],
  HCM: ['HSC'],
  HDB: ['HDBank'],
  LPB: ['LPBank', 'LienVietPostBank'],
  MBB: ['MB Bank', 'MBBank'],
  MSB: ['Maritime Bank'],
  MWG: ['Mobile World', 'Bách Hóa Xanh'],
  NVB: ['NCB'],
  NVL: ['Novaland'],
  OCB: ['Orient Commercial Bank'],
  PLX: ['Petrolimex'],
  POW: ['PV Power'],
  PVD: ['PV Drilling'],
  PVS: ['PTSC'],
  PVT: ['PVTrans'],
  SAB: ['Sabeco'],
  SHB: ['SHBank'],
  SSB: ['SeABank'],
  STB: ['Sacombank'],
  TCB: ['Techcombank'],
  TPB: ['TPBank'],
  VCB: ['Vietcombank'],
  VCI: ['Vietcap'],
  VIB: ['VIBBank'],
  VNM: ['Vinamilk'],
  VPB: ['VPBank'],
  VTP: ['Viettel Post'],
};

/** A name folded for comparison, with its spaces dropped: "Viet com" finds "Vietcombank". */
const squash = (text: string) => foldForSearch(text).replaceAll(' ', '');

const FOLDED: ReadonlyArray<readonly [ticker: string, names: readonly string[]]> = Object.entries(
  COMMON_NAMES,
).map(([ticker, names]) => [ticker, names.map(squash)] as const);

/** The tickers one of whose common names contains the text (accents, case and spaces ignored). */
export function tickersByCommonName(text: string): string[] {
  const wanted = squash(text);
  if (!wanted) return [];
  return FOLDED.filter(([, names]) => names.some((name) => name.includes(wanted))).map(([ticker]) => ticker);
}

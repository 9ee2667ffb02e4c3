// A symbol's icon on the forex board: a country's flag drawn from `country-flag-icons` (MIT; SVG in
// the bundle, no request to another site), a metal as a coin from the app's icon set, or a currency
// sign. Emoji flags were the board's labels until issue 26: Windows shows them as letter pairs and a
// machine without an emoji font as empty boxes. Decorative: the symbol's name says what it is.

import { IconCoin, IconCurrency } from '@tabler/icons-react';
import {
  AU,
  CA,
  CH,
  CN,
  DK,
  EU,
  GB,
  HK,
  IN,
  JP,
  KR,
  KW,
  MY,
  NO,
  NZ,
  RU,
  SA,
  SE,
  SG,
  TH,
  TW,
  US,
} from 'country-flag-icons/react/3x2';
import type { FlagCountry, SymbolIcon as Icon } from '../symbols';
import classes from './symbol-icon.module.css';

const FLAGS: Record<FlagCountry, typeof US> = {
  US,
  EU,
  GB,
  JP,
  CN,
  KR,
  AU,
  CA,
  CH,
  DK,
  HK,
  IN,
  KW,
  MY,
  NO,
  RU,
  SA,
  SE,
  SG,
  TH,
  TW,
  NZ,
};

export function SymbolIcon({ icon }: { icon: Icon }) {
  if (icon.kind === 'flag') {
    const Flag = FLAGS[icon.country];
    return <Flag className={classes.flag} aria-hidden="true" data-flag={icon.country} />;
  }
  if (icon.kind === 'metal')
    return (
      <IconCoin
        size={18}
        aria-hidden="true"
        className={icon.metal === 'gold' ? classes.gold : classes.silver}
        data-metal={icon.metal}
      />
    );
  return <IconCurrency size={18} aria-hidden="true" />;
}

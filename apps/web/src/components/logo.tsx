// The app's logo at the size it is drawn (32–64 px): right-sized copies of /media/logos/logo.png (256 px,
// 34 KB, which the server still serves, spec section 7, and the installed app's manifest names) in the
// build's hashed, immutable assets, one per screen density, 2–7 KB each (decision 0022). index.html's
// favicon is the 128 px copy, the one a phone's header draws, so a phone fetches a single file.
// `?no-inline`: the files stay files; the CSP (default-src 'self') refuses images as data: URLs.
import { Image } from '@mantine/core';
import logo64 from '../assets/logo-64.png?no-inline';
import logo128 from '../assets/logo-128.png?no-inline';
import logo192 from '../assets/logo-192.png?no-inline';

/** 64 px covers every size drawn at 1x; denser screens take the 2x and 3x copies. */
export const LOGO_SRC = logo64;
const LOGO_SRCSET = `${logo64} 1x, ${logo128} 2x, ${logo192} 3x`;

export function Logo({ size }: { size: number }) {
  return <Image src={LOGO_SRC} srcSet={LOGO_SRCSET} alt="Logo" h={size} w="auto" fit="contain" />;
}

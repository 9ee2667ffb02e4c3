// Below Mantine's `sm` breakpoint (the app shell's phone width) the CashFlow screens are laid out for a
// phone (issue 27). Read at the first render, so that a phone's first frame is already its own layout.
import { useMediaQuery } from '@mantine/hooks';

export const PHONE_QUERY = '(max-width: 47.99em)';

export function usePhoneLayout(): boolean {
  return useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false }) ?? false;
}

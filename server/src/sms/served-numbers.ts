import { nepalMobileDigits } from './nepal-mobile';

/** Nepal's calling code: under it only mobiles are served, as a landline takes no text. */
const nepal = '977';

/**
 * Whether a code may be texted to this number (E.164: `+` and digits): a Nepali mobile, or a
 * number under another calling code the server lists (`SMS_COUNTRY_CODES`). Texts abroad cost
 * many times a Nepali one, and a premium-rate number pays whoever rents it for every text it
 * receives, so no code leaves for a country the deployment did not choose.
 */
export function isServedNumber(phone: string, countryCodes: readonly string[]): boolean {
  const code = countryCodes.find((listed) => phone.startsWith(`+${listed}`));
  if (code === undefined) return false;
  return code !== nepal || nepalMobileDigits(phone) !== null;
}

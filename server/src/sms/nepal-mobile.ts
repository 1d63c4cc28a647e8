/**
 * A Nepali mobile number as the gateways take it: ten digits, 97… or 98…, without +977.
 * People type it with or without the country code, with spaces, dashes or a leading zero
 * of the trunk prefix; anything else is not a Nepali mobile and gets null.
 */
export function nepalMobileDigits(typed: string): string | null {
  let digits = typed.replace(/[\s\-().]/g, '');
  if (digits.startsWith('+977')) digits = digits.slice(4);
  else if (digits.startsWith('00977')) digits = digits.slice(5);
  else if (digits.startsWith('977') && digits.length === 13) digits = digits.slice(3);
  return /^9[78]\d{8}$/.test(digits) ? digits : null;
}

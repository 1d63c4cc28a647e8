/**
 * How many parts a text message is sent in. Text in the GSM 7-bit alphabet takes 160
 * characters in one part and 153 in each of several; anything else (Nepali in Devanagari)
 * goes as UCS-2: 70 in one part, 67 in each of several, counting UTF-16 code units.
 */
const gsmBasic =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
/** Characters of the extension table: each takes two septets. */
const gsmExtended = '^{}\\[~]|€\f';

function gsmSeptets(text: string): number | null {
  let septets = 0;
  for (const character of text) {
    if (gsmBasic.includes(character)) septets += 1;
    else if (gsmExtended.includes(character)) septets += 2;
    else return null;
  }
  return septets;
}

export function smsSegments(text: string): number {
  const septets = gsmSeptets(text);
  if (septets !== null) return septets <= 160 ? 1 : Math.ceil(septets / 153);
  return text.length <= 70 ? 1 : Math.ceil(text.length / 67);
}

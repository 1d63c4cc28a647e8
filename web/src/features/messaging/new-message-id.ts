/** A random UUID (version 4), also where `crypto.randomUUID` is missing (plain http on a LAN). */
export function newMessageId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  const hex = [...bytes]
    .map((byte, index) => {
      // The version (4) and variant (10xx) bits that make it a valid UUID.
      if (index === 6) return (byte & 0x0f) | 0x40;
      if (index === 8) return (byte & 0x3f) | 0x80;
      return byte;
    })
    .map((byte) => byte.toString(16).padStart(2, '0'))
    .join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const devanagariZero = '०'.charCodeAt(0);

/** People in Nepal type numbers, dates and ages with Devanagari digits as often as Latin ones. */
export function latinDigits(text: string): string {
  return text.replace(/[०-९]/g, (digit) => String(digit.charCodeAt(0) - devanagariZero));
}

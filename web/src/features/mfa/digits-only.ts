/** Keeps only digits, at most six: codes are typed or pasted with spaces. */
export function digitsOnly(value: string): string {
  return value.replace(/\D/g, '').slice(0, 6);
}

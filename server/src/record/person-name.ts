/** A person's name from their profile's first and last name, or null when it has neither. */
export function personName(first: string | null, last: string | null): string | null {
  return (
    [first, last]
      .map((part) => part?.trim())
      .filter(Boolean)
      .join(' ') || null
  );
}

/**
 * Where a mailed confirmation link lands: the sign-in page, told that the address is
 * confirmed. The account system adds `error=…` when the link no longer works (a newer link
 * was mailed, it expired, or it was never ours).
 */
export const confirmationLandingPath = '/login?confirmed=1';

export type ConfirmationOutcome = 'confirmed' | 'refused';

/** What the confirmation link said, when the page was opened through one; else null. */
export function confirmationOutcomeIn(search: string): ConfirmationOutcome | null {
  const params = new URLSearchParams(search);
  if (params.get('confirmed') === null) return null;
  return params.get('error') ? 'refused' : 'confirmed';
}

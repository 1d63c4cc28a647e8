import type { Caller } from '../auth/callers';

/** The audit trail is read by the super administrator alone; operators read it on the server. */
export function mayReadAudit(caller: Pick<Caller, 'role'>): boolean {
  return caller.role === 'superadmin';
}

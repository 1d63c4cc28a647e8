import { getIP } from 'better-auth/api';
import type { AccountSystem } from './account-system';

/**
 * A client address as Better Auth writes it into the `ipAddress` of the sessions it opens
 * (an IPv6 address cut to its /64 network), from the address the route believed and
 * handed it in `x-forwarded-for`. Null when it would store none.
 */
export async function sessionAddressOf(auth: AccountSystem, ip: string): Promise<string | null> {
  const context = await auth.$context;
  return getIP(new Headers({ 'x-forwarded-for': ip }), context.options);
}

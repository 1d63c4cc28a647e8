import type { OneTimeCodeSignInInput } from '@shared/auth';
import { oneTimeCodeSignInSchema } from '@shared/auth';

/**
 * The mailed sign-in link is `/login?email=…&code=…`. Returns its e-mail and code
 * when the page was opened through one, else null.
 */
export function oneTimeLinkIn(search: string): OneTimeCodeSignInInput | null {
  const params = new URLSearchParams(search);
  const parsed = oneTimeCodeSignInSchema.safeParse({
    email: params.get('email') ?? '',
    otp: params.get('code') ?? '',
  });
  return parsed.success ? parsed.data : null;
}

/**
 * Signs in by e-mail and password as a browser would and returns the `Cookie` header
 * the answer sets. `headers` may add e.g. an `x-forwarded-for` per account, so many
 * sign-ins from one machine stay under the per-address limit.
 */
export async function signInCookie(
  url: string,
  email: string,
  password: string,
  headers: Record<string, string> = {},
): Promise<string> {
  const response = await fetch(`${url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url, ...headers },
    body: JSON.stringify({ email, password }),
  });
  if (response.status !== 200) throw new Error(`bench sign-in answered ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}

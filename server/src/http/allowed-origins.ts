import type { Config } from '../config';

/** The spellings of this machine's loopback address a browser may show in its address bar. */
const loopbackHosts = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The origins a browser may call the API from: `PUBLIC_URL`'s, exactly. In development, when
 * `PUBLIC_URL` is a loopback address, its other loopback spellings on the same scheme and port
 * too: the server listens on 127.0.0.1 while `PUBLIC_URL` says localhost, and a newcomer who
 * opens either one should be able to sign in. Never in test or production, and never another
 * host, port or scheme.
 */
export function allowedOrigins(publicUrl: string, nodeEnv: Config['nodeEnv']): string[] {
  const url = new URL(publicUrl);
  if (nodeEnv !== 'development' || !loopbackHosts.includes(url.hostname)) return [url.origin];
  const others = loopbackHosts
    .filter((host) => host !== url.hostname)
    .map((host) => {
      const spelling = new URL(url.origin);
      spelling.hostname = host;
      return spelling.origin;
    });
  return [url.origin, ...others];
}

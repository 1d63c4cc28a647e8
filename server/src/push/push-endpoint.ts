/**
 * The URL the server may post a push message to, or undefined. The endpoint comes from a
 * browser, so from anyone: without this check the push sender would post wherever it is told,
 * an internal address included. Only `https:`, no user name or password, and a host (with its
 * port, if any, as `URL.host` writes it) among the configured push services.
 *
 * The endpoint must also be written exactly as the URL standard writes it back (`href`): a
 * browser's always is. Another parser reads a spelling such as `https:/host/…`, an uppercase
 * host or a percent-escape in the host (`2130706433%2e…`, an address in disguise) differently
 * from this one, so the sender posts to the URL this check returns, never to the text again.
 *
 * An entry `*.notify.windows.com` matches one label under that domain
 * (`wns2-par02p.notify.windows.com`), not the domain itself nor anything deeper.
 */
export function postableEndpoint(
  endpoint: string,
  serviceHosts: readonly string[],
): URL | undefined {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return undefined;
  }
  if (url.href !== endpoint || url.host.includes('%')) return undefined;
  if (url.protocol !== 'https:' || url.username !== '' || url.password !== '') return undefined;
  const host = url.host;
  const listed = serviceHosts.some((entry) => {
    if (!entry.startsWith('*.')) return host === entry;
    const suffix = entry.slice(1);
    if (!host.endsWith(suffix)) return false;
    const label = host.slice(0, -suffix.length);
    return /^[a-z0-9]([a-z0-9-]*[a-z0-9])?$/.test(label);
  });
  return listed ? url : undefined;
}

/** Whether the server may post to this endpoint (see `postableEndpoint`). */
export function mayPostTo(endpoint: string, serviceHosts: readonly string[]): boolean {
  return postableEndpoint(endpoint, serviceHosts) !== undefined;
}

/**
 * Whether the server may post to a push subscription's endpoint. The endpoint comes from a
 * browser, so from anyone: without this check the push sender would post wherever it is told,
 * an internal address included. Only `https:`, no user name or password, and a host (with its
 * port, if any, as `URL.host` writes it) among the configured push services.
 *
 * An entry `*.notify.windows.com` matches one label under that domain
 * (`wns2-par02p.notify.windows.com`), not the domain itself nor anything deeper.
 */
export function mayPostTo(endpoint: string, serviceHosts: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username !== '' || url.password !== '') return false;
  const host = url.host.toLowerCase();
  return serviceHosts.some((entry) => {
    if (!entry.startsWith('*.')) return host === entry;
    const suffix = entry.slice(1);
    if (!host.endsWith(suffix)) return false;
    const label = host.slice(0, -suffix.length);
    return /^[a-z0-9]([a-z0-9-]*[a-z0-9])?$/.test(label);
  });
}

import type { Bundle, FhirResource } from 'fhir/r4';

function entryOf(base: string, resource: FhirResource, mode: 'match' | 'include') {
  return {
    fullUrl: `${base}/${resource.resourceType}/${resource.id ?? ''}`,
    resource,
    search: { mode },
  };
}

/**
 * A page of search results as a FHIR `searchset` Bundle: its entries with their full URLs,
 * a `self` link, and a `next` link while more remain. Links are built on the server's public
 * URL, never on what a request says its host is.
 */
export function searchBundle(options: {
  base: string;
  resources: FhirResource[];
  self: string;
  next: string | null;
  /** Resources the matches refer to, answered beside them (`search.mode` include). */
  included?: FhirResource[];
}): Bundle {
  return {
    resourceType: 'Bundle',
    type: 'searchset',
    link: [
      { relation: 'self', url: options.self },
      ...(options.next ? [{ relation: 'next', url: options.next }] : []),
    ],
    entry: [
      ...options.resources.map((resource) => entryOf(options.base, resource, 'match')),
      ...(options.included ?? []).map((resource) => entryOf(options.base, resource, 'include')),
    ],
  };
}

/** The URL of a search with these parameters (repeated ones repeated), on the API's base. */
export function searchUrl(
  base: string,
  type: string,
  params: Record<string, string | string[] | undefined>,
): string {
  const url = new URL(`${base}/${type}`);
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) url.searchParams.append(name, one);
  }
  return url.toString();
}

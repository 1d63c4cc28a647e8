import type { Bundle } from 'fhir/r4';
import { AppError } from '../http/app-error';
import { readParameters, type SupportedType } from './capability-statement';
import { outcomeOf } from './operation-outcome';

/** Whether the client asked, in `Prefer`, that a parameter not read be an error. */
const strictPattern = /(?:^|[,;\s])handling\s*=\s*"?strict"?(?:$|[,;\s])/i;

/**
 * The parameters of a search's URL that a search of `type` does not read (a type's unknown
 * parameter, a modifier it does not take: `code:text`). Under `Prefer: handling=strict` any
 * is refused (400); by default (lenient) the search goes on without them, and they are told
 * back in the Bundle (`withIgnoredParameters`), as FHIR R4 §3.1.1.4 has it.
 */
export function ignoredParameters(
  type: SupportedType,
  url: string,
  prefer: string | string[] | undefined,
): string[] {
  const query = url.indexOf('?');
  const names = query < 0 ? [] : [...new URLSearchParams(url.slice(query + 1)).keys()];
  const read = readParameters(type);
  const ignored = [...new Set(names.filter((name) => name !== '' && !read.includes(name)))];
  if (ignored.length > 0 && [prefer ?? []].flat().some((one) => strictPattern.test(one))) {
    throw new AppError(
      'validation_failed',
      `${type} is not searched by ${ignored.join(', ')} (Prefer: handling=strict).`,
    );
  }
  return ignored;
}

/** A parsed query without the parameters the search does not read. */
export function withoutParameters<Query extends Record<string, unknown>>(
  query: Query,
  ignored: readonly string[],
): Query {
  return Object.fromEntries(
    Object.entries(query).filter(([name]) => !ignored.includes(name)),
  ) as Query;
}

/** A search's Bundle that says which parameters it did not read, in an outcome entry. */
export function withIgnoredParameters(bundle: Bundle, type: string, ignored: string[]): Bundle {
  if (ignored.length === 0) return bundle;
  const outcome = outcomeOf(
    'warning',
    'not-supported',
    ignored.map((name) => `${type} is not searched by ${name}; the parameter was ignored.`),
  );
  return {
    ...bundle,
    entry: [...(bundle.entry ?? []), { resource: outcome, search: { mode: 'outcome' } }],
  };
}

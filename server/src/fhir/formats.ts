/**
 * What a FHIR client says it takes, read against the one format this server answers in:
 * JSON (`application/fhir+json`, or plain `application/json`). The `_format` parameter, when
 * given, overrides `Accept` (FHIR R4 §3.1.0.1.6).
 */

const jsonTypes = ['application/fhir+json', 'application/json', 'application/json+fhir'];
const jsonFormats = new Set(['json', ...jsonTypes]);

/** One media range of an Accept header, with its weight. */
interface Range {
  type: string;
  subtype: string;
  q: number;
}

function rangesOf(accept: string): Range[] {
  return accept.split(',').flatMap((part) => {
    const [mediaRange = '', ...params] = part.split(';').map((one) => one.trim());
    const [type, subtype] = mediaRange.toLowerCase().split('/');
    if (!type || !subtype) return [];
    const weight = params.find((param) => /^q=/i.test(param));
    const q = weight === undefined ? 1 : Number(weight.slice(2));
    return [{ type, subtype, q: Number.isNaN(q) ? 0 : q }];
  });
}

/** The weight an Accept header gives a media type: its most specific matching range's. */
function weightOf(ranges: Range[], mediaType: string): number {
  const [type, subtype] = mediaType.split('/');
  const specificity = (range: Range) =>
    range.type === type && range.subtype === subtype
      ? 2
      : range.type === type && range.subtype === '*'
        ? 1
        : range.type === '*' && range.subtype === '*'
          ? 0
          : -1;
  const best = ranges
    .filter((range) => specificity(range) >= 0)
    .sort((a, b) => specificity(b) - specificity(a))[0];
  return best?.q ?? 0;
}

/** Whether an answer in JSON is one the client takes. */
export function takesJson(accept: string | undefined, format: string | null): boolean {
  if (format !== null) return jsonFormats.has(format.split(';')[0]?.trim().toLowerCase() ?? '');
  if (accept === undefined || accept.trim() === '') return true;
  const ranges = rangesOf(accept);
  return jsonTypes.some((type) => weightOf(ranges, type) > 0);
}

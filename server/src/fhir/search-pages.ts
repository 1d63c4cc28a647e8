import type { Bundle, FhirResource } from 'fhir/r4';
import { AppError } from '../http/app-error';
import { searchBundle, searchUrl } from './bundle';
import type { FhirReader } from './fhir-reader';
import type { FhirReadings } from './fhir-reading';
import type { FhirRepository } from './fhir-repository';
import { includedIds, includesOf, type IncludingType } from './includes';
import { patientRead } from './read-entries';
import { patientResource } from './resources/patient';
import { practitionerResource } from './resources/practitioner';
import { cursorText, type PageCursor } from './search-parameters';

/** The answer for a resource the reader may not read, or that is not there: the same. */
export const missing = (type: string, id: string) =>
  new AppError('not_found', `${type}/${id} is not known.`);

/** How many rows a whole record's reading asks for at a time. */
export const wholeRecordPage = 500;

/** Every row a paged read finds, asking page after page until one comes back short. */
export async function allRows<Row>(
  pageAfter: (after: PageCursor | null) => Promise<Row[]>,
  cursor: (row: Row) => PageCursor,
): Promise<Row[]> {
  const all: Row[] = [];
  let after: PageCursor | null = null;
  for (;;) {
    const rows = await pageAfter(after);
    all.push(...rows);
    const last = rows.at(-1);
    if (rows.length < wholeRecordPage || last === undefined) return all;
    after = cursor(last);
  }
}

/** How a search's page becomes a Bundle: its `next` link, and the people it includes. */
export function searchPages(deps: { fhir: FhirRepository; readings: FhirReadings; base: string }) {
  const { fhir, readings, base } = deps;

  /** A page of rows as a Bundle, with a `next` link while more remain. */
  async function page<R>(
    type: string,
    query: Record<string, string | string[] | undefined>,
    rows: R[],
    size: number,
    resourceOf: (row: R) => FhirResource,
    cursor: (row: R) => PageCursor,
    include: (shown: FhirResource[]) => Promise<FhirResource[]> = () => Promise.resolve([]),
  ): Promise<Bundle> {
    const shown = rows.slice(0, size);
    const last = shown.at(-1);
    const next =
      rows.length > size && last !== undefined
        ? searchUrl(base, type, { ...query, _cursor: cursorText(cursor(last)) })
        : null;
    const resources = shown.map(resourceOf);
    return searchBundle({
      base,
      resources,
      self: searchUrl(base, type, query),
      next,
      included: await include(resources),
    });
  }

  /**
   * The people a page refers to, as its `_include`s ask: the patients among them the reader
   * may read (each read audited as any other), and the doctors.
   */
  function includer(
    reader: FhirReader,
    type: IncludingType,
    raw: string | string[] | undefined,
    patientId: string | null,
  ) {
    const includes = includesOf(type, raw);
    return async (shown: FhirResource[]): Promise<FhirResource[]> => {
      const ids = includedIds(shown, includes);
      const found: FhirResource[] = [];
      if (ids.Patient.length > 0) {
        const reading = await readings.of(reader, 'Patient', patientId);
        const patients = await fhir.searchPatients({
          visible: reading.visible,
          ids: ids.Patient,
          lastUpdated: [],
          after: null,
          limit: ids.Patient.length,
        });
        await reading.note(patients.map(patientRead));
        found.push(...patients.map(patientResource));
      }
      if (ids.Practitioner.length > 0) {
        await readings.of(reader, 'Practitioner', null);
        const doctors = await fhir.searchPractitioners({
          ids: ids.Practitioner,
          lastUpdated: [],
          after: null,
          limit: ids.Practitioner.length,
        });
        found.push(...doctors.map(practitionerResource));
      }
      return found;
    };
  }

  return { page, includer };
}

export type SearchPages = ReturnType<typeof searchPages>;

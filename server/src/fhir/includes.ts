import type { FhirResource } from 'fhir/r4';
import { AppError } from '../http/app-error';

/** What an `_include` may bring beside a page: the people its resources refer to. */
type Target = 'Patient' | 'Practitioner';

interface Includable {
  /** The resource's field the references are found under. */
  field: string;
  targets: readonly Target[];
}

const people = ['Patient', 'Practitioner'] as const;
const patientOnly = ['Patient'] as const;
const whose = { field: 'subject', targets: patientOnly };

/**
 * The `_include`s each type answers, by search parameter: the patient a resource is about, and
 * who did it. They are cheap: one more statement per type of person, whatever the page holds.
 */
export const includable = {
  Observation: {
    patient: whose,
    subject: whose,
    performer: { field: 'performer', targets: people },
  },
  Encounter: {
    patient: whose,
    subject: whose,
    practitioner: { field: 'participant', targets: ['Practitioner'] },
  },
  MedicationRequest: {
    patient: whose,
    subject: whose,
    requester: { field: 'requester', targets: ['Practitioner'] },
  },
  MedicationAdministration: {
    patient: whose,
    subject: whose,
    performer: { field: 'performer', targets: people },
  },
  Appointment: {
    patient: { field: 'participant', targets: patientOnly },
    practitioner: { field: 'participant', targets: ['Practitioner'] },
    actor: { field: 'participant', targets: people },
  },
  Communication: { patient: whose, subject: whose, sender: { field: 'sender', targets: people } },
  DocumentReference: { patient: whose, subject: whose },
  RelatedPerson: { patient: { field: 'patient', targets: patientOnly } },
  Consent: { patient: { field: 'patient', targets: patientOnly } },
} as const satisfies Record<string, Record<string, Includable>>;

export type IncludingType = keyof typeof includable;

/** The `_include` values a type's CapabilityStatement entry lists (`Observation:patient`). */
export function searchIncludesOf(type: string): string[] {
  const params = includable[type as IncludingType] as Record<string, Includable> | undefined;
  return params ? Object.keys(params).map((param) => `${type}:${param}`) : [];
}

/**
 * What a search's `_include` values ask for (`<Type>:<param>`, or `<Type>:<param>:<Target>`);
 * one the type does not answer is refused, never passed over.
 */
export function includesOf(type: IncludingType, raw: string | string[] | undefined): Includable[] {
  if (raw === undefined) return [];
  const params: Record<string, Includable> = includable[type];
  return (Array.isArray(raw) ? raw : [raw]).map((value) => {
    const [named, param = '', target] = value.split(':');
    const found = named === type ? params[param] : undefined;
    const targets = found?.targets.filter((one) => target === undefined || one === target) ?? [];
    if (!found || targets.length === 0) {
      throw new AppError('validation_failed', `${type} searches cannot include "${value}".`);
    }
    return { field: found.field, targets };
  });
}

/** Every `{ reference }` within a value, however deep (a participant's actor, a performer's). */
function referencesIn(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) {
    for (const one of value) referencesIn(one, found);
  } else if (value !== null && typeof value === 'object') {
    const { reference } = value as { reference?: unknown };
    if (typeof reference === 'string') found.push(reference);
    for (const inner of Object.values(value)) referencesIn(inner, found);
  }
  return found;
}

/** The ids of the people a page's resources refer to under the includes asked for, by type. */
export function includedIds(
  resources: readonly FhirResource[],
  includes: readonly Includable[],
): Record<Target, string[]> {
  const ids: Record<Target, Set<string>> = { Patient: new Set(), Practitioner: new Set() };
  for (const include of includes) {
    for (const resource of resources) {
      const field = (resource as unknown as Record<string, unknown>)[include.field];
      for (const reference of referencesIn(field)) {
        const [type, id] = reference.split('/');
        const target = include.targets.find((one) => one === type);
        if (target && id) ids[target].add(id);
      }
    }
  }
  return { Patient: [...ids.Patient], Practitioner: [...ids.Practitioner] };
}

/** The ids of the doctors anything in the resources refers to (a whole record's, `$everything`). */
export function practitionersIn(resources: readonly FhirResource[]): string[] {
  const ids = new Set<string>();
  for (const reference of referencesIn(resources)) {
    const [type, id] = reference.split('/');
    if (type === 'Practitioner' && id) ids.add(id);
  }
  return [...ids];
}

import type {
  CapabilityStatement,
  CapabilityStatementRestResource,
  CapabilityStatementRestSecurity,
} from 'fhir/r4';
import { recordTypes, type RecordType } from '@shared/fhir';
import { searchIncludesOf } from './includes';

type SearchParamType = 'token' | 'reference' | 'date' | 'number' | 'string';

type SearchParam = { name: string; type: SearchParamType };

/** A record type's parameters: whose it is, its date, its status, and when it last changed. */
function recordParams(type: RecordType): SearchParam[] {
  const { date, subject, status, lastUpdated } = recordTypes[type];
  return [
    { name: 'patient', type: 'reference' },
    ...(subject ? [{ name: 'subject', type: 'reference' } as const] : []),
    ...(date ? [{ name: date, type: 'date' } as const] : []),
    ...(status ? [{ name: 'status', type: 'token' } as const] : []),
    ...(lastUpdated ? [{ name: '_lastUpdated', type: 'date' } as const] : []),
  ];
}

/** What the API supports, by resource type: read, and search with these parameters. */
export const supportedResources = {
  Patient: [
    { name: '_id', type: 'token' },
    { name: '_lastUpdated', type: 'date' },
  ],
  Practitioner: [
    { name: '_id', type: 'token' },
    { name: '_lastUpdated', type: 'date' },
  ],
  Observation: [
    { name: 'patient', type: 'reference' },
    { name: 'subject', type: 'reference' },
    { name: 'code', type: 'token' },
    { name: 'date', type: 'date' },
    { name: 'status', type: 'token' },
    { name: 'category', type: 'token' },
    { name: '_lastUpdated', type: 'date' },
  ],
  Encounter: recordParams('Encounter'),
  MedicationRequest: recordParams('MedicationRequest'),
  MedicationAdministration: recordParams('MedicationAdministration'),
  Appointment: recordParams('Appointment'),
  Communication: recordParams('Communication'),
  DocumentReference: recordParams('DocumentReference'),
  RelatedPerson: recordParams('RelatedPerson'),
  Consent: recordParams('Consent'),
  Schedule: [
    { name: '_id', type: 'token' },
    { name: 'actor', type: 'reference' },
  ],
  Slot: [
    { name: 'schedule', type: 'reference' },
    { name: 'start', type: 'date' },
    { name: 'status', type: 'token' },
  ],
  AuditEvent: [
    { name: 'patient', type: 'reference' },
    { name: 'date', type: 'date' },
  ],
} as const satisfies Record<string, readonly SearchParam[]>;

export type SupportedType = keyof typeof supportedResources;

/** Operations on a type: the patient's whole record (`Patient/<id>/$everything`). */
const operations: Partial<Record<SupportedType, { name: string; definition: string }[]>> = {
  Patient: [
    {
      name: 'everything',
      definition: 'http://hl7.org/fhir/OperationDefinition/Patient-everything',
    },
  ],
};

/** Parameters every search takes, whatever its type. */
const common = [{ name: '_count', type: 'number' }] as const;

/**
 * Every parameter a search of `type` reads: those the CapabilityStatement lists, the paging
 * ones (`_count`, and the `_cursor` of a `next` link), `_format`, `_include` where the type
 * includes anything, and those a type of the record refuses when it does not keep them
 * (`status`, `_lastUpdated`). Any other is not read (`search-handling.ts`).
 */
export function readParameters(type: SupportedType): string[] {
  const refusedWhenNotKept = type in recordTypes ? ['status', '_lastUpdated', '_include'] : [];
  const includes = searchIncludesOf(type).length > 0 ? ['_include'] : [];
  return [
    ...new Set([
      ...supportedResources[type].map((param) => param.name),
      ...common.map((param) => param.name),
      '_cursor',
      '_format',
      ...includes,
      ...refusedWhenNotKept,
    ]),
  ];
}

/** The resource types the API serves. */
export const servedTypes = Object.keys(supportedResources) as SupportedType[];

/**
 * How a system gets a token (SMART Backend Services): the SMART service, and the token
 * endpoint in the extension SMART clients read; people sign in to the app as before.
 */
function security(tokenUrl: string): CapabilityStatementRestSecurity {
  return {
    service: [
      {
        coding: [
          {
            system: 'http://terminology.hl7.org/CodeSystem/restful-security-service',
            code: 'SMART-on-FHIR',
          },
        ],
      },
    ],
    extension: [
      {
        url: 'http://fhir-registry.smarthealthit.org/StructureDefinition/oauth-uris',
        extension: [{ url: 'token', valueUri: tokenUrl }],
      },
    ],
    description:
      'A registered system: SMART Backend Services (client credentials with an RS384 or ES384 signed JWT assertion) at the token endpoint. A person: the Sewa session, or a JWT from /api/auth/token.',
  };
}

/**
 * The server's CapabilityStatement: exactly the types, interactions and search parameters
 * the API serves (`supportedResources`), JSON only, on its public URL, and how a system gets
 * an access token.
 */
export function capabilityStatement(base: string, tokenUrl: string): CapabilityStatement {
  const resource = Object.entries(supportedResources).map(
    ([type, params]): CapabilityStatementRestResource => ({
      type: type as SupportedType,
      interaction: [{ code: 'read' }, { code: 'search-type' }],
      searchParam: [...params, ...common].map((param) => ({
        name: param.name,
        type: param.type,
      })),
      ...(searchIncludesOf(type).length > 0 ? { searchInclude: searchIncludesOf(type) } : {}),
      ...(operations[type as SupportedType]
        ? { operation: operations[type as SupportedType] }
        : {}),
    }),
  );
  return {
    resourceType: 'CapabilityStatement',
    status: 'active',
    // When what the API serves last changed.
    date: '2026-11-26',
    kind: 'instance',
    software: { name: 'Sewa' },
    implementation: { description: 'Sewa telehealth FHIR R4 API', url: base },
    fhirVersion: '4.0.1',
    format: ['json'],
    rest: [{ mode: 'server', security: security(tokenUrl), resource }],
  };
}

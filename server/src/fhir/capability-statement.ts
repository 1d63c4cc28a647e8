import type {
  CapabilityStatement,
  CapabilityStatementRestResource,
  CapabilityStatementRestSecurity,
} from 'fhir/r4';

type SearchParamType = 'token' | 'reference' | 'date' | 'number' | 'string';

/** What the API supports, by resource type: read, and search with these parameters. */
export const supportedResources = {
  Patient: [
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
} as const satisfies Record<string, readonly { name: string; type: SearchParamType }[]>;

export type SupportedType = keyof typeof supportedResources;

/** Parameters every search takes, whatever its type. */
const common = [{ name: '_count', type: 'number' }] as const;

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
